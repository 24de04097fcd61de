// The MCP server's stdio transport: newline-delimited JSON-RPC, as the SDK's
// StdioServerTransport reads it, with a bound on one message. The SDK's
// buffered up to 10 MB of a line, then closed itself and paused stdin: the
// message had no answer, nothing after it either, and with stdin paused its
// end was never seen, so `blockwright mcp` ran on after the client left.
// Here a message over the bound is answered with a JSON-RPC error as soon as
// it passes the bound, its remaining bytes are dropped up to its end of line,
// and the next message is read as usual; the end of stdin closes the
// transport whatever it was doing.
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

const NEWLINE = 0x0a;

export class BoundedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Why the transport closed: resolves once, when it does. */
  readonly closed: Promise<string>;
  private settle!: (why: string) => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a message past the bound: its bytes are dropped up to its end of line. */
  private dropping = false;
  private done = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    /** The largest message read, in bytes. */
    private readonly maxBytes: number,
  ) {
    this.closed = new Promise((resolve) => (this.settle = resolve));
  }

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.once("end", this.onEnd);
    this.input.once("close", this.onEnd);
    this.input.on("error", this.onInputError);
    // Ended (and read) before the server was ready: nothing will come.
    if (this.input.readableEnded || this.input.destroyed) this.finish("the client closed stdin");
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.done) return;
    if (!this.output.write(JSON.stringify(message) + "\n"))
      await new Promise<void>((resolve) => this.output.once("drain", resolve));
  }

  async close(): Promise<void> {
    this.finish("closed by the server");
  }

  private readonly onData = (data: Buffer | string) => {
    const chunk = typeof data === "string" ? Buffer.from(data) : data;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, end));
      this.endOfLine();
      start = end + 1;
    }
    this.take(chunk.subarray(start));
  };

  private readonly onEnd = () => this.finish("the client closed stdin");

  private readonly onInputError = (e: Error) => {
    this.onerror?.(e);
    this.finish(`stdin failed: ${e.message}`);
  };

  private take(part: Buffer): void {
    if (this.dropping || !part.length) return;
    if (this.pendingBytes + part.length > this.maxBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.dropping = true;
      // The id is somewhere in the dropped bytes: JSON-RPC answers such a message with a null id.
      void this.reply(
        null,
        ErrorCode.InvalidRequest,
        `message refused: over ${this.maxBytes} bytes, the most this server reads in one message`,
      );
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private endOfLine(): void {
    if (this.dropping) {
      this.dropping = false;
      return;
    }
    const line = Buffer.concat(this.pending, this.pendingBytes).toString("utf8").replace(/\r$/, "");
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim()) this.deliver(line);
  }

  private deliver(line: string): void {
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      void this.reply(null, ErrorCode.ParseError, "message refused: not JSON");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(data);
    if (!parsed.success) {
      const id = (data as { id?: unknown } | null)?.id;
      void this.reply(
        typeof id === "string" || typeof id === "number" ? id : null,
        ErrorCode.InvalidRequest,
        "message refused: not a JSON-RPC 2.0 message",
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: string | number | null, code: number, message: string): Promise<void> {
    // The SDK's types have no error response without an id; JSON-RPC has one.
    return this.send({ jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  private finish(why: string): void {
    if (this.done) return;
    this.done = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("close", this.onEnd);
    // The error listener stays: an error after the end (EPIPE) has nowhere else to go.
    // Stop reading: a paused stdin no longer keeps the process alive.
    this.input.pause();
    this.pending = [];
    this.settle(why);
    this.onclose?.();
  }
}
