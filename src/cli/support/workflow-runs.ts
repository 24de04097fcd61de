// The runs of a served workflow, whatever starts them (a delivered event, a
// polled item): each attempt runs the workflow from the run's journal with the
// run's idempotency keys, and each run that ends prints its JSON line.
import { agentFetch } from "@blockwright/runtime/internal";
import { runWorkflowWith, type ValidatedWorkflow } from "@blockwright/runtime/workflow";
import { jsonLine, lineText } from "../../common/github-actions.js";
import type { LoadedRegistry } from "../../registry/registry.js";
import type { MockServers } from "../../mocks/mocks.js";
import type { Runs } from "../../serve/start-runs.js";
import type { RetryPolicy, TriggerStore } from "../../serve/store.js";
import type { CliIo } from "./io.js";

export interface WorkflowRunsOptions {
  io: CliIo;
  store: TriggerStore;
  trigger: string;
  concurrency: number;
  retry: RetryPolicy;
  registry: LoadedRegistry;
  checked: ValidatedWorkflow;
  env: Record<string, string | undefined>;
  mocks?: MockServers & { tokenUrls: Record<string, string> };
  /** Live: the providers sent elsewhere (`--base-url`) and the hosts their credentials may go to (`--allow-host`). */
  baseUrls?: Record<string, string>;
  allowHosts?: readonly string[];
}

export async function startWorkflowRuns(o: WorkflowRunsOptions): Promise<Runs> {
  const [{ startRuns }, { runKeyOf }] = await Promise.all([
    import("../../serve/start-runs.js"),
    import("../../serve/run-keys.js"),
  ]);
  const { io, mocks } = o;
  // The runs come from the store: those a killed receiver left are resumed first, from their journals.
  return startRuns({
    store: o.store,
    concurrency: o.concurrency,
    retry: o.retry,
    trigger: o.trigger,
    log: (line) => io.stderr.write(`${lineText(line)}\n`),
    attempt: (run, journal, signal) =>
      runWorkflowWith(o.registry, o.checked, {
        env: o.env,
        signal,
        // Each request says who calls (User-Agent: blockwright/<version>), as `call`'s and `mcp`'s do.
        fetch: agentFetch(),
        triggered: { outputs: run.outputs as unknown as Record<string, unknown> },
        journal: { done: run.journal, record: journal },
        idempotencyKeyOf: (blockId) => runKeyOf(run.id, blockId, run.replays),
        ...(mocks
          ? { baseUrls: mocks.urls, tokenUrls: mocks.tokenUrls, mockAnswers: true }
          : o.baseUrls
            ? { baseUrls: o.baseUrls }
            : {}),
        ...(o.allowHosts?.length ? { allowHosts: o.allowHosts } : {}),
      }),
    settled: (run, result, status) => {
      if (status === "queued") return;
      const blocks = result.blocks.map((b) => ({
        id: b.id,
        status: b.status,
        ...(b.error ? { error: b.error.message } : {}),
      }));
      io.stdout.write(
        `${jsonLine({ trigger: o.trigger, event: run.event, run: run.id, status, attempts: run.attempts, blocks })}\n`,
      );
    },
  });
}
