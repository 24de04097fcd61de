// A secret a block's reply hands out (manifest output `secret`: a created key) reaches the blocks that reference it
// as the reply gave it, and nothing the run keeps or shows: its result, its events, a durable run's journal.
import { describe, expect, it } from "vitest";
import { irFixture, shelfAddWithSecretKey } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { REDACTED } from "../common/redact.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { runWorkflowWith } from "./run.js";
import type { BlockResult, Registry, ValidatedWorkflow } from "./types.js";

const shelf = irFixture("shelf");
const toolOf = (id: string): ToolSpec => shelf.operations.find((o) => o.tool.id === id)!.tool;
const HANDED = "zq_book_key_3Mn8Qx5Wc1Js";

const registry: Registry = {
  tools: { shelf_add_book: shelfAddWithSecretKey(), shelf_get_book: toolOf("shelf_get_book") },
  blocks: {},
};
const blocks = {
  create: {
    type: "shelf",
    name: "Create",
    inputs: { operation: "shelf_add_book", apiKey: "{{ZQ_KEY}}", shelfId: "zq-main", title: "Zq Dune" },
    connections: { outgoing: [{ target: "read" }] },
  },
  read: {
    type: "shelf",
    name: "Read",
    inputs: { operation: "shelf_get_book", apiKey: "{{ZQ_KEY}}", bookId: "{{create.metadata.key}}" },
  },
};
const checked: ValidatedWorkflow = { file: "zq.workflow.yaml", workflow: { blocks }, placeholders: [] };

describe("a workflow whose block's reply hands out a secret", () => {
  it("passes it to the block referencing it and keeps it out of the run's result, events and journal", async () => {
    const { fetch, seen } = scriptedFetch(
      () => json(201, { id: "zq-b2", state: "queued", key: HANDED }),
      () => json(200, { id: "zq-b2", state: "ready" }),
    );
    const journaled: BlockResult[] = [];
    const events: unknown[] = [];
    const run = await runWorkflowWith(registry, checked, {
      env: { ZQ_KEY: "zq_shelf_key_5Rt8wQ2nVb" },
      fetch,
      onEvent: (e) => events.push(e),
      journal: { done: {}, record: async (r) => void journaled.push(r) },
    });
    expect(run.blocks.map((b) => b.error?.message ?? b.status)).toEqual(["succeeded", "succeeded"]);
    expect(seen[1]!.url).toContain(`/${HANDED}`);
    expect(run.blocks[0]!.outputs).toMatchObject({ bookId: "zq-b2", metadata: { key: REDACTED } });
    expect(JSON.stringify(run)).not.toContain(HANDED);
    expect(JSON.stringify(events)).not.toContain(HANDED);
    expect(journaled).toHaveLength(2);
    expect(JSON.stringify(journaled)).not.toContain(HANDED);
  });

  it("resumed, fails the block referencing it before any request: the journal never held the secret", async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, { id: "zq-b2", state: "ready" }));
    const done: Record<string, BlockResult> = {
      create: {
        id: "create",
        name: "Create",
        type: "shelf",
        operation: "shelf_add_book",
        status: "succeeded",
        durationMs: 1,
        outputs: { bookId: "zq-b2", state: "queued", metadata: { key: REDACTED } },
      },
    };
    const run = await runWorkflowWith(registry, checked, {
      env: { ZQ_KEY: "zq_shelf_key_5Rt8wQ2nVb" },
      fetch,
      journal: { done, record: async () => {} },
    });
    expect(seen).toHaveLength(0);
    expect(run.blocks[0]!.outputs).toMatchObject({ metadata: { key: REDACTED } });
    expect(run.blocks[1]).toMatchObject({ status: "failed", error: { rule: "reference", param: "bookId" } });
    // Why it cannot resolve, and what to do: not the bare "create.metadata has no key" a typo gets.
    expect(run.blocks[1]!.error!.message).toBe(
      "bookId: {{create.metadata.key}} did not resolve: create.metadata.key is a secret create's reply handed out, " +
        "which the run's record never keeps, so a resumed run cannot send it (create is not called again); " +
        "start the workflow anew for create to hand out another, or give the value from an environment variable " +
        "({{NAME}})",
    );
  });
});

describe("a workflow whose block's reply hands out a secret number", () => {
  const PIN = 482913;
  const pin: ToolSpec["outputs"][number] = {
    path: "metadata.pin",
    type: "number",
    description: "The book's one-time pin.",
    optional: false,
    source: { expression: "$response.body#/pin", ref: { kind: "body", pointer: ["pin"] }, required: true },
    secret: true,
  };
  const add = toolOf("shelf_add_book");
  const get = toolOf("shelf_get_book");
  const numbers: Registry = {
    tools: { shelf_add_book: { ...add, outputs: [...add.outputs, pin] }, shelf_get_book: get },
    blocks: {},
  };
  const zqRead = { ...blocks.read, inputs: { ...blocks.read.inputs, bookId: "{{create.bookId}}" } };
  const flow: ValidatedWorkflow = { ...checked, workflow: { blocks: { create: blocks.create, read: zqRead } } };

  it("withholds it by its place: another number equal to it, in its block or a later one, stays", async () => {
    const { fetch } = scriptedFetch(
      () => json(201, { id: "zq-b3", state: "queued", rank: PIN, pin: PIN }),
      () => json(200, { id: "zq-b3", state: "ready", copies: PIN }),
    );
    const journaled: BlockResult[] = [];
    const run = await runWorkflowWith(numbers, flow, {
      env: { ZQ_KEY: "zq_shelf_key_5Rt8wQ2nVb" },
      fetch,
      journal: { done: {}, record: async (r) => void journaled.push(r) },
    });
    expect(run.blocks.map((b) => b.error?.message ?? b.status)).toEqual(["succeeded", "succeeded"]);
    expect(run.blocks[0]!.outputs).toMatchObject({ rank: PIN, metadata: { pin: REDACTED } });
    expect(run.blocks[1]!.outputs).toMatchObject({ book: { copies: PIN } });
    expect(journaled[0]!.outputs).toMatchObject({ rank: PIN, metadata: { pin: REDACTED } });
  });

  it("withholds it at its place in an output holding the whole reply", async () => {
    const whole: Registry = { tools: { shelf_get_book: { ...get, outputs: [...get.outputs, pin] } }, blocks: {} };
    const one: ValidatedWorkflow = {
      ...checked,
      workflow: { blocks: { read: { ...blocks.read, inputs: { ...blocks.read.inputs, bookId: "zq-b3" } } } },
    };
    const { fetch } = scriptedFetch(() => json(200, { id: "zq-b3", state: "ready", copies: PIN, pin: PIN }));
    const run = await runWorkflowWith(whole, one, { env: { ZQ_KEY: "zq_shelf_key_5Rt8wQ2nVb" }, fetch });
    expect(run.blocks[0]!.outputs).toMatchObject({ book: { copies: PIN, pin: REDACTED }, metadata: { pin: REDACTED } });
  });
});
