// A typed output whose answer holds a value of another kind (an `array` output given `{}`) failed nothing unless the
// caller asked for `validateOutputs`, which `call` and the workflow runner never do: the object reached code trusting
// a list. The call now fails by default, an upstream error naming the output, the place (each of a first-of's), the
// kind expected and the kind found, never a secret of the call.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { OutputSource } from "../spec/tool-types.js";

const at = (name: string) => ({
  expression: `$response.body#/${name}`,
  ref: { kind: "body" as const, pointer: [name] },
});
const output = (path: string, type: string, source: OutputSource) => ({
  path,
  type,
  description: "",
  optional: false,
  source,
});
const SECRET = "zq-secret-6c1f93a0d2";

const zqList = bareTool("zq_list", {
  path: "/zqitems",
  anonymous: true,
  server: { default: "https://api.zqitems.test", hosts: ["api.zqitems.test"] },
  successStatuses: [200, 202],
  outputs: [
    output("data", "array", at("zqitems")),
    output("metadata.zqcount", "number", { ...at("zqtotal"), default: 0 }),
  ],
  outcomes: [{ status: 202, description: "", outputs: [{ path: "metadata.zqcount", source: at("zqwaiting") }] }],
  params: [{ name: "zqtoken", type: "string", required: false, secret: true, wire: { in: "header", name: "X-Zq" } }],
} as never);

describe("an output whose answer holds another kind", () => {
  it("fails the call by default, naming the output, the place and both kinds", async () => {
    const result = await executeToolDefinition(zqList, {}, { fetch: scriptedFetch(json(200, { zqitems: {} })).fetch });
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        code: "INVALID_OUTPUT",
        message:
          "zq answered 200 with output data (read from $response.body#/zqitems) that must be array, got object {}",
        details: { output: "data", place: "$response.body#/zqitems", expected: "array", found: "object" },
        retryable: false,
      },
    });
  });

  it("names an outcome's own place, and never a secret of the call", async () => {
    const { fetch } = scriptedFetch(json(202, { zqwaiting: `${SECRET} soon` }));
    const result = await executeToolDefinition(zqList, { zqtoken: SECRET }, { fetch });
    expect(!result.success && result.error.details).toMatchObject({
      output: "metadata.zqcount",
      place: "$response.body#/zqwaiting",
      expected: "number",
      found: "string",
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it("lets it through with validateOutputs: false, and a list through by default", async () => {
    const unchecked = await executeToolDefinition(
      zqList,
      {},
      {
        fetch: scriptedFetch(json(200, { zqitems: {} })).fetch,
        validateOutputs: false,
      },
    );
    expect(unchecked).toEqual({ success: true, output: { data: {}, metadata: { zqcount: 0 } } });
    const listed = await executeToolDefinition(zqList, {}, { fetch: scriptedFetch(json(200, { zqitems: [1] })).fetch });
    expect(listed).toEqual({ success: true, output: { data: [1], metadata: { zqcount: 0 } } });
  });

  it("says a request not safe to repeat was carried out (mayHaveBeenApplied), as after a 5xx", async () => {
    const zqCreate = bareTool("zq_create", {
      path: "/zqitems",
      method: "POST",
      anonymous: true,
      server: { default: "https://api.zqitems.test", hosts: ["api.zqitems.test"] },
      successStatuses: [201],
      outputs: [output("zqid", "string", { ...at("zqid"), required: true })],
    } as never);
    const mistyped = await executeToolDefinition(zqCreate, {}, { fetch: scriptedFetch(json(201, { zqid: 7 })).fetch });
    expect(!mistyped.success && mistyped.error).toMatchObject({ code: "INVALID_OUTPUT", mayHaveBeenApplied: true });
    const missing = await executeToolDefinition(zqCreate, {}, { fetch: scriptedFetch(json(201, {})).fetch });
    expect(!missing.success && missing.error).toMatchObject({ code: "MISSING_OUTPUT", mayHaveBeenApplied: true });
  });
});
