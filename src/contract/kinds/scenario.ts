// `scenario`: sequences a Prism mock cannot play on its own (it has no
// state), driven by what the manifest declares. The exchange layer forwards every request to
// the mock, which judges it; a step then asks the mock for a named example or
// answers in its place:
// - polling: a job goes pending → pending → each terminal state, run by the
//   workflow runner (which does the polling);
// - a retryable 429 with Retry-After, then the normal answer, on a request safe to repeat;
// - a 5xx on a state-changing request: not retried, marked mayHaveBeenApplied.
// - once per provider, a round trip of each resource of its document on the
//   stateful mock: create → get → update → get → list → delete (round-trip.ts).
// Not derived yet: following pages (tools declare how they page; a deriver
// would answer page 1 with a next cursor, then the last page).
import { defined, itemAt, safeToRepeat, type ToolSpec } from "@blockwright/runtime/internal";
import { mockWords, runWorkflowWith } from "@blockwright/runtime/workflow";
import type { OpenApiDocument, OpenApiResponse } from "../../load/openapi-document.js";
import {
  callTool,
  check,
  describeError,
  expectAccepted,
  expectFailure,
  expectSuccess,
  fail,
  same,
  withAddress,
} from "../call.js";
import { mockFetch, sentRequest, type Step } from "../exchange.js";
import { at, readPath, setAt } from "../json-path.js";
import { expectOutputs } from "../outputs.js";
import { checkRequest } from "../request/request.js";
import { operationSource, responseSource } from "../sources.js";
import { expectStructuredError, quotaUsedUp } from "../structured-error.js";
import { type CaseKindModule, type ContractCase, contractCase } from "../types.js";
import { type ToolValues, valuesOf } from "../inputs/values.js";
import { bodyPlaceOf } from "./poll-upstream.js";
import { roundTripCases } from "./round-trip.js";

/** The wait a 429 asks for: whole seconds, as upstreams send it. */
const RETRY_AFTER_SECONDS = 1;

/** One kind of sequence: when a tool calls for it, and its cases. */
interface Scenario {
  applies(tool: ToolSpec, values: ToolValues): boolean;
  derive(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[];
}

export const scenarioKind: CaseKindModule = {
  doc: {
    when:
      "polling, a retried 429, a request that changes state; once per provider, each resource of its document " +
      "whose create and read the manifest binds (`POST /things`, `GET /things/{id}`)",
    cases:
      "what Prism cannot play: a job pending → pending → each terminal state (run by the workflow runner, " +
      "which polls); a request safe to repeat answered 429 with `Retry-After: 1`, then 200 (retried once, " +
      "after the wait); a POST or PATCH answered 500 (not retried, `mayHaveBeenApplied: true`); a resource's " +
      "round trip on the stateful mock: create → get (the record the create answered, each field it sent) → " +
      "update (every field it has a value for; a merge patch, a JSON Patch or the fields sent, by its media type) " +
      "→ get (the record the update answered, each field it sent) → list (holds the record) → delete → get (the " +
      "document's 404)",
  },
  applies: (tool, { document }) => SCENARIOS.some((s) => s.applies(tool, valuesOf(tool, document))),
  derive(tool, { document }) {
    const values = valuesOf(tool, document);
    return SCENARIOS.filter((s) => s.applies(tool, values)).flatMap((s) => s.derive(tool, document, values));
  },
  deriveProvider: roundTripCases,
};

/**
 * pending → pending → terminal, for each terminal state the manifest declares, when the job's state is an output read
 * from the body.
 */
const polling: Scenario = {
  applies: (tool) => jobState(tool) !== undefined,
  derive: pollingScenarios,
};

/**
 * A 429 asking to wait, then the normal answer, on a request safe to repeat whose manifest retries a 429 (unless every
 * 429 the spec shows is a quota used up).
 */
const rateLimit: Scenario = {
  applies: (tool, values) =>
    safeToRepeat(tool, tool.method) &&
    tool.errors.retryableStatuses.includes(429) &&
    retriedAnswers(tool, values) !== undefined,
  derive: rateLimitScenario,
};

/** A 5xx on a request that changes state. */
const serverError: Scenario = {
  applies: (tool) => !safeToRepeat(tool, tool.method),
  derive: serverErrorScenario,
};

const SCENARIOS: Scenario[] = [polling, rateLimit, serverError];

/** Where the job's state is in the answer's body, for a tool that polls. */
function jobState(tool: ToolSpec): { polling: NonNullable<ToolSpec["polling"]>; pointer: string[] } | undefined {
  const polling = tool.polling;
  if (!polling) return undefined;
  const output = tool.outputs.find((o) => o.path === polling.output);
  // Of a first-of's places, the first in the body: the answers made set the state there, so it is the one taken.
  const pointer = output && bodyPlaceOf(output.source);
  return pointer ? { polling, pointer } : undefined;
}

function pollingScenarios(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[] {
  const { polling, pointer } = defined(jobState(tool), "the job state of a polling tool");
  // The answer whose body the outputs read (and so the job state), as the generator chose it.
  const response = doc.bodyResponse(values.op);
  const status = response ? Number(response.status) : itemAt(tool.successStatuses, 0);
  const firstPending = itemAt(polling.pending, 0);
  return polling.terminal.map((terminal) =>
    contractCase(
      tool,
      "scenario",
      `job ${firstPending} → ${firstPending} → ${terminal}`,
      async (ctx) => {
        const pending = stateStep(response, status, pointer, firstPending);
        const done = stateStep(response, status, pointer, terminal);
        const { fetch, exchanges } = mockFetch((attempt) => (attempt < 2 ? pending : done));
        const input = withAddress(tool, values.minimal(), ctx.mockUrl(tool.provider));
        const run = await runWorkflowWith(
          { tools: { [tool.id]: tool }, blocks: {} },
          {
            file: "(contract scenario)",
            workflow: {
              blocks: {
                job: {
                  type: tool.provider,
                  name: tool.title,
                  inputs: { operation: tool.id, ...input },
                  polling: { intervalMs: polling.minIntervalMs },
                },
              },
            },
            placeholders: [],
          },
          {
            env: {},
            ...(tool.server.param ? {} : { baseUrls: { [tool.provider]: ctx.mockUrl(tool.provider) } }),
            fetch,
          },
        );
        ctx.observe?.({ tool, input, exchanges });
        expectAccepted(exchanges);
        const block = itemAt(run.blocks, 0);
        if (block.status !== "succeeded")
          fail(`the job block ${block.status}${block.error ? `: ${describeError(block.error)}` : ""}`);
        same(exchanges.length, 3, "requests (the first call and two polls)");
        same(block.polls, 2, "polls");
        for (const ex of exchanges) checkRequest(ex, tool, doc, input);
        const outputs = block.outputs ?? {};
        same(readPath(outputs, polling.output), terminal, `output ${polling.output} at the end`);
        expectOutputs(tool, outputs, itemAt(exchanges, 2), input);
      },
      operationSource(tool, "polling"),
    ),
  );
}

/**
 * The answer of a job in `state`: the spec's example in that state, else one made from an example by setting the state.
 */
function stateStep(response: OpenApiResponse | undefined, status: number, pointer: string[], state: string): Step {
  const examples = Object.entries(response?.examples ?? {});
  const named = examples.find(
    ([name, body]) => name !== "default" && response?.exampleNames.includes(name) && at(body, pointer) === state,
  );
  if (named) return { prefer: mockWords(status, named[0]) };
  const base = structuredClone(examples[0]?.[1] ?? {}) as Record<string, unknown>;
  setAt(base, pointer, state);
  return { answer: { status, body: base } };
}

/**
 * The 429 answers the spec shows that a retry follows: every example except
 * those whose quota is used up (never retried, rateLimits.quota); [] when the
 * spec shows none, and undefined when every one it shows is a quota used up.
 */
function retriedAnswers(tool: ToolSpec, values: ToolValues): unknown[] | undefined {
  const declared = values.op.responses.find((r) => r.status === "429");
  const examples = declared ? Object.values(declared.examples) : [];
  const retried = examples.filter((body) => !quotaUsedUp(tool, { status: 429, body, headers: new Headers() }));
  return examples.length && !retried.length ? undefined : retried;
}

/** A 429 asking to wait, then the normal answer: retried once, after the wait. */
function rateLimitScenario(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[] {
  const body = retriedAnswers(tool, values)?.[0];
  return [
    contractCase(
      tool,
      "scenario",
      `429 with Retry-After: ${RETRY_AFTER_SECONDS}, then 200: retried once after the wait`,
      async (ctx) => {
        const called = await callTool(tool, values.minimal(), ctx, {
          script: (attempt) =>
            attempt === 0
              ? {
                  answer: {
                    status: 429,
                    headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
                    ...(body !== undefined ? { body } : {}),
                  },
                }
              : {},
        });
        const output = expectSuccess(called);
        same(called.exchanges.length, 2, "requests (the 429 and the retry)");
        const first = itemAt(called.exchanges, 0);
        const second = itemAt(called.exchanges, 1);
        same(first.status, 429, "the first answer");
        for (const ex of called.exchanges) checkRequest(ex, tool, doc, called.input);
        same(sentRequest(second), sentRequest(first), "the retried request");
        // A timer never fires early by more than a millisecond; the allowance covers that and rounding.
        check(
          second.at - first.at >= RETRY_AFTER_SECONDS * 1000 - 20,
          () =>
            `the retry came ${Math.round(second.at - first.at)} ms after the 429, before the ` +
            `${RETRY_AFTER_SECONDS} s it asked for`,
        );
        expectOutputs(tool, output, second, called.input);
      },
    ),
  ];
}

/** A 5xx on a request that changes state: one request only, and the error says it may have been applied. */
function serverErrorScenario(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[] {
  const declared = values.op.responses.find((r) => /^5\d\d$/.test(r.status));
  const status = declared ? Number(declared.status) : (tool.errors.retryableStatuses.find((s) => s >= 500) ?? 503);
  return [
    contractCase(
      tool,
      "scenario",
      `${status} on ${tool.method} is not retried and may have been applied`,
      async (ctx) => {
        const step: Step = declared ? { prefer: `code=${status}` } : { answer: { status } };
        const called = await callTool(tool, values.minimal(), ctx, { script: () => step });
        expectAccepted(called.exchanges);
        same(called.exchanges.length, 1, `requests (a ${tool.method} answered ${status} is not repeated)`);
        const ex = itemAt(called.exchanges, 0);
        checkRequest(ex, tool, doc, called.input);
        const error = expectFailure(called);
        same(error.mayHaveBeenApplied, true, "error.mayHaveBeenApplied");
        same(error.retryable, false, "error.retryable");
        expectStructuredError(tool, ex, error);
      },
      declared ? responseSource(values.op, declared.status) : operationSource(tool),
    ),
  ];
}
