// `blockwright serve` on a workflow that starts from a poll trigger: no
// address to listen at, the trigger's list operation polled instead
// (serve/poller.ts), each new item kept with its run in the store before the
// run starts; the runs, their journal and retries as for delivered events.
// Ctrl-C or SIGTERM ends the wait or the poll under way at once, then lets
// the runs in flight reach a journaled point.
import { checkValue, type PollTriggerSpec, redact } from "@blockwright/runtime/internal";
import { envReferenceName, type TriggerBlock, type ValidatedWorkflow } from "@blockwright/runtime/workflow";
import { lineText } from "../common/github-actions.js";
import type { RecordStamp } from "../mocks/state/record-stamps.js";
import type { LoadedRegistry } from "../registry/registry.js";
import type { TriggerStore } from "../serve/store.js";
import { type CliIo, startCommandMocks, UsageError } from "./support/io.js";

export interface PollServeOptions {
  io: CliIo;
  registry: LoadedRegistry;
  checked: ValidatedWorkflow;
  env: Record<string, string | undefined>;
  mode: "mock" | "live";
  specsDir: string;
  store: TriggerStore;
  startId: string;
  block: TriggerBlock;
  trigger: PollTriggerSpec;
  concurrency: number;
  retry: { attempts: number; backoffMs: number };
  /** `--poll-interval`, seconds, or the trigger's. */
  intervalSeconds?: number;
  backfill: boolean;
  graceMs: number;
  /** Live: `--base-url` by provider and `--allow-host`. */
  baseUrls?: Record<string, string>;
  allowHosts?: readonly string[];
}

/** Hours an item's id is remembered unless the trigger says (as for delivered events). */
const DEFAULT_DEDUPE_HOURS = 72;

export async function servePolled(o: PollServeOptions): Promise<number> {
  const { io, trigger } = o;
  const params = triggerParams(o.trigger, o.block, o.env);
  const tool = o.registry.tools[trigger.operation];
  const perMinute = tool?.rateLimits?.requestsPerMinute;
  const intervalSeconds = o.intervalSeconds ?? trigger.intervalSeconds;
  if (perMinute && intervalSeconds * perMinute < 60)
    throw new UsageError(
      "BW3003",
      `--poll-interval: ${intervalSeconds} s between polls is shorter than one request's turn at the ` +
        `provider's ${perMinute} requests per minute (at least ${Math.ceil(60 / perMinute)})`,
    );
  const providers = [
    ...new Set([trigger.provider, ...Object.values(o.checked.workflow.blocks).map((b) => b.type)]),
  ].sort();
  // The mocks keep the records of their documents' resources (mocks/mock-state.ts) while serve runs: a record
  // created through a mock (a POST to its address, a block of a run) is in the list the next poll reads.
  const mocks =
    o.mode === "mock"
      ? await startCommandMocks(io, providers, { specsDir: o.specsDir, state: { stamps: mockStamps(trigger) } })
      : undefined;
  if (mocks) io.stderr.write(`serve: mocks: ${providers.map((p) => `${p} ${mocks.urls[p]}`).join(", ")}\n`);
  // The runs once started, until stopping takes them: a failure before that stops them too (their workers would
  // outlive the store's pool, and the process never end).
  let started: { stop(graceMs: number): Promise<void> } | undefined;
  try {
    const [{ startWorkflowRuns }, { pollCall }, { startPoller }] = await Promise.all([
      import("./support/workflow-runs.js"),
      import("../serve/poll-call.js"),
      import("../serve/poller.js"),
    ]);
    const runs = await startWorkflowRuns({
      io,
      store: o.store,
      trigger: trigger.id,
      concurrency: o.concurrency,
      retry: o.retry,
      registry: o.registry,
      checked: o.checked,
      env: o.env,
      ...(mocks ? { mocks } : {}),
      ...(o.baseUrls ? { baseUrls: o.baseUrls } : {}),
      ...(o.allowHosts ? { allowHosts: o.allowHosts } : {}),
    });
    started = runs;
    const baseUrl = mocks?.urls[trigger.provider] ?? o.baseUrls?.[trigger.provider];
    const call = pollCall({
      registry: o.registry,
      trigger,
      block: o.block,
      env: o.env,
      ...(baseUrl ? { baseUrl } : {}),
      ...(o.allowHosts?.length ? { allowHosts: o.allowHosts } : {}),
      ...(mocks?.tokenUrls?.[trigger.provider] ? { tokenUrl: mocks.tokenUrls[trigger.provider] } : {}),
    });
    const poller = startPoller({
      trigger,
      params,
      store: o.store,
      call,
      intervalMs: intervalSeconds * 1000,
      backfill: o.backfill,
      horizonMs: (trigger.dedupeHours ?? DEFAULT_DEDUPE_HOURS) * 3_600_000,
      ...(perMinute ? { requestsPerMinute: perMinute } : {}),
      accepted: () => runs.kick(),
      log: (line) => io.stderr.write(`${lineText(redact(line, call.secrets))}\n`),
    });
    io.stdout.write(`${trigger.id} polling ${trigger.operation} every ${intervalSeconds} s\n`);
    io.stderr.write(
      `serve: ${o.startId} (${trigger.id}) polling${o.backfill ? ", the items there now included" : ""}; ` +
        `Ctrl-C stops after the runs in flight\n`,
    );
    await io.interrupted;
    await poller.stop();
    started = undefined;
    await runs.stop(o.graceMs);
    return 0;
  } catch (e) {
    await started?.stop(o.graceMs).catch(() => undefined);
    throw e;
  } finally {
    await mocks?.close();
  }
}

/**
 * On mocks, a `since` trigger's time field set to the time a record is made through them (and changed, where the
 * trigger's eventId reads it: each change is an event), so that a record created while serve polls is past its
 * position.
 */
function mockStamps(trigger: PollTriggerSpec): Record<string, RecordStamp[]> {
  const spec = trigger.position;
  if (spec.kind !== "since" || spec.type !== "date-time") return {};
  const same = (p: readonly string[]) => p.length === spec.pointer.length && p.every((t, i) => t === spec.pointer[i]);
  return { [trigger.provider]: [{ pointer: spec.pointer, onChange: trigger.eventId.some(same) }] };
}

/**
 * The trigger's own parameters as the block sets them (environment references read), defaults filled, each held to its
 * rules.
 */
function triggerParams(
  trigger: PollTriggerSpec,
  block: TriggerBlock,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const p of trigger.params) {
    const given = block.inputs[p.name];
    const name = envReferenceName(given);
    const value = name !== undefined ? env[name] : (given ?? p.default);
    if (value === undefined) {
      if (p.required)
        throw new UsageError(
          "BW3012",
          `${trigger.id}: ${p.name} is required${name ? ` (environment variable ${name} is not set)` : ""}`,
        );
      continue;
    }
    const checked = checkValue({ ...p, wire: { in: "auth" } }, value);
    if ("issue" in checked) throw new UsageError("BW3012", `${trigger.id}: ${p.name}: ${checked.issue.message}`);
    params[p.name] = checked.value;
  }
  return params;
}
