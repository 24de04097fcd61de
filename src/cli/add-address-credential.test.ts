// A published document whose credential travels in the server's path — TGScraper's OpenAPI document of a chat
// bot API (`https://api.telegram.org/bot{token}`, no security scheme; src/import/__fixtures__/published/
// SOURCES.yaml) — through add, generate, test and call with no hand edit: the token is drafted as the
// credential the address carries (auth.variable), the contract suite passes on the mocks, and `call` against a
// loopback recorder puts it in the path while nothing it prints shows it. Before, the token was a plain,
// shown connection input beside a made-up bearer token, which the calls sent as `Authorization: Bearer`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const PUBLISHED = new URL("../import/__fixtures__/published/telegram-bot-api.yaml.gz", import.meta.url);
const tmp = mkdtempSync(join(runScratch(), "blockwright-address-credential-"));
const TOKEN = "987654:ZQ-bot_token-abcdefghij0123";
/** Every form a printed text may hold the token in: as written, percent-encoded (an address's), JSON-escaped. */
const FORMS = [TOKEN, encodeURIComponent(TOKEN), TOKEN.replace(":", "%3A")];
let dir: string;

beforeAll(async () => {
  dir = runtimeProject(join(tmp, "project"), "specs");
  writeFileSync(join(tmp, "botapi_openapi.yaml"), gunzipSync(readFileSync(PUBLISHED)));
  const added = await cli(
    ["add", "zqbots", "--from", join(tmp, "botapi_openapi.yaml"), "--operations", "/getMe,/getWebhookInfo"],
    { cwd: dir },
  );
  expect(added.code, added.stderr).toBe(0);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a published document whose server path carries the token", () => {
  it(
    "is drafted with auth.variable and a secret token, no " + "scheme added; the contract suite passes with no edit",
    async () => {
      const manifest = readFileSync(join(dir, "specs/zqbots/manifest.yaml"), "utf8");
      expect(manifest).toContain("url: https://api.telegram.org/bot{token}\n");
      expect(manifest).toMatch(/auth:\n {2}variable: token\n {2}param: token\n/);
      expect(manifest).toMatch(
        / {2}token:\n {4}type: string\n {4}title: token\n {4}required: true\n {4}secret: true\n/,
      );
      expect(readFileSync(join(dir, "specs/zqbots/openapi.yaml"), "utf8")).not.toContain("securitySchemes");
      // The project's own mocks, not the suite's shared ones (of the repository's providers).
      // Ten random inputs a property, not a hundred: both operations' one input is a free object body, and every draw's
      // address carries the same token, what this file is about.
      const r = await cli(["test", "zqbots", "--runs", "10"], {
        cwd: dir,
        startMocks: (providers, options) => startMocks(providers, options),
      });
      expect(r.code, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/zqbots +\d+ cases +\d+ passed +0 failed/);
    },
  );

  it(
    "call puts the token in the path against a loopback recorder; no output, error or progress shows it; " +
      "without it, refused before any request",
    async () => {
      const upstream = await server((req) =>
        req.url.includes("getMe")
          ? { status: 200, body: '{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"zq"}}' }
          : {
              status: 401,
              body: JSON.stringify({ ok: false, error_code: 401, description: `Unauthorized at ${req.url}` }),
            },
      );
      const env = { ZQ_BOT_TOKEN: TOKEN };
      try {
        const ok = await cli(
          ["call", "zqbots_get_me", "--param", "token={{ZQ_BOT_TOKEN}}", "--base-url", upstream.url],
          { cwd: dir, env },
        );
        expect(ok.code, ok.stderr).toBe(0);
        expect(upstream.received[0]?.url).toBe(`/bot${TOKEN}/getMe`);
        expect(JSON.stringify(upstream.received[0]?.headers)).not.toContain(TOKEN);
        const refused = await cli(
          ["call", "zqbots_get_webhook_info", "--param", "token={{ZQ_BOT_TOKEN}}", "--base-url", upstream.url],
          { cwd: dir, env },
        );
        expect(refused.code).not.toBe(0);
        expect(refused.stdout).toContain("Unauthorized at /bot");
        for (const shown of [ok.stdout + ok.stderr, refused.stdout + refused.stderr])
          for (const form of FORMS) expect(shown).not.toContain(form);
        // verify --record: the recordings and the report hold the path with the token withheld.
        const verified = await cli(
          [
            "verify",
            "zqbots",
            "--base-url",
            upstream.url,
            "--param",
            "token={{ZQ_BOT_TOKEN}}",
            "--interval",
            "0",
            "--allow-writes",
            "zqbots_get_me",
            "--allow-writes",
            "zqbots_get_webhook_info",
            "--record",
            "recordings",
            "--json",
          ],
          { cwd: dir, env },
        );
        expect(
          upstream.received.filter((q) => q.url === `/bot${TOKEN}/getMe`).length,
          verified.stdout + verified.stderr,
        ).toBeGreaterThan(1);
        const recorded = readdirSync(join(dir, "recordings/zqbots"), { recursive: true })
          .map(String)
          .filter((f) => f.endsWith(".json"));
        expect(recorded.length).toBeGreaterThan(0);
        const kept = recorded.map((f) => readFileSync(join(dir, "recordings/zqbots", f), "utf8")).join("\n");
        expect(kept).toContain("/bot");
        for (const form of FORMS) expect(kept + verified.stdout + verified.stderr).not.toContain(form);
        const before = upstream.received.length;
        const missing = await cli(["call", "zqbots_get_me", "--base-url", upstream.url], { cwd: dir, env });
        expect(missing.code).toBe(1);
        expect(JSON.parse(missing.stdout)).toMatchObject({
          success: false,
          error: { type: "validation", param: "token", message: "token: is required" },
        });
        expect(upstream.received).toHaveLength(before);
      } finally {
        await upstream.close();
      }
    },
  );
});
