// A map of texts named as holding secrets (`AuthParameters`, an object's `secret` volume) given on the command line:
// each value is a secret field, so each must be a reference to an environment variable, resolved from it; a literal
// is refused naming its place, and never echoed. The tool is linked from a drafted document, as a user's is.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { resolveNestedReferences } from "./references.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const texts = { type: "object", additionalProperties: { type: "string" } };
const doc = openapi({
  "/zqlogins": {
    post: {
      operationId: "zqStartLogin",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                AuthParameters: texts,
                zqVolume: { type: "object", properties: { secret: texts } },
                zqEnvironment: texts,
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object" }, {}) },
    },
  },
});

describe("a map of secrets given on the command line", async () => {
  const tool = (await linkedTools(drafted(doc, ["zqStartLogin"]))).find(
    (t) => t.operationId === "zqStartLogin",
  ) as ToolSpec;
  const env = { ZQ_PASSWORD: "zq-Pa55word-0042", ZQ_VOLUME_KEY: "enEtdm9sdW1lLTAwNDU=" };

  it("resolves each value from its reference; a map named for anything else is taken as given", () => {
    const given = {
      AuthParameters: { ZQ_USER: "{{ZQ_USER}}", ZQ_PASSWORD: "{{ZQ_PASSWORD}}" },
      zqVolume: JSON.stringify({ secret: { "zq.key": "{{ZQ_VOLUME_KEY}}" } }),
      zqEnvironment: { ZQ_MODE: "zq-literal" },
    };
    resolveNestedReferences(given, tool.params, { ...env, ZQ_USER: "zq-ann" });
    expect(given.AuthParameters).toEqual({ ZQ_USER: "zq-ann", ZQ_PASSWORD: env.ZQ_PASSWORD });
    expect(given.zqVolume).toEqual({ secret: { "zq.key": env.ZQ_VOLUME_KEY } });
    expect(given.zqEnvironment).toEqual({ ZQ_MODE: "zq-literal" });
  });

  it("refuses a literal value, naming its place, without echoing it", () => {
    for (const [given, place] of [
      [{ AuthParameters: { ZQ_PASSWORD: "zq-literal-0043" } }, "AuthParameters.ZQ_PASSWORD"],
      [{ zqVolume: { secret: { zqKey: "zq-literal-0043" } } }, "zqVolume.secret.zqKey"],
    ] as const) {
      const refused = (() => {
        try {
          resolveNestedReferences({ ...given }, tool.params, env);
        } catch (e) {
          return e as Error & { code?: string };
        }
        return undefined;
      })();
      expect(refused?.code).toBe("BW3008");
      expect(refused?.message).toContain(`${place} is a secret: pass it as a reference`);
      expect(refused?.message).not.toContain("zq-literal-0043");
    }
  });
});
