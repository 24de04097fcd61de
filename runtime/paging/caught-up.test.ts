// A stream read by an iterator, on a loopback upstream: every reply of an open shard gives the next iterator, so the
// pages end where `pagination.until` says the reader is caught up — a lag of 0, or a page without items — and the
// call is complete. Without it (a resume cursor: a filtered scan's page may be empty mid-list) an empty page that
// gives a cursor is followed.
import { afterEach, describe, expect, it } from "vitest";
import { executeToolDefinition } from "../execute/execute.js";
import type { PaginationSpec, ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { pagesServer, type server } from "../../test-support/runtime/loopback-server.js";

type Upstream = Awaited<ReturnType<typeof server>>;
let upstream: Upstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const iteratorParam = {
  name: "ZqShardIterator",
  type: "string",
  title: "",
  description: "",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "body", pointer: "/ZqShardIterator" },
} as ParamSpec;

const body = (name: string) => ({
  expression: `$response.body#/${name}`,
  ref: { kind: "body" as const, pointer: [name] },
});

/** A POST reading a zqstream's shard: ZqRecords, NextZqShardIterator sent back as the body's ZqShardIterator. */
function readTool(url: string, until: PaginationSpec["until"]): ToolSpec {
  return bareTool("zq_read", {
    operationId: "zqRead",
    method: "POST",
    path: "/zqstream.read",
    anonymous: true,
    server: { default: url, hosts: [new URL(url).host] },
    params: [iteratorParam],
    outputs: [
      { path: "data", type: "array", description: "", optional: false, source: body("ZqRecords") },
      { path: "behind", type: "number", description: "", optional: true, source: body("ZqMillisBehind") },
    ],
    pagination: {
      next: {
        style: "cursor",
        cursor: body("NextZqShardIterator"),
        send: { in: "body", pointer: "/ZqShardIterator" },
      },
      ...(until ? { until } : {}),
      items: ["data"],
    },
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);
}

/** The upstream's pages in order (pagesServer), stopped after the test. */
async function pages(...replies: object[]): Promise<Upstream> {
  upstream = await pagesServer(...replies);
  return upstream;
}

const caughtUp = { ...body("ZqMillisBehind"), equals: 0 };
const page = (ids: string[], next: string, behind?: number) => ({
  ZqRecords: ids.map((zqid) => ({ zqid })),
  NextZqShardIterator: next,
  ...(behind === undefined ? {} : { ZqMillisBehind: behind }),
});
const read = (tool: ToolSpec, options: { maxPages?: number } = {}) =>
  executeToolDefinition(tool, { ZqShardIterator: "zqit-0" }, { allPages: true, ...options });
const sent = (up: Upstream) =>
  up.received.map((r) => (JSON.parse(r.body) as { ZqShardIterator: string }).ZqShardIterator);

describe("a stream's pages that end when the reply's lag is 0", () => {
  it("stop at the caught-up page, though it gives the next iterator, and are complete", async () => {
    const up = await pages(
      page(["r1", "r2"], "zqit-1", 900),
      page(["r3"], "zqit-2", 300),
      page(["r4"], "zqit-3", 0),
      page(["r5"], "zqit-4", 0),
    );
    const result = await read(readTool(up.url, caughtUp));
    expect(sent(up)).toEqual(["zqit-0", "zqit-1", "zqit-2"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ zqid: "r1" }, { zqid: "r2" }, { zqid: "r3" }, { zqid: "r4" }], behind: 0 },
      pages: { count: 3, items: 4, complete: true },
    });
  });

  it("go on through an empty page and a reply without the lag, which say nothing of it", async () => {
    const up = await pages(page([], "zqit-1", 500), page(["r1"], "zqit-2"), page(["r2"], "zqit-3", 0));
    const result = await read(readTool(up.url, caughtUp));
    expect(sent(up)).toEqual(["zqit-0", "zqit-1", "zqit-2"]);
    expect(result).toMatchObject({ success: true, pages: { count: 3, items: 2, complete: true } });
  });

  it("without until, run to the page cap and are not complete", async () => {
    const up = await pages(page(["r1"], "zqit-1", 900), page(["r2"], "zqit-2", 0), page(["r3"], "zqit-3", 0));
    const result = await read(readTool(up.url, undefined), { maxPages: 3 });
    expect(sent(up)).toEqual(["zqit-0", "zqit-1", "zqit-2"]);
    expect(result).toMatchObject({ success: true, pages: { count: 3, items: 3, complete: false } });
  });
});

describe("a stream's pages that end at a page without items", () => {
  it("stop at the empty page, though it gives the next iterator, and are complete", async () => {
    const up = await pages(page(["r1", "r2"], "zqit-1"), page(["r3"], "zqit-2"), page([], "zqit-3"));
    const result = await read(readTool(up.url, { empty: true }));
    expect(sent(up)).toEqual(["zqit-0", "zqit-1", "zqit-2"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ zqid: "r1" }, { zqid: "r2" }, { zqid: "r3" }] },
      pages: { count: 3, items: 3, complete: true },
    });
  });

  it("is the iterator's rule only: a resume cursor's empty page goes on to the next", async () => {
    const up = await pages(page(["r1"], "zqit-1"), page([], "zqit-2"), { ZqRecords: [{ zqid: "r2" }] });
    const result = await read(readTool(up.url, undefined));
    expect(sent(up)).toEqual(["zqit-0", "zqit-1", "zqit-2"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ zqid: "r1" }, { zqid: "r2" }] },
      pages: { count: 3, items: 2, complete: true },
    });
  });
});
