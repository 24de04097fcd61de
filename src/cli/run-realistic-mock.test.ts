// `run --mock` on a document that gives no example of any answer (most
// published ones): a workflow that lists items and reads the first by its id
// runs green, the mock's answers drawn from the schemas (mocks/mock-realistic.ts).
// The smallest valid answer it gave before (`{"data": [], "has_more": false}`)
// left `{{orders.orders[0].id}}` with nothing to read. `--seed` draws the
// answers: the same seed, the same outputs in another run; another seed, others.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-realistic-run-"));
const project = join(tmp, "project");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const WORKFLOW = `name: List orders, read the first
blocks:
  orders:
    type: zqshop
    name: List orders
    inputs:
      operation: zqshop_list_orders
      accessToken: "{{ZQSHOP_TOKEN}}"
    connections:
      outgoing:
        - target: first
  first:
    type: zqshop
    name: Read the first
    inputs:
      operation: zqshop_get_order
      accessToken: "{{ZQSHOP_TOKEN}}"
      orderId: "{{orders.orders[0].id}}"
`;

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
  writeFileSync(join(project, "list-then-get.yaml"), WORKFLOW);
});

/** The blocks' outputs of one `run --seed <seed>` on real mocks of the project's specs. */
async function outputsOf(seed: string): Promise<Record<string, unknown>> {
  const out = join(tmp, `run-${seed}-${Math.random().toString(36).slice(2)}.json`);
  const r = await cli(["run", "list-then-get.yaml", "--seed", seed, "--json", out], {
    cwd: project,
    startMocks: (providers, options) => startMocks(providers, options),
  });
  expect(r.stderr).not.toContain("failed:");
  expect(r.code).toBe(0);
  const result = JSON.parse(readFileSync(out, "utf8")) as {
    blocks: { id: string; status: string; outputs?: unknown }[];
  };
  return Object.fromEntries(result.blocks.map((b) => [b.id, { status: b.status, outputs: b.outputs }]));
}

describe("run --mock on a document without examples", () => {
  it(
    "lists items and reads the first by its id; the same " + "seed gives the same outputs, another seed others",
    async () => {
      const first = await outputsOf("3");
      expect(first).toMatchObject({ orders: { status: "succeeded" }, first: { status: "succeeded" } });
      const listed = (first.orders as { outputs: { orders: { id: string }[] } }).outputs.orders;
      expect(listed.length).toBeGreaterThanOrEqual(1);
      expect(listed[0]?.id).toMatch(/\S/);
      expect((first.first as { outputs: { email: string } }).outputs.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(await outputsOf("3")).toEqual(first);
      expect(await outputsOf("4")).not.toEqual(first);
    },
  );
});

describe("validate --mock on a document without examples", () => {
  it("flags a reference into a field the schema never provides, at its file:line:col, before any run", async () => {
    writeFileSync(
      join(project, "never-provided.yaml"),
      WORKFLOW.replace("{{orders.orders[0].id}}", "{{orders.orders[0].zq_never}}"),
    );
    const r = await cli(["validate", "never-provided.yaml", "--mock"], { cwd: project });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'never-provided.yaml:18:16: first: {{orders.orders[0].zq_never}}: in output "orders", ' +
        '[0] has no field "zq_never"',
    );
    expect(await cli(["validate", "list-then-get.yaml", "--mock"], { cwd: project })).toMatchObject({ code: 0 });
  });

  it(
    "flags a reference into a field the mock leaves out where its schema recurs (an order's replaced order), " +
      "at its file:line:col; not when live",
    async () => {
      writeFileSync(
        join(project, "recurs.yaml"),
        WORKFLOW.replace("{{orders.orders[0].id}}", "{{orders.orders[0].replaces.id}}"),
      );
      const r = await cli(["validate", "recurs.yaml", "--mock"], { cwd: project });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'recurs.yaml:18:16: first: {{orders.orders[0].replaces.id}}: in output "orders", ' +
          "[0].replaces is left out of the mock's answers: its schema (Order) recurs there",
      );
      expect(
        await cli(["validate", "recurs.yaml"], { cwd: project, env: { ZQSHOP_TOKEN: "zq-token-0001" } }),
      ).toMatchObject({ code: 0 });
    },
  );
});
