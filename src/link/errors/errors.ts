// `errors`: where the upstream's error body keeps its code, message and
// request id (expressions, the first with a value wins), more of its fields
// carried into the error's `details`, the statuses worth a retry, and
// `failureWhen`: tests that make a 2xx reply a failure (`{ok: false}` APIs).
import type { ErrorSpec, ValueRef, ValueTest } from "@blockwright/runtime/internal";
import { fieldOf, formatExpression, parseExpression } from "@blockwright/runtime/internal/generate";
import { canonical } from "../../common/canonical-json.js";
import type { ProviderIR } from "../../model/ir.js";
import { anyChange, diffValue, type ProviderEntry, type ValueChange } from "../../model/surface-entry.js";
import type { Surface } from "../../model/surface-format.js";
import type { LinkContext, Path } from "../context.js";

export const DEFAULT_RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

export function linkErrors(ctx: LinkContext): ErrorSpec {
  const errors = ctx.manifest.errors;
  const list = (texts: string[] | undefined, key: string): ValueRef[] =>
    (texts ?? []).flatMap((text, i) => expression(ctx, text, ["errors", key, i])?.ref ?? []);
  // In the manifest's order: code, message and requestId, then details and failureWhen.
  const code = list(errors.code, "code");
  const message = list(errors.message, "message");
  const requestId = errors.requestId ? list(errors.requestId, "requestId") : documentRequestIds(ctx);
  const details: Record<string, ValueRef[]> = {};
  const declaredDetails = errors.details ?? {};
  for (const name of Object.keys(declaredDetails).sort()) {
    details[name] = fieldOf(declaredDetails, name).flatMap(
      (text, i) => expression(ctx, text, ["errors", "details", name, i])?.ref ?? [],
    );
  }
  const failureWhen = (errors.failureWhen ?? []).flatMap((test, i): ValueTest[] => {
    const found = expression(ctx, test.from, ["errors", "failureWhen", i, "from"]);
    return found ? [{ ...found, equals: test.equals }] : [];
  });
  return {
    code,
    message,
    requestId,
    retryableStatuses: [...(errors.retryableStatuses ?? DEFAULT_RETRYABLE_STATUSES)].sort((a, b) => a - b),
    ...(Object.keys(details).length ? { details } : {}),
    ...(failureWhen.length ? { failureWhen } : {}),
  };
}

// A header named like a request id (`x-ms-request-id`, `x-amzn-requestid`): not a client's own id the upstream echoes
// (`client-request-id`), nor one of the names the runtime reads whatever the manifest says (upstream-error.ts
// REQUEST_ID_HEADERS).
const REQUEST_ID_HEADER = /(?:^|-)request-?id$/;
const NOT_THE_UPSTREAM_S = /^(?:x-)?client-|^(?:x-)?request-id$/;

/**
 * Without the manifest's `requestId`, the headers named like a request id that the document's answers declare
 * (sorted, in lower case): a failure's request id is read from them, then from the common names.
 */
function documentRequestIds(ctx: LinkContext): ValueRef[] {
  const names = new Set<string>();
  for (const op of ctx.doc.operations.values()) {
    for (const response of op.responses) {
      for (const header of response.headers ?? []) {
        const name = header.toLowerCase();
        if (REQUEST_ID_HEADER.test(name) && !NOT_THE_UPSTREAM_S.test(name)) names.add(name);
      }
    }
  }
  return [...names].sort().map((name) => ({ kind: "header", name }));
}

/** A runtime expression (`$response.body#/error/code`), or a failure at `at` saying why it does not parse. */
export function expression(
  ctx: LinkContext,
  text: string,
  at: Path,
): { expression: string; ref: ValueRef } | undefined {
  try {
    return { expression: text, ref: parseExpression(text) };
  } catch (e) {
    return ctx.fail("BW2016", at, (e as Error).message, "value");
  }
}

type ErrorsSurface = NonNullable<Surface["errors"]>;

/** The error spec every tool of the provider shares. */
const errorsOf = (ir: ProviderIR): ErrorSpec | undefined => ir.operations[0]?.tool.errors;

/** Where an error's code, message and request id are read: each error keeps those fields, their values may differ. */
export const errorFieldsSurface: ProviderEntry<ErrorsSurface["fields"], ValueChange> = {
  scope: "provider",
  subject: "errors",
  changes: anyChange("patch", "where the error's code, message or request id is read changed"),
  record: (ir) => {
    const e = errorsOf(ir);
    return e
      ? {
          errors: {
            fields: {
              code: e.code.map(formatExpression),
              message: e.message.map(formatExpression),
              requestId: e.requestId.map(formatExpression),
            },
          },
        }
      : {};
  },
  read: (s) => s.errors?.fields,
  diff: (a, b, report) => diffValue(a, b, report),
};

/** `error.details` carries these fields of the error body: consumers read them by name. */
export const errorDetailsSurface: ProviderEntry<
  Record<string, string[]>,
  "detailRemoved" | "detailAdded" | "detailRead"
> = {
  scope: "provider",
  subject: "errors.details",
  changes: {
    detailRemoved: { level: "breaking", rule: "error detail removed (error.details no longer carries it)" },
    detailAdded: { level: "minor", rule: "error detail added" },
    detailRead: { level: "patch", rule: "where an error detail is read changed" },
  },
  record: (ir) => {
    const details = errorsOf(ir)?.details;
    return details
      ? {
          errors: {
            details: Object.fromEntries(
              Object.entries(details).map(([name, refs]) => [name, refs.map(formatExpression)]),
            ),
          },
        }
      : {};
  },
  read: (s) => s.errors?.details,
  diff(a = {}, b = {}, report) {
    for (const name of Object.keys(a)) if (!(name in b)) report("detailRemoved", { subject: `errors.details.${name}` });
    for (const name of Object.keys(b)) {
      if (!(name in a)) report("detailAdded", { subject: `errors.details.${name}` });
      else if (canonical(a[name]) !== canonical(b[name])) report("detailRead", { subject: `errors.details.${name}` });
    }
  },
};

/**
 * The statuses worth a retry: like the rate-limit policy, they change when the runtime retries, not what a call accepts
 * or returns.
 */
export const retryableStatusesSurface: ProviderEntry<number[], ValueChange> = {
  scope: "provider",
  subject: "errors.retryableStatuses",
  changes: anyChange("patch", "statuses retried changed"),
  record: (ir) => {
    const statuses = errorsOf(ir)?.retryableStatuses;
    return statuses ? { errors: { retryableStatuses: statuses } } : {};
  },
  read: (s) => s.errors?.retryableStatuses,
  diff: diffValue,
};

type FailureTest = NonNullable<ErrorsSurface["failureWhen"]>[number];

/** A test that makes a 2xx reply a failure: one more turns results into errors. */
export const failureWhenSurface: ProviderEntry<FailureTest[], "testAdded" | "testRemoved"> = {
  scope: "provider",
  subject: "errors.failureWhen",
  changes: {
    testAdded: { level: "breaking", rule: "failure test added (2xx replies that meet it become errors)" },
    testRemoved: { level: "minor", rule: "failure test removed (2xx replies that met it become results)" },
  },
  record: (ir) => {
    const tests = errorsOf(ir)?.failureWhen;
    return tests ? { errors: { failureWhen: tests.map((t) => ({ expression: t.expression, equals: t.equals })) } } : {};
  },
  read: (s) => s.errors?.failureWhen,
  diff(a = [], b = [], report) {
    const keys = (list: FailureTest[]) => list.map((t) => canonical(t));
    for (const t of b) if (!keys(a).includes(canonical(t))) report("testAdded", { to: t });
    for (const t of a) if (!keys(b).includes(canonical(t))) report("testRemoved", { from: t });
  },
};
