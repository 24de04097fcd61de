// Two builds' executeTool against openapi-fetch in one process, in turn: a cut measured against its reversal (or a
// branch against main) where the bench's processes, one a run, move by more than the cut under load. `other` is a
// copy of the project (its runtime/dist beside its generated/; node_modules may be links to this one's), built
// before the change:
//   node scripts/bench/call/call-pair.mjs <provider | new-key> <other> [rounds] [this]
// prints the median over the rounds of other ÷ openapi-fetch, this ÷ openapi-fetch and this ÷ other (below 1: this
// build is cheaper a call); `this`, another copy in this project's place (a cut against its reversal: both copies
// built from the branch, one with the cut's file as main has it). Both builds' calls share undici's call sites, which
// puts both ratios above the bench's; the last one is what this measures. The cases are the bench's (call-cases.mjs);
// a rated one's limiter is each build's own (its runtime's RateLimiter: the other's would measure one limiter twice).
import createClient from "openapi-fetch";
import { anchorInit, CASES } from "./call-cases.mjs";

const [which, other, rounds = "21", mine] = process.argv.slice(2);
// `new-key`: books' call with a key new to the process on each call (the bench's new-key row), both builds.
const provider = which === "new-key" ? "books" : which;
const c = CASES.find((k) => k.id.startsWith(`${provider}_`));
if (!c || !other)
  throw new Error(
    "call-pair: node scripts/bench/call/call-pair.mjs <provider> <other project> [rounds] [this project]",
  );
// Calls per round, and rounds unmeasured: a process's first 12,000 to 15,000 calls of a side still run while V8 tiers
// it up (call-loop.mjs).
const N = 2000;
const WARM = 10;
const executorOf = async (root) => (await import(new URL(`generated/${provider}/index.js`, root).href)).executeTool;
// The runtime the package resolves (node_modules/@blockwright/runtime is a link to the copy's runtime/).
const limiterOf = async (root) => (await import(new URL("runtime/dist/node.js", root).href)).RateLimiter;
const copy = (path) => new URL(`file://${path.replace(/\/?$/, "/")}`);
const here = mine ? copy(mine) : new URL("../../../", import.meta.url);
const there = copy(other);
const [theirs, ours] = await Promise.all([executorOf(there), executorOf(here)]);
const [theirLimiter, ourLimiter] = await Promise.all([limiterOf(there), limiterOf(here)]);
const body = JSON.stringify(c.reply);
const fetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const client = createClient({ baseUrl: c.baseUrl, fetch });
let minutes = 0;
const options = (RateLimiter) => ({
  fetch,
  ...(c.viaParam ? {} : { baseUrl: c.baseUrl }),
  ...(c.rated ? { limiter: new RateLimiter({ clock: () => ++minutes * 60_000 }) } : {}),
});
let serial = 0;
const paramsOf =
  which === "new-key"
    ? () => ({ ...c.params, apiKey: `bench-key-${(serial++).toString(36).padStart(8, "0")}` })
    : () => c.params;
const call = (executeTool, o) => async () => {
  const result = await executeTool(c.id, paramsOf(), o);
  if (!result.success) throw new Error(`${c.id} failed: ${JSON.stringify(result.error)}`);
};
const [a, b] = [call(theirs, options(theirLimiter)), call(ours, options(ourLimiter))];
// As this build's tool sends it (its User-Agent: call-cases.mjs anchorInit).
const init = await anchorInit(c, ours, options(ourLimiter));
const anchor = async () => {
  if (!(await client[c.method](c.path, init)).data) throw new Error(`openapi-fetch ${c.id} failed`);
};
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const perCall = async (f) => {
  const t = cpu();
  for (let i = 0; i < N; i++) await f();
  return (cpu() - t) / N;
};
const ratios = { other: [], this: [], thisOverOther: [] };
for (let round = -WARM; round < Number(rounds); round++) {
  // Each build first every other round: neither always runs on the other's garbage.
  const [x, y] = round & 1 ? [await perCall(b), await perCall(a)].reverse() : [await perCall(a), await perCall(b)];
  const z = await perCall(anchor);
  if (round < 0) continue;
  ratios.other.push(x / z);
  ratios.this.push(y / z);
  ratios.thisOverOther.push(y / x);
}
const median = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1];
process.stdout.write(
  `${c.id}: other ${median(ratios.other).toFixed(3)}×, this ${median(ratios.this).toFixed(3)}× openapi-fetch; ` +
    `this ÷ other ×${median(ratios.thisOverOther).toFixed(3)}\n`,
);
