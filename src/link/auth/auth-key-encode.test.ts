// An API key in a header sent as the base64 of its text alone (`auth.encode: base64`): linked for an API key header
// only, placed by the tools and the typed client, counted in the request head as sent, and its base64 text withheld
// as the key is.
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { authMiddleware } from "@blockwright/runtime";
import { cleanUp, linked, toolsOf } from "../__fixtures__/zqauth.js";
import { authPlacement } from "./auth.js";
import { describeAuth } from "../../emit/emit.js";

afterAll(cleanUp);

const PARAMS =
  "  zqKeyValue: { type: string, maxLength: 256, required: true, secret: true, description: The key. }\n" +
  "  zqSecretValue: { type: string, maxLength: 256, required: true, secret: true, description: The secret. }\n";
const AUTH = (encode: string) =>
  `  scheme: zqKey\n  param: zqKeyValue\n  prefix: "Zq "\n${encode}  also:\n` +
  "    - scheme: zqSecret\n      param: zqSecretValue\n";
const KEY = "zqk_live_0000000000000001";
const SECRET = "zqs_live_0000000000000002";
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

function recorder(status = 200, body: (r: Request) => unknown = () => ({ count: 2 })) {
  const seen: Request[] = [];
  const fetch = async (r: Request) => {
    seen.push(r);
    return new Response(JSON.stringify(body(r)), { status, headers: { "content-type": "application/json" } });
  };
  return { seen, fetch };
}

const tool = async () => (await toolsOf(AUTH("  encode: base64\n"), PARAMS)).zqauth_list_widgets as ToolSpec;

describe("auth.encode: base64", () => {
  it("sends the key's base64 after the prefix, the other credential as it is", async () => {
    const t = await tool();
    expect(t.auth).toMatchObject({ type: "header", name: "X-Zq-Key", prefix: "Zq ", encode: "base64" });
    const { seen, fetch } = recorder();
    const result = await executeToolDefinition(
      t,
      { zqKeyValue: KEY, zqSecretValue: SECRET },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({ success: true, output: { count: 2 } });
    expect(seen[0]?.headers.get("x-zq-key")).toBe(`Zq ${b64(KEY)}`);
    expect(seen[0]?.headers.get("x-zq-secret")).toBe(SECRET);
    expect(authPlacement(t.auth)).toBe('header:X-Zq-Key "Zq " base64 + header:X-Zq-Secret');
    expect(describeAuth(t.auth)).toContain("`X-Zq-Key: Zq <base64 of the key>` header");
  });

  it("takes a key past ASCII and Latin-1 (its UTF-8 encoded), which a key sent as it is may not hold", async () => {
    const t = await tool();
    const { seen, fetch } = recorder();
    const key = "zqk-clé-€-00000001";
    const result = await executeToolDefinition(
      t,
      { zqKeyValue: key, zqSecretValue: SECRET },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result.success, JSON.stringify(result)).toBe(true);
    expect(seen[0]?.headers.get("x-zq-key")).toBe(`Zq ${b64(key)}`);
  });

  it("places the key's base64 in the typed client", async () => {
    const t = await tool();
    const request = new Request("http://127.0.0.1:9/widgets");
    const out = await authMiddleware({ ...t.auth, also: undefined } as never, KEY).onRequest?.({ request } as never);
    expect((out as Request).headers.get("x-zq-key")).toBe(`Zq ${b64(KEY)}`);
  });

  it("withholds the key and its whole base64 text from a result that echoes them", async () => {
    const t = await tool();
    const { fetch } = recorder(401, (r) => ({ message: `refused ${r.headers.get("x-zq-key")}; key ${KEY}` }));
    const result = await executeToolDefinition(
      t,
      { zqKeyValue: KEY, zqSecretValue: SECRET },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    const text = JSON.stringify(result);
    expect(result.success).toBe(false);
    expect(text).toContain("refused Zq ");
    expect(text).not.toContain(KEY);
    for (let at = 0; at + 4 <= b64(KEY).length; at += 4) expect(text).not.toContain(b64(KEY).slice(at, at + 4));
  });

  it("is refused for a scheme other than an API key in a header, naming the field and what to use", async () => {
    expect(
      await linked('  scheme: zqBasic\n  param: zqKeyValue\n  password: ""\n  encode: base64\n', PARAMS),
    ).toMatchObject({
      problems: expect.arrayContaining([
        'auth.encode: encode is for an API key in a header; security scheme "zqBasic" is HTTP basic, which sends ' +
          'base64 of user:password: where the key is the user name, give password ("" for an empty one)',
      ]),
    });
    expect(await linked("  scheme: zqSession\n  param: zqKeyValue\n  encode: base64\n", PARAMS)).toMatchObject({
      problems: expect.arrayContaining([
        'auth.encode: encode is for an API key in a header; security scheme "zqSession" is an API key in the cookie',
      ]),
    });
    expect(await linked("  scheme: zqKey\n  param: zqKeyValue\n  encode: hex\n", PARAMS)).toMatchObject({
      problems: expect.arrayContaining([expect.stringMatching(/auth\.encode.*base64/)]),
    });
  });
});
