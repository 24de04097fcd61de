// `run --mock` on a document with a resource (POST /orders, GET, PATCH and
// DELETE /orders/{orderId}, GET /orders): a create → get → update → list
// workflow runs on the stateful mock (mocks/mock-state.ts), the get answering
// what the create sent, the list what the run made; `--state <file>` keeps the
// records for the next run. Each call was answered alone before: the get
// answered another order than the one made.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-stateful-run-"));
const project = join(tmp, "project");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const block = (name: string, operation: string, inputs: string, next?: string) => `  ${name}:
    type: zqshop
    name: ${name}
    inputs:
      operation: ${operation}
      accessToken: "{{ZQSHOP_TOKEN}}"
${inputs}${next ? `    connections:\n      outgoing:\n        - target: ${next}\n` : ""}`;

const WORKFLOW =
  "name: Create, read back, change, list\nblocks:\n" +
  block(
    "create",
    "zqshop_create_order",
    "      customer_email: ann@zq.example\n      amount: 1234\n      note: first\n",
    "get",
  ) +
  block("get", "zqshop_get_order", '      orderId: "{{create.id}}"\n', "update") +
  block("update", "zqshop_update_order", '      orderId: "{{create.id}}"\n      note: changed\n', "list") +
  block("list", "zqshop_list_orders", "");

beforeAll(async () => {
  expect((await cli(["init", project])).code).toBe(0);
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
  cpSync(
    fileURLToPath(new URL("../mocks/__fixtures__/mock-state/zqshop", import.meta.url)),
    join(project, "specs/zqshop"),
    { recursive: true },
  );
  expect((await cli(["generate"], { cwd: project })).code).toBe(0);
  writeFileSync(join(project, "crud.yaml"), WORKFLOW);
});

type Outputs = Record<string, { status: string; outputs: Record<string, unknown> }>;

async function outputsOf(...options: string[]): Promise<Outputs> {
  const out = join(tmp, `run-${Math.random().toString(36).slice(2)}.json`);
  const r = await cli(["run", "crud.yaml", "--json", out, ...options], {
    cwd: project,
    startMocks: (providers, o) => startMocks(providers, o),
  });
  expect(r.stderr).not.toContain("failed:");
  expect(r.code).toBe(0);
  const result = JSON.parse(readFileSync(out, "utf8")) as {
    blocks: { id: string; status: string; outputs: Record<string, unknown> }[];
  };
  return Object.fromEntries(result.blocks.map((b) => [b.id, { status: b.status, outputs: b.outputs }]));
}

describe("run --mock, create → get → update → list", () => {
  it("reads back what the create sent, the change, and lists what the run made", async () => {
    const run = await outputsOf();
    const made = run.create?.outputs.order as Record<string, unknown>;
    expect(made).toMatchObject({
      customer_email: "ann@zq.example",
      amount: 1234,
      note: "first",
      id: run.create?.outputs.id,
    });
    expect(run.get?.outputs.order).toEqual(made);
    expect(run.update?.outputs.order).toEqual({ ...made, note: "changed" });
    expect(run.list?.outputs.orders).toEqual([{ ...made, note: "changed" }]);
  });

  it("with --state, the next run finds what the last one made", async () => {
    const state = join(tmp, "state.json");
    const first = await outputsOf("--state", state);
    const second = await outputsOf("--state", state);
    expect(second.create?.outputs.id).not.toBe(first.create?.outputs.id);
    expect((second.list?.outputs.orders as { id: string }[] | undefined)?.map((o) => o.id)).toEqual([
      first.create?.outputs.id,
      second.create?.outputs.id,
    ]);
  });

  it("refuses --state with --live, naming the option", async () => {
    const r = await cli(["run", "crud.yaml", "--live", "--state", join(tmp, "x.json")], { cwd: project });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--state keeps the mocks' records: it goes with --mock, not --live");
  });
});
