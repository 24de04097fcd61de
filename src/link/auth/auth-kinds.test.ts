// Auth as documents declare it: HTTP basic (a user id and a secret), API keys
// in cookies, combinations (`auth.also`) and alternatives
// (`auth.alternatives`): linked against the document's schemes, sent by the
// runtime where each scheme puts its credential, withheld from messages.
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { cleanUp, linked, toolsOf } from "../__fixtures__/zqauth.js";
import { authPlacement } from "./auth.js";
import { describeAuth } from "../../emit/emit.js";

afterAll(cleanUp);

/** A fetch that records each request and answers `status` with a JSON body. */
function recorder(status = 200, body: unknown = { count: 2 }) {
  const seen: Request[] = [];
  const fetch = async (r: Request) => {
    seen.push(r);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { seen, fetch };
}

const BASIC_PARAMS =
  "  zqAccount: { type: string, maxLength: 64, required: true, description: Account id. }\n  zqPassword: " +
  "{ type: string, maxLength: 256, required: true, secret: true, description: Secret. }\n";
const ACCOUNT = "ACzq0000000000000001";
const PASSWORD = "zq-secret-password-0001";

describe("HTTP basic", () => {
  it("links as two parameters, the user not secret, and sends Authorization: Basic base64(user:secret)", async () => {
    const tool = (await toolsOf("  scheme: zqBasic\n  param: zqPassword\n  user: zqAccount\n", BASIC_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    expect(tool.auth).toEqual({ type: "basic", user: "zqAccount", param: "zqPassword" });
    expect(tool.params.find((p) => p.name === "zqAccount")).toMatchObject({ wire: { in: "auth" }, required: true });
    expect(tool.params.find((p) => p.name === "zqAccount")?.secret).toBeFalsy();
    // Not secret, yet the connection's: a model never chooses whose account a call uses.
    expect(tool.params.find((p) => p.name === "zqAccount")?.visibility).toBe("user-only");
    const { seen, fetch } = recorder();
    const result = await executeToolDefinition(
      tool,
      { zqAccount: ACCOUNT, zqPassword: PASSWORD },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({ success: true, output: { count: 2 } });
    expect(seen[0]?.headers.get("authorization")).toBe(
      `Basic ${Buffer.from(`${ACCOUNT}:${PASSWORD}`).toString("base64")}`,
    );
    expect(authPlacement(tool.auth)).toBe("basic");
    expect(describeAuth(tool.auth)).toBe("`Authorization: Basic` header (`zqAccount` and `zqPassword`)");
  });

  it("withholds the secret and the whole base64 user:secret from results", async () => {
    const tool = (await toolsOf("  scheme: zqBasic\n  param: zqPassword\n  user: zqAccount\n", BASIC_PARAMS))
      .zqauth_list_widgets as ToolSpec;
    const header = Buffer.from(`${ACCOUNT}:${PASSWORD}`).toString("base64");
    const { fetch } = recorder(401, { message: `bad credentials Basic ${header} for ${PASSWORD}` });
    const result = await executeToolDefinition(
      tool,
      { zqAccount: ACCOUNT, zqPassword: PASSWORD },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    const text = JSON.stringify(result);
    expect(result.success).toBe(false);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(header);
    // Not even the part of the base64 text that encodes the user id alone.
    expect(text).not.toContain(header.slice(0, 12));
  });

  it("refuses a credential's parameter open to models", async () => {
    const params = BASIC_PARAMS.replace("required: true, desc", "required: true, visibility: user-or-llm, desc");
    expect(await linked("  scheme: zqBasic\n  param: zqPassword\n  user: zqAccount\n", params)).toEqual({
      problems: ["params.zqAccount.visibility: a credential's parameter (auth) must be user-only"],
    });
  });

  it("needs user for a basic scheme, and user only there", async () => {
    expect(await linked("  scheme: zqBasic\n  param: zqPassword\n", BASIC_PARAMS)).toEqual({
      problems: [
        'auth.scheme: security scheme "zqBasic" is HTTP basic: name the parameter holding the user (account) ' +
          "id in user, beside param (the secret), or, where the key is the user name, the fixed password sent " +
          'after it in password ("" for an empty one)',
        'params.zqAccount: parameter "zqAccount" has no "wire" placement and is neither a credential (auth) ' +
          "nor the address parameter",
      ],
    });
    const problems = await linked("  scheme: zqToken\n  param: zqPassword\n  user: zqAccount\n", BASIC_PARAMS);
    expect(problems).toEqual({
      problems: ['auth.user: user is for HTTP basic schemes; security scheme "zqToken" is a bearer token'],
    });
  });

  it("refuses a call without the user id, naming it", async () => {
    const tool = (
      await toolsOf(
        "  scheme: zqBasic\n  param: zqPassword\n  user: zqAccount\n",
        BASIC_PARAMS.replace("required: true, desc", "required: false, desc"),
      )
    ).zqauth_list_widgets as ToolSpec;
    const { seen, fetch } = recorder();
    const result = await executeToolDefinition(
      tool,
      { zqPassword: PASSWORD },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "zqAccount", rule: "required" },
    });
    expect(seen).toHaveLength(0);
  });
});

describe("an API key in a cookie", () => {
  it("goes in the Cookie header, URL-encoded", async () => {
    const tool = (
      await toolsOf(
        "  scheme: zqSession\n  param: zqSessionKey\n",
        "  zqSessionKey: { type: string, maxLength: 256, required: true, secret: true, description: Session. }\n",
      )
    ).zqauth_list_widgets as ToolSpec;
    expect(tool.auth).toEqual({ type: "cookie", name: "zq_session", param: "zqSessionKey" });
    const { seen, fetch } = recorder();
    await executeToolDefinition(tool, { zqSessionKey: "zq session;0001" }, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(seen[0]?.headers.get("cookie")).toBe("zq_session=zq%20session%3B0001");
    expect(describeAuth(tool.auth)).toBe("`zq_session` cookie");
  });
});

const COMBO = "  scheme: zqKey\n  param: zqKeyValue\n  also:\n    - scheme: zqSecret\n      param: zqSecretValue\n";
const COMBO_PARAMS =
  "  zqKeyValue: { type: string, maxLength: 256, required: true, secret: true, description: Key. " +
  "}\n  zqSecretValue: { type: string, maxLength: 256, required: true, secret: true, description: Secret. }\n";

describe("a combination (auth.also)", () => {
  it("sends every credential of the requirement", async () => {
    const tool = (await toolsOf(COMBO, COMBO_PARAMS)).zqauth_list_widgets as ToolSpec;
    expect(tool.auth).toEqual({
      type: "header",
      name: "X-Zq-Key",
      param: "zqKeyValue",
      also: [{ type: "header", name: "X-Zq-Secret", param: "zqSecretValue" }],
    });
    const { seen, fetch } = recorder();
    await executeToolDefinition(
      tool,
      { zqKeyValue: "zq-key-value-0001", zqSecretValue: "zq-secret-value-0001" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect([seen[0]?.headers.get("x-zq-key"), seen[0]?.headers.get("x-zq-secret")]).toEqual([
      "zq-key-value-0001",
      "zq-secret-value-0001",
    ]);
    expect(authPlacement(tool.auth)).toBe("header:X-Zq-Key + header:X-Zq-Secret");
  });

  it("is refused where the operation requires the schemes together and the manifest names one", async () => {
    const op =
      "  zqauth_get_widget:\n    operationId: getWidget\n    title: Get widget\n    description: " +
      "Get one.\n    params:\n      id: { type: string, maxLength: 40, required: true, description: Id., wire: " +
      '{ in: path } }\n    outputs:\n      id: { type: string, from: "$response.body#/id", description: Id. }\n';
    const result = await linked("  scheme: zqKey\n  param: zqKeyValue\n", COMBO_PARAMS.split("\n")[0] + "\n", op);
    expect(result).toEqual({
      problems: [
        'operations.zqauth_get_widget.operationId: operation "getWidget" in specs/zqauth/openapi.yaml does ' +
          'not accept security scheme "zqKey" (accepts: zqKey + zqSecret)',
        'operations.zqauth_list_widgets.operationId: operation "listWidgets" in specs/zqauth/openapi.yaml ' +
          'does not accept security scheme "zqKey" (accepts: zqBasic, zqToken, zqOauth, zqKey + zqSecret, ' +
          "zqSession, zqAuthzKey)",
      ],
    });
    expect("tools" in (await linked(COMBO, COMBO_PARAMS, op))).toBe(true);
  });
});

describe("an API key in a header after a prefix (auth.prefix)", () => {
  it(
    "links with the prefix, sends it before the key (a credential sent with it as it is), " +
      "and withholds the key from results",
    async () => {
      const tool = (
        await toolsOf(
          COMBO.replace("  param: zqKeyValue\n", '  param: zqKeyValue\n  prefix: "Token token="\n'),
          COMBO_PARAMS,
        )
      ).zqauth_list_widgets as ToolSpec;
      expect(tool.auth).toEqual({
        type: "header",
        name: "X-Zq-Key",
        param: "zqKeyValue",
        prefix: "Token token=",
        also: [{ type: "header", name: "X-Zq-Secret", param: "zqSecretValue" }],
      });
      const { seen, fetch } = recorder(401, { message: "bad key: Token token=zq-key-value-0001" });
      const result = await executeToolDefinition(
        tool,
        { zqKeyValue: "zq-key-value-0001", zqSecretValue: "zq-secret-value-0001" },
        { baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect([seen[0]?.headers.get("x-zq-key"), seen[0]?.headers.get("x-zq-secret")]).toEqual([
        "Token token=zq-key-value-0001",
        "zq-secret-value-0001",
      ]);
      expect(result.success).toBe(false);
      expect(JSON.stringify(result)).not.toContain("zq-key-value-0001");
      expect(authPlacement(tool.auth)).toBe('header:X-Zq-Key "Token token=" + header:X-Zq-Secret');
      expect(describeAuth(tool.auth)).toBe(
        "`X-Zq-Key: Token token=<key>` header from `zqKeyValue` with `X-Zq-Secret` header from `zqSecretValue`",
      );
    },
  );

  it("is refused on a scheme that is no API key in a header, and when it is no printable text", async () => {
    const params =
      "  zqPersonalToken: { type: string, maxLength: 256, required: true, secret: true, description: Token. }\n";
    expect(await linked('  scheme: zqToken\n  param: zqPersonalToken\n  prefix: "Token "\n', params)).toEqual({
      problems: ['auth.prefix: prefix is for an API key in a header; security scheme "zqToken" is a bearer token'],
    });
    const problems = await linked('  scheme: zqKey\n  param: zqPersonalToken\n  prefix: "Token\\n"\n', params);
    expect("problems" in problems && problems.problems.join("\n")).toMatch(/^auth\.prefix: .*pattern/);
  });
});

const ALTERNATIVES =
  "  scheme: zqToken\n  param: zqPersonalToken\n  alternatives:\n    - scheme: zqOauth\n      param: " +
  "zqOauthToken\n    - scheme: zqKey\n      param: zqKeyValue\n      also:\n        - scheme: " +
  "zqSecret\n          param: zqSecretValue\n";
const ALTERNATIVE_PARAMS = [
  "  zqPersonalToken: { type: string, maxLength: 256, secret: true, description: Personal token. }",
  "  zqOauthToken: { type: string, maxLength: 256, secret: true, description: OAuth token. }",
  "  zqKeyValue: { type: string, maxLength: 256, secret: true, description: Key. }",
  "  zqSecretValue: { type: string, maxLength: 256, secret: true, description: Secret. }",
  "",
].join("\n");

describe("alternatives (auth.alternatives)", () => {
  it("use the first way whose parameters the call gives", async () => {
    const tool = (await toolsOf(ALTERNATIVES, ALTERNATIVE_PARAMS)).zqauth_list_widgets as ToolSpec;
    const send = async (input: Record<string, string>) => {
      const { seen, fetch } = recorder();
      await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch });
      const r = seen[0] as Request;
      return {
        authorization: r.headers.get("authorization"),
        key: r.headers.get("x-zq-key"),
        secret: r.headers.get("x-zq-secret"),
      };
    };
    expect(await send({ zqPersonalToken: "zq-personal-0001" })).toEqual({
      authorization: "Bearer zq-personal-0001",
      key: null,
      secret: null,
    });
    expect(await send({ zqOauthToken: "zq-oauth-token-0001" })).toEqual({
      authorization: "Bearer zq-oauth-token-0001",
      key: null,
      secret: null,
    });
    expect(await send({ zqKeyValue: "zq-key-value-0001", zqSecretValue: "zq-secret-value-0001" })).toEqual({
      authorization: null,
      key: "zq-key-value-0001",
      secret: "zq-secret-value-0001",
    });
    expect(authPlacement(tool.auth)).toBe("bearer | bearer | header:X-Zq-Key + header:X-Zq-Secret");
  });

  it("refuse a call that completes no way, naming the others", async () => {
    const tool = (await toolsOf(ALTERNATIVES, ALTERNATIVE_PARAMS)).zqauth_list_widgets as ToolSpec;
    const { seen, fetch } = recorder();
    const result = await executeToolDefinition(
      tool,
      { zqKeyValue: "zq-key-value-0001" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "zqPersonalToken",
        message: "zqPersonalToken: is required; or instead give zqOauthToken; or zqKeyValue and zqSecretValue",
      },
    });
    expect(seen).toHaveLength(0);
  });

  it("make every credential parameter optional", async () => {
    const result = await linked(
      ALTERNATIVES,
      ALTERNATIVE_PARAMS.replace(
        "secret: true, description: OAuth",
        "secret: true, required: true, description: OAuth",
      ),
    );
    expect(result).toEqual({
      problems: [
        'params.zqOauthToken.required: the credential parameter "zqOauthToken" must be required: ' +
          "false when auth.alternatives are declared (a call gives one way to authenticate)",
      ],
    });
  });

  it("are narrowed to the ways each operation accepts", async () => {
    const op =
      "  zqauth_get_widget:\n    operationId: getWidget\n    title: Get widget\n    description: " +
      "Get one.\n    params:\n      id: { type: string, maxLength: 40, required: true, description: Id., wire: " +
      '{ in: path } }\n    outputs:\n      id: { type: string, from: "$response.body#/id", description: Id. }\n';
    const tools = await toolsOf(ALTERNATIVES, ALTERNATIVE_PARAMS, op);
    expect(tools.zqauth_get_widget?.auth).toEqual({
      type: "header",
      name: "X-Zq-Key",
      param: "zqKeyValue",
      also: [{ type: "header", name: "X-Zq-Secret", param: "zqSecretValue" }],
    });
    expect(tools.zqauth_list_widgets?.auth.alternatives).toHaveLength(2);
  });
});
