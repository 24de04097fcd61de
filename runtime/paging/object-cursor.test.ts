// A cursor that is an object of the reply (a record's key, `{zqid: {S: "…"}}`: where the page stopped), sent back
// whole in the JSON body as where the next page starts, on a loopback upstream: the pages go on while the reply has
// one, an empty page with a cursor (a filtered scan that matched nothing in what it read) included, and stop at a
// reply without one, or with an empty one.
import { afterEach, describe, expect, it } from "vitest";
import { executeToolDefinition } from "../execute/execute.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { pagesServer, type server } from "../../test-support/runtime/loopback-server.js";

type Upstream = Awaited<ReturnType<typeof server>>;
let upstream: Upstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const param = (name: string, type: "string" | "json", pointer: string): ParamSpec =>
  ({
    name,
    type,
    title: "",
    description: "",
    required: false,
    secret: false,
    visibility: "user-or-llm",
    wire: { in: "body", pointer },
  }) as ParamSpec;

const body = (name: string) => ({ expression: `$response.body#/${name}`, ref: { kind: "body", pointer: [name] } });

/** A POST listing zqrecords whose reply gives ZqLastKey, sent back as the body's ZqStartKey. */
function scanTool(url: string): ToolSpec {
  const host = new URL(url).host;
  return bareTool("zq_scan", {
    operationId: "zqScan",
    method: "POST",
    path: "/zqscan",
    anonymous: true,
    server: { default: url, hosts: [host] },
    params: [param("zqtable", "string", "/zqtable"), param("ZqStartKey", "json", "/ZqStartKey")],
    outputs: [
      { path: "data", type: "array", description: "", optional: false, source: body("ZqItems") },
      { path: "metadata.lastKey", type: "json", description: "", optional: true, source: body("ZqLastKey") },
    ],
    pagination: {
      next: { style: "cursor", cursor: body("ZqLastKey"), send: { in: "body", pointer: "/ZqStartKey" } },
      items: ["data"],
    },
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);
}

/** The upstream's pages in order (pagesServer), stopped after the test. */
async function pages(...replies: object[]): Promise<Upstream> {
  upstream = await pagesServer(...replies);
  return upstream;
}

describe("an object cursor sent back in the JSON body", () => {
  const key = (id: string) => ({ zqid: { S: id }, zqsort: { N: "7" } });

  it("is sent back whole while the reply has one, an empty page with one included", async () => {
    const up = await pages(
      { ZqItems: [{ zqid: { S: "a1" } }, { zqid: { S: "a2" } }], ZqLastKey: key("a2") },
      { ZqItems: [], ZqLastKey: key("b9") },
      { ZqItems: [{ zqid: { S: "c1" } }] },
    );
    const result = await executeToolDefinition(scanTool(up.url), { zqtable: "zqthings" }, { allPages: true });
    expect(up.received.map((r) => `${r.method} ${r.url}`)).toEqual(Array(3).fill("POST /zqscan"));
    expect(up.received.map((r) => JSON.parse(r.body))).toEqual([
      { zqtable: "zqthings" },
      { zqtable: "zqthings", ZqStartKey: key("a2") },
      { zqtable: "zqthings", ZqStartKey: key("b9") },
    ]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ zqid: { S: "a1" } }, { zqid: { S: "a2" } }, { zqid: { S: "c1" } }] },
      pages: { count: 3, items: 3, complete: true },
    });
  });

  it("ends the pages when the reply's is empty", async () => {
    const up = await pages({ ZqItems: [{ zqid: { S: "a1" } }], ZqLastKey: key("a1") }, { ZqItems: [], ZqLastKey: {} });
    const result = await executeToolDefinition(scanTool(up.url), { zqtable: "zqthings" }, { allPages: true });
    expect(up.received).toHaveLength(2);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 1, complete: true } });
  });

  it("ends the pages when it is to go to the query, which carries text (as before)", async () => {
    const up = await pages({ ZqItems: [{ zqid: { S: "a1" } }], ZqLastKey: key("a1") }, { ZqItems: [] });
    const scan = scanTool(up.url);
    const inQuery: ToolSpec = {
      ...scan,
      pagination: { ...scan.pagination!, next: { ...scan.pagination!.next, send: { in: "query", name: "zqstart" } } },
    } as ToolSpec;
    const result = await executeToolDefinition(inQuery, { zqtable: "zqthings" }, { allPages: true });
    expect(up.received).toHaveLength(1);
    expect(result).toMatchObject({ success: true, pages: { count: 1, items: 1, complete: true } });
  });

  it("given twice is a loop, named by the key", async () => {
    const up = await pages(
      { ZqItems: [{ zqid: { S: "a1" } }], ZqLastKey: key("a1") },
      { ZqItems: [{ zqid: { S: "a1" } }], ZqLastKey: key("a1") },
    );
    const result = await executeToolDefinition(scanTool(up.url), { zqtable: "zqthings" }, { allPages: true });
    expect(up.received).toHaveLength(2);
    expect(result).toMatchObject({
      success: false,
      error: { code: "PAGINATION_LOOP", message: expect.stringContaining(JSON.stringify(key("a1"))), page: 3 },
    });
  });
});
