// How fast serve acknowledges a delivery, against a bare Node.js server
// answering 202 (ack-bare.mjs), measured side by side in one run: each
// server in a process of its own, 2,000 signed deliveries at 50 at once from
// this process (after 200 to warm up), in rounds A B A B; the latency of each
// delivery from its request to its answer, p50 and p99 per round.
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { itemAt } from "@blockwright/runtime/internal";

const DELIVERIES = 2000;
const AT_ONCE = 50;
const WARM_UP = 200;
const ROUNDS = 3;

type Row = (
  measure: string,
  ours: number[],
  anchor: number[],
  unit: string,
  target: string,
  reproduce: string[],
) => void;

/** The latencies (ms) of `count` deliveries at `atOnce` at a time. */
async function load(url: string, count: number, atOnce: number, tag: string): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const one = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      const body = JSON.stringify({ id: `${tag}-${i}`, n: i });
      const signature = createHmac("sha256", "zq-bench-secret").update(body).digest("hex");
      const start = performance.now();
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-zq-signature": signature },
        body,
      });
      await answer.arrayBuffer();
      latencies.push(performance.now() - start);
      if (answer.status !== 202) throw new Error(`${url} answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, one));
  return latencies;
}

const percentile = (xs: number[], p: number) =>
  itemAt(
    [...xs].sort((a, b) => a - b),
    Math.min(xs.length - 1, Math.floor(xs.length * p)),
  );

async function started(args: string[], root: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code}`)));
  });
  return { url, child };
}

async function stopped(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export async function measureAcknowledgement(o: { root: string; tmp: string; row: Row }): Promise<void> {
  const p50 = { ours: [] as number[], anchor: [] as number[] };
  const p99 = { ours: [] as number[], anchor: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ["anchor", "ours"] as const) {
      const args =
        side === "anchor"
          ? ["scripts/bench/acknowledge/ack-bare.mjs"]
          : ["scripts/bench/acknowledge/ack-serve.mjs", join(o.tmp, `ack-${round}.sqlite`)];
      const { url, child } = await started(args, o.root);
      try {
        await load(url, WARM_UP, AT_ONCE, `warm-${round}`);
        const latencies = await load(url, DELIVERIES, AT_ONCE, `round-${round}`);
        p50[side].push(percentile(latencies, 0.5));
        p99[side].push(percentile(latencies, 0.99));
      } finally {
        await stopped(child);
      }
    }
  }
  const reproduce = [
    "npm run bench -- ack  (serve's receiver on SQLite: node scripts/bench/acknowledge/ack-serve.mjs <file>; " +
      "the anchor: node scripts/bench/acknowledge/ack-bare.mjs; 2,000 signed deliveries, 50 at once)",
  ];
  o.row(
    `serve acknowledges a delivery, p50 (${DELIVERIES} at ${AT_ONCE} at once)`,
    p50.ours,
    p50.anchor,
    "ms",
    "≤ 3×",
    reproduce,
  );
  o.row(
    `serve acknowledges a delivery, p99 (${DELIVERIES} at ${AT_ONCE} at once)`,
    p99.ours,
    p99.anchor,
    "ms",
    "≤ 5×",
    reproduce,
  );
}
