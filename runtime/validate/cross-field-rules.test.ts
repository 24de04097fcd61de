// Cross-field rules over what a call sends: a default that is not sent
// (`sendDefault: false`) satisfies no exactlyOne or anyOf, since the upstream
// never sees it (an object query whose fields must not all be absent, each
// field with a default left off the wire, went out empty).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { ParamSpec, RuleSpec, ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.map((o) => o.tool).find((t) => t.id === "shelf_get_book") as ToolSpec;
const bookId = getBook.params.find((p) => p.name === "bookId") as ParamSpec;
const KEY = "shelf-key-7f3a9c2e51";
const BOOK = { id: "b9", title: "Dune", state: "ready" };
const unsentDefault: ParamSpec = {
  ...bookId,
  name: "zqExact",
  type: "boolean",
  required: false,
  default: true,
  sendDefault: false,
  wire: { in: "query", name: "zq_exact" },
};
const plain: ParamSpec = { ...bookId, name: "zqTerm", required: false, wire: { in: "query", name: "zq_term" } };

function toolWith(rule: RuleSpec): ToolSpec {
  return { ...getBook, routes: [], params: [...getBook.params, unsentDefault, plain], rules: [rule] };
}

describe("a default that is not sent, in a rule over which parameters are given", () => {
  const rules: RuleSpec[] = [
    { rule: "anyOf", groups: [["zqExact"], ["zqTerm"]] },
    { rule: "exactlyOne", params: ["zqExact", "zqTerm"] },
  ];
  for (const rule of rules) {
    it(
      `${rule.rule}: a call giving neither is refused ` + `before any request, though the unsent default applies`,
      async () => {
        const { fetch, seen } = scriptedFetch(json(200, BOOK));
        const tool = toolWith(rule);
        const result = await createExecutor({ [tool.id]: tool }, fullSupport)(
          tool.id,
          { apiKey: KEY, bookId: "b9" },
          { fetch },
        );
        expect(result).toMatchObject({ success: false, error: { type: "validation", rule: rule.rule } });
        expect(seen).toHaveLength(0);
      },
    );

    it(`${rule.rule}: the same parameter given by the caller counts, and goes out`, async () => {
      const { fetch, seen } = scriptedFetch(json(200, BOOK));
      const tool = toolWith(rule);
      const result = await createExecutor({ [tool.id]: tool }, fullSupport)(
        tool.id,
        { apiKey: KEY, bookId: "b9", zqExact: true },
        { fetch },
      );
      expect(result).toMatchObject({ success: true });
      expect(new URL(seen[0]?.url ?? "http://x").searchParams.get("zq_exact")).toBe("true");
    });
  }
});

describe("atMostOne: the parameters of at most one group, each group whole", () => {
  const timed: ParamSpec = {
    ...bookId,
    name: "zqLimit",
    type: "number",
    required: false,
    wire: { in: "query", name: "zq_limit" },
  };
  const step: ParamSpec = {
    ...bookId,
    name: "zqStep",
    type: "number",
    required: false,
    wire: { in: "query", name: "zq_step" },
  };
  const days: ParamSpec = {
    ...bookId,
    name: "zqDays",
    type: "number",
    required: false,
    wire: { in: "query", name: "zq_days" },
  };
  const tool: ToolSpec = {
    ...getBook,
    routes: [],
    params: [...getBook.params, timed, step, days],
    rules: [{ rule: "atMostOne", groups: [["zqLimit", "zqStep"], ["zqDays"]] }],
  };
  const call = async (extra: Record<string, unknown>) => {
    const { fetch, seen } = scriptedFetch(json(200, BOOK));
    const result = await createExecutor({ [tool.id]: tool }, fullSupport)(
      tool.id,
      { apiKey: KEY, bookId: "b9", ...extra },
      { fetch },
    );
    return { result, sent: seen.length };
  };

  it("one group whole, or none, goes out", async () => {
    for (const extra of [{ zqLimit: 60, zqStep: 1 }, { zqDays: 3 }, {}])
      expect(await call(extra)).toMatchObject({ result: { success: true }, sent: 1 });
  });

  it("two groups, or part of one, are refused before any request, naming the parameter", async () => {
    expect(await call({ zqLimit: 60, zqStep: 1, zqDays: 3 })).toMatchObject({
      result: { success: false, error: { rule: "atMostOne", param: "zqDays" } },
      sent: 0,
    });
    expect(await call({ zqLimit: 60 })).toMatchObject({
      result: { success: false, error: { rule: "atMostOne", param: "zqStep" } },
      sent: 0,
    });
  });
});

describe("dependentLimits on a list's item count (JSON Schema's if/then with minItems under then)", () => {
  const scope: ParamSpec = {
    ...bookId,
    name: "zqScope",
    required: false,
    enum: ["all", "scoped"],
    wire: { in: "query", name: "zq_scope" },
  };
  const domains: ParamSpec = {
    ...bookId,
    name: "zqDomains",
    type: "json",
    jsonType: "array",
    required: false,
    pattern: undefined,
    maxLength: undefined,
    minLength: undefined,
    wire: { in: "query", name: "zq_domains", encoding: { style: "form", explode: false } },
  };
  const tool: ToolSpec = {
    ...getBook,
    routes: [],
    params: [...getBook.params, scope, domains],
    rules: [
      {
        rule: "dependentLimits",
        param: "zqDomains",
        dependsOn: "zqScope",
        limits: { scoped: { minItems: 1, maxItems: 2 } },
      },
    ],
  };
  const call = async (extra: Record<string, unknown>) => {
    const { fetch, seen } = scriptedFetch(json(200, BOOK));
    const result = await createExecutor({ [tool.id]: tool }, fullSupport)(
      tool.id,
      { apiKey: KEY, bookId: "b9", ...extra },
      { fetch },
    );
    return { result, sent: seen.length };
  };

  it("a list within the count that value sets, or any list under another value, goes out", async () => {
    for (const extra of [
      { zqScope: "scoped", zqDomains: ["a.example"] },
      { zqScope: "all", zqDomains: [] },
      { zqScope: "all", zqDomains: ["a", "b", "c"] },
    ])
      expect(await call(extra)).toMatchObject({ result: { success: true }, sent: 1 });
  });

  it("too few or too many items for that value are refused before any request, naming the rule and count", async () => {
    expect(await call({ zqScope: "scoped", zqDomains: [] })).toMatchObject({
      result: {
        success: false,
        error: {
          param: "zqDomains",
          rule: "dependentLimits",
          message: "zqDomains: must hold at least 1 item (it holds 0) when zqScope is scoped, got []",
        },
      },
      sent: 0,
    });
    expect(await call({ zqScope: "scoped", zqDomains: ["a", "b", "c"] })).toMatchObject({
      result: {
        success: false,
        error: {
          param: "zqDomains",
          rule: "dependentLimits",
          message: 'zqDomains: must hold at most 2 items (it holds 3) when zqScope is scoped, got ["a","b","c"]',
        },
      },
      sent: 0,
    });
  });
});
