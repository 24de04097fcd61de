// A parameter's pattern with a brace that is no count in ECMAScript (`1[0-9]{,2}`: a count in Python's dialect, text
// in ECMAScript's, which OpenAPI names). The Unicode flag refuses it ("Incomplete quantifier"): the draft left the
// pattern out, the link then called the manifest looser than the spec (BW2006), and generate refused add's own draft.
// Every reader takes it as ECMAScript does (load-rewrites.ts: the brace escaped): the draft states it so and says so
// in a review note, and it links; the runtime's check and the judge's agree on a value.
import { checkValue } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import jsyaml from "js-yaml";
import { join } from "node:path";
import { linkProvider } from "../../emit/link-provider.js";
import { matchesNothing } from "../../link/param-limits/pattern-length.js";
import { requestJudge } from "../../judge/judge.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const PATTERN = "^(?:\\*|[A-Z][a-z]+(?:@(?:0|1[0-9]{,2}))?)$";
const doc = openapi({
  "/zqrooms/{id}/zqlamps": {
    get: {
      operationId: "listZqlamps",
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        { name: "kinds", in: "query", schema: { type: "string", pattern: PATTERN } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

describe("a pattern whose brace is no count in ECMAScript ({,2})", () => {
  it("is drafted as ECMAScript reads it (the brace as text), said in a note, and links", async () => {
    const d = drafted(doc, ["listZqlamps"]);
    const kinds = d.manifest.operations.acme_list_zqlamps?.params?.kinds;
    expect(kinds?.pattern).toBe("^(?:\\*|[A-Z][a-z]+(?:@(?:0|1[0-9]\\{,2\\}))?)$");
    expect(notesAt(d, "operations.acme_list_zqlamps.params.kinds").join("\n")).toContain(
      "holds {,2}, which ECMAScript (the runtime, the mocks, the request judge) reads as text, not as a count: " +
        'drafted so, as "^(?:\\\\*|[A-Z][a-z]+(?:@(?:0|1[0-9]\\\\{,2\\\\}))?)$"; ' +
        "if the API means a count ({0,2}), write it as one here and in openapi.yaml",
    );
    expect(await linkProblems(d)).toEqual([]);
    const project = join(draftWorkFolder, "pattern-braces");
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const linked = await linkProvider(project, dir);
    const param = linked.ir.operations[0]!.tool.params.find((p) => p.name === "kinds")!;
    const judge = requestJudge(linked.document, { credential: "present" });
    // As `new RegExp(PATTERN)` (no Unicode flag) reads the published pattern: the runtime and the judge alike.
    for (const value of ["Lamp@0", "Lamp@17{,2}", "Lamp@17", "*"]) {
      const meets = new RegExp(PATTERN).test(value);
      expect("value" in checkValue(param, value), value).toBe(meets);
      const url = `https://zq.test/zqrooms/1/zqlamps?kinds=${encodeURIComponent(value).replace(/\*/g, "%2A")}`;
      const refusals = judge({ method: "GET", url, headers: new Headers() })
        .refusals.map((r) => r.rule)
        .filter((rule) => rule !== "security");
      expect(refusals, value).toEqual(meets ? [] : ["schema"]);
    }
  });
});

describe("a pattern no reading compiles (a group never closed)", () => {
  it("is left out of the cut and of the draft, said in the file's header and a note, and the draft links", async () => {
    const unclosed = "^(zq[a-z]{,2}$";
    const d = drafted(
      openapi({
        "/zqlamps": {
          get: {
            operationId: "findZqlamps",
            parameters: [
              { name: "code", in: "query", schema: { type: "string", pattern: unclosed, example: "zqa" } },
              { name: "kind", in: "query", schema: { type: "string", pattern: "^[a-z]+$" } },
            ],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
          },
        },
      }),
      ["findZqlamps"],
    );
    const params = d.manifest.operations.acme_find_zqlamps?.params ?? {};
    expect(params.code?.pattern).toBeUndefined();
    expect(params.kind?.pattern).toBe("^[a-z]+$");
    // biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
    const cut = jsyaml.load(d.openapiText) as any;
    expect(cut.paths["/zqlamps"].get.parameters[0].schema).toEqual({ type: "string", example: "zqa" });
    expect(d.openapiText).toContain("Left out by blockwright add: paths./zqlamps.get.parameters.0.schema (pattern");
    expect(notesAt(d, "openapi").join("\n")).toContain(
      `openapi.yaml leaves out paths./zqlamps.get.parameters.0.schema (pattern ${JSON.stringify(unclosed)}): no ` +
        "ECMAScript regular expression",
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a pattern no text matches (a space before its `^`)", () => {
  it("is left out of the cut and of the draft, said in the header and a note, and the draft links", async () => {
    const spaced = " ^[-\\w\\._\\(\\)]+[^\\.]$";
    const d = drafted(
      openapi({
        "/zqlamps": {
          get: {
            operationId: "findZqlamps",
            parameters: [
              { name: "group", in: "query", schema: { type: "string", pattern: spaced, minLength: 1, maxLength: 90 } },
              { name: "kind", in: "query", schema: { type: "string", pattern: "^(zq|[a-z]+$)" } },
            ],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
          },
        },
      }),
      ["findZqlamps"],
    );
    const params = d.manifest.operations.acme_find_zqlamps?.params ?? {};
    expect(params.group?.pattern).toBeUndefined();
    expect(params.group?.maxLength).toBe(90);
    expect(params.kind?.pattern).toBe("^(zq|[a-z]+$)");
    expect(d.openapiText).toContain(
      `Left out by blockwright add: paths./zqlamps.get.parameters.0.schema (pattern ${JSON.stringify(spaced)}: no ` +
        "text matches it)",
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("or one no text matches");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is told from one some text matches: an anchor on the wrong side of a character, in every way through it", () => {
    for (const none of [" ^zq$", "^zq$x", "zq^", "(?:a^|b$c)", "^(?:zq ^a|b$c)$", "^a{1,2}^b$"])
      expect(matchesNothing(none), none).toBe(true);
    for (const some of ["^zq$", "zq", "^$", "a|^b", "^(?:$|zq)", "x?^zq", "^a*^b", "zq$(?:)", "(?=^)zq", "\\^zq"])
      expect(matchesNothing(some), some).toBe(false);
    expect(matchesNothing("^(zq$")).toBe(false);
  });
});
