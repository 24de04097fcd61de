// A list's published example whose next page's address names another path (a sibling list's, a mistake of the
// example): the mock answers it as a next page of the request's own path with the address's query, but it kept the
// steering keys the request carried (`__code`, `__example`), which its caller sends with each request it steers and
// never follows, so the example case found a next address it did not expect. And it wrote every pair again
// form-encoded (`searchParams.set`): a form-style list the request or the address carried, `mode=TRANSIT,WALK`, went on
// as `mode=TRANSIT%2CWALK`, one value to a server, and of an address's repeated name only the last pair was kept.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../test-support/linked-tool.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-paging-sibling-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const zqlistsQuery = "zqskip=100&zqfields=id,name&zqtag=a&zqtag=b&zqq=a%20b+c";
const page = { type: "object", properties: { value: { type: "array", items: {} }, nextLink: { type: "string" } } };
const openapi = keyedDocument("zqruns", {
  "/zqruns/{zqbatch}": {
    get: {
      operationId: "nextZqrunsBatch",
      parameters: [{ name: "zqbatch", in: "path", required: true, schema: { type: "string" } }],
      responses: { "200": { description: "a batch", content: { "application/json": { schema: page } } } },
    },
  },
  "/zqdropped/{zqid}": {
    delete: {
      operationId: "dropZqrun",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string" } }],
      responses: { "204": { description: "dropped" } },
    },
  },
  "/zqruns": {
    get: {
      operationId: "listZqruns",
      parameters: [
        {
          name: "mode",
          in: "query",
          style: "form",
          explode: false,
          schema: { type: "array", items: { type: "string" } },
        },
      ],
      responses: {
        "200": {
          description: "a page",
          content: {
            "application/json": {
              schema: page,
              examples: {
                zqfirst: { value: { value: [{ id: "zq-1" }], nextLink: "https://api.zqruns.test/zqother?zqskip=100" } },
                zqrelative: { value: { value: [{ id: "zq-1" }], nextLink: "zqbaseurl?zqpage=3&zqsize=10" } },
                zqrooted: { value: { value: [{ id: "zq-1" }], nextLink: "/zqelsewhere?zqpage=3" } },
                zqbatch: { value: { value: [{ id: "zq-1" }], nextLink: "/zqruns/zq-batch-2" } },
                zqdropped: { value: { value: [{ id: "zq-1" }], nextLink: "/zqdropped/zq-2?zqpage=2" } },
                zqlists: {
                  value: { value: [{ id: "zq-1" }], nextLink: `https://api.zqruns.test/zqother?${zqlistsQuery}` },
                },
              },
            },
          },
        },
      },
    },
  },
});
const manifest = keyedManifest(
  "zqruns",
  `  zqruns_list:
    operationId: listZqruns
    title: List runs
    description: List runs.
    pagination:
      style: nextUrl
      url: $response.body#/nextLink
      items: [data]
    outputs:
      data: { type: array, from: "$response.body#/value", description: The runs. }
  zqruns_drop:
    operationId: dropZqrun
    title: Drop a run
    description: Drop a run.
    params:
      zqid: { type: string, required: true, maxLength: 64, description: The run., wire: { in: path } }
    outputs:
      zqstatus: { type: number, from: "$statusCode", description: The status. }
  zqruns_batch:
    operationId: nextZqrunsBatch
    title: Next batch
    description: The next batch of runs.
    params:
      zqbatch: { type: string, required: true, maxLength: 64, description: The batch., wire: { in: path } }
    outputs:
      data: { type: array, from: "$response.body#/value", description: The runs. }
`,
);

describe("a list's example whose next address names another path", () => {
  it("is answered with a next address of the request's own path, without the mock's steering keys", async () => {
    await linkedTool(work, "zqruns", openapi, manifest, "zqruns_list");
    const mocks = await startMocks(["zqruns"], { specsDir: join(work, "specs"), logLevel: "silent", log: () => {} });
    try {
      const reply = await fetch(`${mocks.urls.zqruns}/zqruns?__code=200&__example=zqfirst`, {
        headers: { "x-zq-key": "zq-key-1" },
      });
      expect(((await reply.json()) as { nextLink: string }).nextLink).toBe(`${mocks.urls.zqruns}/zqruns?zqskip=100`);
    } finally {
      await mocks.close();
    }
  });

  it("keeps the request's other pairs and the address's as written, a form-style list's commas too", async () => {
    await linkedTool(work, "zqruns", openapi, manifest, "zqruns_list");
    const mocks = await startMocks(["zqruns"], { specsDir: join(work, "specs"), logLevel: "silent", log: () => {} });
    try {
      const reply = await fetch(`${mocks.urls.zqruns}/zqruns?mode=TRANSIT,WALK&__code=200&__example=zqlists`, {
        headers: { "x-zq-key": "zq-key-1" },
      });
      expect(((await reply.json()) as { nextLink: string }).nextLink).toBe(
        `${mocks.urls.zqruns}/zqruns?mode=TRANSIT,WALK&${zqlistsQuery}`,
      );
    } finally {
      await mocks.close();
    }
  });

  it("answers a relative address naming no path of the operation as the request's own, ending the list", async () => {
    await linkedTool(work, "zqruns", openapi, manifest, "zqruns_list");
    const mocks = await startMocks(["zqruns"], { specsDir: join(work, "specs"), logLevel: "silent", log: () => {} });
    const headers = { "x-zq-key": "zq-key-1" };
    const nextOf = async (address: string) =>
      ((await (await fetch(address, { headers })).json()) as { nextLink?: string | null }).nextLink;
    try {
      const first = await nextOf(`${mocks.urls.zqruns}/zqruns?__code=200&__example=zqrelative`);
      expect(first).toBe(`${mocks.urls.zqruns}/zqruns?zqpage=3&zqsize=10`);
      // The page it names answers (not a 404 of an unknown path) and is the last: its address would be its own.
      expect(await nextOf(`${first}&__code=200&__example=zqrelative`)).toBeFalsy();
      expect(await nextOf(`${mocks.urls.zqruns}/zqruns?__code=200&__example=zqrooted`)).toBe(
        `${mocks.urls.zqruns}/zqruns?zqpage=3`,
      );
      // One naming another operation of the document (a query's next batch at its own path) is the mock's, as given.
      expect(await nextOf(`${mocks.urls.zqruns}/zqruns?__code=200&__example=zqbatch`)).toBe("/zqruns/zq-batch-2");
      // One naming a path only another method serves (a record's DELETE) is no page: moved onto the list's own.
      expect(await nextOf(`${mocks.urls.zqruns}/zqruns?__code=200&__example=zqdropped`)).toBe(
        `${mocks.urls.zqruns}/zqruns?zqpage=2`,
      );
    } finally {
      await mocks.close();
    }
  });
});
