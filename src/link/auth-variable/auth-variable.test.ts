// A credential carried in the address (`https://api.zqbots.test/bot{token}`): a document that declares no
// security scheme and whose server's path has a variable named or described as a token is drafted with
// `auth.variable`, the token a secret parameter; the link places it in the path and nowhere else, and the
// runtime fills it there last, refusing a call without it before any request. Before, the token was drafted
// as a plain connection input (user-only, not secret, shown in messages) beside a made-up bearer token.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { server } from "../../../test-support/runtime/loopback-server.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const TOKEN = "424242:ZQ-secret_token@value.0123";
/** The token in every form a text may hold it: as written, percent-encoded (a URL's), JSON-escaped. */
const FORMS = [TOKEN, encodeURIComponent(TOKEN), TOKEN.replace(":", "%3A"), JSON.stringify(TOKEN).slice(1, -1)];

function bots(variables: Json, url = "https://api.zqbots.test/bot{token}"): Json {
  const document = openapi(
    {
      "/zqPing": {
        post: {
          operationId: "zqPing",
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { note: { type: "string", maxLength: 20 } } },
              },
            },
          },
          responses: {
            "200": reply({ type: "object", properties: { ok: { type: "boolean" }, id: { type: "integer" } } }),
            "400": reply({ type: "object", properties: { ok: { type: "boolean" }, description: { type: "string" } } }),
          },
        },
      },
    },
    {},
    { servers: [{ url, variables }], security: [] },
  );
  // As such documents publish it: no security scheme, no security requirement.
  delete document.components.securitySchemes;
  delete document.security;
  return document;
}

const described = bots({ token: { default: "1234:AAbbcc", description: "The bot's unique authentication token." } });

describe("a credential carried in the address (auth.variable)", () => {
  it("is drafted as the address's variable filled by a secret parameter, no scheme made up; it links", async () => {
    const d = drafted(described, ["zqPing"]);
    expect(d.manifest.auth).toEqual({ variable: "token", param: "token" });
    expect(d.manifest.server).toEqual({ url: "https://api.zqbots.test/bot{token}" });
    expect(d.manifest.params?.token).toMatchObject({ type: "string", required: true, secret: true });
    expect(d.manifest.params?.token?.default).toBeUndefined();
    expect(d.openapiText).not.toContain("bearerAuth");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is recognised by its description too, and not for a variable that is no credential (a version)", () => {
    expect(
      drafted(
        bots({ secret_part: { default: "x", description: "Your API key." } }, "https://api.zqbots.test/{secret_part}"),
        ["zqPing"],
      ).manifest.auth,
    ).toEqual({ variable: "secret_part", param: "secretPart" });
    const version = drafted(bots({ version: { default: "v1" } }, "https://api.zqbots.test/{version}"), ["zqPing"]);
    expect(version.manifest.auth.variable).toBeUndefined();
    expect(version.manifest.server.variables).toEqual({ version: "version" });
  });

  it(
    "puts the token in the path only, and no error or result shows it in any encoding; " +
      "a call without it is refused before any request",
    async () => {
      const [tool] = (await linkedTools(drafted(described, ["zqPing"]))) as [ToolSpec];
      expect(tool.auth).toEqual({ type: "path", name: "token", param: "token", pchar: true });
      // The upstream echoes the address it was sent to in its error, as some do.
      const upstream = await server((req) =>
        req.body.includes("fail")
          ? { status: 400, body: JSON.stringify({ ok: false, description: `bad request to ${req.url}` }) }
          : { status: 200, body: '{"ok":true,"id":7}' },
      );
      try {
        const ok = await executeToolDefinition(tool, { token: TOKEN, note: "hi" }, { baseUrl: upstream.url });
        expect(ok).toMatchObject({ success: true, output: { metadata: { id: 7 } } });
        expect(upstream.received[0]?.url).toBe(`/bot${TOKEN}/zqPing`);
        expect(JSON.stringify(upstream.received[0]?.headers)).not.toContain(TOKEN);
        expect(upstream.received[0]?.body).toBe('{"note":"hi"}');
        const failed = await executeToolDefinition(tool, { token: TOKEN, note: "fail" }, { baseUrl: upstream.url });
        expect(failed.success).toBe(false);
        const shown = JSON.stringify(failed);
        expect(shown).toContain("bad request to /bot");
        for (const form of FORMS) expect(shown).not.toContain(form);
        const missing = await executeToolDefinition(tool, { note: "hi" }, { baseUrl: upstream.url });
        expect(missing).toMatchObject({ success: false, error: { type: "validation", param: "token" } });
        expect(JSON.stringify(missing)).toContain("token: is required");
        expect(upstream.received).toHaveLength(2);
      } finally {
        await upstream.close();
      }
    },
  );

  it(
    "is drafted from a variable every operation's path starts with (`/bot{token}/…`), " +
      "not drafted as a path parameter; it links and sends the token there, percent-encoded as the document's path " +
      "parameter is written (':' and '@' too), or with them raw where each operation's allows reserved characters",
    async () => {
      const inPaths = bots({}, "https://api.zqbots.test");
      const paths = inPaths.paths as Json;
      paths["/bot{token}/zqPing"] = paths["/zqPing"];
      delete paths["/zqPing"];
      paths["/bot{token}/zqPing"].post.parameters = [
        { name: "token", in: "path", required: true, schema: { type: "string" }, description: "The bot's token." },
      ];
      const d = drafted(inPaths, ["zqPing"]);
      expect(d.manifest.auth).toEqual({ variable: "token", param: "token" });
      expect(d.manifest.server).toEqual({ default: "https://api.zqbots.test" });
      expect(Object.keys(d.manifest.operations.acme_zq_ping?.params ?? {})).toEqual(["note"]);
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = (await linkedTools(d)) as [ToolSpec];
      expect(tool.auth).toEqual({ type: "path", name: "token", param: "token" });
      paths["/bot{token}/zqPing"].post.parameters[0].allowReserved = true;
      const [reserved] = (await linkedTools(drafted(inPaths, ["zqPing"]))) as [ToolSpec];
      expect(reserved.auth).toEqual({ type: "path", name: "token", param: "token", pchar: true });
      const upstream = await server(() => ({ status: 200, body: '{"ok":true,"id":7}' }));
      try {
        expect(
          await executeToolDefinition(tool, { token: TOKEN, note: "hi" }, { baseUrl: upstream.url }),
        ).toMatchObject({
          success: true,
        });
        expect(upstream.received[0]?.url).toBe(`/bot${TOKEN.replace(":", "%3A").replace("@", "%40")}/zqPing`);
        await executeToolDefinition(reserved, { token: TOKEN, note: "hi" }, { baseUrl: upstream.url });
        expect(upstream.received[1]?.url).toBe(`/bot${TOKEN}/zqPing`);
      } finally {
        await upstream.close();
      }
    },
  );

  it("is refused by the link in the host, or where the address has no such variable, naming the rule", async () => {
    const d = drafted(described, ["zqPing"]);
    const inHost = {
      ...d,
      manifestText: d.manifestText.replace(
        "url: https://api.zqbots.test/bot{token}",
        "url: https://{token}.zqbots.test/bot",
      ),
    };
    expect((await linkProblems(inHost)).join("\n")).toMatch(/server\.url must be|in the host/);
    const elsewhere = { ...d, manifestText: d.manifestText.replace("variable: token", "variable: tokn") };
    expect((await linkProblems(elsewhere)).join("\n")).toContain("{tokn} is no variable of the path of server.url");
  });
});
