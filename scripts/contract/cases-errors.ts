// Every error status the spec declares (each named example of it) becomes the
// structured error — with the upstream's code and message read from that
// example by the manifest's error expressions — and a request without its
// credential gets the mock's 401 as a structured error too.
import { safeToRepeat, type ToolSpec, type ValueRef } from "@blockwright/runtime";
import type { OpenApiDocument } from "../codegen/openapi-document.js";
import { callTool, check, describeError, expectAccepted, expectFailure, fail, json, onlyExchange, same } from "./call.js";
import type { Exchange } from "./exchange.js";
import { checkRequest } from "./request.js";
import { contractCase, type ContractCase } from "./types.js";
import { CREDENTIAL, valuesOf } from "./values.js";
import { at, parseBody as parse } from "./json-path.js";

export function errorCases(tool: ToolSpec, doc: OpenApiDocument): ContractCase[] {
  const values = valuesOf(tool, doc);
  const cases: ContractCase[] = [];
  const outcomes = new Set(tool.outcomes.map((o) => o.status));
  for (const response of values.op.responses) {
    const status = Number(response.status);
    if (!(status >= 400) || outcomes.has(status)) continue;
    const names = response.exampleNames.length ? response.exampleNames : [undefined];
    for (const name of names) {
      cases.push(
        contractCase(tool, "error", name ? `${status} "${name}" becomes the structured error` : `${status} becomes the structured error`, async (ctx) => {
          const prefer = name ? `code=${status}, example=${name}` : `code=${status}`;
          const called = await callTool(tool, values.minimal(), ctx, { prefer, retries: 0 });
          expectAccepted(called.exchanges);
          const ex = onlyExchange(called);
          same(ex.status, status, "the mock's status");
          checkRequest(ex, tool, doc, called.input);
          if (name && response.examples[name] !== undefined) same(parse(ex.responseBody), response.examples[name], `the mock's answer (example "${name}")`);
          expectStructuredError(tool, ex, expectFailure(called));
        }),
      );
    }
  }

  if (tool.auth && (values.op.security ?? []).length) {
    cases.push(
      contractCase(tool, "auth", "without a credential the mock answers 401, a structured error", async (ctx) => {
        const called = await callTool(tool, values.minimal(), ctx, { script: () => ({ withoutCredential: tool.auth }), retries: 0 });
        expectAccepted(called.exchanges, ["UNAUTHORIZED", "401"]);
        const ex = onlyExchange(called, " (401 is not retried)");
        same(ex.status, 401, "the mock's status for a request without the credential");
        const error = expectFailure(called);
        expectStructuredError(tool, ex, error);
        check(!JSON.stringify(error).includes(CREDENTIAL), "the error shows the credential");
      }),
    );
  }
  return cases;
}

/** The error the runtime must make of an error answer, read independently from the answer and the manifest's expressions. */
export function expectStructuredError(tool: ToolSpec, ex: Exchange, error: ReturnType<typeof expectFailure>): void {
  // An answer Prism made up itself (a 401 the spec does not declare) carries no upstream message to read.
  const declared = !ex.prismProblem;
  const body = parse(ex.responseBody);
  const answer = { status: ex.status, body, headers: ex.responseHeaders };
  const code = first(tool.errors.code, answer);
  const message = first(tool.errors.message, answer);
  const requestId = first(tool.errors.requestId, answer);
  const mayHaveBeenApplied = ex.status >= 500 && !safeToRepeat(tool, ex.method);
  check(error.type === "upstream", () => `expected an upstream error, got ${describeError(error)}`);
  same(error.provider, tool.provider, "error.provider");
  same(error.operation, tool.id, "error.operation");
  same(error.status, ex.status, "error.status");
  if (declared && body !== undefined && typeof body === "object" && tool.errors.message.length && message === undefined) {
    fail(`the manifest's error message expressions (errors.message) find no message in the ${ex.status} answer ${json(body)}`);
  }
  same(error.code, code, "error.code (the upstream's code, read by errors.code)");
  if (message !== undefined) same(error.message, message, "error.message (the upstream's message, read by errors.message)");
  else check(error.message.startsWith(`HTTP ${ex.status}`) || (typeof body === "string" && error.message === body.trim().slice(0, 500)), () => `error.message without an upstream message should name the status: ${error.message}`);
  if (requestId !== undefined) same(error.requestId, requestId, "error.requestId");
  same(error.retryable, !mayHaveBeenApplied && tool.errors.retryableStatuses.includes(ex.status) && !quotaUsedUp(tool, answer), "error.retryable");
  same(error.mayHaveBeenApplied, mayHaveBeenApplied ? true : undefined, "error.mayHaveBeenApplied");
}

/** Whether the answer says a quota is used up, as the manifest's rateLimits.quota reads it (never retryable). */
export function quotaUsedUp(tool: ToolSpec, answer: { status: number; body: unknown; headers: Headers }): boolean {
  const quota = tool.rateLimits?.quota;
  const code = quota ? first(quota.from, answer) : undefined;
  return quota !== undefined && code !== undefined && quota.codes.includes(code);
}

function first(refs: ValueRef[], answer: { status: number; body: unknown; headers: Headers }): string | undefined {
  for (const ref of refs) {
    const v = ref.kind === "status" ? answer.status : ref.kind === "header" ? (answer.headers.get(ref.name) ?? undefined) : ref.kind === "body" ? at(answer.body, ref.pointer) : undefined;
    if (v !== undefined && v !== null && v !== "") return typeof v === "string" ? v : JSON.stringify(v);
  }
  return undefined;
}
