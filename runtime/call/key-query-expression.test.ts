// A path key whose own query holds a query parameter's expression (`/zqsearch/users?zqterm={zqterm}`, the operation
// also declaring `zqterm` in the query): the request kept the expression as written and sent the parameter again after
// it (`?zqterm={zqterm}&zqterm=data%20zq`), which the request judge refused ("sent 2 times"). The pair is the
// parameter's to send, once and as its style says, if at all (the form part's, which such a tool needs); a fixed pair
// and a pair a path value fills stay.
import { describe, expect, it } from "vitest";
import { executeToolDefinition } from "../execute/execute.js";
import { needsPart } from "./support.js";
import { formEncoding } from "./form-body.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { bareTool } from "../../test-support/runtime/bare-tool.js";

const param = (name: string, wire: ParamSpec["wire"], required: boolean): ParamSpec => ({
  name,
  type: "string",
  title: "",
  description: "",
  required,
  secret: false,
  visibility: "user-or-llm",
  wire,
});

const tool = (path: string, params: ParamSpec[]): ToolSpec =>
  bareTool("zq_search", {
    operationId: "zqSearch",
    path,
    anonymous: true,
    server: { template: "https://api.zqsearch.test", variables: {}, hosts: ["api.zqsearch.test"] },
    params,
  });

async function sent(spec: ToolSpec, input: Record<string, unknown>): Promise<string[]> {
  const seen: string[] = [];
  const fetch = async (request: Request) => {
    seen.push(request.url);
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  expect(await executeToolDefinition(spec, input, { fetch })).toMatchObject({ success: true });
  return seen;
}

describe("a path's own query pair of a query parameter's expression", () => {
  const search = tool("/zqsearch/users?zqterm={zqterm}", [param("zqterm", { in: "query", name: "zqterm" }, false)]);

  it("is sent once, by the parameter", async () => {
    expect(needsPart(search, "form")).toBe(true);
    expect(await sent(search, { zqterm: "data zq" })).toEqual([
      "https://api.zqsearch.test/zqsearch/users?zqterm=data%20zq",
    ]);
  });

  it("is not sent when the parameter is not given", async () => {
    expect(await sent(search, {})).toEqual(["https://api.zqsearch.test/zqsearch/users"]);
  });

  it("leaves a fixed pair and a pair a path value fills", () => {
    expect(formEncoding.ownQuery("/zqsearch?kind=zq&zqterm={zqterm}&page={page}", { page: "2" })).toBe(
      "/zqsearch?kind=zq&page={page}",
    );
    expect(formEncoding.ownQuery("/zqsearch/{id}", {})).toBe("/zqsearch/{id}");
  });
});
