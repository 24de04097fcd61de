// serve's refusal of its options loads no more than these: the host rules (`support/base-urls.js`, the runtime's
// `internal` entry) when a host is given, the receiver (`serve-delivered.js`) after the workflow is read.
import {
  listOption,
  type Options,
  type Parsed,
  parseArgs,
  PROJECT_OPTIONS,
  positiveInteger,
  projectDirs,
  stringOption,
} from "./support/args.js";
import { UsageError, type CliIo } from "./support/io.js";
import type { PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import type { TriggerBlock } from "@blockwright/runtime/workflow";
import type { Serving } from "./serve-delivered.js";

export const USAGE = `Usage: blockwright serve <workflow> [--port <n>] [--host <h>] [--mock | --live] [--base-url \
<provider>=<url>]... [--allow-host <host>]... [--env-file <file>] [--store <file> | --store <postgres://…>] \
[--concurrency <n>] [--public-url <url>] [--poll-interval <s>] [--backfill] [--specs <dir>] [--out <dir>]

Receive the deliveries of the trigger a workflow starts from, and run the
workflow once per event. Prints the trigger's address on stdout, then one JSON
line per finished run ({"trigger", "event", "status", "blocks"}). Each
request is answered as the trigger declares: the provider's handshake (a
validation token echoed, a challenge in a signed body), then each delivery
verified (signature, timestamp, or the secret echoed in its events),
deduplicated by event id for the trigger's dedupeHours, and kept in the store
with a run per new event before it is acknowledged; a refused delivery starts
no run, nor does one over the trigger's body limit (413). Each run journals
every block that succeeds: after a crash the next serve resumes it from its
last journaled block, and a run failing on a retryable error is retried with
backoff (the trigger's retry), then kept as dead (blockwright runs list,
replay). Ctrl-C or SIGTERM stops taking deliveries, lets the runs in flight
reach a journaled point, deletes the subscription made with --public-url (the
last receiver to stop, on Postgres), then stops.

A workflow starting from a poll trigger listens nowhere: serve calls the
trigger's list operation at its interval and runs the workflow once per new
item, in order; where it stands (the last time or sequence seen and the ids at
it, the ids seen, the delta link) is kept in the store with the new items'
runs before they start, so a restart resumes with no duplicate and no gap. The
first poll takes the position and runs nothing (--backfill: the items there
then run too). A failing poll waits twice as long each time (at most an hour).
With --mock the mocks (their addresses on stderr) keep the records of their
documents' resources while serve runs, as run --mock does: a record created
through a mock (POST /things) is in the list the next poll reads.

  --port <n>          the port to listen on (default 8787; 0: any free port)
  --host <h>          the address to listen on (default 127.0.0.1, loopback)
  --mock              (default) the workflow's calls go to Prism mocks of its
                      providers, started here; missing secrets get placeholders
  --live              the calls go to the real APIs; every secret must be set
  --base-url <provider>=<url>
                      with --live: send that provider's calls (the poll,
                      the blocks, the subscription's) to this address
                      (repeatable): https, or http on loopback; a host the
                      provider does not list needs --allow-host
  --allow-host <host> let credentials go to this host too (repeatable): a
                      name, *.domain, *, or an IP address
  --env-file <file>   KEY=VALUE lines added to the environment
  --store <file>      the SQLite file keeping the events seen, the
                      deliveries, the runs and their journals, and the
                      subscriptions; one serve at a time
                      (default .blockwright/serve.sqlite)
  --store <postgres://user:password@host:port/db>
                      Postgres instead, for several receivers and workers:
                      each event runs once, on one of them (runs are
                      graphile-worker jobs; npm install pg graphile-worker)
  --concurrency <n>   runs in flight at once (default 8); more wait in the
                      store, not in memory
  --public-url <url>  the address the provider reaches this receiver at (a
                      tunnel, a load balancer): serve creates the trigger's
                      subscription there through the provider's own
                      operations (the trigger block's connection inputs, such
                      as an access token, authorize them), renews it before
                      it expires and deletes it on stopping
  --poll-interval <s> seconds between polls of a poll trigger (default: the
                      trigger's intervalSeconds; within its requestsPerMinute)
  --backfill          the first poll of a poll trigger runs the items it finds
  --specs <dir>       the specs the mocks are built from (default ./specs)
  --out <dir>         the generated packages (default ./generated)

Exit status: 0 stopped, 1 the workflow is invalid, 2 usage error, 70
internal error (a bug: please report it).`;

/** Runs in flight at once unless `--concurrency` says. */
const DEFAULT_CONCURRENCY = 8;
/** The options serve takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  port: { type: "string" },
  host: { type: "string" },
  mock: { type: "boolean" },
  live: { type: "boolean" },
  "env-file": { type: "string" },
  store: { type: "string" },
  "public-url": { type: "string" },
  concurrency: { type: "string" },
  "poll-interval": { type: "string" },
  backfill: { type: "boolean" },
  "base-url": { type: "string", multiple: true },
  "allow-host": { type: "string", multiple: true },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError("BW3002", "missing <workflow>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  if (args.values.mock && args.values.live) throw new UsageError("BW3004", "choose one of --mock and --live");
  const mode = args.values.live ? "live" : "mock";
  const portText = stringOption(args, "port");
  const port = portText === "0" ? 0 : (positiveInteger(portText, "--port", 65535) ?? 8787);
  const host = stringOption(args, "host") ?? "127.0.0.1";
  const dirs = projectDirs(args, io.cwd);
  const publicUrl = publicUrlOption(stringOption(args, "public-url"));
  const concurrency = positiveInteger(stringOption(args, "concurrency"), "--concurrency", 1000) ?? DEFAULT_CONCURRENCY;
  const allowHostEntries = listOption(args, "allow-host");
  const baseUrlEntries = listOption(args, "base-url");
  const hostRules =
    allowHostEntries.length || baseUrlEntries.length ? await import("./support/base-urls.js") : undefined;
  const allowHosts = hostRules ? hostRules.allowHostsOption(allowHostEntries) : [];
  // In mock mode every provider's calls go to its mock.
  if (baseUrlEntries.length && mode === "mock")
    throw new UsageError("BW3004", "--base-url sends a provider's calls elsewhere: it goes with --live, not --mock");

  const { readWorkflowInput } = await import("./support/workflow-input.js");
  const envFile = stringOption(args, "env-file");
  const { registry, env, checked } = await readWorkflowInput(file, io, {
    out: dirs.out,
    mode,
    ...(envFile ? { envFile } : {}),
  });
  if ("problems" in checked) {
    io.stderr.write(
      `blockwright serve: ${file} is not valid (${checked.problems.length} problem` +
        `${checked.problems.length > 1 ? "s" : ""}):\n${checked.problems.join("\n")}\n`,
    );
    return 1;
  }
  const { blockAction, isTriggerBlock } = await import("@blockwright/runtime/workflow");
  const start = Object.entries(checked.workflow.blocks).find(([, b]) => isTriggerBlock(b));
  if (!start)
    throw new UsageError(
      "BW3012",
      `${file} starts from no trigger: serve runs a workflow whose first block has inputs {trigger: ` +
        `<trigger id>} (run the others with blockwright run)`,
    );
  const [startId, startBlock] = start;
  const blockTypes = Object.values(checked.workflow.blocks).map((b) => b.type);
  const baseUrls =
    hostRules && baseUrlEntries.length
      ? hostRules.baseUrlsOption(baseUrlEntries, calledProviders(registry.tools, blockTypes), allowHosts)
      : undefined;
  const serving: Serving = {
    io,
    file,
    mode,
    port,
    host,
    specsDir: dirs.specs,
    publicUrl,
    concurrency,
    allowHosts,
    baseUrls,
    storeOption: stringOption(args, "store"),
    registry,
    env,
    checked,
    startId,
    startBlock: startBlock as TriggerBlock,
  };
  const polled = registry.pollTriggers?.[blockAction(startBlock)];
  if (polled) return servePolledTrigger(serving, polled, args);
  if (args.values.backfill || stringOption(args, "poll-interval") !== undefined)
    throw new UsageError(
      "BW3012",
      `--backfill and --poll-interval: ${blockAction(startBlock)} is delivered, not polled`,
    );
  const { serveDelivered } = await import("./serve-delivered.js");
  return serveDelivered(serving);
}

/** A polled trigger: serve-poll.ts polls the upstream and runs the workflow on each new item. */
async function servePolledTrigger(s: Serving, polled: PollTriggerSpec, args: Parsed): Promise<number> {
  if (s.publicUrl)
    throw new UsageError(
      "BW3012",
      `--public-url: ${polled.id} is polled, not delivered: it has no subscription to create`,
    );
  const intervalSeconds = positiveInteger(stringOption(args, "poll-interval"), "--poll-interval", 86400);
  const { openStoreOption, retryOf, STOP_GRACE_MS } = await import("./serve-delivered.js");
  const store = await openStoreOption(s.storeOption, s.io.cwd);
  try {
    const { servePolled } = await import("./serve-poll.js");
    return await servePolled({
      io: s.io,
      registry: s.registry,
      checked: s.checked,
      env: s.env,
      mode: s.mode,
      specsDir: s.specsDir,
      store,
      startId: s.startId,
      block: s.startBlock,
      trigger: polled,
      concurrency: s.concurrency,
      retry: retryOf(polled),
      ...(intervalSeconds !== undefined ? { intervalSeconds } : {}),
      backfill: args.values.backfill === true,
      graceMs: STOP_GRACE_MS,
      ...(s.baseUrls ? { baseUrls: s.baseUrls } : {}),
      ...(s.allowHosts.length ? { allowHosts: s.allowHosts } : {}),
    });
  } finally {
    await store.close();
  }
}

function calledProviders(tools: Record<string, ToolSpec>, types: string[]): Record<string, ToolSpec> {
  const providers = new Set(types);
  const byProvider: Record<string, ToolSpec> = {};
  for (const tool of Object.values(tools))
    if (providers.has(tool.provider) && !Object.hasOwn(byProvider, tool.provider)) byProvider[tool.provider] = tool;
  return byProvider;
}

/** The public address, checked: http(s), no query or fragment; the trigger's path is added to it. */
function publicUrlOption(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new UsageError(
      "BW3003",
      `--public-url: expected an http(s) address without query, fragment or credentials, ` +
        `such as https://hooks.example.com, got ${JSON.stringify(text.slice(0, 200))}`,
    );
  }
  return url.toString().replace(/\/$/, "");
}
