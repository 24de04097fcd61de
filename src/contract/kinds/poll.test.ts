// The poll cases (poll.ts) of a copy of the fixture provider with a poll
// trigger of each kind (by ids, by a growing time, by a delta link) and a
// documented rate: derived per trigger and kind, and each passes against the
// poller serve runs; a trigger whose list operation is not among the
// provider's tools is one failing case, not a crash.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { deriveCases } from "../derive.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poll-cases-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The list gains a query for a time, its items a creation time, its answer an address to come back with; the provider a
 * rate.
 */
const EDITS: FixtureEdit[] = [
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
    file: "openapi.yaml",
    find: "        - name: $count\n",
    replace:
      "        - name: addedSince\n          in: query\n          schema: { type: string }\n        - name: $count\n",
  },
  { find: "params:\n", replace: "rateLimits:\n  requestsPerMinute: 600\nparams:\n" },
  {
    find: "      top:\n        type: number\n",
    replace:
      "      addedSince:\n        type: string\n        maxLength: 40\n        description: Books added at or " +
      "after this time.\n        wire: { in: query }\n      top:\n        type: number\n",
  },
  {
    find: '        from: "$response.body#/total"\n        description: Books on the shelf.\n',
    replace:
      '        from: "$response.body#/total"\n        description: Books on the shelf.\n      comeBack:\n      ' +
      '  type: string\n        from: "$response.body#/comeBack"\n        optional: true\n        description: ' +
      "Where to come back for the changes since.\n",
  },
  {
    find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
    replace:
      '      title: { from: "$event#/book/title", description: Its title., required: false }\n' +
      ("  shelf_zqbook_since:\n    title: Book added (since)\n    description: Polled by creation time.\n    " +
        'eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: "$event#/id", description: The book\'s id. ' +
        "}\n") +
      ("    poll:\n      operation: shelf_list_books\n      items: data\n      inputs: { addedSince: " +
        '"{{poll.since}}" }\n      since: { field: /addedAt, type: date-time }\n') +
      ("  shelf_zqbook_delta:\n    title: Book added (delta)\n    description: Polled by a delta link.\n    " +
        'eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: "$event#/id", description: The book\'s id. ' +
        "}\n") +
      ("    poll:\n      operation: shelf_list_books\n      items: data\n      delta: { link: comeBack, new: " +
        "created, removed: /rank }\n"),
  },
];

const root = join(work, "project");
const dir = shelfCopy(root, EDITS);
const shelf = await loadProvider(root, dir);
const doc = new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml")));
const ctx = { mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1 };
const pollCases = (pollTriggers: PollTriggerSpec[], tools = shelf.operations.map((op) => op.tool)) =>
  deriveCases({ provider: "shelf", tools, pollTriggers, document: doc }).filter((c) => c.kind === "poll");

describe("poll cases", () => {
  it("are derived for each poll trigger, by its kind, after every other case", () => {
    const ids = pollCases(shelf.pollTriggers ?? []).map((c) => c.id);
    const of = (trigger: string) =>
      ids.filter((id) => id.startsWith(`${trigger} › poll › `)).map((id) => id.split(" › ")[2]);
    const common = [
      "items added between polls start one run each, with the outputs declared",
      "a poller started again on the store resumes: no duplicate, no gap",
    ];
    const rate = "the wait after a poll leaves each of its requests a turn at 600 requests per minute";
    expect(of("shelf_book_appeared")).toEqual([...common, rate]);
    expect(of("shelf_zqbook_since")).toEqual([
      ...common,
      "two items of the same second on either side of a poll run once each",
      rate,
    ]);
    expect(of("shelf_zqbook_delta")).toEqual([
      ...common,
      "the round's pages and the delta link are followed; a changed or removed item starts no run",
      rate,
    ]);
    const all = deriveCases({
      provider: "shelf",
      tools: shelf.operations.map((op) => op.tool),
      triggers: shelf.triggers,
      pollTriggers: shelf.pollTriggers,
      document: doc,
    });
    expect(all.at(-1)?.kind).toBe("poll");
  });

  it("pass against the poller serve runs", async () => {
    for (const c of pollCases(shelf.pollTriggers ?? [])) await expect(c.run(ctx), c.id).resolves.toBeUndefined();
  });

  it("fail, as one case, for a trigger whose list operation is not a linked tool", async () => {
    const cases = pollCases(shelf.pollTriggers ?? [], []);
    expect(cases.map((c) => c.name)).toEqual([
      "list operation linked",
      "list operation linked",
      "list operation linked",
    ]);
    await expect(cases[0]?.run(ctx)).rejects.toThrow(/shelf_list_books is not a linked operation of shelf/);
  });
});

describe("poll cases of a credential sent with another (a key beside an id header)", () => {
  it("give the poller each credential of the combination, and pass", async () => {
    // The list's tool authenticates with its key and a zqAppId header together (auth.also): given the key alone, the
    // poller's every call was refused for the missing id, and no run started.
    const tools = shelf.operations.map((op) => {
      const tool = op.tool;
      if (tool.id !== "shelf_list_books") return tool;
      const id = { name: "zqAppId", type: "string", required: false, wire: { in: "auth" } };
      return {
        ...tool,
        auth: { ...tool.auth, also: [{ type: "header", name: "X-Zq-App-Id", param: "zqAppId" }] },
        params: [...tool.params, id],
      } as typeof tool;
    });
    const cases = pollCases(shelf.pollTriggers ?? [], tools).filter((c) => c.id.startsWith("shelf_book_appeared"));
    expect(cases.length).toBeGreaterThan(1);
    for (const c of cases) await expect(c.run(ctx), c.id).resolves.toBeUndefined();
  });
});
