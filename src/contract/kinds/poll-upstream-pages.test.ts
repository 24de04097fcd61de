// The poll cases' loopback upstream answers a list paged by a page number (or an offset) in the query as such an
// upstream does: what the first page listed is all there is, a later page empty. It answered every page with every
// item, so a poll by `since`, which reads a round's pages until one is empty, read the same items page after page and
// ran them again ("the runs' items (one each): expected [zqa-id, zqb-id], got [zqa-id, zqa-id, zqa-id, zqb-id, …]":
// the directory's seed-91 sample, a search of bills paged by `page`).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { deriveCases } from "../derive.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poll-pages-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entry = { type: "object", properties: { id: { type: "string" }, made_at: { type: "string" } } };
const openapi = keyedDocument("zqpages", {
  "/zqentries": {
    get: {
      operationId: "listZqentries",
      parameters: [
        { name: "made_since", in: "query", schema: { type: "string", format: "date-time" } },
        { name: "page", in: "query", schema: { type: "integer", minimum: 1 } },
      ],
      responses: {
        "200": {
          description: "entries",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["results"],
                properties: { results: { type: "array", items: entry } },
              },
            },
          },
        },
      },
    },
  },
});
const manifest = `${keyedManifest(
  "zqpages",
  `  zqpages_list:
    operationId: listZqentries
    title: List entries
    description: List entries.
    params:
      made_since:
        type: string
        maxLength: 40
        description: Entries made at or after this time.
        wire: { in: query }
      page:
        type: number
        integer: true
        minimum: 1
        description: The page.
        wire: { in: query }
    pagination:
      style: page
      send: { in: query, name: page }
      items: [data]
    outputs:
      data:
        type: array
        from: $response.body#/results
        description: The entries.
`,
)}triggers:
  zqpages_entry_made:
    title: Entry made
    description: Starts once for each new entry.
    eventId: ["$event#/id"]
    outputs:
      id: { from: "$event#/id", description: The entry's id. }
    poll:
      operation: zqpages_list
      items: data
      inputs: { made_since: "{{poll.since}}" }
      since: { field: /made_at, type: date-time }
`;

const { linked } = await linkedTool(work, "zqpages", openapi, manifest, "zqpages_list");
const document = new OpenApiDocument(parseYamlSource(JSON.stringify(openapi), "openapi.json"));

describe("the poll cases of a list paged by a page number", () => {
  it("run two items of the same second on either side of a poll once each", async () => {
    const cases = deriveCases({
      provider: "zqpages",
      tools: linked.ir.operations.map((op) => op.tool),
      pollTriggers: linked.ir.pollTriggers,
      document,
    }).filter((c) => c.kind === "poll" && c.name.startsWith("two items of the same second"));
    expect(cases).toHaveLength(1);
    const ctx = { mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1 };
    await expect(cases[0]?.run(ctx)).resolves.toBeUndefined();
  });
});
