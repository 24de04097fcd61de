// A zqledger provider listing entries that page by a cursor (`next_cursor`, sent back as the query's `cursor`), its
// document and manifest, for tests that vary only the answer's schema and where `data` is read from (one place, or a
// first-of list): the poll cases' upstream, the paging bench's, the first-of readers.
import { keyedDocument, keyedManifest } from "./linked-tool.js";

const entry = { type: "object", properties: { id: { type: "string" } } };

/** A bare list of entries, or a page object holding it with the cursor of the next page. */
export const LIST_OR_PAGE = {
  oneOf: [
    { type: "array", items: entry },
    {
      type: "object",
      required: ["data"],
      properties: { data: { type: "array", items: entry }, next_cursor: { type: "string", nullable: true } },
    },
  ],
};

/** The page object alone, its cursor required (null on the last page). */
export const PAGE = {
  type: "object",
  required: ["data", "next_cursor"],
  properties: {
    data: { type: "array", items: entry },
    next_cursor: { type: "string", nullable: true },
  },
};

/**
 * zqledger's document answering `schema`, and its manifest: `zqledger_list` paging by the cursor, `data` read from
 * `dataFrom` (YAML text: a place or a list of places), and the next cursor as an output unless `nextCursor` is false.
 */
export function zqLedger(schema: object, dataFrom: string, nextCursor = true): { openapi: object; manifest: string } {
  const openapi = keyedDocument("zqledger", {
    "/zqentries": {
      get: {
        operationId: "listZqentries",
        parameters: [{ name: "cursor", in: "query", schema: { type: "string" } }],
        responses: { "200": { description: "entries", content: { "application/json": { schema } } } },
      },
    },
  });
  const cursorOutput = nextCursor
    ? `      metadata.nextCursor:
        type: string
        from: $response.body#/next_cursor
        description: Where the next page starts.
`
    : "";
  const manifest = keyedManifest(
    "zqledger",
    `  zqledger_list:
    operationId: listZqentries
    title: List entries
    description: List entries.
    params:
      cursor:
        type: string
        maxLength: 100
        description: Where the page starts.
        wire: { in: query }
    pagination:
      style: cursor
      cursor: $response.body#/next_cursor
      send: { in: query, name: cursor }
      items: [data]
    outputs:
      data:
        type: array
        from: ${dataFrom}
        description: The entries.
${cursorOutput}`,
  );
  return { openapi, manifest };
}
