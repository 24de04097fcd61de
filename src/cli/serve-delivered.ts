// `blockwright serve` on a workflow that starts from a delivered trigger: a receiver of its deliveries (and of its
// subscription's lifecycle notifications), the workflow run on each, and with --public-url the subscription made at
// the provider and kept, until Ctrl-C or SIGTERM (serve-poll.ts: a polled trigger).
import type { Server } from "node:http";
import { resolve } from "node:path";
import { redact, type TriggerSpec } from "@blockwright/runtime/internal";
import type { TriggerBlock, ValidatedWorkflow } from "@blockwright/runtime/workflow";
import { nodeHttp } from "../common/request-guard.js";
import type { LoadedRegistry } from "../registry/registry.js";
import { type KeptSubscription, SubscriptionError } from "../serve/subscription.js";
import { startCommandMocks, UsageError, type CliIo } from "./support/io.js";

/**
 * A run failing on a retryable error is tried this many times in all unless its trigger's `retry` says, the first wait
 * this long (doubled each time).
 */
const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF_SECONDS = 30;
/** How long stopping waits for the runs in flight before cancelling them (they resume on the next start). */
export const STOP_GRACE_MS = 10_000;

/** What serve was asked, and the workflow it serves from its trigger block. */
export interface Serving {
  io: CliIo;
  file: string;
  mode: "mock" | "live";
  port: number;
  host: string;
  specsDir: string;
  publicUrl: string | undefined;
  concurrency: number;
  allowHosts: string[];
  baseUrls: Record<string, string> | undefined;
  storeOption: string | undefined;
  registry: LoadedRegistry;
  env: Record<string, string | undefined>;
  checked: ValidatedWorkflow;
  startId: string;
  startBlock: TriggerBlock;
}

export /** A trigger's retry of a failed run, or the default. */
function retryOf(trigger: { retry?: { attempts?: number; backoffSeconds?: number } }) {
  return {
    attempts: trigger.retry?.attempts ?? DEFAULT_ATTEMPTS,
    backoffMs: (trigger.retry?.backoffSeconds ?? DEFAULT_BACKOFF_SECONDS) * 1000,
  };
}

/**
 * A delivered trigger: a receiver of its deliveries (and of its subscription's lifecycle notifications), the
 * workflow run on each, and with --public-url the subscription made and kept; until Ctrl-C or SIGTERM.
 */
export async function serveDelivered(s: Serving): Promise<number> {
  const { io, publicUrl, port, host } = s;
  const { blockAction, isTriggerBlock, placeholderFor, envReferenceName } = await import(
    "@blockwright/runtime/workflow"
  );
  const trigger = s.registry.triggers?.[blockAction(s.startBlock)];
  if (!trigger) throw new UsageError("BW3012", `${s.file}: no trigger ${blockAction(s.startBlock)}`);
  // An Ed25519 trigger's public key may be written as it is (validate-trigger.ts); a secret is a reference.
  const given = s.startBlock.inputs[trigger.secretParam];
  const secretName = envReferenceName(given);
  const secret = secretName === undefined ? String(given) : s.env[secretName] || placeholderFor(secretName, {});

  if (publicUrl && !trigger.subscription)
    throw new UsageError(
      "BW3012",
      `--public-url: ${trigger.id} declares no subscription to create (give the provider its address as its ` +
        `documentation says)`,
    );
  const store = await openStoreOption(s.storeOption, io.cwd);
  let mocks: Awaited<ReturnType<typeof startCommandMocks>> | undefined;
  const kept: { subscription?: KeptSubscription } = {};
  const { createServer } = nodeHttp();
  // The runs once started, until stopping takes them: a failure before that (the port taken, the subscription
  // refused) stops them too, or their workers outlived the store's pool and the process never ended.
  let started: { stop(graceMs: number): Promise<void> } | undefined;
  try {
    const blocks = Object.values(s.checked.workflow.blocks);
    const providers = [...new Set(blocks.filter((b) => !isTriggerBlock(b)).map((b) => b.type))];
    if (publicUrl && !providers.includes(trigger.provider)) providers.push(trigger.provider);
    providers.sort();
    if (s.mode === "mock" && providers.length) mocks = await startCommandMocks(io, providers, { specsDir: s.specsDir });
    const { createReceiver } = await import("../serve/receiver.js");
    const path = `/triggers/${trigger.id}`;
    const runs = await startTriggerRuns(s, trigger, store, mocks);
    started = runs;
    const receiver = createReceiver({
      trigger,
      path,
      ...(publicUrl ? { deliveredTo: `${publicUrl}${path}` } : {}),
      secret,
      store,
      log: (line) => io.stderr.write(`${line}\n`),
      accepted: () => runs.kick(),
    });
    const lifecycle = await lifecycleReceiver(io, trigger, path, publicUrl, secret, kept);
    const server = createServer(
      lifecycle
        ? (req, res) => (lifecycle.handles(req) ? lifecycle.handle(req, res) : receiver.handle(req, res))
        : receiver.handle,
    );
    await listen(server, s, trigger.id, path);
    if (publicUrl) {
      const urls = {
        url: `${publicUrl}${path}`,
        ...(lifecycle ? { lifecycleUrl: `${publicUrl}${path}/lifecycle` } : {}),
      };
      kept.subscription = await keepPublicSubscription(
        s,
        trigger,
        urls,
        secret,
        store,
        mocks,
        () => new Promise<void>((done) => server.close(() => done())),
      );
    }
    await io.interrupted;
    started = undefined;
    await stopServing(server, receiver, lifecycle, runs, kept.subscription);
    return 0;
  } catch (e) {
    await started?.stop(STOP_GRACE_MS).catch(() => undefined);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL")
      throw new UsageError("BW3003", `--port ${port} on ${host}: cannot listen (${code})`);
    throw e;
  } finally {
    await mocks?.close();
    await store.close();
  }
}

/** The workflow's runs of the trigger's events, from the store (on the mocks, or where --base-url sends them). */
async function startTriggerRuns(
  s: Serving,
  trigger: TriggerSpec,
  store: Awaited<ReturnType<typeof openStoreOption>>,
  mocks: Awaited<ReturnType<typeof startCommandMocks>> | undefined,
) {
  const { startWorkflowRuns } = await import("./support/workflow-runs.js");
  return startWorkflowRuns({
    io: s.io,
    store,
    trigger: trigger.id,
    concurrency: s.concurrency,
    retry: retryOf(trigger),
    registry: s.registry,
    checked: s.checked,
    env: s.env,
    ...(mocks ? { mocks } : {}),
    ...(s.baseUrls ? { baseUrls: s.baseUrls } : {}),
    ...(s.allowHosts.length ? { allowHosts: s.allowHosts } : {}),
  });
}

/** Listen on --port and --host, and say where deliveries go (stdout) and that serve listens (stderr). */
async function listen(server: Server, s: Serving, triggerId: string, path: string): Promise<void> {
  const { io, port, host } = s;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  io.stdout.write(`${triggerId} http://${shownHost}:${bound}${path}\n`);
  io.stderr.write(`serve: ${s.startId} (${triggerId}) listening; Ctrl-C stops after the runs in flight\n`);
}

/**
 * Stop on Ctrl-C or SIGTERM: no new connection; a delivery still being sent is refused (a slow client never holds the
 * stop), the ones read are answered, then every connection is closed, idle or not.
 */
async function stopServing(
  server: Server,
  receiver: { stop(): Promise<void> },
  lifecycle: { inFlight: Iterable<Promise<unknown>> } | undefined,
  runs: { stop(graceMs: number): Promise<void> },
  subscription: KeptSubscription | undefined,
): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  await receiver.stop();
  server.closeAllConnections();
  await closed;
  // The lifecycle actions under way (a renewal, a new subscription) end before the subscription is stopped.
  await Promise.allSettled([...(lifecycle?.inFlight ?? [])]);
  // The runs in flight reach a journaled point (or are cancelled after the grace, to resume on the next start).
  await runs.stop(STOP_GRACE_MS);
  // After the runs: a run may still need the events the subscription brings until it ends.
  await subscription?.stop();
}

/** The subscription's lifecycle notifications, when the trigger declares them, come to an address of their own. */
async function lifecycleReceiver(
  io: CliIo,
  trigger: TriggerSpec,
  path: string,
  publicUrl: string | undefined,
  secret: string,
  kept: { subscription?: KeptSubscription },
) {
  const lifecyclePath = `${path}/lifecycle`;
  if (!publicUrl || !trigger.subscription?.lifecycle) return undefined;
  return (await import("../serve/lifecycle.js")).createLifecycleReceiver({
    trigger,
    path: lifecyclePath,
    deliveredTo: `${publicUrl}${lifecyclePath}`,
    secret,
    log: (line) => io.stderr.write(`serve: ${line}\n`),
    act: async (event, id) => {
      if (kept.subscription) return kept.subscription.lifecycle(event, id);
      // Before the subscription is made there is none to act on (the provider's handshake is answered all the
      // same).
      io.stderr.write(`serve: ${trigger.id}: a lifecycle event came before the subscription was made: nothing done\n`);
    },
  });
}

/** --public-url: the subscription made at the provider and kept; a failure closes the server and is said. */
async function keepPublicSubscription(
  s: Serving,
  trigger: TriggerSpec,
  urls: { url: string; lifecycleUrl?: string },
  secret: string,
  store: Awaited<ReturnType<typeof openStoreOption>>,
  mocks: Awaited<ReturnType<typeof startCommandMocks>> | undefined,
  closeServer: () => Promise<void>,
): Promise<KeptSubscription> {
  const { keepSubscription } = await import("../serve/subscription.js");
  const { subscriptionCall } = await import("./support/subscription-call.js");
  const call = subscriptionCall(s.registry, s.startBlock, trigger.secretParam, s.env, {
    secrets: [secret],
    ...(mocks ? { baseUrls: mocks.urls, tokenUrls: mocks.tokenUrls } : s.baseUrls ? { baseUrls: s.baseUrls } : {}),
    ...(s.allowHosts.length ? { allowHosts: s.allowHosts } : {}),
  });
  const log = (line: string) => s.io.stderr.write(`serve: ${redact(line, call.secrets)}\n`);
  return keepSubscription({ trigger, ...urls, secret, store, call, log }).catch(async (e: unknown) => {
    await closeServer();
    if (e instanceof SubscriptionError)
      throw new UsageError("BW3011", `--public-url: ${redact(e.message, call.secrets)}`);
    throw e;
  });
}

/** The store `--store` names (a file under the project, or a Postgres address), open. */
export async function openStoreOption(text: string | undefined, cwd: string) {
  const { DEFAULT_STORE_FILE } = await import("../serve/store.js");
  const storeText = text ?? DEFAULT_STORE_FILE;
  const { openStore, POSTGRES_ADDRESS, storeProblem } = await import("../serve/open-store.js");
  const problem = storeProblem(storeText);
  if (problem) throw new UsageError("BW3003", `--store: ${problem}`);
  return openStore(POSTGRES_ADDRESS.test(storeText) ? storeText : resolve(cwd, storeText)).catch((e: unknown) => {
    throw new UsageError("BW3011", `--store: ${(e as Error).message}`);
  });
}
