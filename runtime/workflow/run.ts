// Running a checked workflow: blocks start as soon as their upstream blocks
// have succeeded, independent branches run concurrently (bounded), a failed
// block skips what depends on it while other branches go on, and job-status
// blocks poll until their job leaves its pending states.
import { mockPrefer, withMockSteering } from "./mock-answer.js";
import { placeholderFor } from "./placeholder.js";
import { entryOf, fieldOf } from "../common/checked.js";
import type { ToolError, ToolResult } from "../http/errors.js";
import type { RuntimeErrorCode } from "../http/error-codes.js";
import { executeToolDefinition } from "../execute/execute.js";
import { ownValue, setOwn } from "../common/own.js";
import { type Handed, keptResult, resumedResult, withheldReason } from "./kept-result.js";
import { pageInputsOf, type PageInputs } from "../validate/page-inputs.js";
import { redactDeep } from "../common/redact.js";
import { secretTexts } from "../common/secret-texts.js";
import { holdsNestedSecret, jsonInput, secretPlaces } from "../validate/nested-secrets.js";
import { sleep } from "../common/sleep.js";
import type { ToolSpec } from "../spec/tool-types.js";
import type { FetchLike } from "../http/transport.js";
import { RateLimiter } from "../http/rate-limiter.js";
import { buildGraph } from "./graph.js";
import { envReferenceName, formatPath, isOneOutput, readPath, resolveValue, unresolvedReason } from "./references.js";
import type { Reference } from "./references.js";
import { typedText } from "../validate/text-values.js";
import {
  blockAction,
  type BlockResult,
  type CallBlock,
  isTriggerBlock,
  type Registry,
  type RunEvent,
  type RunResult,
  type ValidatedWorkflow,
  type WorkflowBlock,
} from "./types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["polling"] as const satisfies readonly (keyof ToolSpec)[];

export interface RunOptions {
  /** Environment for `{{NAME}}` references. */
  env: Record<string, string | undefined>;
  /** Addresses per provider that replace the real ones (mock servers). */
  baseUrls?: Record<string, string>;
  /**
   * Token endpoints per provider that replace the manifest's (executeTool's tokenUrl: a token endpoint mock, a
   * sandbox).
   */
  tokenUrls?: Record<string, string>;
  /** More hosts the blocks' credentials may go to (executeTool's allowHosts). */
  allowHosts?: readonly string[];
  /** Ask the mocks for the response a block's `mock` names. */
  mockAnswers?: boolean;
  fetch?: FetchLike;
  /** Blocks running at once. Default 4. */
  concurrency?: number;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /**
   * Where the providers' documented request rates are kept per credential (default: the process's,
   * RateLimiter.shared(), with every other run, client and executor).
   */
  limiter?: RateLimiter;
  /**
   * The event that started the run: the trigger block's outputs (`blockwright serve`). Without it, a trigger block
   * fails.
   */
  triggered?: { outputs: Record<string, unknown> };
  /**
   * A durable run's journal (`blockwright serve`): the blocks in `done` succeeded in an earlier
   * attempt and are taken as they were, never called again; each block that succeeds now is
   * `record`ed before any block after it starts.
   */
  journal?: { done: Readonly<Record<string, BlockResult>>; record(result: BlockResult): Promise<void> };
  /**
   * The idempotency key of a block's call, for the tools that declare an idempotency header: the
   * same on every attempt of the run, so an upstream that took the call once takes it once.
   */
  idempotencyKeyOf?: (blockId: string) => string;
}

export async function runWorkflowWith(
  registry: Registry,
  checked: ValidatedWorkflow,
  options: RunOptions,
): Promise<RunResult> {
  const started = performance.now();
  const { workflow } = checked;
  const graph = buildGraph(workflow);
  const results = new Map<string, BlockResult>();
  const finished: BlockResult[] = [];
  const secrets = secretValues(registry, workflow.blocks, options.env);
  const limit = Math.max(1, options.concurrency ?? 4);
  // Every block's calls (polls and pages included) keep each provider's documented rate per credential, with the
  // process's other callers.
  const limiter = options.limiter ?? RateLimiter.shared();
  const pending = new Set(graph.ids);
  let running = 0;
  const handed: Handed = { texts: [], numbers: [] }; // the secret outputs the replies handed out so far
  return new Promise<RunResult>((resolve) => {
    const finish = (id: string, result: BlockResult, read?: BlockResult) => {
      const safe = redactDeep(result, secrets);
      // References read the secrets its reply hands out; what is kept or shown withholds them.
      results.set(id, read ?? safe);
      const kept = keptResult(registry, safe, handed);
      finished.push(kept);
      options.onEvent?.({ type: "finish", id, result: kept });
    };
    const pump = () => {
      for (const id of [...pending]) {
        const upstream = entryOf(graph.incoming, id);
        if (!upstream.every((u) => results.has(u))) continue;
        const failed = upstream.filter((u) => entryOf(results, u).status !== "succeeded");
        const block = fieldOf(workflow.blocks, id);
        const base = { id, name: block.name, type: block.type, operation: blockAction(block), durationMs: 0 };
        if (options.signal?.aborted) {
          // Nothing starts after an interrupt.
          pending.delete(id);
          finish(id, { ...base, status: "cancelled" });
          continue;
        }
        if (failed.length) {
          pending.delete(id);
          finish(id, { ...base, status: "skipped", skippedBecause: failed });
          continue;
        }
        if (isTriggerBlock(block)) {
          // The event is the block's result: nothing is called.
          pending.delete(id);
          finish(id, triggerResult(base, block, options));
          continue;
        }
        const journaled = options.journal?.done[id];
        if (journaled?.status === "succeeded") {
          // Succeeded in an earlier attempt: its result stands, the call is not made again.
          pending.delete(id);
          finish(id, journaled, resumedResult(registry, journaled));
          continue;
        }
        if (running >= limit) continue;
        pending.delete(id);
        running++;
        options.onEvent?.({ type: "start", id, block });
        runBlock(registry, id, block, results, { ...options, secrets, limiter })
          .then(async (result) => {
            // Journaled before anything after it starts: a crash from here on never calls it again.
            if (result.status === "succeeded")
              await options.journal?.record(keptResult(registry, redactDeep(result, secrets), handed));
            finish(id, result);
          })
          .catch((e: unknown) => {
            // The journal could not be written: the block counts as not done (it is called again on resume).
            finish(id, journalFailed(id, block, e));
          })
          .finally(() => {
            running--;
            pump();
          });
      }
      if (!pending.size && running === 0) {
        const anyFailed = finished.some((r) => r.status === "failed");
        resolve({
          ...(workflow.name ? { name: workflow.name } : {}),
          status: options.signal?.aborted ? "cancelled" : anyFailed ? "failed" : "succeeded",
          durationMs: Math.round(performance.now() - started),
          blocks: finished,
          placeholders: checked.placeholders,
        });
      }
    };
    pump();
  });
}

function triggerResult(base: Omit<BlockResult, "status">, block: WorkflowBlock, options: RunOptions): BlockResult {
  if (options.triggered)
    return { ...base, status: "succeeded", startedAt: new Date().toISOString(), outputs: options.triggered.outputs };
  const message =
    `${base.id} starts the workflow when ${blockAction(block)} arrives: run it with blockwright serve, ` +
    `which receives the event`;
  return {
    ...base,
    status: "failed",
    error: {
      type: "validation",
      provider: block.type,
      operation: blockAction(block),
      rule: "trigger",
      message,
      retryable: false,
    },
  };
}

/** A block whose result the run's journal could not keep: failed, to be called again on resume. */
function journalFailed(id: string, block: CallBlock, e: unknown): BlockResult {
  return {
    id,
    name: block.name,
    type: block.type,
    operation: blockAction(block),
    durationMs: 0,
    status: "failed",
    error: {
      type: "network",
      provider: block.type,
      operation: blockAction(block),
      message: `the run's journal could not be written: ${(e as Error).message}`,
      retryable: true,
    },
  };
}

/**
 * A block's call: its parameters, references resolved, and a list operation's allPages, maxItems and maxPages as
 * options of the call; or the validation error that stops it before any request.
 */
function callInputs(
  tool: ToolSpec,
  block: CallBlock,
  results: Map<string, BlockResult>,
  env: RunOptions["env"],
): { params: Record<string, unknown>; pageOptions: PageInputs } | { error: NonNullable<BlockResult["error"]> } {
  let params: Record<string, unknown>;
  try {
    params = resolveInputs(tool, block, results, env);
  } catch (e) {
    if (!(e instanceof UnresolvedReference)) throw e;
    return {
      error: {
        type: "validation",
        provider: tool.provider,
        operation: tool.id,
        param: e.param,
        rule: "reference",
        message: e.message,
        retryable: false,
      },
    };
  }
  if (!tool.pagination) return { params, pageOptions: {} };
  const split = pageInputsOf(params);
  const [issue] = split.issues;
  if (issue)
    return {
      error: {
        type: "validation",
        provider: tool.provider,
        operation: tool.id,
        param: issue.param,
        rule: issue.rule,
        message: issue.message,
        retryable: false,
      },
    };
  return { params: split.params, pageOptions: split.options };
}

async function runBlock(
  registry: Registry,
  id: string,
  block: CallBlock,
  results: Map<string, BlockResult>,
  options: RunOptions & { secrets: string[] },
): Promise<BlockResult> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const tool = ownValue(registry.tools, block.inputs.operation) as ToolSpec;
  const base = { id, name: block.name, type: block.type, operation: block.inputs.operation, startedAt };
  const done = (status: "succeeded" | "failed" | "cancelled", rest: Partial<BlockResult>): BlockResult => ({
    ...base,
    status,
    durationMs: Math.round(performance.now() - started),
    ...rest,
  });

  const inputs = callInputs(tool, block, results, options.env);
  if ("error" in inputs) return done("failed", { error: inputs.error });
  const { params, pageOptions } = inputs;
  // On mocks, the block's call names its operation (and the answer its `mock` asks for) to the mock, out of band.
  const fetch = options.mockAnswers
    ? steering(block.mock ? mockPrefer(tool, block.mock) : "", tool.operationId, options.fetch)
    : options.fetch;
  const call = () =>
    executeToolDefinition(tool, params, {
      ...pageOptions,
      ...(options.baseUrls?.[tool.provider] ? { baseUrl: options.baseUrls[tool.provider] } : {}),
      ...(tool.oauth && options.tokenUrls?.[tool.provider] ? { tokenUrl: options.tokenUrls[tool.provider] } : {}),
      ...(fetch ? { fetch } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(block.timeoutMs ? { timeoutMs: block.timeoutMs } : {}),
      ...(options.allowHosts ? { allowHosts: options.allowHosts } : {}),
      secrets: options.secrets,
      ...(options.limiter ? { limiter: options.limiter } : {}),
      ...(tool.idempotency && options.idempotencyKeyOf ? { idempotencyKey: options.idempotencyKeyOf(id) } : {}),
    });

  let result: ToolResult = await call();
  let polls = 0;
  if (tool.polling && result.success) {
    // The provider's floor holds whatever the block asks (validate refuses less).
    const interval = Math.max(block.polling?.intervalMs ?? tool.polling.intervalMs, tool.polling.minIntervalMs);
    const timeout = block.polling?.timeoutMs ?? tool.polling.timeoutMs;
    const deadline = performance.now() + timeout;
    while (result.success) {
      const state = String(readPath(result.output, tool.polling.output.split(".")));
      if (!tool.polling.pending.includes(state)) break;
      if (performance.now() + interval > deadline) {
        return done("failed", {
          outputs: result.output as Record<string, unknown>,
          polls,
          error: {
            type: "timeout",
            provider: tool.provider,
            operation: tool.id,
            message: `the job was still ${state} after ${timeout} ms of polling`,
            retryable: true,
          },
        });
      }
      if (!(await sleep(interval, options.signal))) break;
      polls++;
      options.onEvent?.({ type: "poll", id, state, polls });
      result = await call();
    }
  }
  if (options.signal?.aborted) return done("cancelled", { error: cancelled(tool), ...(polls ? { polls } : {}) });
  // A list block that failed after some pages keeps what they gave beside its error (paginate.ts).
  if (!result.success)
    return done("failed", {
      error: result.error,
      ...(polls ? { polls } : {}),
      ...(result.partial ? { outputs: result.partial.output, pages: result.partial.pages } : {}),
    });
  return done("succeeded", {
    outputs: result.output as Record<string, unknown>,
    ...(polls ? { polls } : {}),
    ...(result.pages ? { pages: result.pages } : {}),
  });
}

function cancelled(tool: ToolSpec): ToolError {
  return {
    type: "network",
    provider: tool.provider,
    operation: tool.id,
    code: "ABORTED" satisfies RuntimeErrorCode,
    message: "the run was cancelled",
    retryable: false,
  };
}

/** A reference that found nothing at run time: the block fails rather than drop the parameter. */
export class UnresolvedReference extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = "UnresolvedReference";
  }
}

/** The block's parameters with every reference replaced by its value; throws UnresolvedReference. */
export function resolveInputs(
  tool: ToolSpec,
  block: CallBlock,
  results: Map<string, BlockResult>,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(block.inputs)) {
    if (name === "operation") continue;
    const spec = tool.params.find((p) => p.name === name);
    const resolved = resolveValue(value, (ref: Reference) => {
      if (ref.kind === "env") {
        // Own values only: {{constructor}} or {{toString}} names no variable, whatever env's prototype has.
        const v = ownValue(env, ref.name);
        return v !== undefined && v !== "" ? v : placeholderFor(ref.name, spec ?? {});
      }
      const result = results.get(ref.block);
      const found = readPath(result?.outputs, ref.path);
      if (found === undefined) {
        const why =
          withheldReason(result, ref.block, formatPath(ref.path).slice(1)) ??
          unresolvedReason(result?.outputs, ref.path, ref.block);
        throw new UnresolvedReference(name, `${name}: {{${ref.text}}} did not resolve: ${why}`);
      }
      return found;
    });
    // A text an environment variable gave, or one interpolated, has no type: read as the parameter's forms say (a
    // number-or-text one's number, text-values.ts); one output's value alone keeps its own type.
    const textual = typeof value === "string" && value.includes("{{") && !isOneOutput(value);
    setOwn(params, name, spec && textual ? typedText(spec, resolved) : resolved);
  }
  return params;
}

/** The values of environment variables referenced by secret parameters, and by secret fields inside JSON inputs. */
function secretValues(
  registry: Registry,
  blocks: Record<string, WorkflowBlock>,
  env: Record<string, string | undefined>,
): string[] {
  const out = new Set<string>();
  for (const block of Object.values(blocks)) {
    const tool = isTriggerBlock(block)
      ? undefined
      : (ownValue(registry.tools, block.inputs.operation) as ToolSpec | undefined);
    const trigger = isTriggerBlock(block) ? registry.triggers?.[block.inputs.trigger] : undefined;
    const secretNames = [
      ...(tool?.params ?? []).filter((p) => p.secret).map((p) => p.name),
      // An Ed25519 trigger's input is the provider's public key: a configured value, not a secret.
      ...(trigger && trigger.authentication.kind !== "ed25519" ? [trigger.secretParam] : []),
    ];
    const add = (reference: unknown) => {
      const name = envReferenceName(reference);
      const value = name ? ownValue(env, name) : undefined;
      if (typeof value === "string" && value) for (const text of secretTexts(value)) out.add(text);
    };
    for (const param of secretNames) add(block.inputs[param]);
    // A secret inside a JSON input (a password in an object), given as a reference there: in the object, or in its
    // JSON text (the workflow check reads both: src/workflow/nested-secret-inputs.ts).
    for (const p of tool?.params ?? [])
      if (holdsNestedSecret(p))
        secretPlaces(p, jsonInput(ownValue(block.inputs, p.name)), (reference) => add(reference));
  }
  return [...out];
}

/**
 * A fetch that names the operation called to a mock server and asks it for a given status or named example, out of
 * band (`__operation`, Prism's `__code`/`__example` query keys): a `Prefer` header may be the API's own.
 */
function steering(prefer: string, operation: string, inner: FetchLike | undefined): FetchLike {
  return (request) => {
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      redirect: request.redirect,
      ...(request.body ? { duplex: "half" } : {}),
    };
    return (inner ?? fetch)(new Request(withMockSteering(request.url, prefer, operation), init));
  };
}
