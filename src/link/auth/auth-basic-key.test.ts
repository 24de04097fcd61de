// HTTP basic whose user name is the key and whose password is a fixed text, most often empty (`auth.password`):
// `Authorization: Basic base64(key:)`, the key secret everywhere, the base64 text too.
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { authMiddleware } from "@blockwright/runtime";
import { cleanUp, linked, toolsOf } from "../__fixtures__/zqauth.js";
import { authPlacement } from "./auth.js";
import { describeAuth } from "../../emit/emit.js";

afterAll(cleanUp);

function recorder(status = 200, body: unknown = { count: 2 }) {
  const seen: Request[] = [];
  const fetch = async (r: Request) => {
    seen.push(r);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { seen, fetch };
}

const KEY_PARAMS =
  "  zqKey: { type: string, maxLength: 256, required: true, secret: true, description: The API key. }\n";
const KEY = "zqk_live_0000000000000001";
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe("HTTP basic, the key as the user name", () => {
  it("links one secret parameter and sends Authorization: Basic base64(key:)", async () => {
    const tool = (await toolsOf('  scheme: zqBasic\n  param: zqKey\n  password: ""\n', KEY_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    expect(tool.auth).toEqual({ type: "basic", password: "", param: "zqKey" });
    const { seen, fetch } = recorder();
    const result = await executeToolDefinition(tool, { zqKey: KEY }, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(result).toMatchObject({ success: true, output: { count: 2 } });
    expect(seen[0]?.headers.get("authorization")).toBe(basic(KEY, ""));
    expect(authPlacement(tool.auth)).toBe("basic");
    expect(describeAuth(tool.auth)).toBe(
      "`Authorization: Basic` header (`zqKey` as the user name, the password empty)",
    );
  });

  it("sends a fixed password after the key, and the typed client takes the key alone", async () => {
    const tool = (await toolsOf("  scheme: zqBasic\n  param: zqKey\n  password: X\n", KEY_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    const { seen, fetch } = recorder();
    await executeToolDefinition(tool, { zqKey: KEY }, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(seen[0]?.headers.get("authorization")).toBe(basic(KEY, "X"));
    const request = new Request("http://127.0.0.1:9/widgets");
    const out = await authMiddleware(tool.auth, KEY).onRequest?.({ request } as never);
    expect((out as Request).headers.get("authorization")).toBe(basic(KEY, "X"));
  });

  it("withholds the key and the base64 of key: from results", async () => {
    const tool = (await toolsOf('  scheme: zqBasic\n  param: zqKey\n  password: ""\n', KEY_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    const header = Buffer.from(`${KEY}:`).toString("base64");
    const { fetch } = recorder(401, { message: `bad credentials Basic ${header} for ${KEY}` });
    const result = await executeToolDefinition(tool, { zqKey: KEY }, { baseUrl: "http://127.0.0.1:9", fetch });
    const text = JSON.stringify(result);
    expect(result.success).toBe(false);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(header);
    expect(text).not.toContain(header.slice(0, 12));
  });

  it("refuses a key holding a colon, naming the rule and not the key", async () => {
    const tool = (await toolsOf('  scheme: zqBasic\n  param: zqKey\n  password: ""\n', KEY_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    const { seen, fetch } = recorder();
    const result = await executeToolDefinition(
      tool,
      { zqKey: "zqk:colon-0001" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).toContain('must not contain \\":\\"');
    expect(JSON.stringify(result)).not.toContain("zqk:colon-0001");
    expect(seen).toHaveLength(0);
  });

  it("takes password for a basic scheme only, and not beside user", async () => {
    expect(await linked('  scheme: zqToken\n  param: zqKey\n  password: ""\n', KEY_PARAMS)).toEqual({
      problems: [
        "auth.password: password is for HTTP basic schemes whose key is the user name, or an API key in the " +
          'Authorization header; security scheme "zqToken" is a bearer token',
      ],
    });
    const params = KEY_PARAMS + "  zqAccount: { type: string, required: true, description: Account id. }\n";
    expect(
      await linked('  scheme: zqBasic\n  param: zqKey\n  user: zqAccount\n  password: ""\n', params),
    ).toMatchObject({
      problems: expect.arrayContaining([
        'auth.password: security scheme "zqBasic" is HTTP basic: name the user\'s parameter in user or give the ' +
          "fixed password sent after the key (the key then the user name), not both",
      ]),
    });
  });
});

// An apiKey scheme in Authorization whose API wants HTTP basic with the key as the user name: OpenAPI says only the
// header, the manifest's password the rest.
describe("an API key in Authorization, the key as the user name", () => {
  it("links password on it as HTTP basic and sends Authorization: Basic base64(key:)", async () => {
    const tool = (await toolsOf('  scheme: zqAuthzKey\n  param: zqKey\n  password: ""\n', KEY_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    expect(tool.auth).toEqual({ type: "basic", password: "", param: "zqKey" });
    const { seen, fetch } = recorder();
    await executeToolDefinition(tool, { zqKey: KEY }, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(seen[0]?.headers.get("authorization")).toBe(basic(KEY, ""));
  });

  it("refuses password beside prefix or encode, and on another header", async () => {
    expect(
      await linked('  scheme: zqAuthzKey\n  param: zqKey\n  password: ""\n  prefix: "Basic "\n', KEY_PARAMS),
    ).toEqual({
      problems: [
        'auth.prefix: security scheme "zqAuthzKey" is an API key in Authorization sent as HTTP basic with the key as ' +
          "the user name (password): prefix says another text; give password alone",
      ],
    });
    expect(await linked('  scheme: zqKey\n  param: zqKey\n  password: ""\n', KEY_PARAMS)).toEqual({
      problems: [
        "auth.password: password is for HTTP basic schemes whose key is the user name, or an API key in the " +
          'Authorization header; security scheme "zqKey" is an API key in the header',
      ],
    });
  });
});
