// `serve --mock` on a workflow starting from a poll trigger whose list
// operation lists a resource of the stateful mock (mocks/mock-state.ts): an
// order created through the mock (a POST to the address serve prints) is in
// the list the next poll reads, and runs once; the records made before it are
// not run again. Before, serve's mocks kept no record: the list answered the
// same drawn items at every poll, and no created record was ever found.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { until, within } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-mock-state-"));
const project = join(tmp, "project");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TRIGGER = `triggers:
  zqshop_order_placed:
    title: Order placed
    description: Starts once for each new order (polled).
    eventId: ["$event#/id"]
    outputs:
      orderId: { from: "$event#/id", description: The order's id. }
    poll:
      operation: zqshop_list_orders
      items: orders
      ids: { order: oldestFirst }
      intervalSeconds: 60
  zqshop_order_changed:
    title: Order changed
    description: Starts once for each change of an order (polled by its modification time).
    eventId: ["$event#/id", "$event#/updated_at"]
    outputs:
      orderId: { from: "$event#/id", description: The order's id. }
    poll:
      operation: zqshop_list_orders
      items: orders
      inputs: { updated_since: "{{poll.since}}" }
      since: { field: /updated_at, type: date-time }
      intervalSeconds: 60
`;

const WORKFLOW = `name: On a new order
blocks:
  start:
    type: zqshop
    name: An order was placed
    inputs:
      trigger: zqshop_order_placed
      accessToken: "{{ZQSHOP_TOKEN}}"
    connections:
      outgoing:
        - target: read
  read:
    type: zqshop
    name: Read it
    inputs:
      operation: zqshop_get_order
      accessToken: "{{ZQSHOP_TOKEN}}"
      orderId: "{{start.metadata.orderId}}"
`;

/** The same workflow, started by each change of an order (a `since` trigger on its modification time). */
const CHANGED = WORKFLOW.replace("trigger: zqshop_order_placed", "trigger: zqshop_order_changed");

beforeAll(async () => {
  expect((await cli(["init", project])).code).toBe(0);
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
  cpSync(
    fileURLToPath(new URL("../mocks/__fixtures__/mock-state/zqshop", import.meta.url)),
    join(project, "specs/zqshop"),
    { recursive: true },
  );
  const manifest = join(project, "specs/zqshop/manifest.yaml");
  const document = join(project, "specs/zqshop/openapi.yaml");
  // The list gains a query for the orders changed since a time (the mock lists every order: the poll tells them apart).
  const since = "updated_since";
  writeFileSync(
    document,
    readFileSync(document, "utf8").replace(
      "        - { name: starting_after, in: query, schema: { type: string } }\n",
      `$&        - { name: ${since}, in: query, schema: { type: string } }\n`,
    ),
  );
  const param = `      ${since}: { type: string, maxLength: 40, description: Changed since., wire: { in: query } }\n`;
  const text = readFileSync(manifest, "utf8").replace(/( {6}starting_after: .*\n)/, `$1${param}`);
  writeFileSync(manifest, `${text}${TRIGGER}`);
  expect((await cli(["generate"], { cwd: project })).code).toBe(0);
  writeFileSync(join(project, "orders.yaml"), WORKFLOW);
  writeFileSync(join(project, "changed.yaml"), CHANGED);
});

/** Creates an order through the mock, as any client would; its id. */
async function createOrder(mock: string, note: string): Promise<string> {
  const res = await fetch(`${mock}/v1/orders`, {
    method: "POST",
    headers: { authorization: "Bearer zq-order-token-31", "content-type": "application/json" },
    body: JSON.stringify({ customer_email: "ann@zq.example", amount: 1200, note }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const runEvents = (text: string, trigger = "zqshop_order_placed") =>
  text
    .split("\n")
    .filter((l) => l.startsWith(`{"trigger":"${trigger}"`))
    .map((l) => JSON.parse(l) as { event: string; status: string });

/** Serves `workflow` on mocks, polling each second; the mock's address. */
async function serving(workflow: string, store: string) {
  const served = spawnCli(
    ["serve", workflow, "--mock", "--store", join(tmp, store), "--poll-interval", "1", "--concurrency", "1"],
    {},
    project,
  );
  const [, mock] = (await served.waitFor(/serve: mocks: zqshop (http:\/\/127\.0\.0\.1:\d+)/)) as RegExpMatchArray;
  return { served, mock: mock as string };
}

describe("serve --mock on a poll trigger over a resource of the stateful mock", () => {
  it("runs once each order created through the mock after the first poll, and none of those before", async () => {
    const served = spawnCli(
      [
        "serve",
        "orders.yaml",
        "--mock",
        "--store",
        join(tmp, "serve.sqlite"),
        "--poll-interval",
        "1",
        "--concurrency",
        "1",
      ],
      {},
      project,
    );
    try {
      const [, mock] = (await served.waitFor(/serve: mocks: zqshop (http:\/\/127\.0\.0\.1:\d+)/)) as RegExpMatchArray;
      await served.waitFor(/zqshop_order_placed polling zqshop_list_orders every 1 s\n/);
      // The first poll takes the position (the drawn orders of an empty resource), then orders are created.
      await served.waitFor(/zqshop_order_placed: the first poll took the position/);
      const a = await createOrder(mock as string, "first");
      await within(served.waitFor(new RegExp(`"event":"${a}"`)), "the run of A");
      const b = await createOrder(mock as string, "second");
      await within(served.waitFor(new RegExp(`"event":"${b}"`)), "the run of B");
      served.child.kill("SIGTERM");
      expect(await served.closed).toBe(0);
      // Each poll lists every order made: A was listed again after its run, and ran once.
      expect(runEvents(served.stdout()).map((r) => [r.event, r.status])).toEqual([
        [a, "succeeded"],
        [b, "succeeded"],
      ]);
    } finally {
      served.child.kill("SIGTERM");
      await served.exited.catch(() => undefined);
    }
  });

  it(
    "runs an order created through the mock, and again when it is changed, by a since trigger on its modification " +
      "time (the mock sets it to the time of the change)",
    async () => {
      const { served, mock } = await serving("changed.yaml", "changed.sqlite");
      try {
        await served.waitFor(/zqshop_order_changed: the first poll took the position/);
        const a = await createOrder(mock, "first");
        await within(served.waitFor(new RegExp(`"event":"${a}:`)), "the run of A made");
        // A change in the same second would be the same event (its id is the order's and its time, to the second).
        const madeIn = Math.floor(Date.now() / 1000);
        await until(() => Math.floor(Date.now() / 1000) > madeIn, "the next second");
        const changed = await fetch(`${mock}/v1/orders/${a}`, {
          method: "PATCH",
          headers: { authorization: "Bearer zq-order-token-31", "content-type": "application/json" },
          body: JSON.stringify({ status: "paid" }),
        });
        expect(changed.status).toBe(200);
        await until(() => runEvents(served.stdout(), "zqshop_order_changed").length >= 2, "the run of A changed");
        served.child.kill("SIGTERM");
        expect(await served.closed).toBe(0);
        const runs = runEvents(served.stdout(), "zqshop_order_changed");
        expect(runs.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
        expect(new Set(runs.map((r) => r.event)).size).toBe(2);
        expect(runs.every((r) => r.event.startsWith(`${a}:`))).toBe(true);
      } finally {
        served.child.kill("SIGTERM");
        await served.exited.catch(() => undefined);
      }
    },
  );
});
