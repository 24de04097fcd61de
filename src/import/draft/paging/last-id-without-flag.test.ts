// A list paged by `after`, the last item's id, whose reply is an object with no end flag and no count (a response's
// input items: `{data: [...], first_id, last_id}`, or `{data: [...]}` with `after` described as taking an item's id):
// drafted one page, so `call --all-pages` was refused. The last item's id is sent back now, and the pages end at one
// without items (no last item, no cursor: the runtime's end of a cursor's pages). The runtime has no end at a short
// page (fewer items than asked for), so the empty page after the last is still asked for. A bare `after` the reply and
// the words say nothing of (a date, perhaps) stays unpaged.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  pagedIds,
  reply,
  type Json,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const entry = { type: "object", required: ["id"], properties: { id: { type: "string" }, zqtext: { type: "string" } } };
/** A list of entries in `{object, data, ...more}`, paged by `after` (its description `words`, if given). */
const entries = (more: Json, words?: string): Json =>
  openapi({
    "/zqentries": {
      get: {
        operationId: "listZqentries",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", default: 20, maximum: 100 } },
          { name: "after", in: "query", schema: { type: "string" }, ...(words ? { description: words } : {}) },
        ],
        responses: {
          "200": reply(
            {
              type: "object",
              properties: { object: { type: "string" }, data: { type: "array", items: entry }, ...more },
            },
            { object: "list", data: [] },
          ),
        },
      },
    },
  });
const ids = { first_id: { type: "string" }, last_id: { type: "string" } };
const WHERE = "operations.acme_list_zqentries.pagination";

describe("a list paged by after, the last item's id, in a reply with no end flag", () => {
  it("is drafted paging on the last item's id where the reply gives last_id, to a page without items", async () => {
    const d = drafted(entries(ids), ["listZqentries"]);
    expect(d.manifest.operations.acme_list_zqentries!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/data/-1/id",
      send: { in: "query", name: "after" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, WHERE)).toEqual([
      "paging recognised as the last item's id sent back as after (the reply gives it as last_id too); the reply " +
        "says no end (no flag, no count): the list ends at a page without items. Check that the service pages so",
    ]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const page = (data: { id: string }[]) => ({ object: "list", data, first_id: data[0]?.id ?? null, last_id: null });
    const paged = await pagedIds(tool!, [["e1", "e2"], ["e3"], []], "after", page);
    expect(paged.items).toEqual([{ id: "e1" }, { id: "e2" }, { id: "e3" }]);
    expect(paged.sent).toEqual([null, "e2", "e3"]);
    expect(paged.pages).toMatchObject({ count: 3, complete: true });
  });

  it("is drafted so where the words say after takes an item's id, and not for a bare after nothing says of", () => {
    const said = drafted(entries({}, "An entry ID to list entries after, used in pagination."), ["listZqentries"]);
    expect(said.manifest.operations.acme_list_zqentries!.pagination).toMatchObject({
      cursor: "$response.body#/data/-1/id",
      send: { in: "query", name: "after" },
    });
    expect(notesAt(said, WHERE).join("\n")).toContain("(the document describes it as an item's id)");
    const bare = drafted(entries({}), ["listZqentries"]);
    expect(bare.manifest.operations.acme_list_zqentries!.pagination).toBeUndefined();
  });
});
