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
  });
});
