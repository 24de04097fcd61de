// A reply's `Next<Name>` sent back as the request's `<Name>`, wherever the document puts it: a top-level field of the
// JSON body (RPC-style lists: `NextMarker` → the body's `Marker`), or a query parameter (`nextPageToken` →
// `pageToken`). Drafted without the body's, a caller got the first page only and `--all-pages` did nothing. Each draft
// links, and a paged call on a loopback server sends the marker back where the document puts it.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { server } from "../../../test-support/runtime/loopback-server.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqkey = { type: "object", required: ["ZqKeyId"], properties: { ZqKeyId: { type: "string" } } };

/** A POST listing zqkeys whose JSON body takes `fields`, the reply giving `next` beside the list. */
const bodyListing = (fields: Json, next: string) =>
  openapi({
    "/#ZqAction=ZqVault.ListZqkeys": {
      post: {
        operationId: "listZqkeys",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: fields } } },
        },
        responses: {
          "200": reply(
            {
              type: "object",
              properties: {
                ZqKeys: { type: "array", items: zqkey },
                [next]: { type: "string" },
                Truncated: { type: "boolean" },
              },
            },
            { ZqKeys: [], Truncated: false },
          ),
        },
      },
    },
  });
const marker = { Limit: { type: "integer", minimum: 1, maximum: 50 }, Marker: { type: "string" } };

const queryListing = () =>
  openapi({
    "/zqwidgets": {
      get: {
        operationId: "listZqwidgets",
        parameters: [
          { name: "pageToken", in: "query", schema: { type: "string" } },
          { name: "maxResults", in: "query", schema: { type: "integer", maximum: 20 } },
        ],
        responses: {
          "200": reply(
            {
              type: "object",
              properties: { zqwidgets: { type: "array", items: zqkey }, nextPageToken: { type: "string" } },
            },
            { zqwidgets: [] },
          ),
        },
      },
    },
  });

/** A loopback server answering the scripted pages in order, and what a call with every page sent it. */
async function pagedCall(d: ReturnType<typeof drafted>, pages: Json[]) {
  const [tool] = await linkedTools(d);
  const upstream = await server(() => ({ status: 200, body: JSON.stringify(pages.shift() ?? {}) }));
  try {
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001" },
      { baseUrl: upstream.url, allPages: true },
    );
    return { result, received: upstream.received };
  } finally {
    await upstream.close();
  }
}

describe("a reply's Next<Name> sent back as the request's <Name>", () => {
  it("is a cursor sent back in the JSON body (NextMarker → the body's Marker)", async () => {
    const d = drafted(bodyListing(marker, "NextMarker"), ["listZqkeys"]);
    expect(d.manifest.operations.acme_list_zqkeys!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/NextMarker",
      send: { in: "body", pointer: "/Marker" },
      items: ["data"],
      pageSize: "Limit",
    });
    expect(notesAt(d, "operations.acme_list_zqkeys.pagination")).toEqual([
      "paging recognised as a cursor: NextMarker of the reply, sent back as the body's Marker",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("walks every page with the marker in the body, as the document puts it", async () => {
    const { result, received } = await pagedCall(drafted(bodyListing(marker, "NextMarker"), ["listZqkeys"]), [
      { ZqKeys: [{ ZqKeyId: "k1" }, { ZqKeyId: "k2" }], NextMarker: "zq-marker-1", Truncated: true },
      { ZqKeys: [{ ZqKeyId: "k3" }], Truncated: false },
    ]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ ZqKeyId: "k1" }, { ZqKeyId: "k2" }, { ZqKeyId: "k3" }] },
    });
    expect(received.map((r) => new URL(r.url, "http://x").search)).toEqual(["", ""]);
    expect(received.map((r) => JSON.parse(r.body).Marker)).toEqual([undefined, "zq-marker-1"]);
  });

  it("is a cursor sent back in the query (nextPageToken → pageToken), the page size beside it", async () => {
    const d = drafted(queryListing(), ["listZqwidgets"]);
    expect(d.manifest.operations.acme_list_zqwidgets!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/nextPageToken",
      send: { in: "query", name: "pageToken" },
      items: ["data"],
      pageSize: "maxResults",
    });
    expect(await linkProblems(d)).toEqual([]);
    const { result, received } = await pagedCall(d, [
      { zqwidgets: [{ ZqKeyId: "w1" }], nextPageToken: "zq-token-1" },
      { zqwidgets: [{ ZqKeyId: "w2" }] },
    ]);
    expect(result).toMatchObject({ success: true, output: { data: [{ ZqKeyId: "w1" }, { ZqKeyId: "w2" }] } });
    expect(received.map((r) => new URL(r.url, "http://x").searchParams.get("pageToken"))).toEqual([null, "zq-token-1"]);
  });

  it("is a cursor sent back in the JSON body, `page` in its name (NextPageMarker → the body's Marker)", async () => {
    const d = drafted(bodyListing(marker, "NextPageMarker"), ["listZqkeys"]);
    expect(d.manifest.operations.acme_list_zqkeys!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/NextPageMarker",
      send: { in: "body", pointer: "/Marker" },
      items: ["data"],
      pageSize: "Limit",
    });
    expect(await linkProblems(d)).toEqual([]);
    const { result, received } = await pagedCall(d, [
      { ZqKeys: [{ ZqKeyId: "k1" }], NextPageMarker: "zq-marker-1" },
      { ZqKeys: [{ ZqKeyId: "k2" }] },
    ]);
    expect(result).toMatchObject({ success: true, output: { data: [{ ZqKeyId: "k1" }, { ZqKeyId: "k2" }] } });
    expect(received.map((r) => JSON.parse(r.body).Marker)).toEqual([undefined, "zq-marker-1"]);
  });

  it("takes the body's MaxItems as the page size, a call over all pages asking for its maximum", async () => {
    const fields = { MaxItems: { type: "integer", maximum: 100 }, Marker: marker.Marker };
    const d = drafted(bodyListing(fields, "NextMarker"), ["listZqkeys"]);
    expect(d.manifest.operations.acme_list_zqkeys!.pagination).toMatchObject({ pageSize: "MaxItems" });
    expect(await linkProblems(d)).toEqual([]);
    const { received } = await pagedCall(d, [
      { ZqKeys: [{ ZqKeyId: "k1" }], NextMarker: "zq-marker-1" },
      { ZqKeys: [] },
    ]);
    expect(received.map((r) => JSON.parse(r.body))).toEqual([
      { MaxItems: 100 },
      { MaxItems: 100, Marker: "zq-marker-1" },
    ]);
  });

  it("is no paging when the rest of the name is no field of the request, nor the page size's", () => {
    const unmatched = drafted(bodyListing(marker, "NextZqowner"), ["listZqkeys"]);
    expect(unmatched.manifest.operations.acme_list_zqkeys!.pagination).toBeUndefined();
    const sizeOnly = drafted(bodyListing({ Limit: marker.Limit }, "NextLimit"), ["listZqkeys"]);
    expect(sizeOnly.manifest.operations.acme_list_zqkeys!.pagination).toBeUndefined();
  });
});
