// A list's reply whose paging object is declared as a bare object (`meta: {type: object}`), its fields shown only by
// the reply schema's own example and its next cursor named in words ("use the meta.next_page cursor"): add drafted the
// list as one page (no field held the next cursor). It declares the example's fields in the cut now, and the paging is
// recognised as the document's other lists' are: `meta.next_page` sent back as the cursor parameter.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const listReply = (meta: Record<string, unknown>, example: Record<string, unknown> | undefined) => ({
  description: "The reply.",
  content: {
    "application/json": {
      schema: {
        type: "object",
        description: "A page of entries, most recent first. Use the `meta.next_page` cursor to fetch the next page.",
        properties: {
          data: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
          meta,
        },
        ...(example ? { example } : {}),
      },
    },
  },
});

const params = [
  { name: "zqkind", in: "query", required: true, schema: { type: "string" } },
  { name: "page_cursor", in: "query", required: false, schema: { type: "string" } },
];
const shown = { data: [{ id: "zq1" }], meta: { count: 1, limit: 50, next_page: null, prev_page: null } };
const document = openapi({
  "/zqentries": {
    get: {
      operationId: "zqListEntries",
      parameters: params,
      responses: { "200": listReply({ type: "object" }, shown) },
    },
  },
  "/zqplain": {
    get: {
      operationId: "zqListPlain",
      parameters: params,
      responses: { "200": listReply({ type: "object" }, undefined) },
    },
  },
  "/zqclosed": {
    get: {
      operationId: "zqListClosed",
      parameters: params,
      responses: { "200": listReply({ type: "object", additionalProperties: false }, shown) },
    },
  },
});

describe("a reply's paging object declared bare, its fields shown by its example", () => {
  const d = drafted(document, ["zqListEntries", "zqListPlain", "zqListClosed"]);
  const ids = Object.keys(d.manifest.operations);
  const idOf = (name: string) => ids.find((id) => id.includes(name)) ?? "";
  const [entries, plain, closed] = [idOf("entries"), idOf("plain"), idOf("closed")];

  it("pages by the cursor the example shows, sent back as the cursor parameter", () => {
    expect(d.manifest.operations[entries]?.pagination).toMatchObject({
      style: "cursor",
      cursor: "$response.body#/meta/next_page",
      send: { in: "query", name: "page_cursor" },
    });
  });

  it("says what it declared, and the draft links", async () => {
    expect(notesAt(d, "openapi").join("\n")).toContain(
      "meta: count, limit, next_page, prev_page declared as its example",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves a bare object with no example, or one closed by rules of its own, as published: one page", () => {
    expect(d.manifest.operations[plain]?.pagination).toBeUndefined();
    expect(d.manifest.operations[closed]?.pagination).toBeUndefined();
  });
});
