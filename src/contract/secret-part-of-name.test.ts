// A secret's value drawn one step short of its minLength from its example (`refresh_...`, so `refresh`), refused as
// it must be with the value withheld: the suite read `refresh` in the parameter's own name `refresh_token` as the
// value shown, and failed the case (a published payments document's token endpoint). The names an error rightly gives
// show no value; a value shown beside them still fails.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { expectRefused, secretsIn } from "./call.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("a refused secret whose value is part of its own name", () => {
  it("passes when the value is withheld, and fails when the message shows it", async () => {
    const doc = openapi({
      "/zqtokens": {
        post: {
          operationId: "zqMakeToken",
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { refresh_token: { type: "string", example: "refresh_..." } },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
        },
      },
    });
    const [tool] = await linkedTools(drafted(doc, ["zqMakeToken"], "zqtok"), "zqtok");
    if (!tool) throw new Error("no tool linked");
    expect(tool.params.find((p) => p.name === "refresh_token")?.secret).toBe(true);
    const input = { accessToken: "zq-access-token-1", refresh_token: "refresh" };
    const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9" });
    const want = { param: "refresh_token", rule: "minLength", value: input.refresh_token, secret: true };
    const called = { input, result, exchanges: [] };
    expect(() => expectRefused(called, { ...want, secrets: secretsIn(tool, input) })).not.toThrow();
    if (result.success) throw new Error("the short secret was not refused");
    const shown = { ...result, error: { ...result.error, message: `${result.error.message}: refresh` } };
    expect(() => expectRefused({ ...called, result: shown }, want)).toThrow(/shows its value/);
  });
});
