// A list whose reply declares a `next-page` header holding the next page's address ("URL representing a new request
// to this API endpoint to receive the next page of results"), beside a bare list and `after`/`before` filters. Drafted
// as the Link header (which the document does not declare and the service does not send), a paged call stopped after
// the first page, reported complete. The header is the next page's address now, followed as a body's would be.
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

const described = {
  description: "URL representing a new request to this API endpoint to receive the next page of results.",
  schema: { type: "string" },
};
const zqtransfer = { type: "object", properties: { id: { type: "string" }, status: { type: "string" } } };

/** GET /zqtransfers, a bare list, its 200 declaring the header `name` as `header` (a $ref to `described` or not). */
const listing = (name: string, header: Json, component: Json = header) =>
  openapi(
    {
      "/zqtransfers": {
        get: {
          operationId: "getZqtransfers",
          parameters: [
            { name: "after", in: "query", schema: { type: "string" }, description: "Unix time in ms: created after" },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 500 } },
          ],
          responses: { "200": reply({ type: "array", items: zqtransfer }, [], { [name]: header }) },
        },
      },
    },
    {
      headers: {
        [name]: component,
      },
    },
  );

describe("a reply header holding the next page's address", () => {
  it("is nextUrl from that header, and the draft links", async () => {
    const d = drafted(listing("next-page", { $ref: "#/components/headers/next-page" }, described), ["getZqtransfers"]);
    expect(d.manifest.operations.acme_get_zqtransfers!.pagination).toEqual({
      style: "nextUrl",
      url: "$response.header.next-page",
      items: ["data"],
    });
    expect(notesAt(d, "operations.acme_get_zqtransfers.pagination")).toEqual([
      "paging recognised as the address of the next page in the reply's next-page header (absolute, or relative to " +
        "the request's); the list ends at a reply without it",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("walks every page at the address each reply gives", async () => {
    const d = drafted(listing("next-page", described), ["getZqtransfers"]);
    const [tool] = await linkedTools(d);
    let page = 0;
    const upstream = await server(() => {
      page++;
      return page === 1
        ? {
            status: 200,
            headers: { "next-page": "/zqtransfers?after=1700&limit=2" },
            body: '[{"id":"t1"},{"id":"t2"}]',
          }
        : { status: 200, body: '[{"id":"t3"}]' };
    });
    try {
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-credential-0001", limit: 2 },
        { baseUrl: upstream.url, allPages: true },
      );
      expect(result).toMatchObject({
        success: true,
        output: { data: [{ id: "t1" }, { id: "t2" }, { id: "t3" }] },
        pages: { count: 2, complete: true },
      });
      expect(upstream.received.map((r) => r.url)).toEqual(["/zqtransfers?limit=2", "/zqtransfers?after=1700&limit=2"]);
    } finally {
      await upstream.close();
    }
  });

  it("is not a header that is no address (a page number)", () => {
    const counted = { description: "The number of the next page.", schema: { type: "integer" } };
    const d = drafted(listing("next-page", counted), ["getZqtransfers"]);
    expect(d.manifest.operations.acme_get_zqtransfers!.pagination).not.toMatchObject({ style: "nextUrl" });
  });
});
