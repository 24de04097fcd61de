// The suite's credential check reads the security requirement in use: the
// way of the tool's auth the call gave (one of several alternatives, two
// bearer schemes alike included), every credential of a combination, HTTP
// basic's user and secret, a cookie key. On the made-up provider zqauth.
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { cleanUp, toolsOf, zqauthDocument } from "../../link/__fixtures__/zqauth.js";
import type { Exchange } from "../exchange.js";
import { authKind } from "../kinds/auth.js";
import { checkRequest } from "./request.js";

afterAll(cleanUp);

/** The request the tool sends for `input`, as the suite captures it; `edit` changes its headers first. */
async function exchangeOf(
  tool: ToolSpec,
  input: Record<string, unknown>,
  edit?: (headers: Headers) => void,
): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response(JSON.stringify({ count: 1 }), { status: 200, headers: { "content-type": "application/json" } });
  };
  const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch });
  expect(result.success).toBe(true);
  const r = captured as Request;
  const headers = new Headers(r.headers);
  edit?.(headers);
  const url = new URL(r.url);
  return {
    method: r.method,
    url,
    search: url.search,
    headers,
    rawBody: "",
    body: undefined,
    status: 200,
    responseHeaders: new Headers(),
    responseBody: "",
    violations: [],
    at: 0,
  };
}

const check = async (tool: ToolSpec, input: Record<string, unknown>, edit?: (headers: Headers) => void) => {
  const ex = await exchangeOf(tool, input, edit);
  try {
    checkRequest(ex, tool, zqauthDocument(), input);
    return "ok";
  } catch (e) {
    return (e as Error).message;
  }
};

const ALTERNATIVES = [
  "  scheme: zqToken",
  "  param: zqPersonalToken",
  "  alternatives:",
  "    - scheme: zqOauth",
  "      param: zqOauthToken",
  "    - scheme: zqKey",
  "      param: zqKeyValue",
  "      also:",
  "        - scheme: zqSecret",
  "          param: zqSecretValue",
  "    - scheme: zqSession",
  "      param: zqSessionKey",
  "    - scheme: zqBasic",
  "      param: zqPassword",
  "      user: zqAccount",
  "",
].join("\n");
const PARAMS = ["zqPersonalToken", "zqOauthToken", "zqKeyValue", "zqSecretValue", "zqSessionKey", "zqPassword"]
  .map((name) => `  ${name}: { type: string, maxLength: 256, secret: true, description: A credential. }\n`)
  .concat("  zqAccount: { type: string, maxLength: 64, description: Account id. }\n")
  .join("");

describe("the credential check", () => {
  it("passes each way, in the place its requirement puts it, two bearer schemes alike included", async () => {
    const tool = (await toolsOf(ALTERNATIVES, PARAMS)).zqauth_list_widgets as ToolSpec;
    expect(await check(tool, { zqPersonalToken: "zq-personal-0001" })).toBe("ok");
    expect(await check(tool, { zqOauthToken: "zq-oauth-token-0001" })).toBe("ok");
    expect(await check(tool, { zqKeyValue: "zq-key-value-0001", zqSecretValue: "zq-secret-value-0001" })).toBe("ok");
    expect(await check(tool, { zqSessionKey: "zq-session-0001" })).toBe("ok");
    expect(await check(tool, { zqAccount: "ACzq0001", zqPassword: "zq-password-0001" })).toBe("ok");
  });

  it("fails a credential that is not where the requirement in use puts it, naming that requirement", async () => {
    const tool = (await toolsOf(ALTERNATIVES, PARAMS)).zqauth_list_widgets as ToolSpec;
    expect(
      await check(tool, { zqKeyValue: "zq-key-value-0001", zqSecretValue: "zq-secret-value-0001" }, (h) =>
        h.delete("x-zq-secret"),
      ),
    ).toBe(
      "the credential is not where zqKey + zqSecret puts it (zqKey: header X-Zq-Key; zqSecret: header " +
        "X-Zq-Secret; listWidgets accepts zqBasic, zqToken, zqOauth, zqKey + zqSecret, zqSession, zqAuthzKey, the " +
        "call gave this one)",
    );
    expect(
      await check(tool, { zqAccount: "ACzq0001", zqPassword: "zq-password-0001" }, (h) =>
        h.set("authorization", `Basic ${btoa("ACzq0002:zq-password-0001")}`),
      ),
    ).toMatch(/^the credential is not where zqBasic puts it \(zqBasic: Authorization: basic <credential>;/);
    expect(
      await check(tool, { zqSessionKey: "zq-session-0001" }, (h) => h.set("cookie", "other=zq-session-0001")),
    ).toMatch(/^the credential is not where zqSession puts it/);
  });

  it("holds a cookie key to its cookie-octets as they are (a session cookie copied from a browser)", async () => {
    const tool = (await toolsOf(ALTERNATIVES, PARAMS)).zqauth_list_widgets as ToolSpec;
    const input = { zqSessionKey: "s%3Azq-session.0001+/=" };
    expect(await check(tool, input)).toBe("ok");
    expect(
      await check(tool, input, (h) => h.set("cookie", `zq_session=${encodeURIComponent("s%3Azq-session.0001+/=")}`)),
    ).toMatch(/^the credential is not where zqSession puts it/);
    expect(await check(tool, { zqSessionKey: "zq session;0001é" })).toBe("ok");
  });

  it("holds an API key header to its prefix (auth.prefix): sent after it passes, sent as it is fails", async () => {
    const prefixed = ALTERNATIVES.replace(
      "    - scheme: zqKey\n      param: zqKeyValue\n",
      '    - scheme: zqKey\n      param: zqKeyValue\n      prefix: "Token "\n',
    );
    const tool = (await toolsOf(prefixed, PARAMS)).zqauth_list_widgets as ToolSpec;
    const input = { zqKeyValue: "zq-key-value-0001", zqSecretValue: "zq-secret-value-0001" };
    expect(await check(tool, input)).toBe("ok");
    expect(await check(tool, input, (h) => h.set("x-zq-key", "zq-key-value-0001"))).toMatch(
      /^the credential is not where zqKey \+ zqSecret puts it/,
    );
  });

  it("fails the credential sent twice", async () => {
    const tool = (await toolsOf(ALTERNATIVES, PARAMS)).zqauth_list_widgets as ToolSpec;
    expect(
      await check(tool, { zqPersonalToken: "zq-personal-0001" }, (h) => h.set("x-zq-key", "zq-personal-0001")),
    ).toBe("the credential also appears in header x-zq-key");
  });

  it(
    "lets two credentials of a combination hold the same text, a quote included (a random draw gave " + "both)",
    async () => {
      const tool = (await toolsOf(ALTERNATIVES, PARAMS)).zqauth_list_widgets as ToolSpec;
      expect(await check(tool, { zqKeyValue: 'zq"same {key}', zqSecretValue: 'zq"same {key}' })).toBe("ok");
    },
  );
});

describe("the credential check of an operation that declares no security (security: [])", () => {
  const STATUS =
    "  zqauth_get_status:\n    operationId: getStatus\n    title: Status\n    description: Status.\n    " +
    "params:\n      note: { type: string, maxLength: 100, description: A note., wire: { in: query } }\n    " +
    'outputs:\n      count: { type: number, from: "$response.body#/count", description: Count. }\n';

  it(
    "lets a parameter the caller gave hold the credential's text (a random draw gave a cookie beginning with the " +
      "key)",
    async () => {
      const tool = (await toolsOf(ALTERNATIVES, PARAMS, STATUS)).zqauth_get_status as ToolSpec;
      expect(await check(tool, { zqPersonalToken: "zq-personal-0001", note: "zq-personal-0001T" })).toBe("ok");
    },
  );

  it("still fails the credential sent where no parameter holds it", async () => {
    const tool = (await toolsOf(ALTERNATIVES, PARAMS, STATUS)).zqauth_get_status as ToolSpec;
    // The address as a runtime that leaked the credential into it would send it.
    const input = { zqPersonalToken: "zq-personal-0001" };
    const ex = await exchangeOf(tool, input);
    ex.url = new URL(`${ex.url.origin}${ex.url.pathname}?note=zq-personal-0001`);
    ex.search = ex.url.search;
    expect(() => checkRequest(ex, tool, zqauthDocument(), input)).toThrow(
      /^getStatus declares no security requirement .*yet the credential was sent \(the address\)$/,
    );
  });
});

describe("the auth cases", () => {
  const PING =
    "  zqauth_ping:\n    operationId: ping\n    title: Ping\n    description: Ping.\n    outputs:\n      " +
    'count: { type: number, from: "$response.body#/count", description: Count. }\n';

  it(
    "expect no 401 of an operation whose security lists {} (authentication optional), and try each alternative " +
      "alone",
    async () => {
      const tools = await toolsOf(ALTERNATIVES, PARAMS, PING);
      const names = (tool: ToolSpec) =>
        authKind
          .derive(tool, { provider: "zqauth", tools: Object.values(tools), document: zqauthDocument() })
          .map((c) => c.name);
      // ping accepts no credential or zqBasic: one way offered, no 401 expected; called without one, it is accepted.
      expect(tools.zqauth_ping?.authOptional).toBe(true);
      expect(names(tools.zqauth_ping as ToolSpec)).toEqual([
        "without a credential (authentication optional): accepted, none sent",
      ]);
      expect(names(tools.zqauth_list_widgets as ToolSpec)).toEqual([
        "without a credential the mock answers 401, a structured error",
        "with alternative 1 alone (bearer), the credentials go where its requirement puts them",
        "with alternative 2 alone (header:X-Zq-Key + header:X-Zq-Secret), the credentials go where its " +
          "requirement puts them",
        "with alternative 3 alone (cookie:zq_session), the credentials go where its requirement puts them",
        "with alternative 4 alone (basic), the credentials go where its requirement puts them",
      ]);
    },
  );
});
