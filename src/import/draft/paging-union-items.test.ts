// A list paged by `after` and `has_more` whose items are a union of kinds (`oneOf` told apart by `type`: a
// conversation's messages and tool calls, each with its `id`): the last item's id was taken as the cursor only for
// items of one object shape, so the list was drafted as one page and `call --all-pages` was refused (issue 59). Every
// shape naming an `id`, the last item's id is the cursor whichever kind it is, one that may be null too (the link
// refused it as untyped); a shape without one leaves it unpaged.
import { rmSync } from "node:fs";
import { collectPages, fullSupport } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
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

const kind = (name: string, extra: Json = { id: { type: "string" } }) => ({
  type: "object",
  required: ["type"],
  properties: { type: { type: "string", enum: [name] }, ...extra },
});
const schemas = (third: Json) => ({
  schemas: {
    // An optional id (FastAPI's `Optional[str]`): the cursor may be null, which ends the pages.
    ZqNote: kind("zqnote", { id: { anyOf: [{ type: "string" }, { type: "null" }] }, text: { type: "string" } }),
    ZqCall: { allOf: [{ $ref: "#/components/schemas/ZqBase" }, kind("zqcall", { name: { type: "string" } })] },
    ZqBase: { type: "object", properties: { id: { type: "string" } } },
    ZqMark: third,
  },
});
const listing = (third: Json) => ({
  ...openapi(
    {
      "/zqthreads/{zqthread}/items": {
        get: {
          operationId: "listZqitems",
          parameters: [
            { name: "zqthread", in: "path", required: true, schema: { type: "string" } },
            { name: "after", in: "query", schema: { type: "string" } },
            { name: "limit", in: "query", schema: { type: "integer" } },
          ],
          responses: {
            "200": reply({
              type: "object",
              required: ["data"],
              properties: {
                object: { type: "string" },
                data: {
                  type: "array",
                  items: {
                    oneOf: ["ZqNote", "ZqCall", "ZqMark"].map((n) => ({ $ref: `#/components/schemas/${n}` })),
                    discriminator: { propertyName: "type" },
                  },
                },
                has_more: { type: "boolean" },
              },
            }),
          },
        },
      },
    },
    schemas(third),
  ),
  openapi: "3.1.0",
});

describe("a list of a union of kinds, each with its id, paged by after and has_more", () => {
  it("sends the last item's id back as after, whichever kind it is, while has_more is true", async () => {
    const d = drafted(listing(kind("zqmark")), ["listZqitems"]);
    expect(d.manifest.operations.acme_list_zqitems?.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/data/-1/id",
      send: { in: "query", name: "after" },
      more: { from: "$response.body#/has_more", equals: true },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_list_zqitems.pagination")).toEqual([
      "paging recognised as has_more with the last item's id sent back as after",
    ]);
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "listZqitems");
    if (!tool) throw new Error("listZqitems not linked");
    const { fetch, seen } = scriptedFetch(
      json(200, {
        data: [
          { type: "zqnote", id: "n1" },
          { type: "zqcall", id: "c/1" },
        ],
        has_more: true,
      }),
      json(200, { data: [{ type: "zqmark", id: "m1" }], has_more: false }),
    );
    const input = { accessToken: "zq-token-0001", zqthread: "t1" };
    const all = await collectPages(tool, input, { ...fullSupport, fetch });
    expect(all.success && all.output.data).toEqual([
      { type: "zqnote", id: "n1" },
      { type: "zqcall", id: "c/1" },
      { type: "zqmark", id: "m1" },
    ]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("after"))).toEqual([null, "c/1"]);
  });

  it("is no paging where one kind names no id", () => {
    const d = drafted(listing(kind("zqmark", { note: { type: "string" } })), ["listZqitems"]);
    expect(d.manifest.operations.acme_list_zqitems?.pagination).toBeUndefined();
  });
});
