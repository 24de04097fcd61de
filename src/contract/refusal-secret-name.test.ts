// A refusal of an unknown parameter whose name holds a secret of the same
// input (the random inputs drew the key "toString" and the token "toString"):
// the runtime shows the name redacted, as it must, and the suite expects it so.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { expectRefused, secretsIn, showsValue } from "./call.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("an unknown parameter named like a secret of the input", () => {
  it("is expected redacted in the refusal; another unknown name, as it is", async () => {
    const doc = openapi({
      "/zqnotes": {
        get: {
          operationId: "listZqnotes",
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
        },
      },
    });
    const [tool] = await linkedTools(drafted(doc, ["listZqnotes"], "zqnotes"), "zqnotes");
    if (!tool) throw new Error("no tool linked");
    const refusal = async (input: Record<string, unknown>, param: string) => {
      const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9" });
      const called = { input, result, exchanges: [] };
      try {
        expectRefused(called, { param, rule: "unknown", secrets: secretsIn(tool, input) });
        return "ok";
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(await refusal({ accessToken: "zqsecret", zqsecret: "a" }, "zqsecret")).toBe("ok");
    expect(await refusal({ accessToken: "zqsecret-token", zqother: "a" }, "zqother")).toBe("ok");
  });
});

describe("a refused value that holds a secret of the input in another letter case", () => {
  it(
    "is expected redacted, as the runtime redacts letter case aside (a drawn token prototype, a value " +
      "Prototypeaa)",
    async () => {
      const doc = openapi({
        "/zqnotes": {
          get: {
            operationId: "listZqnotes",
            parameters: [{ name: "cursor", in: "query", schema: { type: "string", maxLength: 12 } }],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
          },
        },
      });
      const [tool] = await linkedTools(drafted(doc, ["listZqnotes"], "zqnotes"), "zqnotes");
      if (!tool) throw new Error("no tool linked");
      const input = { accessToken: "zqsecret", cursor: "ZQSECRET-too-long" };
      const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9" });
      expect(() =>
        expectRefused(
          { input, result, exchanges: [] },
          { param: "cursor", rule: "maxLength", value: input.cursor, secrets: secretsIn(tool, input) },
        ),
      ).not.toThrow();
    },
  );
});

describe("a secret given a value of another type (true, a number)", () => {
  it("is refused without its value, not found in a provider's name that holds its text", async () => {
    const doc = openapi({
      "/zqnotes": {
        get: {
          operationId: "listZqnotes",
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
        },
      },
    });
    // A provider whose name starts with "true": the refusal names it, and `true` was the secret given.
    const [tool] = await linkedTools(drafted(doc, ["listZqnotes"], "truezq7"), "truezq7");
    if (!tool) throw new Error("no tool linked");
    for (const value of [true, 7]) {
      const input = { accessToken: value };
      const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9" });
      expect(() =>
        expectRefused({ input, result, exchanges: [] }, { param: "accessToken", rule: "type", value, secret: true }),
      ).not.toThrow();
    }
    expect(showsValue('{"message":"accessToken: got 7"}', 7)).toBe(true);
    expect(showsValue('{"message":"accessToken: got true"}', true)).toBe(true);
  });
});
