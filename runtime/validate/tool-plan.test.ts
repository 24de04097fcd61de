// A call walks only what its input gives and the parameters with a default or required (tool-plan.ts): what the walk of
// every parameter did is kept. A bad value is refused naming the field, the rule and the value, in the tool's order
// whatever the input's; a required parameter not given is refused; an unknown key is refused; a default is applied
// (and one not sent is not); a secret parameter's value is redacted from the outputs; the request's values are placed
// in the tool's order.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ParamCall, ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

const KEY = "zq-plan-key-0001";
const param = (name: string, wire: ParamCall["wire"], fields: Partial<ParamCall> = {}): ParamCall =>
  ({ name, type: "string", required: false, secret: false, wire, ...fields }) as ParamCall;
const body = (name: string) => ({
  expression: `$response.body#/${name}`,
  ref: { kind: "body" as const, pointer: [name] },
});

/** A POST of nine parameters, of which a call gives few: the plan's walk against the whole list's. */
const tool = (params: ParamCall[]): ToolSpec =>
  bareTool("zq_plan", {
    operationId: "zqPlan",
    method: "POST",
    path: "/zq/{zqId}",
    server: { default: "https://api.zq.test", hosts: ["api.zq.test"] },
    auth: { type: "header", name: "X-Zq-Key", param: "zqKey" },
    body: { encoding: "json", mediaType: "application/json" },
    params,
    outputs: [{ path: "echo", type: "string", description: "", optional: true, source: body("zqEcho") }],
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);

const planned = tool([
  param("zqKey", { in: "auth" }, { required: true, secret: true }),
  param("zqId", { in: "path", name: "zqId" }, { required: true }),
  param("zqMode", { in: "body", pointer: "/zqMode" }, { default: "zq-auto", enum: ["zq-auto", "zq-hand"] }),
  param("zqHidden", { in: "query", name: "zq_hidden" }, { default: "zq-h", sendDefault: false }),
  param("zqCount", { in: "body", pointer: "/zqOpts/zqCount" }, { type: "number", minimum: 1, maximum: 5 }),
  param("zqNote", { in: "query", name: "note" }, { maxLength: 3 }),
  param("zqTag", { in: "query", name: "tag" }),
  param("zqUnused", { in: "query", name: "unused" }, { maxLength: 1 }),
  param("zqFlag", { in: "header", name: "X-Zq-Flag" }),
]);

const issues = (t: ToolSpec, input: Record<string, unknown>) => {
  const checked = validateParams(t, input);
  return "issues" in checked ? checked.issues.map((i) => `${i.param} ${i.rule}: ${i.message}`) : [];
};

const sent = async (t: ToolSpec, input: Record<string, unknown>, reply: object = {}) => {
  const { fetch, seen } = scriptedFetch(json(200, reply));
  const result = await executeToolDefinition(t, input, { fetch });
  return { result, request: seen[0] };
};

describe("a tool's plan: a call looks at what it gives and at what has a default or is required", () => {
  it("refuses bad values in the tool's order whatever the input's, naming the field, the rule and the value", () => {
    expect(issues(planned, { zqNote: "zqlong", zqCount: 9, zqId: "zq1" })).toEqual([
      "zqKey required: zqKey: is required",
      "zqCount maximum: zqCount: must be at most 5 (allowed: 1–5), got 9",
      'zqNote maxLength: zqNote: must be at most 3 characters long (it has 6), got "zqlong"',
    ]);
    expect(issues(planned, { zqMode: "zq-none", zqKey: KEY })).toEqual([
      "zqId required: zqId: is required",
      'zqMode enum: zqMode: must be one of zq-auto, zq-hand, got "zq-none"',
    ]);
  });

  it("refuses a key that is no parameter, naming the parameters; one given as undefined is no key", () => {
    expect(issues(planned, { zqKey: KEY, zqId: "zq1", zqOther: 1, zqNone: undefined })).toEqual([
      "zqOther unknown: zqOther: not a parameter of zq_plan (parameters: zqKey, zqId, zqMode, zqHidden, zqCount, " +
        "zqNote, zqTag, zqUnused, zqFlag)",
    ]);
  });

  it("applies a default not given (one not sent stays out) and places values in the tool's order", async () => {
    const { result, request } = await sent(planned, {
      zqTag: "zq-t",
      zqFlag: "zq-f",
      zqNote: "zqn",
      zqId: "zq1",
      zqKey: KEY,
    });
    expect(result.success).toBe(true);
    expect(request?.url).toBe("https://api.zq.test/zq/zq1?note=zqn&tag=zq-t");
    expect(request?.headers.get("x-zq-flag")).toBe("zq-f");
    expect(JSON.parse(request?.body ?? "")).toEqual({ zqMode: "zq-auto" });
    const checked = validateParams(planned, { zqKey: KEY, zqId: "zq1" });
    expect(checked.ok && { values: checked.values, unsent: [...checked.unsent] }).toEqual({
      values: { zqKey: KEY, zqId: "zq1", zqMode: "zq-auto", zqHidden: "zq-h" },
      unsent: ["zqHidden"],
    });
  });

  it("takes empty or blank text as not given: an optional value left off, a default applied", async () => {
    const { result, request } = await sent(planned, {
      zqKey: KEY,
      zqId: "zq1",
      zqMode: "",
      zqTag: "",
      zqNote: "   ",
      zqFlag: " ",
    });
    expect(result.success).toBe(true);
    expect(request?.url).toBe("https://api.zq.test/zq/zq1");
    expect(request?.headers.has("x-zq-flag")).toBe(false);
    expect(JSON.parse(request?.body ?? "")).toEqual({ zqMode: "zq-auto" });
    expect(issues(planned, { zqKey: KEY, zqId: "" })).toEqual([
      "zqId required: zqId: is required, got an empty string",
    ]);
  });

  it("redacts a secret parameter's value from the outputs, wherever the input gives it", async () => {
    const { result } = await sent(planned, { zqId: "zq1", zqTag: "zq-t", zqKey: KEY }, { zqEcho: `key ${KEY}` });
    expect(result).toEqual({ success: true, output: { echo: "key [redacted]" } });
  });

  it("looks at every parameter of a name two share, as the walk of the list did", async () => {
    const twice = tool([
      param("zqKey", { in: "auth" }, { required: true, secret: true }),
      param("zqId", { in: "path", name: "zqId" }, { required: true }),
      param("zqSame", { in: "query", name: "same" }),
      param("zqSame", { in: "header", name: "X-Zq-Same" }),
    ]);
    const { request } = await sent(twice, { zqKey: KEY, zqId: "zq1", zqSame: "zq-s" });
    expect(request?.url).toBe("https://api.zq.test/zq/zq1?same=zq-s");
    expect(request?.headers.get("x-zq-same")).toBe("zq-s");
  });
});
