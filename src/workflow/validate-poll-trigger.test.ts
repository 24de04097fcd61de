// A trigger block naming a poll trigger: its inputs are the trigger's own
// parameters (held to their rules, the required ones given) and the
// connection of the list operation it polls (secrets as environment
// references), nothing else; and its outputs are what later blocks may read.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ToolDefinition } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { loadProvider } from "../emit/link-provider.js";
import { createRegistry, type LoadedRegistry } from "../registry/registry.js";
import { parseWorkflow, WorkflowErrors } from "./validate.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-validate-poll-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let registry: LoadedRegistry;
beforeAll(async () => {
  const root = join(work, "project");
  const ir = await loadProvider(
    root,
    shelfCopy(root, [
      {
        find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
        replace:
          '      title: { from: "$event#/book/title", description: Its title., required: false }\n' +
          "  shelf_book_listed:\n    title: Book listed\n    description: Starts when a book appears on a " +
          'shelf.\n    eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: "$event#/id", description: ' +
          "The book's id. }\n" +
          "    poll:\n      operation: shelf_list_books\n      items: data\n      params:\n        shelf: " +
          '{ type: string, required: true, pattern: "^[a-z0-9-]+$", description: The shelf to watch. ' +
          '}\n      inputs: { shelfId: "{{inputs.shelf}}" }\n      ids: { order: newestFirst }\n',
      },
    ]),
  );
  const tools = Object.fromEntries(ir.operations.map((op) => [op.tool.id, op.tool as unknown as ToolDefinition]));
  registry = createRegistry([
    {
      id: "shelf",
      tools,
      pollTriggers: Object.fromEntries((ir.pollTriggers ?? []).map((t) => [t.id, t])),
      block: ir.block,
    },
  ]);
});

const flow = (startInputs: string, read = "{{start.metadata.bookId}}") =>
  [
    "name: On a book listed",
    "blocks:",
    "  start:",
    "    type: shelf",
    "    name: A book is on the shelf",
    `    inputs: { trigger: shelf_book_listed${startInputs} }`,
    "    connections: { outgoing: [{ target: next }] }",
    "  next:",
    "    type: shelf",
    "    name: List the shelf named after it",
    `    inputs: { operation: shelf_list_books, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: '${read}' }`,
    "",
  ].join("\n");

function problems(text: string): string[] {
  try {
    parseWorkflow(text, "flow.yaml", registry, { env: { ZQ_SHELF_KEY: "zq-key-value-1" }, mode: "live" });
    return [];
  } catch (e) {
    if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

describe("a trigger block naming a poll trigger", () => {
  it("takes the trigger's parameters and the list operation's connection, the key as an environment reference", () => {
    expect(problems(flow(", shelf: shelf-1, apiKey: '{{ZQ_SHELF_KEY}}'"))).toEqual([]);
  });

  it(
    "names a required parameter left out, a value its rule refuses, an input it does not take, " +
      "and a key written out",
    () => {
      expect(problems(flow(", apiKey: '{{ZQ_SHELF_KEY}}'"))).toEqual([
        expect.stringContaining('start: shelf_book_listed needs "shelf" (The shelf to watch.)'),
      ]);
      expect(problems(flow(", shelf: Shelf One, apiKey: '{{ZQ_SHELF_KEY}}'"))).toEqual([
        expect.stringContaining("start.shelf:"),
      ]);
      expect(problems(flow(", shelf: shelf-1, shelfId: shelf-2, apiKey: '{{ZQ_SHELF_KEY}}'"))).toEqual([
        expect.stringContaining('shelf_book_listed has no input "shelfId" (inputs: trigger, shelf, apiKey'),
      ]);
      expect(problems(flow(", shelf: shelf-1, apiKey: zq-key-written-out"))).toEqual([
        expect.stringContaining("start.apiKey: a secret must be given as a reference to an environment variable"),
      ]);
    },
  );

  it("lets later blocks read its declared outputs and the item, nothing else", () => {
    expect(problems(flow(", shelf: shelf-1, apiKey: '{{ZQ_SHELF_KEY}}'", "{{start.data.title}}"))).toEqual([]);
    expect(problems(flow(", shelf: shelf-1, apiKey: '{{ZQ_SHELF_KEY}}'", "{{start.metadata.isbn}}"))).toEqual([
      expect.stringContaining("{{start.metadata.isbn}}"),
    ]);
  });
});
