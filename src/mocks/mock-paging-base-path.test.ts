// A list's next address under another of the document's servers (the list's at `/v2`, the address at `/v1`), or with
// a fragment: the mock decides by what a client following it would reach. One naming the same list under `/v1` went
// through the fallback for an address naming no operation (the request's own path with the request's pairs kept
// beside the address's), and one naming another GET operation on another origin, or under `/v1`, was moved onto the
// list's path instead of kept, as round 54 keeps such an address on the mock (mock-paging-sibling-link.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedManifest, linkedTool } from "../../test-support/linked-tool.js";
import { servedByMock } from "./mock-paging.js";
import { startMocks } from "./mocks.js";
import { documentServes } from "./routing/path-templates.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-paging-base-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const upstream = "https://api.zqbase.test";
const page = { type: "object", properties: { value: { type: "array", items: {} }, nextLink: { type: "string" } } };
const nexts: Record<string, string> = {
  zqv1: `${upstream}/v1/zqitems?zqcursor=c2`,
  zqv1rooted: "/v1/zqitems?zqcursor=c2",
  zqv1other: `${upstream}/v1/zqothers/7?zqcursor=c2#zqnext`,
  zqv2other: `${upstream}/v2/zqothers/7?zqcursor=c2#zqnext`,
  zqrootedother: "/v2/zqothers/7?zqcursor=c2#zqnext",
  zqfragment: "?zqcursor=c2#zqnext",
};
const examples = Object.fromEntries(
  Object.entries(nexts).map(([name, nextLink]) => [name, { value: { value: [{ id: "zq-1" }], nextLink } }]),
);
const cursor = { name: "zqcursor", in: "query", schema: { type: "string" } };
const openapi = {
  openapi: "3.0.3",
  info: { title: "zqbase", version: "1" },
  servers: [{ url: `${upstream}/v2` }, { url: `${upstream}/v1` }],
  security: [{ zqKey: [] }],
  components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  paths: {
    "/zqothers/{zqid}": {
      get: {
        operationId: "getZqother",
        parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string" } }, cursor],
        responses: { "200": { description: "one", content: { "application/json": { schema: page } } } },
      },
    },
    "/zqitems": {
      get: {
        operationId: "listZqitems",
        parameters: [cursor, { name: "zqsize", in: "query", schema: { type: "integer" } }],
        responses: { "200": { description: "a page", content: { "application/json": { schema: page, examples } } } },
      },
    },
  },
};
const manifest = keyedManifest(
  "zqbase",
  `  zqbase_list:
    operationId: listZqitems
    title: List items
    description: List items.
    params:
      zqsize: { type: number, integer: true, description: The page size., wire: { in: query } }
    pagination:
      style: nextUrl
      url: $response.body#/nextLink
      items: [data]
    outputs:
      data: { type: array, from: "$response.body#/value", description: The items. }
  zqbase_other:
    operationId: getZqother
    title: Other
    description: Other.
    params:
      zqid: { type: string, required: true, maxLength: 64, description: The id., wire: { in: path } }
    outputs:
      data: { type: array, from: "$response.body#/value", description: The items. }
`,
).replace(`default: ${upstream}`, `default: ${upstream}/v2`);

describe("a next address under another server's path, or with a fragment", () => {
  it("is moved to where a client following it reaches on the mock: the next page or another GET", async () => {
    const { tool } = await linkedTool(work, "zqbase", openapi, manifest, "zqbase_list");
    const mocks = await startMocks(["zqbase"], { specsDir: join(work, "specs"), logLevel: "silent", log: () => {} });
    const headers = { "x-zq-key": "zq-key-1" };
    const mock = mocks.urls.zqbase as string;
    const nextOf = async (address: string) =>
      ((await (await fetch(address, { headers })).json()) as { nextLink?: string | null }).nextLink;
    const served = (name: string) => nextOf(`${mock}/v2/zqitems?zqsize=5&__code=200&__example=${name}`);
    try {
      // The same list under the other server: its next page here, with the address's query only, as followed.
      expect(await served("zqv1")).toBe(`${mock}/v2/zqitems?zqcursor=c2`);
      expect(await served("zqv1rooted")).toBe(`${mock}/v2/zqitems?zqcursor=c2`);
      // Another GET operation, on the other server or on the upstream's origin: kept, on the mock, without a fragment.
      const other = `${mock}/v2/zqothers/7?zqcursor=c2`;
      expect(await served("zqv1other")).toBe(other);
      expect(await served("zqv2other")).toBe(other);
      expect((await fetch(other, { headers })).status).toBe(200);
      // On the mock already: as given, its fragment too (no client sends it).
      expect(await served("zqrootedother")).toBe(nexts.zqrootedother);
      expect(await served("zqfragment")).toBe(nexts.zqfragment);
      // Followed (the fragment left behind), the page it names is the last: its address would be its own.
      expect(await nextOf(`${mock}/v2/zqitems?zqcursor=c2&__code=200&__example=zqfragment`)).toBeFalsy();
      // The example case reads the example as the mock serves it, by the same rule.
      const url = new URL(`${mock}/v2/zqitems?zqsize=5`);
      const serves = documentServes(
        [
          { path: "/zqitems", method: "GET" },
          { path: "/zqothers/{zqid}", method: "GET" },
        ],
        openapi,
      );
      expect(servedByMock(tool, examples.zqv1other?.value, url, new Headers(), undefined, serves)).toEqual({
        value: [{ id: "zq-1" }],
        nextLink: other,
      });
      expect(servedByMock(tool, examples.zqv1?.value, url, new Headers(), undefined, serves)).toEqual({
        value: [{ id: "zq-1" }],
        nextLink: `${mock}/v2/zqitems?zqcursor=c2`,
      });
    } finally {
      await mocks.close();
    }
  });
});
