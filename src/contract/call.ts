// Calling a tool against its provider's mock, through the exchange layer,
// and the checks every case shares: the mock found nothing wrong, the call
// succeeded, or the input was refused before any request.
import { isDeepStrictEqual } from "node:util";
import {
  executeToolDefinition,
  type FetchLike,
  jsonInput,
  mentionsSecret,
  nestedSecretTexts,
  redact,
  secretTexts,
  show,
  type ToolError,
  type ToolResult,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { mockFetch, type Exchange, type Script } from "./exchange.js";
import { describeViolation } from "./prism.js";
import { describeRefusal } from "../judge/refusal.js";
import { ContractFailure, type CaseContext } from "./types.js";
import { judgeJwts } from "./request/jwt-check.js";
import { judgeSignatures } from "./request/signature-check.js";

export interface Called {
  /** The parameters as given to the tool (the mock's address included). */
  input: Record<string, unknown>;
  result: ToolResult;
  exchanges: Exchange[];
}

export interface CallOptions {
  /** Ask the mock for a status or example on every request. */
  prefer?: string;
  /** A scenario instead (overrides `prefer`). */
  script?: Script;
  retries?: number;
  maxRetryDelayMs?: number;
}

/**
 * How long a call waits for the mock: a hang guard, not the operation's own
 * time limit (the manifest's `timeoutMs`, or the runtime's 30 s), which is
 * about the live service. The mock is on this machine: an answer later than
 * that is a busy machine, not a broken contract (a suite on a loaded 2-core
 * machine failed on mock answers past 30 s). As long as a case may run
 * (CASE_TIME_LIMIT_MS, workers.ts).
 */
export const MOCK_CALL_TIME_LIMIT_MS = 120_000;

/** Run `tool` on `input` against its mock; a tool whose server is a parameter gets the mock's address there. */
export async function callTool(
  tool: ToolSpec,
  input: Record<string, unknown>,
  ctx: CaseContext,
  options: CallOptions = {},
): Promise<Called> {
  const address = ctx.mockUrl(tool.provider);
  const given = withAddress(tool, input, address);
  const link = mockFetch(
    options.script ?? (() => (options.prefer ? { prefer: options.prefer } : {})),
    tool.operationId,
  );
  const { exchanges } = link;
  const fetch = onlyTo(address, link.fetch);
  let result: ToolResult;
  try {
    result = await executeToolDefinition(tool, given, {
      ...(tool.server.param ? {} : { baseUrl: address }),
      fetch,
      timeoutMs: MOCK_CALL_TIME_LIMIT_MS,
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.maxRetryDelayMs !== undefined ? { maxRetryDelayMs: options.maxRetryDelayMs } : {}),
    });
  } catch (e) {
    throw new ContractFailure(`the runtime threw instead of returning a result: ${(e as Error)?.message ?? String(e)}`);
  } finally {
    ctx.observe?.({ tool, input: given, exchanges });
  }
  // A signed request (auth.sigv4) judged by AWS's own signer, each exchange, before any check reads it.
  await judgeSignatures(tool, given, exchanges);
  // A request carrying a JWT bound to it (auth.signedJwt) verified with the public key, its claims recomputed.
  await judgeJwts(tool, given, exchanges);
  return { input: given, result, exchanges };
}

/** A fetch that sends nothing but to the mock (a token endpoint, a next page elsewhere: never the network). */
export function onlyTo(address: string, fetchFn: FetchLike): FetchLike {
  const origin = new URL(address).origin;
  return (request) =>
    new URL(request.url).origin === origin
      ? fetchFn(request)
      : Promise.reject(
          new Error(
            `the contract suite sends requests only to the mock (${origin}), not to ${new URL(request.url).origin}`,
          ),
        );
}

/** The input with the mock's address in the server parameter, if the tool has one and the input does not set it. */
export function withAddress(tool: ToolSpec, input: Record<string, unknown>, address: string): Record<string, unknown> {
  return tool.server.param && !Object.hasOwn(input, tool.server.param)
    ? { ...input, [tool.server.param]: address }
    : { ...input };
}

/** The call's one request; `why` says why one, when there is more to say. */
export function onlyExchange(called: Called, why = ""): Exchange {
  const [exchange, ...more] = called.exchanges;
  check(
    exchange !== undefined && !more.length,
    () => `expected one request${why}, ${called.exchanges.length} were sent`,
  );
  return exchange;
}

export function fail(message: string): never {
  throw new ContractFailure(message);
}

export function check(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) fail(typeof message === "function" ? message() : message);
}

/** Deep equality with both sides in the message. */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(normalise(actual), normalise(expected)))
    fail(`${what}: expected ${json(expected)}, got ${json(actual)}`);
}

/**
 * No exchange broke the spec in the mock's judgement, and the mock raised no
 * problem of its own; `expected` lists Prism problem types (and violation
 * codes) a case asks for, e.g. UNAUTHORIZED and 401 for a request sent
 * without its credential.
 */
export function expectAccepted(exchanges: Exchange[], expected: string[] = []): void {
  expectJudged(exchanges);
  for (const ex of exchanges) {
    const where = `${ex.method} ${ex.url.pathname}`;
    const violations = ex.violations.filter((v) => !expected.includes(String(v.code)));
    if (violations.length) {
      fail(
        `the mock (Prism) found ${violations.length} violation${violations.length > 1 ? "s" : ""} in ` +
          `${where}:\n${violations.map((v) => `  - ${describeViolation(v)}`).join("\n")}`,
      );
    }
    if (ex.prismProblem && !expected.includes(ex.prismProblem.type)) {
      fail(
        `the mock (Prism) answered ${ex.prismProblem.status ?? ex.status} to ${where}: ` +
          `${ex.prismProblem.title}${ex.prismProblem.detail ? ` — ${ex.prismProblem.detail}` : ""}`,
      );
    }
  }
}

/**
 * No request was refused by the mock's request judge (src/judge/): a request that breaks the document's
 * serialization rules fails its case whatever the case expects (run.ts holds every case to it).
 */
export function expectJudged(exchanges: readonly Exchange[]): void {
  const refused = exchanges.filter((ex) => ex.refusals?.length);
  if (!refused.length) return;
  // A property sends many requests: each refusal once, with the first request that drew it.
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const ex of refused) {
    const fresh = (ex.refusals ?? []).map(describeRefusal).filter((line) => !seen.has(line));
    if (!fresh.length) continue;
    for (const line of fresh) seen.add(line);
    lines.push(
      `the request judge refused ${ex.method} ${ex.url.pathname}${ex.search}:`,
      ...fresh.map((line) => `  - ${line}`),
    );
  }
  fail(`${lines.join("\n")}${refused.length > 1 ? `\n(${refused.length} requests refused)` : ""}`);
}

/** The call succeeded on requests the mock accepted; returns the output. */
export function expectSuccess(called: Called): Record<string, unknown> {
  expectAccepted(called.exchanges);
  if (!called.result.success) fail(`expected success, got ${describeError(called.result.error)}`);
  return called.result.output as Record<string, unknown>;
}

export function expectFailure(called: Called): ToolError {
  if (called.result.success) fail(`expected a failure, got success with ${json(called.result.output)}`);
  return called.result.error;
}

export interface Refusal {
  param: string;
  /** The rule the refusal must name; several when the runtime may report any of them. */
  rule: string | string[];
  /** The refused value, which the message must show (or withhold, for a secret). */
  value?: unknown;
  secret?: boolean;
  /** Secrets in the input: a value that contains one is shown redacted, as it must be. */
  secrets?: string[];
}

/**
 * The values of the tool's secret parameters in an input, and the texts at places a JSON parameter's shape marks secret
 * (a RADIUS server's `secret` in a list of them): what the runtime must keep out of messages and outputs.
 */
export function secretsIn(tool: ToolSpec, input: Record<string, unknown>): string[] {
  // A secret list of texts: each item and the list written whole, as the runtime withholds them (secretTexts).
  const found = tool.params.filter((p) => p.secret).flatMap((p) => secretTexts(input[p.name]));
  // A JSON parameter given as its text is read as the runtime reads it before its walk (only JSON ones are walked).
  const values = Object.fromEntries(
    tool.params
      .filter((p) => p.type === "json" && Object.hasOwn(input, p.name))
      .map((p) => [p.name, jsonInput(input[p.name])]),
  );
  nestedSecretTexts(tool, values, (text) => found.push(text));
  return found;
}

/**
 * Whether an error's text shows a value: a text value anywhere in it; another (a number, `true`) only as a word of its
 * own, since its text may be part of a name the error rightly gives (`true` in a provider named `trueco`).
 */
export function showsValue(text: string, value: unknown): boolean {
  const shown = String(value);
  if (typeof value === "string") return text.includes(shown);
  const escaped = shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(text);
}

/**
 * An error's text to look for a secret's value in: the names it rightly gives (its provider, operation and parameter)
 * left out where the value is part of one of them (a refresh token `refresh`, drawn from its example `refresh_...`,
 * in the parameter `refresh_token`), which shows no value; else the whole text.
 */
function namesAside(error: ToolError, value: unknown): string {
  const text = JSON.stringify(error);
  const names = [error.provider, error.operation, error.param].filter((n): n is string => typeof n === "string");
  if (!names.some((n) => n.includes(String(value)))) return text;
  return names.reduce((t, n) => t.split(JSON.stringify(n).slice(1, -1)).join(" "), text);
}

/** Refused before any request, naming the parameter, the rule and the value. */
export function expectRefused(called: Called, want: Refusal): void {
  check(
    called.exchanges.length === 0,
    () =>
      `expected a refusal before any request, but ${called.exchanges.length} ` +
      `request${called.exchanges.length > 1 ? "s were" : " was"} sent ` +
      `(${called.exchanges.map((e) => `${e.method} ${e.url.pathname}${e.search}`).join(", ")})`,
  );
  const error = expectFailure(called);
  const rules = Array.isArray(want.rule) ? want.rule : [want.rule];
  check(error.type === "validation", () => `expected a validation error, got ${describeError(error)}`);
  // An unknown parameter's name that holds a secret of the input (a drawn key equal to the token drawn) is shown
  // redacted, as it must be.
  const named = redact(want.param, want.secrets ?? []);
  check(
    error.param === named,
    () => `expected the refusal to name parameter ${named}, got ${error.param ?? "none"} (${error.message})`,
  );
  check(
    error.rule !== undefined && rules.includes(error.rule),
    () => `expected rule ${rules.join(" or ")}, got ${error.rule ?? "none"} (${error.message})`,
  );
  check(error.message.includes(named), () => `the message does not name ${named}: ${error.message}`);
  if (want.value === undefined || typeof want.value === "object") return;
  if (want.secret) {
    check(
      !showsValue(namesAside(error, want.value), want.value),
      `the refusal of secret ${want.param} shows its value`,
    );
  } else if (!error.issues && !mentionsSecret(String(want.value), want.secrets ?? [])) {
    // (A value holding a secret, letter case aside as the runtime redacts, is shown redacted.)
    const shown = show({ secret: false }, want.value);
    const head = shown.endsWith(" characters)") ? shown.slice(0, 40) : shown;
    check(error.message.includes(head), () => `the message does not show the refused value ${head}: ${error.message}`);
  }
}

export function describeError(error: ToolError): string {
  return (
    `${error.type} error${error.status ? ` ${error.status}` : ""}${error.param ? ` on ${error.param}` : ""}` +
    `${error.rule ? ` (${error.rule})` : ""}: ${error.message}`
  );
}

export function json(value: unknown, max = 400): string {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** Through JSON and back: what a caller of the tool could see (no undefined members, no prototypes). */
function normalise(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
