// How a reply's body is read (issue 24, D3): never past the deadline — the
// download stops, not only the wait for it.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { loadProvider } from "../scripts/codegen/generate-all.js";
import { executeToolDefinition } from "./execute.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const shelf = await loadProvider(root, join(root, "scripts/codegen/__fixtures__/specs/shelf"));
const listBooks = shelf.operations.find((o) => o.tool.id === "shelf_list_books")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const params = { apiKey: KEY, shelfId: "fiction" };

/** A body that never ends (one chunk a millisecond), saying whether its reader cancelled it and how much was read. */
function endlessBody(chunkBytes = 16 * 1024) {
  const state = { cancelled: false, pulled: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (state.cancelled) return; // a pull under way when the reader cancelled
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { state, response: () => new Response(stream, { status: 200, headers: { "content-type": "application/json" } }) };
}

describe("the deadline stops the download (D3)", () => {
  it("cancels an endless body when the time is up, not only the wait for it", async () => {
    const body = endlessBody();
    const result = await executeToolDefinition(listBooks, params, { fetch: async () => body.response(), timeoutMs: 100, retries: 0 });
    expect(result).toMatchObject({ success: false, error: { type: "timeout" } });
    // Cancelled by the deadline itself: no timer of the test's decides it.
    await vi.waitFor(() => expect(body.state.cancelled).toBe(true), { timeout: 5_000, interval: 10 });
    const read = body.state.pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(body.state.pulled).toBe(read);
  });

  it("closes the connection of a real endless download when the time is up", async () => {
    let written = 0;
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const server = createServer((_req, res: ServerResponse) => {
      res.writeHead(200, { "content-type": "application/json" });
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", closed);
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await executeToolDefinition(listBooks, params, { baseUrl, timeoutMs: 200, retries: 0 });
      expect(result).toMatchObject({ success: false, error: { type: "timeout" } });
      // Without the cancel the server would write on and on; with it the socket closes.
      await Promise.race([gone, new Promise((_, reject) => setTimeout(() => reject(new Error(`still downloading: ${written} bytes written`)), 10_000))]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
