// A secret a reply hands out (manifest output `secret`: a created key, a session token) never reaches the model: the
// MCP answer's structured result and its text withhold it, and the tool's declared output schema says so, so that a
// client validating the result against that schema (the SDK's Client does) accepts it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { REDACTED, type ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { createToolServer } from "./mcp-server.js";

const get = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool as ToolSpec;
const token = {
  path: "metadata.token",
  type: "string",
  description: "Session token.",
  optional: false,
  source: { expression: "$response.body#/token", ref: { kind: "body", pointer: ["token"] }, required: true },
  secret: true,
} as const;
const tool = { ...get, outputs: [...get.outputs, token] } as ToolSpec;
const HANDED = "zq_sess_4Hk9Pw2mXt7Lq";

describe("an MCP tool whose reply hands out a secret", () => {
  it("declares it withheld and answers it withheld, in the structured result and the text", async () => {
    const server = createToolServer({
      tools: [tool],
      version: "0",
      connection: () => ({ values: { apiKey: "zq_shelf_key_5Rt8wQ2n" }, missing: [] }),
      executeOptions: () => ({
        retries: 0,
        fetch: async () =>
          new Response(JSON.stringify({ id: "zq-b1", state: "ready", rank: 1, token: HANDED }), {
            headers: { "content-type": "application/json" },
          }),
      }),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "blockwright-test", version: "0" });
    await client.connect(b);
    try {
      const listed = await client.listTools();
      const schema = listed.tools[0]!.outputSchema as { properties: Record<string, { properties: object }> };
      expect(schema.properties.metadata!.properties).toMatchObject({ token: { type: "string", enum: [REDACTED] } });
      // The SDK's client validates structuredContent against the listed outputSchema: a mismatch throws here.
      const result = (await client.callTool({ name: "shelf_get_book", arguments: { bookId: "zq-b1" } })) as unknown as {
        isError?: boolean;
        content: { text: string }[];
        structuredContent: { metadata: { token: string }; book: { token: string } };
      };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.metadata.token).toBe(REDACTED);
      expect(result.structuredContent.book.token).toBe(REDACTED);
      expect(result.content[0]!.text).not.toContain(HANDED);
      expect(JSON.parse(result.content[0]!.text)).toMatchObject({ metadata: { token: REDACTED } });
    } finally {
      await client.close();
    }
  });
});
