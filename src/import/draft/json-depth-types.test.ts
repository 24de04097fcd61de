// A JSON parameter's value typed in the generated package as the IR records it (json-depth.test.ts: the runtime's
// check of the same): a list's items and an object's fields (those it must have required, null where taken, enums),
// a union of objects naming its shape by a field as a TypeScript discriminated union, other keys only where the
// document takes them. A consumer compiled under the project's options (strict) takes a value of the document's shape
// and refuses, at compile time, what the runtime would refuse at the call; the package's declarations compile too.
// Without it the values' insides were `unknown` and every wrong line below compiled.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { executeToolDefinition } from "@blockwright/runtime";
import { inputSchema } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { typeCheckMessages } from "../../../test-support/type-check.js";
import { generate } from "../../emit/generate-all.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const ok = { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) };
const post = (path: string, operationId: string, schema: unknown) => ({
  [path]: {
    post: { operationId, requestBody: { required: true, content: { "application/json": { schema } } }, responses: ok },
  },
});
const action = (type: string, fields: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  required: ["type", ...required],
  properties: { type: { type: "string", enum: [type] }, ...fields },
});
const document = openapi(
  {
    ...post("/zqtokens", "putZqTokens", {
      type: "object",
      required: ["zqTokens"],
      properties: {
        zqTokens: {
          type: "array",
          items: {
            type: "object",
            required: ["zqContract"],
            properties: {
              zqContract: text,
              zqKind: { type: "string", enum: ["ZQ721", "ZQ1155"] },
              zqNote: { type: "string", nullable: true },
              zqAnything: {},
              zqTraits: { type: "array", items: { type: "object", properties: { zqRank: { type: "integer" } } } },
            },
          },
        },
        zqLabels: {
          type: "object",
          properties: { zqColour: text },
          additionalProperties: { type: "string" },
        },
      },
    }),
    ...post("/zqhooks", "createZqHook", {
      type: "object",
      required: ["zqAction"],
      properties: {
        zqAction: {
          oneOf: [
            action("ZqQueue", { queue: text, delaySeconds: { type: "integer", minimum: 0 } }, ["queue"]),
            action("ZqEmail", { to: { type: "array", items: text } }, ["to"]),
            action("ZqNone", {}),
          ],
        },
      },
    }),
    // A field of a discriminated base (no union of its own): one of the kinds its mapping names.
    ...post("/zqpets", "addZqPet", {
      type: "object",
      required: ["zqPet"],
      properties: { zqOwner: text, zqPet: { $ref: "#/components/schemas/ZqPet" } },
    }),
  },
  {
    schemas: {
      ZqPet: {
        type: "object",
        required: ["petType"],
        properties: { petType: text, name: text },
        discriminator: {
          propertyName: "petType",
          mapping: { cat: "#/components/schemas/ZqCat", dog: "#/components/schemas/ZqDog" },
        },
      },
      ZqCat: {
        allOf: [
          { $ref: "#/components/schemas/ZqPet" },
          { type: "object", required: ["meows"], properties: { meows: { type: "boolean" } } },
        ],
      },
      ZqDog: {
        allOf: [{ $ref: "#/components/schemas/ZqPet" }, { type: "object", properties: { barks: { type: "integer" } } }],
      },
    },
  },
);

const OPERATIONS = ["putZqTokens", "createZqHook", "addZqPet"];

/** The drafted package written out, and a consumer of it with these lines; TypeScript's messages about both. */
async function compiled(lines: string[]): Promise<string[]> {
  const d = drafted(document, OPERATIONS, "zqtyped");
  expect(await linkProblems(d, "zqtyped")).toEqual([]);
  const specsDir = join(draftWorkFolder, "typed", "specs");
  mkdirSync(join(specsDir, "zqtyped"), { recursive: true });
  writeFileSync(join(specsDir, "zqtyped", "openapi.yaml"), d.openapiText);
  writeFileSync(join(specsDir, "zqtyped", "manifest.yaml"), d.manifestText);
  const outDir = join(draftWorkFolder, "typed", "generated");
  const { files } = await generate({ root, specsDir, outDir });
  for (const [path, content] of files) {
    mkdirSync(join(outDir, path, ".."), { recursive: true });
    writeFileSync(join(outDir, path), content);
  }
  const consumer = join(outDir, "consumer.mts");
  const head = [
    "import type {",
    "  ZqtypedPutZqTokensParams,",
    "  ZqtypedCreateZqHookParams,",
    "  ZqtypedAddZqPetParams,",
    '} from "./zqtyped/index.js";',
    'type Tokens = Omit<ZqtypedPutZqTokensParams, "accessToken">;',
    'type Hook = Omit<ZqtypedCreateZqHookParams, "accessToken">;',
    'type Pet = Omit<ZqtypedAddZqPetParams, "accessToken">;',
  ];
  writeFileSync(consumer, [...head, ...lines, ""].join("\n"));
  return typeCheckMessages([join(outDir, "zqtyped/index.d.ts"), consumer]);
}

describe("a JSON parameter's value, typed in the generated package as the IR records it", () => {
  it("takes a value of the document's shape and refuses, at compile time, one the runtime refuses", async () => {
    const messages = await compiled([
      // Of the document's shape: a required field, an enum's value, null where taken, a field of any value, a
      // nested list's object, the open object's other keys; each shape of the union by its tag.
      "export const tokens: Tokens = {",
      "  zqTokens: [",
      '    { zqContract: "0xzq", zqKind: "ZQ721", zqNote: null, zqAnything: [1], zqTraits: [{ zqRank: 2 }] },',
      '    { zqContract: "0xzq" },',
      "  ],",
      '  zqLabels: { zqColour: "red", zqOther: "any" },',
      "};",
      "export const hooks: Hook[] = [",
      '  { zqAction: { type: "ZqQueue", queue: "zq-jobs", delaySeconds: 30 } },',
      '  { zqAction: { type: "ZqEmail", to: ["zq@example.com"] } },',
      '  { zqAction: { type: "ZqNone" } },',
      "];",
      // The compiler narrows by the tag.
      "export function queueOf(hook: Hook): string | undefined {",
      '  return hook.zqAction.type === "ZqQueue" ? hook.zqAction.queue : undefined;',
      "}",
      "export const refused: Tokens[] = [",
      "  // @ts-expect-error an item of another kind (a text where objects are typed)",
      '  { zqTokens: ["0xzq01"] },',
      "  // @ts-expect-error a required field left out",
      '  { zqTokens: [{ zqKind: "ZQ721" }] },',
      "  // @ts-expect-error a value of no enum member",
      '  { zqTokens: [{ zqContract: "0xzq", zqKind: "ZQ20" }] },',
      "  // @ts-expect-error a mistyped field two levels down",
      '  { zqTokens: [{ zqContract: "0xzq", zqTraits: [{ zqRank: "high" }] }] },',
      "  // @ts-expect-error a field the document does not name, in a closed object",
      '  { zqTokens: [{ zqContract: "0xzq", zqContrakt: "typo" }] },',
      "];",
      "export const refusedHooks: Hook[] = [",
      "  // @ts-expect-error a tag naming no shape",
      '  { zqAction: { type: "Bogus" } },',
      "  // @ts-expect-error the shape its tag names lacks a field it must have",
      '  { zqAction: { type: "ZqQueue" } },',
      "  // @ts-expect-error another shape's field: the tag names the shape",
      '  { zqAction: { type: "ZqEmail", queue: "zq-jobs" } },',
      "];",
      // A field of a discriminated base: each kind its mapping names, by the tag's value.
      "export const pets: Pet[] = [",
      '  { zqPet: { petType: "cat", meows: true } },',
      '  { zqPet: { petType: "dog", barks: 2 } },',
      "];",
      "export const refusedPets: Pet[] = [",
      "  // @ts-expect-error a kind lacking a field it must have",
      '  { zqPet: { petType: "cat", name: "Zq" } },',
      "  // @ts-expect-error a value naming no kind",
      '  { zqPet: { petType: "cow" } },',
      "];",
    ]);
    expect(messages).toEqual([]);
  });

  it("is shown to models (MCP, Anthropic) with the same insides, as deep as the IR records them", async () => {
    const tools = await linkedTools(drafted(document, OPERATIONS, "zqtyped"), "zqtyped");
    const [tokens, hook] = ["zqtyped_put_zq_tokens", "zqtyped_create_zq_hook"].map((id) =>
      inputSchema(tools.find((t) => t.id === id)!),
    );
    expect(tokens!.properties.zqTokens!.items).toEqual({
      type: "object",
      properties: {
        zqContract: { type: "string" },
        zqKind: { type: "string", enum: ["ZQ721", "ZQ1155"] },
        zqNote: { type: ["string", "null"] },
        zqAnything: {},
        zqTraits: { type: "array", items: { type: "object", properties: { zqRank: { type: "integer" } } } },
      },
      required: ["zqContract"],
    });
    const action = hook!.properties.zqAction!;
    expect(action.type).toBe("object");
    expect(action.anyOf?.map((shape) => [shape.properties?.type, shape.required])).toEqual([
      [{ type: "string", enum: ["ZqQueue"] }, ["type", "queue"]],
      [{ type: "string", enum: ["ZqEmail"] }, ["type", "to"]],
      [{ type: "string", enum: ["ZqNone"] }, ["type"]],
    ]);
    expect(action.anyOf?.[0]?.properties?.delaySeconds).toEqual({ type: "integer", minimum: 0 });
  });

  it("refuses, before any request, a field of a discriminated base that is none of its kinds", async () => {
    const tools = await linkedTools(drafted(document, OPERATIONS, "zqtyped"), "zqtyped");
    const tool = tools.find((t) => t.id === "zqtyped_add_zq_pet")!;
    const send = async (zqPet: unknown) => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
      const result = await executeToolDefinition(
        tool,
        { accessToken: "zq-token-0000000001", zqPet },
        { baseUrl: "https://api.acme.test", retries: 0, fetch },
      );
      return { message: result.success ? "sent" : result.error.message, sent: seen.length };
    };
    expect(await send({ petType: "cow" })).toEqual({
      message: expect.stringContaining('zqPet.petType: must be one of cat, dog, got "cow"'),
      sent: 0,
    });
    expect(await send({ petType: "cat", name: "Zq" })).toEqual({
      message: expect.stringContaining("zqPet.meows: is required"),
      sent: 0,
    });
    expect(await send({ petType: "dog", barks: 2 })).toEqual({ message: "sent", sent: 1 });
  });
});
