// `npm run bench -- call`, the measuring process (call.ts starts it): executeTool of one tool of each
// provider against a reused openapi-fetch client sending the same request (the floor for a call: a
// `fetch` plus serialisation), both on the same in-memory fetch, in turn (WARM rounds unmeasured, then
// ROUNDS measured); then a credential new to the process on every call against one key. Plain Node on the
// built packages, as users run them: run by the bench's tsx, `@blockwright/runtime` resolved through
// tsconfig's paths to the runtime's TypeScript sources, transpiled with a `__name` call for each function
// made (a closure per call made executeTool about 8 µs slower a call, 1.50× where the built runtime
// measured 1.29×).
// Each figure is CPU microseconds per call (process.cpuUsage around the loop: on a shared machine a wall
// clock also counts the time other processes held the cores, which moves the two sides of a round apart).
//   node scripts/bench/call/call-loop.mjs   prints {"calls": [{id, method, ours, anchor}], "newKey": {fresh, known}}
//   node scripts/bench/call/call-loop.mjs persondata   only the providers named (`new-key`: the
//                                      new-key row): what `npm run bench -- call` runs, one provider a process
// Measured in one process after the others, a provider's calls go through call sites of the runtime that
// the tools and options of those before it have made polymorphic: persondata, measured last, 1.13× and 1.15×
// openapi-fetch, alone 1.08× and 1.10× (two runs each, 2026-11-26). Each row of the bench is one provider's
// package in a process of its own, as an application that calls one provider runs it; this script without
// arguments still measures them all in one process, as a workflow runner calling several would.
import createClient from "openapi-fetch";
import { RateLimiter } from "@blockwright/runtime";
import { anchorInit, CASES } from "./call-cases.mjs";
import { inTurn as inTurnOf } from "./in-turn.mjs";

// Each package loaded by path, as the registry loads them (nothing imports generated/).
const generated = new URL("../../../generated/", import.meta.url);
const executorOf = async (provider) => (await import(new URL(`${provider}/index.js`, generated).href)).executeTool;
const PROVIDERS = ["books", "crm", "directory", "docgen", "persondata"];
const executors = Object.fromEntries(
  await Promise.all(PROVIDERS.map(async (provider) => [provider, await executorOf(provider)])),
);
const books = executors.books;

/**
 * Calls per round, rounds unmeasured (in-turn.mjs: the first 20,000 calls of each side), rounds measured. Shorter
 * rounds than before and more of them (3,000 × 9): the two sides of a pair closer in time, so that a burst of the
 * machine's other work lands on both more often, and more ratios for the median (performance.md, the twenty-third
 * round's call path).
 */
const N = 2000;
const NEW_KEY_CALLS = 2000;
const WARM = 10;
const ROUNDS = 21;

/** CPU microseconds this process has used (user + system, all its threads). */
function cpuNow() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU microseconds per call of `call`, `n` calls. */
async function perCall(n, call) {
  const t = cpuNow();
  for (let i = 0; i < n; i++) await call();
  return (cpuNow() - t) / n;
}

/** A and B in turn (in-turn.mjs): WARM rounds unmeasured, then ROUNDS rounds. */
const inTurn = (a, b) => inTurnOf(a, b, WARM, ROUNDS);

const inMemory = (reply) => {
  const body = JSON.stringify(reply);
  return async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
};

// Only the providers named on the command line, in their order (all, in CASES's order, when none is).
const named = process.argv.slice(2);
const unknown = named.filter((p) => p !== "new-key" && !CASES.some((k) => k.id.startsWith(`${p}_`)));
if (unknown.length) throw new Error(`call-loop: no case for ${unknown.join(", ")}`);
const calls = [];
for (const c of named.length ? CASES.filter((k) => named.some((p) => k.id.startsWith(`${p}_`))) : CASES) {
  const fetch = inMemory(c.reply);
  const client = createClient({ baseUrl: c.baseUrl, fetch });
  let minutes = 0;
  const options = {
    fetch,
    ...(c.viaParam ? {} : { baseUrl: c.baseUrl }),
    ...(c.rated ? { limiter: new RateLimiter({ clock: () => ++minutes * 60_000 }) } : {}),
  };
  // Looked up once, as the anchor's client is made once: a slice of the id and a keyed lookup of the new string on
  // each call were the harness's work, charged to executeTool.
  const executeTool = executors[c.id.slice(0, c.id.indexOf("_"))];
  const ours = async () => {
    const result = await executeTool(c.id, c.params, options);
    if (!result.success) throw new Error(`${c.id} failed: ${JSON.stringify(result.error)}`);
  };
  const init = await anchorInit(c, executeTool, options);
  const anchor = async () => {
    if (!(await client[c.method](c.path, init)).data) throw new Error(`openapi-fetch ${c.id} failed`);
  };
  calls.push({
    id: c.id,
    method: c.method,
    ...(await inTurn(
      () => perCall(N, ours),
      () => perCall(N, anchor),
    )),
  });
}

// A credential new to the process on every call (a token issued per call, a key per tenant), against the same call with
// one key: what redaction pays for a secret it has not seen (runtime/common/redact.ts builds and compiles an expression
// per secret, unless no text of the call can hold it).
const reply = {
  kind: "books#volumes",
  totalItems: 2,
  items: ["zyTCAlFPjgYC", "wrOQLV6xB-wC"].map((id) => ({
    kind: "books#volume",
    id,
    volumeInfo: {
      title: `The Google Story (${id})`,
      description: "A history of the search company, its founders and its first years as a public company.",
    },
  })),
};
const fetch = inMemory(reply);
let serial = 0;
// Each round's keys made before it is measured, one list for each side: the harness's work (a new key's text) is
// neither side's, and both read their key from a list alike.
const keysOf = (key) => Array.from({ length: NEW_KEY_CALLS }, key);
const withKey = (keys) => {
  let i = 0;
  return async () => {
    const r = await books(
      "books_search_volumes",
      { apiKey: keys[i++], q: "intitle:google", maxResults: 5 },
      { fetch, baseUrl: "https://www.googleapis.com" },
    );
    if (!r.success) throw new Error("books_search_volumes failed");
  };
};
const newKey =
  named.length && !named.includes("new-key")
    ? { ours: [], anchor: [] }
    : await inTurn(
        () => perCall(NEW_KEY_CALLS, withKey(keysOf(() => `bench-key-${(serial++).toString(36).padStart(8, "0")}`))),
        () => perCall(NEW_KEY_CALLS, withKey(keysOf(() => "bench-key-0001"))),
      );

process.stdout.write(
  JSON.stringify({
    calls,
    newKey: { fresh: newKey.ours, known: newKey.anchor },
    n: N,
    newKeyCalls: NEW_KEY_CALLS,
    rounds: ROUNDS,
    warm: WARM,
  }),
);
