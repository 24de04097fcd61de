// tools/call requests an SDK client lets through but the MCP schema refuses (`arguments: null`, a list, a text; a name
// that is no text; no params): the SDK parsed them before any handler, and each became an internal error (-32603)
// carrying the parser's dump. A name that names no tool is invalid params (-32602) saying what is wanted; arguments
// that are no object a tool error (isError) naming the rule, as any other bad argument; and the server goes on.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { createToolServer } from "./mcp-server.js";

const tools = irFixture("shelf").operations.map((o) => o.tool);
const first = tools[0]?.id ?? "";

/** The server on one end of a linked pair, and a function sending one raw request and reading its answer. */
async function rawServer(): Promise<(params: unknown) => Promise<JSONRPCMessage>> {
  const server = createToolServer({ tools, version: "0", connection: () => ({ values: {}, missing: [] }) });
  const [ours, theirs] = InMemoryTransport.createLinkedPair();
  await server.connect(ours);
  const answers = new Map<number, (m: JSONRPCMessage) => void>();
  theirs.onmessage = (m) => {
    if ("id" in m && typeof m.id === "number") answers.get(m.id)?.(m);
  };
  await theirs.start();
  let id = 0;
  return (params) =>
    new Promise((resolve) => {
      answers.set(++id, resolve);
      // Params the protocol's types refuse are what is sent: a raw message, as a client that does not check sends it.
      const message = { jsonrpc: "2.0", id, method: "tools/call", ...(params === undefined ? {} : { params }) };
      void theirs.send(message as JSONRPCMessage);
    });
}

describe("a malformed tools/call", () => {
  it("answers invalid params for a name that is no text, a tool error for arguments that are no object", async () => {
    const send = await rawServer();
    for (const params of [undefined, { name: 5 }, { arguments: {} }]) {
      const answer = (await send(params)) as { error?: { code: number; message: string } };
      expect(answer.error?.code, JSON.stringify(params)).toBe(-32602);
      expect(answer.error?.message).toMatch(/tools\/call: params\.name must be the name of a tool \(a string\), got /);
    }
    // null is no arguments (the tool then names what it requires); a list or a text is refused as such.
    for (const [args, said] of [
      [null, /is required/],
      [[1], /the arguments must be an object of parameters, got an array/],
      ["zq", /the arguments must be an object of parameters, got string/],
    ] as const) {
      const answer = (await send({ name: first, arguments: args })) as { result?: unknown };
      const result = CallToolResultSchema.parse(answer.result);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(said);
    }
    const unknown = (await send({ name: "zq_no_such_tool", arguments: {} })) as { error?: { code: number } };
    expect(unknown.error?.code).toBe(-32602);
  });

  it("is answered to an SDK client as a tool error, and the next call runs", async () => {
    const server = createToolServer({ tools, version: "0", connection: () => ({ values: {}, missing: [] }) });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "blockwright-test", version: "0" });
    await client.connect(b);
    const refused = await client.callTool({ name: first, arguments: null as unknown as Record<string, unknown> });
    expect(refused.isError).toBe(true);
    expect((await client.listTools()).tools.length).toBe(tools.length);
    await client.close();
  });
});
