// The limits of ../DECISIONS (the stricter of the spec and the upstream),
// written out here rather than read from the manifests: if a manifest loses
// or loosens one, these fail even though the generic limit tests (which
// follow the manifests) would not.
import { describe, expect, it } from "vitest";
import {
  call,
  expectFailure,
  expectNoViolation,
  expectSuccess,
  mockUrl,
  type Captured,
} from "../test-support/harness.js";

const base: Record<string, () => Record<string, unknown>> = {
  directory_list_users: () => ({ accessToken: "graph-token-limits-1" }),
  directory_list_groups: () => ({ accessToken: "graph-token-limits-1" }),
  docgen_generate: () => ({ apiKey: "sk-gamma-limits-1", inputText: "Limits", textMode: "generate" }),
  docgen_generate_from_template: () => ({ apiKey: "sk-gamma-limits-1", gammaId: "g_limits", prompt: "Limits" }),
  docgen_list_themes: () => ({ apiKey: "sk-gamma-limits-1" }),
  docgen_list_folders: () => ({ apiKey: "sk-gamma-limits-1" }),
  persondata_person_enrich: () => ({ apiKey: "pdl-limits-key-1", email: "sean@peopledatalabs.com" }),
  persondata_person_search: () => ({ apiKey: "pdl-limits-key-1", sql: "SELECT * FROM person" }),
  books_search_volumes: () => ({ apiKey: "AIzaLimitsKey0001", q: "dune" }),
  crm_query: () => ({ apiKey: "crm-limits-token1", instanceUrl: mockUrl("crm"), query: "SELECT Id FROM Account" }),
};

// [tool, parameter, accepted, refused, the rule the refusal names]
const folders = (n: number) => Array.from({ length: n }, (_, i) => `fld_${i}`).join(", ");
const decided: [string, string, unknown, unknown, string][] = [
  ["directory_list_users", "top", 999, 1000, "maximum"],
  ["directory_list_users", "top", 1, 0, "minimum"],
  ["directory_list_groups", "top", 999, 1000, "maximum"],
  ["directory_list_groups", "top", 1, 0, "minimum"],
  ["docgen_generate", "numCards", 75, 76, "maximum"],
  ["docgen_generate", "numCards", 1, 0, "minimum"],
  ["docgen_generate", "additionalInstructions", "x".repeat(2000), "x".repeat(2001), "maxLength"],
  ["docgen_generate", "inputText", "x".repeat(400_000), "x".repeat(400_001), "maxLength"],
  ["docgen_list_themes", "limit", 50, 51, "maximum"],
  ["docgen_list_themes", "limit", 1, 0, "minimum"],
  ["docgen_list_folders", "limit", 50, 51, "maximum"],
  ["docgen_list_folders", "limit", 1, 0, "minimum"],
  ["persondata_person_enrich", "min_likelihood", 10, 11, "maximum"],
  ["persondata_person_enrich", "min_likelihood", 1, 0, "minimum"],
  ["persondata_person_enrich", "min_likelihood", 7, 7.5, "integer"],
  ["persondata_person_search", "size", 100, 101, "maximum"],
  ["persondata_person_search", "size", 1, 0, "minimum"],
  ["books_search_volumes", "maxResults", 40, 41, "maximum"],
  ["books_search_volumes", "maxResults", 1, 0, "minimum"],
  ["docgen_generate", "folderIds", folders(10), folders(11), "maxItems"],
  ["docgen_generate_from_template", "folderIds", folders(10), folders(11), "maxItems"],
];

// Where each parameter travels (as DECISIONS and the seed place it), read back from the request.
const body = (c: Captured) => c.body as Record<string, unknown>;
const onTheWire: Record<string, (c: Captured) => unknown> = {
  top: (c) => Number(c.url.searchParams.get("$top")),
  limit: (c) => Number(c.url.searchParams.get("limit")),
  min_likelihood: (c) => Number(c.url.searchParams.get("min_likelihood")),
  maxResults: (c) => Number(c.url.searchParams.get("maxResults")),
  numCards: (c) => body(c).numCards,
  size: (c) => body(c).size,
  additionalInstructions: (c) => body(c).additionalInstructions,
  inputText: (c) => body(c).inputText,
  folderIds: (c) => (body(c).folderIds as string[]).join(", "),
};

describe("limits decided in DECISIONS.md", () => {
  for (const [id, param, ok, bad, rule] of decided) {
    const show = (v: unknown) =>
      param === "folderIds"
        ? `${String(v).split(",").length} ids`
        : typeof v === "string"
          ? `${v.length} characters`
          : String(v);
    it(`${id}: ${param} ${show(ok)} is sent, ${show(bad)} is refused before any request`, async () => {
      const accepted = await call(id, { ...base[id]!(), [param]: ok });
      expectSuccess(accepted.result);
      expectNoViolation(accepted.calls[0]!);
      expect(onTheWire[param]!(accepted.calls[0]!)).toEqual(ok);
      const refused = await call(id, { ...base[id]!(), [param]: bad });
      expect(expectFailure(refused.result)).toMatchObject({ type: "validation", param, rule });
      expect(refused.calls).toHaveLength(0);
    });
  }

  it("inputText must not be empty", async () => {
    const { result, calls } = await call("docgen_generate", { ...base.docgen_generate!(), inputText: "" });
    expect(expectFailure(result)).toMatchObject({ param: "inputText", rule: "required" });
    expect(calls).toHaveLength(0);
  });

  it("defaults: maxResults 10 and size 1 are sent when not given", async () => {
    const search = await call("books_search_volumes", base.books_search_volumes!());
    expect(search.calls[0]!.url.searchParams.get("maxResults")).toBe("10");
    const people = await call("persondata_person_search", base.persondata_person_search!());
    expect(people.calls[0]!.body).toMatchObject({ size: 1 });
  });
});
