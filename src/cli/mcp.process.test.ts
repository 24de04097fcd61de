// `blockwright mcp --mock` as an MCP client starts it: the built bin as a
// child process, driven by the MCP SDK's own Client over StdioClientTransport.
// No timing is asserted: each step waits for its answer, and the process is
// awaited until it exits (the suite's time-out is only a backstop).
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { validateToolName } from "@modelcontextprotocol/sdk/shared/toolNameValidation.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { toLlmTools } from "@blockwright/runtime/internal";
import { compileCacheEnv } from "../../test-support/cli-harness.js";
import { OPERATION_IDS, PROVIDER_IDS, ROOT, tools as repoTools } from "../../test-support/repo.js";
import { MAX_MESSAGE_BYTES } from "./mcp.js";

const SECRET = "books-key-never-shown-0042";

describe("blockwright mcp --mock, as a child process over stdio", () => {
  it(
    "lists every tool with annotations, runs a read and a create tool, refuses an out-of-limit argument, " +
      "and exits when the client closes",
    async () => {
      const started = performance.now();
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [join(ROOT, "bin/blockwright.js"), "mcp", "--mock"],
        cwd: ROOT,
        env: { BOOKS_API_KEY: SECRET },
        stderr: "pipe",
      });
      let stderr = "";
      transport.stderr?.on("data", (d: Buffer) => (stderr += d));
      const client = new Client({ name: "blockwright-test", version: "0" });
      await client.connect(transport);
      // The SDK keeps its child process private: read it to end stdin ourselves
      // (what the SDK's close() does first) and to see how the process exits, its pipes read to their end ("close").
      const child = (transport as unknown as { _process: ChildProcess })._process;
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
        child.once("close", (code, signal) => done({ code, signal })),
      );
      expect(client.getServerVersion()).toMatchObject({ name: "blockwright" });

      const { tools } = await client.listTools();
      expect(tools).toHaveLength(OPERATION_IDS.length);
      expect(tools).toEqual(toLlmTools(repoTools, "mcp"));
      for (const t of tools) expect(validateToolName(t.name), t.name).toEqual({ isValid: true, warnings: [] });
      const annotations = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
      expect(annotations.books_search_volumes).toEqual({
        title: "Search volumes",
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: true,
      });
      expect(annotations.crm_create_record).toEqual({
        title: "Create record",
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      });
      expect(annotations.crm_update_record).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
      });

      // The client checks structuredContent against each tool's outputSchema.
      const read = await client.callTool({ name: "books_search_volumes", arguments: { q: "intitle:dune" } });
      expect(read.isError).toBeFalsy();
      expect(read.structuredContent).toMatchObject({
        data: expect.any(Array),
        metadata: { count: expect.any(Number), totalItems: expect.any(Number) },
      });

      const created = await client.callTool({
        name: "crm_create_record",
        arguments: { sobject: "Account", fields: { Name: "Express Logistics" } },
      });
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({
        data: { success: true },
        metadata: { id: expect.stringMatching(/^[A-Za-z0-9]{15,18}$/) },
      });

      const tooMany = (await client.callTool({
        name: "books_search_volumes",
        arguments: { q: "dune", maxResults: 41 },
      })) as CallToolResult;
      expect(tooMany.isError).toBe(true);
      expect(tooMany.structuredContent).toBeUndefined();
      const message = (tooMany.content[0] as { text: string }).text;
      expect(message).toMatch(/^maxResults: must be at most 40 \(allowed: 1–40\), got 41\n/);
      expect(JSON.parse(message.slice(message.indexOf("\n\n") + 2)).error).toEqual({
        type: "validation",
        provider: "books",
        operation: "books_search_volumes",
        param: "maxResults",
        rule: "maximum",
        message: "maxResults: must be at most 40 (allowed: 1–40), got 41",
      });
      const readyAfter = performance.now() - started;

      const closing = performance.now();
      child.stdin?.end();
      expect(await exited).toEqual({ code: 0, signal: null });
      const stoppedAfter = performance.now() - closing;
      await client.close();

      expect(stderr).toContain(`blockwright mcp: serving ${OPERATION_IDS.length} tools`);
      expect(stderr).toMatch(/blockwright mcp: stopped \(the client closed stdin\)\n$/);
      expect(stderr + JSON.stringify([tools, read, created, tooMany])).not.toContain(SECRET);
      // Figures for the record (not asserted: the machine may be busy).
      console.info(
        `mcp --mock: session ${Math.round(readyAfter)} ms from spawn to the last answer; ` +
          `exit ${Math.round(stoppedAfter)} ms after stdin closed`,
      );
    },
  );
});

describe("blockwright mcp, sent a message over its bound", () => {
  it(
    "answers it with a JSON-RPC error, answers the next message, and exits when stdin closes, " +
      "even inside a message",
    async () => {
      // One provider, no mocks and no credential (a tool would answer that it is not set): no call here reaches an
      // upstream (the one call is refused for its size), and mocks of every provider cost the process most of its CPU.
      const provider = PROVIDER_IDS[0]!;
      const child = spawn(process.execPath, [join(ROOT, "bin/blockwright.js"), "mcp", provider], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", ...compileCacheEnv() },
        stdio: ["pipe", "pipe", "pipe"],
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
        child.once("close", (code, signal) => done({ code, signal })),
      );
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d));
      // The client stops writing when the server has gone: a write after that is not this test's subject.
      child.stdin.on("error", () => {});
      const answers: { id: unknown; result?: unknown; error?: { code: number; message: string } }[] = [];
      let pending = "";
      let arrived = () => {};
      child.stdout.on("data", (d: Buffer) => {
        const lines = (pending + d).split("\n");
        pending = lines.pop()!;
        answers.push(...lines.map((l) => JSON.parse(l) as (typeof answers)[number]));
        arrived();
      });
      const answered = (n: number) =>
        new Promise<void>((done) => (arrived = () => answers.length >= n && done())).then(() => answers.slice(0, n));
      const send = (message: object) => child.stdin.write(JSON.stringify(message) + "\n");
      try {
        send({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "0" } },
        });
        send({ jsonrpc: "2.0", method: "notifications/initialized" });
        // 11 MB of arguments: past the SDK's own 10 MB buffer, which left the server answering nothing.
        send({
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: {
            name: OPERATION_IDS.find((id) => id.startsWith(`${provider}_`)),
            arguments: { q: "a".repeat(11 * 1024 * 1024) },
          },
        });
        send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
        const [init, refused, listed] = await answered(3);
        expect(init).toMatchObject({ id: 1, result: { serverInfo: { name: "blockwright" } } });
        expect(refused).toEqual({
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: `message refused: over ${MAX_MESSAGE_BYTES} bytes, the most this server reads in one message`,
          },
        });
        expect(listed).toMatchObject({ id: 3, result: { tools: expect.any(Array) } });

        // Stdin ends in the middle of another message past the bound.
        child.stdin.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 4,
            method: "tools/call",
            params: { arguments: { q: "b".repeat(2 * MAX_MESSAGE_BYTES) } },
          }).slice(0, -10),
        );
        expect(await exited).toEqual({ code: 0, signal: null });
        expect(stderr).toMatch(/blockwright mcp: stopped \(the client closed stdin\)\n$/);
      } finally {
        // Stopped here if it did not stop by itself (the test has failed then).
        if (child.exitCode === null && child.signalCode === null) child.kill();
      }
    },
  );
});
