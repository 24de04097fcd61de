// The IR of the fixture specs, as committed JSON: runtime tests read their
// tools here instead of running the generator (npm run refresh writes the
// files again; scripts/build/ir-fixtures.test.ts fails while one is stale).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ToolSpec } from "@blockwright/runtime/internal";

/**
 * Each fixture: its name (the file under test-support/fixtures/ir/) and the provider folder it is linked
 * from, or the folder and the name of the text edits made to it first (test-support/fixture-edits.ts,
 * the generator's part of the test support, holds them).
 */
export const IR_FIXTURES = {
  shelf: "test-support/fixtures/specs/shelf",
  zqpayments: "test-support/fixtures/specs-wild/zqpayments",
  tracker: "test-support/fixtures/specs-wild/tracker",
  store: "test-support/fixtures/wire-style/store",
  zqfiles: "test-support/fixtures/specs-files/zqfiles",
  zqwire: "test-support/fixtures/specs-judge/zqwire",
  // The tracker with OAuth 2 flows declared; and with an instance's address and audience rules besides.
  "tracker-oauth": { from: "test-support/fixtures/specs-wild/tracker", edits: "oauth" },
  "tracker-oauth-instance": { from: "test-support/fixtures/specs-wild/tracker", edits: "oauth-instance" },
} as const satisfies Record<string, string | { from: string; edits: string }>;

export type IrFixture = keyof typeof IR_FIXTURES;

/** What runtime tests read of a fixture's IR (src/model/ir.ts has the whole shape): its operations' tools. */
export interface FixtureIr {
  provider: string;
  operations: { tool: ToolSpec }[];
}

/** The committed IR of a fixture provider. */
export function irFixture(name: IrFixture): FixtureIr {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`../fixtures/ir/${name}.json`, import.meta.url)), "utf8"),
  ) as FixtureIr;
}

/** The tools of a fixture provider, by operation id. */
export function fixtureTools(name: IrFixture): Record<string, ToolSpec> {
  return Object.fromEntries(irFixture(name).operations.map((o) => [o.tool.id, o.tool]));
}

/**
 * The shelf fixture's `shelf_add_book` with one more output, `metadata.key`: the book's access key its reply hands out
 * (`$response.body#/key`), marked secret, as the tests of secret outputs (agents, runs, recordings) need it.
 */
export function shelfAddWithSecretKey(): ToolSpec {
  const add = fixtureTools("shelf").shelf_add_book as ToolSpec;
  const key: ToolSpec["outputs"][number] = {
    path: "metadata.key",
    type: "string",
    description: "The book's access key.",
    optional: false,
    source: { expression: "$response.body#/key", ref: { kind: "body", pointer: ["key"] }, required: true },
    secret: true,
  };
  return { ...add, outputs: [...add.outputs, key] };
}
