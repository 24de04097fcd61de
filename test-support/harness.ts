// Shared machinery of the hand-written contract tests: run a generated tool
// against the suite's shared Prism mocks (shared-mocks.ts), capturing the outgoing
// request and the mock's reply (through the derived suite's exchange layer,
// src/contract/exchange.ts), plus generic checks every operation gets.
import { describe, expect, it } from "vitest";
import {
  checkValue,
  safeToRepeat,
  type ExecuteOptions,
  type OutputSpec,
  type ParamSpec,
  type ToolResult,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { executeTool, registry, SPECS_DIR as specsDir } from "./repo.js";
import { OpenApiDocument } from "../src/load/openapi-document.js";
import { openapiPathOf } from "../src/load/provider-dirs.js";
import { loadYamlSource } from "../src/load/yaml-source.js";
import { mockFetch, type Exchange } from "../src/contract/exchange.js";
import { quotaUsedUp } from "../src/contract/structured-error.js";
import { describeViolation } from "../src/contract/prism.js";
import { sharedMockUrls } from "./shared-mocks.js";
import { synthesized } from "../src/contract/inputs/rule-values.js";

/** One request and its reply, as the exchange layer records it (Prism's violations included). */
export type Captured = Exchange;

/** The suite's shared mocks: every file that runs tools against them imports this module. */
const mockUrls = await sharedMockUrls();

export function mockUrl(provider: string): string {
  const url = mockUrls[provider];
  if (!url) throw new Error(`no mock for ${provider}`);
  return url;
}

export function tool(id: string): ToolSpec {
  const t = registry.tools[id];
  if (!t) throw new Error(`no tool ${id}`);
  return t;
}

/** What to ask Prism for (`Prefer`): the same for every request, or per request (e.g. another example for page 2). */
export type Preference = string | ((request: Request, index: number) => string | undefined);

/** A fetch that records each request and reply, and can ask Prism for a given response. */
export function capturingFetch(prefer?: Preference) {
  const { fetch, exchanges } = mockFetch((index, request) => {
    const preference = typeof prefer === "function" ? prefer(request, index) : prefer;
    return preference ? { prefer: preference } : {};
  });
  return { fetch, calls: exchanges };
}

/** Call a tool against its provider's mock (the default address is replaced by the mock's). */
export async function call(
  id: string,
  params: Record<string, unknown>,
  options: { prefer?: Preference } & Omit<ExecuteOptions, "fetch"> = {},
): Promise<{ result: ToolResult; calls: Captured[] }> {
  const t = tool(id);
  const { prefer, ...rest } = options;
  const { fetch, calls } = capturingFetch(prefer);
  const baseUrl = t.server.param ? undefined : mockUrl(t.provider);
  const result = await executeTool(id, params, { ...(baseUrl ? { baseUrl } : {}), ...rest, fetch });
  return { result, calls };
}

/**
 * The mock accepted the request: no refusal of its request judge, no Prism violation of any kind (quoted in their words
 * when there is one).
 */
export function expectNoViolation(c: Captured): void {
  expect(c.violations.map(describeViolation), "Prism's violations").toEqual([]);
  expect(c.status, `the mock (its request judge or Prism) refused the request: ${c.responseBody}`).not.toBe(422);
  expect(c.status, c.responseBody).toBeLessThan(500);
  expect(c.responseHeaders.get("sl-violations"), "sl-violations header").toBeNull();
}

export function expectSuccess(result: ToolResult): Record<string, unknown> {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.output as Record<string, unknown>;
}

export function expectFailure(result: ToolResult) {
  if (result.success) throw new Error(`expected failure, got ${JSON.stringify(result.output)}`);
  return result.error;
}

/** The OpenAPI document of a provider, as the mocks see it. */
const documents = new Map<string, OpenApiDocument>();
export function spec(provider: string): OpenApiDocument {
  let doc = documents.get(provider);
  if (!doc) {
    doc = new OpenApiDocument(loadYamlSource(openapiPathOf(specsDir, provider)));
    documents.set(provider, doc);
  }
  return doc;
}

/** A named example of an operation's response in the provider's spec. */
export function example(provider: string, operationId: string, status: string, name: string): unknown {
  const response = spec(provider)
    .operations.get(operationId)
    ?.responses.find((r) => r.status === status);
  if (!response || !(name in response.examples))
    throw new Error(`${provider} ${operationId} ${status} has no example ${name}`);
  return response.examples[name];
}

/** Query parameter names a request may carry: the operation's own, plus query credentials. */
export function declaredQueryNames(t: ToolSpec): string[] {
  const doc = spec(t.provider);
  const op = doc.operations.get(t.operationId)!;
  const names = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
  for (const scheme of Object.values(doc.securitySchemes))
    if (scheme.type === "apiKey" && scheme.in === "query" && scheme.name) names.push(scheme.name);
  return names;
}

/** Exactly these query keys were sent, and every one is declared by the spec. */
export function expectQueryKeys(c: Captured, t: ToolSpec, expected: string[]): void {
  const sent = [...c.url.searchParams.keys()];
  expect([...sent].sort()).toEqual([...expected].sort());
  const declared = declaredQueryNames(t);
  for (const key of sent) expect(declared, `query key ${key} is not declared by the spec`).toContain(key);
}

/** Every non-optional output is present with its documented type. */
export function expectDocumentedShape(t: ToolSpec, output: Record<string, unknown>): void {
  for (const o of t.outputs) {
    const value = o.path
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], output);
    if (value === undefined && o.optional) continue;
    expect(matchesType(o, value), `output ${o.path} (${o.type}) = ${JSON.stringify(value)}`).toBe(true);
  }
  const allowed = new Set(t.outputs.map((o) => o.path.split(".")[0]));
  for (const key of Object.keys(output)) expect(allowed, `unexpected output ${key}`).toContain(key);
}

function matchesType(o: OutputSpec, value: unknown): boolean {
  switch (o.type) {
    case "array":
      return Array.isArray(value);
    case "json":
      return value === null || typeof value === "object";
    default:
      return typeof value === o.type;
  }
}

/**
 * Every error status the spec declares for the operation, asked of Prism with
 * `Prefer: code=…`, becomes the structured error; `expected` reads the code
 * and message a provider's error body carries (written per provider in the
 * test, independently of the manifest's expressions).
 */
export function describeErrorStatuses(
  id: string,
  valid: () => Record<string, unknown>,
  expected: (body: unknown) => { code?: string; message?: string },
  options: { outcomes?: number[] } = {},
): void {
  const t = tool(id);
  const op = spec(t.provider).operations.get(t.operationId)!;
  const statuses = op.responses
    .map((r) => Number(r.status))
    .filter((s) => s >= 400 && !(options.outcomes ?? []).includes(s));
  describe(`${id} declared error statuses`, () => {
    it("declares error statuses", () => {
      expect(statuses.length).toBeGreaterThan(0);
    });
    for (const status of statuses) {
      it(`turns ${status} into a structured upstream error`, async () => {
        const example = Object.values(op.responses.find((r) => Number(r.status) === status)!.examples)[0];
        const { result, calls } = await call(id, valid(), { prefer: `code=${status}`, retries: 0 });
        expect(calls).toHaveLength(1);
        expect(calls[0]!.status).toBe(status);
        const error = expectFailure(result);
        const want = expected(example);
        // A state-changing request answered 5xx may have been applied: never retryable; nor is a quota used up
        // (rateLimits.quota).
        const mayHaveBeenApplied = status >= 500 && !safeToRepeat(t, t.method);
        const usedUp = quotaUsedUp(t, { status, body: example, headers: new Headers() });
        expect(error).toMatchObject({
          type: "upstream",
          provider: t.provider,
          operation: id,
          status,
          ...(want.code !== undefined ? { code: want.code } : {}),
          ...(want.message !== undefined ? { message: want.message } : {}),
          retryable: !mayHaveBeenApplied && !usedUp && t.errors.retryableStatuses.includes(status),
        });
        expect(error.mayHaveBeenApplied).toBe(mayHaveBeenApplied ? true : undefined);
        expect(
          !mayHaveBeenApplied && !usedUp && [429, 500, 502, 503, 504].includes(status)
            ? error.retryable
            : !error.retryable,
        ).toBe(true);
      });
    }
  });
}

/**
 * A connection input a test gives a tool's client or call: the address for a base URL, the made-up credential for a
 * secret, else a value the input's own rules take (its default, its first listed value, its placeholder, one made
 * from its rules), the credential text last. A server variable drafted from a document (`region`, with its listed
 * values) refused the credential text as none of them: a provider added with one failed the adapters' and the LLM
 * tools' contract tests.
 */
export function connectionValue(p: ParamSpec, credential: string, baseUrl: string): unknown {
  if (p.format === "base-url") return baseUrl;
  // A credential's other inputs have rules of their own (an AWS access key id `^\w+$`, a session token in base64):
  // the made-up credential where they take it, else a value made from them, as the contract suite makes its own.
  const given = p.secret ? [credential] : [p.default, p.enum?.[0], p.placeholder];
  const takes = (v: unknown) => v !== undefined && "value" in checkValue(p, v);
  return [...given, ...synthesized(p)].find(takes) ?? p.placeholder ?? credential;
}
