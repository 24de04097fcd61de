// `blockwright serve --live` as a process on a workflow starting from each poll
// trigger of specs/ by a growing time whose operation takes its address as a
// parameter (an instance address: a loopback upstream may stand in for it),
// against a loopback upstream made from the IR (contract/kinds/poll-upstream.ts):
// two items of one second on either side of a poll run once each, serve is
// stopped (SIGTERM) and started again on the same store, and an item added
// meanwhile runs once, with no item run twice across both processes. Each poll
// trigger by a delta link of created items, its provider's calls sent to such an
// upstream by --base-url: one run per user created between polls and while serve
// was stopped (SIGTERM), none for a changed or removed one, across a restart.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../test-support/cli-harness.js";
import { PROVIDER_IDS, ROOT, SPECS_DIR } from "../../test-support/repo.js";
import { fakeUpstream } from "../contract/kinds/poll-upstream.js";
import { loadProvider } from "../emit/link-provider.js";
import { runCount } from "../serve/sqlite-store.js";
import { until, within } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-poll-specs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const irs = await Promise.all(PROVIDER_IDS.map((id) => loadProvider(ROOT, join(SPECS_DIR, id))));
const tools: Record<string, ToolSpec> = Object.fromEntries(
  irs.flatMap((ir) => ir.operations.map((op) => [op.tool.id, op.tool])),
);
const created = irs
  .flatMap((ir) => ir.pollTriggers ?? [])
  .filter((t) => t.position.kind === "delta" && t.position.created);
const addressed = irs
  .flatMap((ir) => ir.pollTriggers ?? [])
  .filter(
    (t) =>
      t.position.kind === "since" && t.position.type === "date-time" && tools[t.operation]?.server.param !== undefined,
  );

/**
 * The workflow: the trigger block alone, its credential from the environment, its address the upstream's, its
 * parameters at their placeholders.
 */
function workflow(trigger: PollTriggerSpec, tool: ToolSpec, base: string): string {
  const inputs: Record<string, unknown> = {
    trigger: trigger.id,
    [tool.auth.param]: "{{ZQ_POLL_TOKEN}}",
    [tool.server.param as string]: base,
  };
  for (const p of trigger.params) if (p.required) inputs[p.name] = p.example ?? p.placeholder ?? p.default;
  return JSON.stringify({
    name: "On a new item",
    blocks: { start: { type: trigger.provider, name: "A new item", inputs } },
  });
}

/**
 * The workflow of a delta trigger: the trigger block alone, its credential from the environment, every other required
 * connection input at a value it takes.
 */
function deltaWorkflow(trigger: PollTriggerSpec, tool: ToolSpec): string {
  const inputs: Record<string, unknown> = { trigger: trigger.id, [tool.auth.param]: "{{ZQ_POLL_TOKEN}}" };
  for (const p of tool.params)
    if (p.required && !(p.name in trigger.inputs) && !(p.name in inputs))
      inputs[p.name] = p.example ?? p.placeholder ?? p.default;
  for (const p of trigger.params) if (p.required) inputs[p.name] = p.example ?? p.placeholder ?? p.default;
  return JSON.stringify({
    name: "On a new user",
    blocks: { start: { type: trigger.provider, name: "A new item", inputs } },
  });
}

const runLines = (text: string, trigger: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith(`{"trigger":"${trigger}"`))
    .map((l) => (JSON.parse(l) as { event: string }).event);

describe("serve on every poll trigger of specs/ by a growing time, at an instance address", () => {
  for (const trigger of addressed)
    it(
      `${trigger.id}: two items of one second on either side of a poll run once each, ` +
        `and one added while serve was stopped runs once after its restart`,
      async () => {
        const tool = tools[trigger.operation] as ToolSpec;
        const upstream = await fakeUpstream(trigger, tool);
        const store = join(tmp, `${trigger.id}.sqlite`);
        const file = join(tmp, `${trigger.id}.json`);
        writeFileSync(file, workflow(trigger, tool, upstream.base));
        const env = { ZQ_POLL_TOKEN: "zq-poll-token-5d1" };
        const args = ["serve", file, "--live", "--store", store, "--poll-interval", "1"];
        try {
          const first = spawnCli(args, env);
          let a = "";
          let b = "";
          let second = 0;
          try {
            await within(
              first.waitFor(new RegExp(`${trigger.id} polling ${trigger.operation} every 1 s\\n`)),
              "serve polling",
            );
            // The first poll takes the position; A then, and B of the same second once a poll found A.
            const polled = upstream.seen.length;
            await until(() => upstream.seen.length > polled, "the first poll");
            // A second after the position the first poll took, whenever that was: taken at the test's start, it was
            // before that position on a busy machine, where serve started polling seconds later, and A was never found.
            second = Math.floor(Date.now() / 1000) * 1000 + 3_000;
            a = upstream.add("zqa", second + 100);
            await within(first.waitFor(new RegExp(`\\{"trigger":"${trigger.id}","event":"${a}"`)), "the run of A");
            b = upstream.add("zqb", second + 100);
            await within(first.waitFor(new RegExp(`\\{"trigger":"${trigger.id}","event":"${b}"`)), "the run of B");
            const after = upstream.seen.length;
            await until(() => upstream.seen.length >= after + 2, "two polls more");
          } finally {
            first.child.kill("SIGTERM");
          }
          expect(await first.closed).toBe(0);
          const c = upstream.add("zqc", second + 1_100);
          const again = spawnCli(args, env);
          try {
            await within(again.waitFor(new RegExp(`\\{"trigger":"${trigger.id}","event":"${c}"`)), "the run of C");
            const after = upstream.seen.length;
            await until(() => upstream.seen.length >= after + 2, "two polls more");
          } finally {
            again.child.kill("SIGTERM");
          }
          expect(await again.closed).toBe(0);
          expect(runLines(first.stdout(), trigger.id)).toEqual([a, b]);
          expect(runLines(again.stdout(), trigger.id)).toEqual([c]);
          expect(runCount(store)).toBe(3);
          expect(first.stderr() + again.stderr()).not.toContain(env.ZQ_POLL_TOKEN);
        } finally {
          await upstream.close();
        }
      },
    );
});

describe("serve --live --base-url on every poll trigger of specs/ by a delta link of created items", () => {
  for (const trigger of created)
    it(
      `${trigger.id}: one run per item created between polls and while serve was stopped, in order, ` +
        `none for a changed or removed one, across a SIGTERM and a restart`,
      async () => {
        const tool = tools[trigger.operation] as ToolSpec;
        const upstream = await fakeUpstream(trigger, tool);
        const before = [upstream.add("zqold1"), upstream.add("zqold2"), upstream.add("zqold3")];
        const store = join(tmp, `${trigger.id}-delta.sqlite`);
        const file = join(tmp, `${trigger.id}-delta.json`);
        writeFileSync(file, deltaWorkflow(trigger, tool));
        const env = { ZQ_POLL_TOKEN: "zq-poll-token-delta-8e2" };
        const args = [
          "serve",
          file,
          "--live",
          "--base-url",
          `${trigger.provider}=${upstream.base}`,
          "--store",
          store,
          "--poll-interval",
          "1",
          "--concurrency",
          "1",
        ];
        const ran = (text: string) => new RegExp(`\\{"trigger":"${trigger.id}","event":"${text}"`);
        try {
          const first = spawnCli(args, env);
          let a = "";
          let b = "";
          try {
            await within(
              first.waitFor(new RegExp(`${trigger.id} polling ${trigger.operation} every 1 s\\n`)),
              "serve polling",
            );
            // The first round takes the position and runs none of the items there; a poll at its delta link follows it.
            await until(() => upstream.seen.some((s) => s.startsWith("/zqdelta?")), "the first round kept");
            a = upstream.add("zqnew1");
            upstream.change(before[0] as string);
            b = upstream.add("zqnew2");
            await within(first.waitFor(ran(b)), "the run of B");
            const after = upstream.seen.length;
            await until(() => upstream.seen.length >= after + 2, "two polls more");
          } finally {
            first.child.kill("SIGTERM");
          }
          expect(await first.closed).toBe(0);
          // While serve is stopped: one created, one removed, one changed.
          const c = upstream.add("zqnew3");
          upstream.change(before[1] as string, true);
          upstream.change(a);
          const again = spawnCli(args, env);
          let d = "";
          try {
            await within(again.waitFor(ran(c)), "the run of C");
            d = upstream.add("zqnew4");
            await within(again.waitFor(ran(d)), "the run of D");
            const after = upstream.seen.length;
            await until(() => upstream.seen.length >= after + 2, "two polls more");
          } finally {
            again.child.kill("SIGTERM");
          }
          expect(await again.closed).toBe(0);
          expect(runLines(first.stdout(), trigger.id)).toEqual([a, b]);
          expect(runLines(again.stdout(), trigger.id)).toEqual([c, d]);
          expect(runCount(store)).toBe(4);
          // The operation's own path for the first round, then only the addresses the upstream gave.
          expect(upstream.seen.slice(1).every((s) => s.startsWith("/zqround?") || s.startsWith("/zqdelta?"))).toBe(
            true,
          );
          expect(first.stderr() + again.stderr()).not.toContain(env.ZQ_POLL_TOKEN);
        } finally {
          await upstream.close();
        }
      },
    );
});
