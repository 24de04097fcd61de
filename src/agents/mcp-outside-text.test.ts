// An MCP tool's answer carries the upstream's text (an error's message, an output's values), and a client may print
// it to a terminal: the server escapes its control characters (a terminal's escape sequences, C1 controls, bidi
// overrides) in the message line and in the JSON, which stays the same JSON; the secret stays redacted.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { createToolServer } from "./mcp-server.js";

const list = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_list_books")!.tool as ToolSpec;
const KEY = "zq_shelf_key_5Rt8wQ2n";
// ESC [31m (a colour), CSI as one C1 character, a right-to-left override, and the key the upstream echoes.
const OUTSIDE = `zq \u001b[31mred \u009b2J \u202Ereversed ${KEY}`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e]/;

async function answer(status: number, body: unknown) {
  const server = createToolServer({
    tools: [list],
    version: "0",
    connection: () => ({ values: { apiKey: KEY }, missing: [] }),
    executeOptions: () => ({
      retries: 0,
      secrets: [KEY],
      fetch: async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    }),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "blockwright-test", version: "0" });
  await client.connect(b);
  const result = (await client.callTool({ name: "shelf_list_books", arguments: { shelfId: "zq-main", top: 3 } })) as {
    isError?: boolean;
    content: { text: string }[];
  };
  await client.close();
  return result;
}

describe("an MCP tool's answer holding the upstream's text", () => {
  it("is a tool error whose message line and JSON escape its control characters, the key redacted", async () => {
    const result = await answer(403, { error: { code: "FORBIDDEN", message: OUTSIDE } });
    expect(result.isError).toBe(true);
    const text = result.content[0]!.text;
    const [line, json] = text.split("\n\n");
    expect(line).toBe("zq \\u001b[31mred \\u009b2J \\u202ereversed [redacted]");
    expect(text.split("\n").find((l) => CONTROLS.test(l))).toBeUndefined();
    expect(JSON.parse(json!)).toMatchObject({
      error: { status: 403, message: "zq \u001b[31mred \u009b2J \u202Ereversed [redacted]" },
    });
    expect(text).not.toContain(KEY);
  });

  it("is an output whose text is the same JSON with the C1 controls and bidi overrides escaped", async () => {
    const result = await answer(200, { value: [{ id: "zq-b1", title: OUTSIDE.replace(KEY, "zq") }], total: 1 });
    expect(result.isError).toBeFalsy();
    const text = result.content[0]!.text;
    expect(text).not.toMatch(CONTROLS);
    expect(JSON.parse(text)).toMatchObject({ data: [{ title: "zq \u001b[31mred \u009b2J \u202Ereversed zq" }] });
  });
});
