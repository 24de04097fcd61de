// An address made of the document's server variables (`server.url`, `server.variables`): each call's address is the
// template filled with its inputs' values, going only to the hosts derived from the template; an input that could
// send the credential elsewhere (a model could set it, no enum or pattern, values the document does not list), a
// template other than the document's server, and a variable no parameter fills, are refused at generate.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = (url: string, variables: Record<string, unknown>) => ({
  ...openapi({
    "/zq-messages": {
      get: {
        operationId: "listMessages",
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  }),
  servers: [{ url, variables }],
});
const tenant = doc("https://{zq_tenant}.zq-chat.example/api/v1", { zq_tenant: { default: "example" } });
const regional = doc("https://api.{zq_region}.zq-chat.example", { zq_region: { default: "eu", enum: ["eu", "us"] } });

async function sent(tool: ToolSpec, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "m1" }));
  const result = await executeToolDefinition(tool, { accessToken: "zq-token-0001", ...params }, { fetch });
  return { result, url: seen[0]?.url };
}

describe("an address made of server variables", () => {
  it("goes to the template filled with the inputs' values, or their defaults", async () => {
    const [tool] = await linkedTools(drafted(tenant, ["listMessages"]));
    expect((await sent(tool!, { zqTenant: "acme" })).url).toBe("https://acme.zq-chat.example/api/v1/zq-messages");
    expect((await sent(tool!, {})).url).toBe("https://example.zq-chat.example/api/v1/zq-messages");
    const [region] = await linkedTools(drafted(regional, ["listMessages"]));
    expect((await sent(region!, { zqRegion: "us" })).url).toBe("https://api.us.zq-chat.example/zq-messages");
  });

  it(
    "with a base address given at call time (a mock, a sandbox), keeps the path the call's variables make (a " +
      "version), not the default's",
    async () => {
      const versioned = doc("https://api.zq-figures.example/{zq_version}", {
        zq_version: { default: "v1", enum: ["v1", "v2", "v3"] },
      });
      const [tool] = await linkedTools(drafted(versioned, ["listMessages"]));
      const { fetch, seen } = scriptedFetch(json(200, { id: "m1" }), json(200, { id: "m2" }));
      await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", zqVersion: "v3" },
        { fetch, baseUrl: "http://127.0.0.1:9" },
      );
      await executeToolDefinition(tool!, { accessToken: "zq-token-0001" }, { fetch, baseUrl: "http://127.0.0.1:9" });
      expect(seen.map((r) => r.url)).toEqual([
        "http://127.0.0.1:9/v3/zq-messages",
        "http://127.0.0.1:9/v1/zq-messages",
      ]);
    },
  );

  it(
    "a path variable whose value holds ':' or '@' (a bot token, `/bot123456:ABC`): " +
      "drafted with the document's default, sent as it is, not percent-encoded",
    async () => {
      const botted = doc("https://api.zq-bots.example/bot{zq_token}", {
        zq_token: { default: "123456:ABC-zq", description: "The bot's token." },
      });
      const d = drafted(botted, ["listMessages"]);
      expect(d.manifest.params?.zqToken).toMatchObject({ default: "123456:ABC-zq" });
      expect(d.manifest.params?.zqToken?.required).toBeUndefined();
      const [tool] = await linkedTools(d);
      expect((await sent(tool!, { zqToken: "654321:XYZ@zq" })).url).toBe(
        "https://api.zq-bots.example/bot654321:XYZ@zq/zq-messages",
      );
      expect((await sent(tool!, {})).url).toBe("https://api.zq-bots.example/bot123456:ABC-zq/zq-messages");
      expect((await sent(tool!, { zqToken: "a/b" })).result).toMatchObject({ success: false });
    },
  );

  it(
    "refuses a value that would make another host before any request: by the input's own rules, " +
      "and by the derived hosts",
    async () => {
      const [tool] = await linkedTools(drafted(tenant, ["listMessages"]));
      const refused = await sent(tool!, { zqTenant: "evil.example/x" });
      expect(refused.url).toBeUndefined();
      expect(refused.result).toMatchObject({
        success: false,
        error: { type: "validation", param: "zqTenant", rule: "pattern" },
      });
      // A pattern too loose to keep the host (written by hand): the hosts derived from the template still do.
      const loose = {
        ...tool!,
        params: tool!.params.map((p) => (p.name === "zqTenant" ? { ...p, pattern: "^.+$" } : p)),
      };
      const elsewhere = await sent(loose, { zqTenant: "a.evil.example" });
      expect(elsewhere.url).toBeUndefined();
      expect(elsewhere.result).toMatchObject({ success: false, error: { param: "zqTenant", rule: "host" } });
      expect(!elsewhere.result.success && elsewhere.result.error.message).toBe(
        "zqTenant: the address they make (https://a.evil.example.zq-chat.example) " +
          "names a host the address template does not allow (*.zq-chat.example)",
      );
    },
  );

  it(
    "is refused at generate when an input could send the credential elsewhere, " +
      "the template is not the document's, or a variable has no input",
    async () => {
      const d = drafted(regional, ["listMessages"]);
      const problems = (from: string, to: string) =>
        linkProblems({ ...d, manifestText: d.manifestText.replace(from, to) });
      expect(await problems("    visibility: user-only\n", "")).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`params\.zqRegion: parameter "zqRegion" fills server variable \{zq_region\}, which decides ` +
              "where the credential goes: it must be visibility: user-only",
          ),
        ),
      ]);
      expect(await problems("enum: [ eu, us ]", "enum: [ eu, us, cn ]")).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`params\.zqRegion\.enum: \["cn"\] is not among the values specs\/acme\/openapi\.yaml lists ` +
              String.raw`for server variable \{zq_region\} \(eu, us\)`,
          ),
        ),
      ]);
      expect(
        await problems("url: https://api.{zq_region}.zq-chat.example", "url: https://api.{zq_region}.zq-chat.test"),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`server\.url: server\.url must be specs\/acme\/openapi\.yaml's first server URL as written ` +
              String.raw`\("https:\/\/api\.\{zq_region\}\.zq-chat\.example"\)`,
          ),
        ),
      ]);
      expect(await problems("    zq_region: zqRegion\n", "    zq_other: zqRegion\n")).toEqual([
        expect.stringMatching(
          /server\.variables: the address template has variable \{zq_region\}: name the parameter that fills it/,
        ),
        expect.stringMatching(/server\.variables\.zq_other: \{zq_other\} is no variable of the address template/),
      ]);
    },
  );
});
