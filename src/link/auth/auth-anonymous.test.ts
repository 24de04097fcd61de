// An operation that takes no credential (security: [], [{}] or, as some
// published documents write it, {}) links with the provider's auth but sends
// no credential, whatever the call is given, and does not require one; the
// suite's request check fails a tool that sends one anyway.
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { cleanUp, toolsOf, zqauthDocument } from "../__fixtures__/zqauth.js";
import { checkRequest } from "../../contract/request/request.js";
import type { Exchange } from "../../contract/exchange.js";

afterAll(cleanUp);

const AUTH = "  scheme: zqToken\n  param: zqToken\n";
const PARAMS = "  zqToken: { type: string, maxLength: 256, required: true, secret: true, description: Token. }\n";
const TOKEN = "zq-token-value-0001";
const op = (id: string, operationId: string) =>
  `  ${id}:\n    operationId: ${operationId}\n    title: Get it\n    description: ` +
  `Get it.\n    outputs:\n      count: { type: number, from: "$response.body#/count", description: Count. }\n`;
const OPERATIONS = op("zqauth_get_status", "getStatus") + op("zqauth_get_version", "getVersion");

async function sent(tool: ToolSpec, input: Record<string, unknown>): Promise<Request[]> {
  const seen: Request[] = [];
  const fetch = async (r: Request) => {
    seen.push(r);
    return new Response(JSON.stringify({ count: 1 }), { status: 200, headers: { "content-type": "application/json" } });
  };
  const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch });
  expect(result).toEqual({ success: true, output: { count: 1 } });
  return seen;
}

describe("an operation that takes no credential", () => {
  it("links for security: [] and security: {}, marked anonymous, its credential parameter not required", async () => {
    const tools = await toolsOf(AUTH, PARAMS, OPERATIONS);
    for (const id of ["zqauth_get_status", "zqauth_get_version"]) {
      expect(tools[id]?.anonymous).toBe(true);
      expect(tools[id]?.params.find((p) => p.name === "zqToken")).toMatchObject({
        required: false,
        wire: { in: "auth" },
      });
    }
    // An operation that needs the credential keeps it required, and is not anonymous.
    expect(tools.zqauth_list_widgets?.anonymous).toBeUndefined();
    expect(tools.zqauth_list_widgets?.params.find((p) => p.name === "zqToken")?.required).toBe(true);
  });

  it("sends no credential, given one or not", async () => {
    const tools = await toolsOf(AUTH, PARAMS, OPERATIONS);
    for (const id of ["zqauth_get_status", "zqauth_get_version"]) {
      const tool = tools[id] as ToolSpec;
      const [withToken] = await sent(tool, { zqToken: TOKEN });
      const [without] = await sent(tool, {});
      expect([withToken?.headers.get("authorization"), without?.headers.get("authorization")]).toEqual([null, null]);
      expect(withToken?.url).not.toContain(TOKEN);
    }
    const [needed] = await sent(tools.zqauth_list_widgets as ToolSpec, { zqToken: TOKEN });
    expect(needed?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("fails the suite's request check when a credential is sent anyway, naming where", async () => {
    const tool = (await toolsOf(AUTH, PARAMS, OPERATIONS)).zqauth_get_status as ToolSpec;
    const url = new URL("http://127.0.0.1:9/status");
    const exchange = (headers: Headers): Exchange => ({
      method: "GET",
      url,
      search: "",
      headers,
      rawBody: "",
      body: undefined,
      status: 200,
      responseHeaders: new Headers(),
      responseBody: "",
      violations: [],
      at: 0,
    });
    expect(() => checkRequest(exchange(new Headers()), tool, zqauthDocument(), { zqToken: TOKEN })).not.toThrow();
    expect(() =>
      checkRequest(exchange(new Headers({ authorization: `Bearer ${TOKEN}` })), tool, zqauthDocument(), {
        zqToken: TOKEN,
      }),
    ).toThrow(/authorization/);
  });

  it("sends its own parameter of a name auth.covers lists: the credential it covers is not sent there", async () => {
    const covers = `${AUTH}  covers: [note]\n`;
    const noted =
      "  zqauth_get_status:\n    operationId: getStatus\n    title: Get it\n    description: Get it.\n" +
      "    params:\n      note: { type: string, maxLength: 100, description: Note., wire: { in: query } }\n" +
      '    outputs:\n      count: { type: number, from: "$response.body#/count", description: Count. }\n';
    const tools = await toolsOf(covers, PARAMS, noted);
    const [request] = await sent(tools.zqauth_get_status as ToolSpec, { zqToken: TOKEN, note: "zq-note" });
    expect(new URL(request?.url ?? "").searchParams.get("note")).toBe("zq-note");
    expect(request?.headers.get("authorization")).toBeNull();
  });
});
