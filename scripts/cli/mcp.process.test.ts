// `blockwright mcp --mock` as an MCP client starts it: the built bin as a
// child process, driven by the MCP SDK's own Client over StdioClientTransport.
// No timing is asserted: each step waits for its answer, and the process is
// awaited until it exits (the suite's time-out is only a backstop).
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { validateToolName } from "@modelcontextprotocol/sdk/shared/toolNameValidation.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { toLlmTools } from "@blockwright/runtime";
import { ROOT, tools as repoTools } from "../../contract-tests/repo.js";

const SECRET = "books-key-never-shown-0042";

describe("blockwright mcp --mock, as a child process over stdio", () => {
  it("lists the 18 tools with annotations, runs a read and a create tool, refuses an out-of-limit argument, and exits when the client closes", { timeout: 120_000 }, async () => {
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
    // (what the SDK's close() does first) and to see how the process exits.
    const child = (transport as unknown as { _process: ChildProcess })._process;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })));
    expect(client.getServerVersion()).toMatchObject({ name: "blockwright" });

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(18);
    expect(tools).toEqual(toLlmTools(repoTools, "mcp"));
    for (const t of tools) expect(validateToolName(t.name), t.name).toEqual({ isValid: true, warnings: [] });
    const annotations = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(annotations.books_search_volumes).toEqual({ title: "Search volumes", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
    expect(annotations.crm_create_record).toEqual({ title: "Create record", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(annotations.crm_update_record).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });

    // The client checks structuredContent against each tool's outputSchema.
    const read = await client.callTool({ name: "books_search_volumes", arguments: { q: "intitle:dune" } });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ data: expect.any(Array), metadata: { count: expect.any(Number), totalItems: expect.any(Number) } });

    const created = await client.callTool({ name: "crm_create_record", arguments: { sobject: "Account", fields: { Name: "Express Logistics" } } });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ data: { success: true }, metadata: { id: expect.stringMatching(/^[A-Za-z0-9]{15,18}$/) } });

    const tooMany = (await client.callTool({ name: "books_search_volumes", arguments: { q: "dune", maxResults: 41 } })) as CallToolResult;
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

    expect(stderr).toContain("blockwright mcp: serving 18 tools");
    expect(stderr).toMatch(/blockwright mcp: stopped \(the client closed stdin\)\n$/);
    expect(stderr + JSON.stringify([tools, read, created, tooMany])).not.toContain(SECRET);
    // Figures for the record (not asserted: the machine may be busy).
    console.info(`mcp --mock: session ${Math.round(readyAfter)} ms from spawn to the last answer; exit ${Math.round(stoppedAfter)} ms after stdin closed`);
  });
});
