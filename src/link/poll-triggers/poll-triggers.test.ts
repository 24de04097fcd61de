// Poll triggers (`triggers.<id>.poll`) linked against the document: the list
// operation, its list output and one item's schema found there, the growing
// field or the delta link checked, the inputs held to the operation's
// parameters, and each problem reported at the manifest's place.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import type { ProviderIR } from "../../model/ir.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poll-triggers-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** One item gains a creation time, and the list answer an address to come back with. */
const DOCUMENT: FixtureEdit[] = [
  {
    file: "openapi.yaml",
    find: "        rank: { type: integer }\n",
    replace: "        rank: { type: integer }\n        addedAt: { type: string, format: date-time }\n",
  },
  {
    file: "openapi.yaml",
    find: "                  total: { type: integer }\n",
    replace: "                  total: { type: integer }\n                  comeBack: { type: string }\n",
  },
  {
    find: '        from: "$response.body#/total"\n        description: Books on the shelf.\n',
    replace:
      '        from: "$response.body#/total"\n        description: Books on the shelf.\n      ' +
      'comeBack:\n        type: string\n        from: "$response.body#/comeBack"\n        optional: ' +
      "true\n        description: Where to come back for the changes since.\n",
  },
];

/** A poll trigger after the delivered one, its `poll` part given. */
const pollTrigger = (poll: string, extra = "") => ({
  find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
  replace:
    `      title: { from: "$event#/book/title", description: Its title., required: ` +
    `false }\n  shelf_book_listed:\n    title: Book listed\n    description: ` +
    `Starts when a book appears on a shelf.\n    eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: ` +
    `"$event#/id", description: The book's id. }\n${extra}    poll:\n${poll}`,
});

let counter = 0;
async function linked(edits: FixtureEdit[]): Promise<{ ir: ProviderIR } | { problems: string[] }> {
  const root = join(work, String(counter++));
  const dir = shelfCopy(root, [...DOCUMENT, ...edits]);
  try {
    return { ir: await loadProvider(root, dir) };
  } catch (e) {
    if (e instanceof GenerationErrors)
      return { problems: e.errors.map((x) => x.message.replace(/^.*manifest\.yaml:/, "manifest.yaml:")) };
    throw e;
  }
}

async function ir(edits: FixtureEdit[]): Promise<ProviderIR> {
  const result = await linked(edits);
  if ("problems" in result) throw new Error(result.problems.join("\n"));
  return result.ir;
}

async function problems(edits: FixtureEdit[]): Promise<string[]> {
  const result = await linked(edits);
  return "problems" in result ? result.problems : [];
}

const SINCE =
  "      operation: shelf_list_books\n      items: data\n      inputs: { shelfId: " +
  '"s-{{poll.since}}" }\n      since: { field: /addedAt, type: date-time }\n';

describe("poll triggers linked against the document", () => {
  it(
    "links a since poll: the item's field, the inputs, the outputs typed from one item, " +
      "and keeps it apart from the delivered triggers",
    async () => {
      const linkedIr = await ir([pollTrigger(SINCE)]);
      expect(linkedIr.triggers?.map((t) => t.id)).toEqual(["shelf_book_added"]);
      expect(linkedIr.pollTriggers?.filter((t) => t.id === "shelf_book_listed")).toEqual([
        expect.objectContaining({
          id: "shelf_book_listed",
          operation: "shelf_list_books",
          items: "data",
          inputs: { shelfId: "s-{{poll.since}}" },
          position: { kind: "since", pointer: ["addedAt"], type: "date-time" },
          intervalSeconds: 300,
          eventId: [["id"]],
          outputs: [
            {
              name: "bookId",
              description: "The book's id.",
              source: { from: "event", pointer: ["id"] },
              required: true,
            },
          ],
        }),
      ]);
    },
  );

  it("links an ids poll and a delta poll, whose link is a string output of the operation", async () => {
    const byIds = await ir([
      pollTrigger(
        "      operation: shelf_list_books\n      items: data\n      ids: { order: newestFirst, keep: " +
          "50 }\n      intervalSeconds: 60\n",
      ),
    ]);
    expect(byIds.pollTriggers?.find((t) => t.id === "shelf_book_listed")).toMatchObject({
      position: { kind: "ids", order: "newestFirst", keep: 50 },
      intervalSeconds: 60,
    });
    const byDelta = await ir([
      pollTrigger(
        "      operation: shelf_list_books\n      items: data\n      delta: { link: comeBack, new: created }\n",
      ),
    ]);
    expect(byDelta.pollTriggers?.find((t) => t.id === "shelf_book_listed")).toMatchObject({
      position: { kind: "delta", link: "comeBack", created: true },
    });
  });

  it("names a growing field the item lacks, or of another type, at its place", async () => {
    expect(await problems([pollTrigger(SINCE.replace("/addedAt", "/shelvedAt"))])).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`triggers\.shelf_book_listed\.poll\.since\.field: \/shelvedAt is not a field of an item of ` +
            "shelf_list_books's data",
        ),
      ),
    ]);
    expect(await problems([pollTrigger(SINCE.replace("/addedAt, type: date-time", "/title, type: number"))])).toEqual([
      expect.stringMatching(/poll\.since\.type: \/title is of type string in .*, not a number field/),
    ]);
  });

  it(
    "refuses a list output that is not a list, an operation the manifest lacks, " +
      "and a delta link that is no string output",
    async () => {
      expect(await problems([pollTrigger(SINCE.replace("items: data", "items: state"))])).toEqual([
        expect.stringContaining(
          'poll.items: "state" is not a list output of shelf_list_books (its list outputs: data)',
        ),
      ]);
      expect(
        await problems([pollTrigger(SINCE.replace("operation: shelf_list_books", "operation: shelf_list_shelves"))]),
      ).toEqual([expect.stringContaining('poll.operation: "shelf_list_shelves" is not an operation of this manifest')]);
      expect(
        await problems([
          pollTrigger("      operation: shelf_list_books\n      items: data\n      delta: { link: data }\n"),
        ]),
      ).toEqual([expect.stringContaining('poll.delta.link: "data" is not a string output of shelf_list_books')]);
    },
  );

  it(
    "wants a since poll to pass {{poll.since}}, fills only what serve fills, " +
      "and takes none of a delivered trigger's fields",
    async () => {
      expect(await problems([pollTrigger(SINCE.replace('"s-{{poll.since}}"', "s-1"))])).toEqual([
        expect.stringContaining("a since poll passes {{poll.since}} to one of shelf_list_books's inputs"),
      ]);
      expect(await problems([pollTrigger(SINCE.replace("{{poll.since}}", "{{poll.since}}{{poll.until}}"))])).toEqual([
        expect.stringContaining("{{poll.until}} is not a value serve fills in a poll's inputs"),
      ]);
      expect(await problems([pollTrigger(SINCE, "    secret: signingSecret\n")])).toEqual([
        expect.stringContaining(
          "triggers.shelf_book_listed.secret: a poll trigger is found by calling shelf_list_books, " +
            "never delivered: it takes no secret",
        ),
      ]);
    },
  );

  it("refuses an interval shorter than one request's turn at the provider's rate", async () => {
    const rated = { find: "auth:\n", replace: "rateLimits: { requestsPerMinute: 2 }\nauth:\n" };
    expect(await problems([rated, pollTrigger(`${SINCE}      intervalSeconds: 10\n`)])).toEqual([
      expect.stringContaining(
        "poll.intervalSeconds: 10 s between polls is shorter than one request's turn at the provider's 2 " +
          "requests per minute (30 s)",
      ),
    ]);
    expect(await problems([rated, pollTrigger(`${SINCE}      intervalSeconds: 30\n`)])).toEqual([]);
  });
});
