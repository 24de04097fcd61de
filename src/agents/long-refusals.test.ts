// A refusal prints so much of its rule (runtime/validate/rule-words.ts): published documents carry patterns of
// hundreds of characters (a text of `format: int64`, with its hint) and enums of hundreds of values (a discriminator
// of 283 kinds), which each refusal printed whole. A pattern with a hint now prints the hint, one without up to 80
// characters and `…`, an enum 12 values and how many more (with the values nearest a text given); the whole pattern
// stays in the error's `expected`. Through executeTool and the MCP tool error; `call` in src/cli/long-refusals.test.ts.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { createToolServer } from "./mcp-server.js";

const KEY = "zq-secret-key-1234";
// A pattern of 30 alternatives, 270 characters: a long one as published documents have.
const LONG_PATTERN = `^(?:${Array.from({ length: 30 }, (_, i) => `zqcode${String(i).padStart(2, "0")}`).join("|")})$`;
const KINDS = Array.from({ length: 300 }, (_, i) => `zqkind${String(i).padStart(3, "0")}`);
const HINT = "a zq code such as zqcode07";

const list = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_list_books")!.tool as ToolSpec;
const query = (name: string, limits: Partial<ParamSpec>) =>
  ({
    name,
    type: "string",
    title: name,
    description: name,
    required: false,
    secret: false,
    visibility: "user-or-llm",
    wire: { in: "query", name },
    ...limits,
  }) as ParamSpec;
const tool: ToolSpec = {
  ...list,
  params: [
    ...list.params,
    query("zqHinted", { pattern: LONG_PATTERN, patternHint: HINT }),
    query("zqBare", { pattern: LONG_PATTERN }),
    query("zqKind", { enum: KINDS }),
  ],
};
const first12 = KINDS.slice(0, 12).join(", ");

/** Each refusal's message and its structured fields, as executeTool and the MCP tool error give them. */
const REFUSALS = [
  {
    input: { zqHinted: "zqcode99" },
    message: `zqHinted: must be ${HINT}, got "zqcode99"`,
    fields: { param: "zqHinted", rule: "pattern", expected: LONG_PATTERN },
  },
  {
    input: { zqBare: "zqcode99" },
    message: `zqBare: must be a value matching ${LONG_PATTERN.slice(0, 80)}…, got "zqcode99"`,
    fields: { param: "zqBare", rule: "pattern", expected: LONG_PATTERN },
  },
  {
    input: { zqKind: "zqkind1234" },
    message:
      `zqKind: must be one of ${first12} and 288 more (nearest: zqkind123, zqkind124, zqkind134), ` +
      `got "zqkind1234"`,
    fields: { param: "zqKind", rule: "enum" },
  },
  {
    input: { zqKind: "other" },
    message: `zqKind: must be one of ${first12} and 288 more, got "other"`,
    fields: { param: "zqKind", rule: "enum" },
  },
];

describe("a refusal of a long rule", () => {
  it.each(REFUSALS)("prints a bounded rule through executeTool: $message", async ({ input, message, fields }) => {
    const sent: string[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.url);
      return new Response("{}");
    };
    const result = await executeToolDefinition(tool, { apiKey: KEY, shelfId: "s", ...input }, { fetch, retries: 0 });
    expect(result).toEqual({
      success: false,
      error: { type: "validation", provider: "shelf", operation: "shelf_list_books", message, ...fields },
    });
    expect(sent).toEqual([]);
  });

  it("prints a bounded rule in the MCP tool error, the whole pattern in its fields", async () => {
    const server = createToolServer({
      tools: [tool],
      version: "0",
      connection: () => ({ values: { apiKey: KEY }, missing: [] }),
      executeOptions: () => ({ retries: 0, secrets: [KEY], fetch: async () => new Response("{}") }),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "blockwright-test", version: "0" });
    await client.connect(b);
    try {
      for (const { input, message, fields } of REFUSALS) {
        const answer = (await client.callTool({ name: "shelf_list_books", arguments: { shelfId: "s", ...input } })) as {
          isError?: boolean;
          content: { text: string }[];
        };
        expect(answer.isError).toBe(true);
        const [said, json] = answer.content[0]!.text.split("\n\n");
        expect(said).toBe(message);
        expect(JSON.parse(json!).error).toMatchObject({ type: "validation", message, ...fields });
        // The enum is not listed whole anywhere in the error (the tool's schema lists it).
        expect(answer.content[0]!.text).not.toContain(KINDS[299]);
      }
    } finally {
      await client.close();
    }
  });
});
