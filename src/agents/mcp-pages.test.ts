// A whole API's tools over MCP: tools/list answers a page at a time with a
// nextCursor (MCP's pagination), so a client is not handed hundreds of
// definitions in one message; a cursor the server did not give is refused.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { createToolServer, TOOLS_PAGE_SIZE } from "./mcp-server.js";

/** `n` tools made from the fixture's, each of its own id and path. */
function manyTools(n: number): ToolSpec[] {
  const base = irFixture("shelf").operations.map((o) => o.tool);
  return Array.from({ length: n }, (_, i) => {
    const tool = base[i % base.length] as ToolSpec;
    return { ...tool, id: `zqmany_op${String(i).padStart(4, "0")}`, path: `/zqgroup${i % 7}/items/{id}` };
  });
}

async function connected(tools: ToolSpec[], pageSize?: number): Promise<Client> {
  const server = createToolServer({
    tools,
    ...(pageSize !== undefined ? { pageSize } : {}),
    version: "0",
    connection: () => ({ values: {}, missing: [] }),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "blockwright-test", version: "0" });
  await client.connect(b);
  return client;
}

describe("tools/list of many tools", () => {
  it("answers a page at a time; following nextCursor lists every tool once, in order", async () => {
    const tools = manyTools(2 * TOOLS_PAGE_SIZE + 45);
    const client = await connected(tools);
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      pages.push(page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pages.map((p) => p.length)).toEqual([TOOLS_PAGE_SIZE, TOOLS_PAGE_SIZE, 45]);
    expect(pages.flat()).toEqual(tools.map((t) => t.id));
    await client.close();
  });

  it("gives a list no longer than a page whole, with no cursor; a page size of the server's choosing", async () => {
    const few = await connected(manyTools(3));
    expect(await few.listTools()).toEqual({ tools: expect.any(Array) });
    await few.close();
    const small = await connected(manyTools(5), 2);
    const first = await small.listTools();
    expect(first.tools).toHaveLength(2);
    expect((await small.listTools({ cursor: first.nextCursor as string })).tools).toHaveLength(2);
    await small.close();
  });

  it("refuses a cursor it did not give, saying what to pass", async () => {
    const client = await connected(manyTools(TOOLS_PAGE_SIZE + 1));
    for (const cursor of ["abc", "-1", "0", "99999"])
      await expect(client.listTools({ cursor })).rejects.toThrow(
        /invalid cursor .*: pass the nextCursor of a tools\/list answer/,
      );
    await client.close();
  });
});
