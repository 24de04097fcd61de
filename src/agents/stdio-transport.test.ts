// The MCP stdio transport on in-memory streams: messages as lines, a bound
// on one message answered with a JSON-RPC error, and the end of the input
// closing it in every state (between messages, inside one, past the bound).
import { PassThrough } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { BoundedStdioTransport } from "./stdio-transport.js";

const LIMIT = 1024;

async function started() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new BoundedStdioTransport(input, output, LIMIT);
  const received: JSONRPCMessage[] = [];
  let closes = 0;
  transport.onmessage = (m) => received.push(m);
  transport.onclose = () => closes++;
  await transport.start();
  let written = "";
  output.on("data", (d: Buffer) => (written += d));
  const answers = () =>
    written
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  return { input, transport, received, answers, closes: () => closes };
}

const ping = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the MCP stdio transport", () => {
  it("reads one message per line, across chunks and with CRLF", async () => {
    const t = await started();
    const text = `${ping(1)}\r\n${ping(2)}\n`;
    t.input.write(text.slice(0, 10));
    t.input.write(text.slice(10, 40));
    t.input.write(text.slice(40));
    await tick();
    expect(t.received).toEqual([JSON.parse(ping(1)), JSON.parse(ping(2))]);
  });

  it(
    "answers a message over the bound with a JSON-RPC error as soon as it passes it, drops the rest of it, " +
      "and reads the next",
    async () => {
      const t = await started();
      const big = JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "x", arguments: { q: "a".repeat(3 * LIMIT) } },
      });
      t.input.write(big.slice(0, 2 * LIMIT));
      await tick();
      expect(t.answers()).toEqual([
        {
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: `message refused: over ${LIMIT} bytes, the most this server reads in one message`,
          },
        },
      ]);
      t.input.write(`${big.slice(2 * LIMIT)}\n${ping(8)}\n`);
      await tick();
      expect(t.received).toEqual([JSON.parse(ping(8))]);
      expect(t.answers()).toHaveLength(1);
    },
  );

  it("answers a line that is not JSON, or not JSON-RPC, and goes on", async () => {
    const t = await started();
    t.input.write(`{"jsonrpc":\n{"id":3,"hello":1}\n${ping(4)}\n`);
    await tick();
    expect(t.answers()).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "message refused: not JSON" } },
      { jsonrpc: "2.0", id: 3, error: { code: -32600, message: "message refused: not a JSON-RPC 2.0 message" } },
    ]);
    expect(t.received).toEqual([JSON.parse(ping(4))]);
  });

  for (const [state, text] of [
    ["between messages", `${ping(1)}\n`],
    ["inside a message", `${ping(1)}\n{"jsonrpc":"2.0","id":2,`],
    ["inside a message past the bound", `${ping(1)}\n{"q":"${"a".repeat(2 * LIMIT)}`],
  ] as const) {
    it(`closes when the input ends ${state}`, async () => {
      const t = await started();
      t.input.end(text);
      expect(await t.transport.closed).toBe("the client closed stdin");
      expect(t.closes()).toBe(1);
      expect(t.received).toEqual([JSON.parse(ping(1))]);
    });
  }

  it("closes at once on an input that ended before it started", async () => {
    const input = new PassThrough();
    input.end();
    input.resume();
    await new Promise((resolve) => input.once("end", resolve));
    const transport = new BoundedStdioTransport(input, new PassThrough(), LIMIT);
    await transport.start();
    expect(await transport.closed).toBe("the client closed stdin");
  });
});
