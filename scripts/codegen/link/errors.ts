// `errors`: where the upstream's error body keeps its code, message and
// request id (expressions, the first with a value wins), more of its fields
// carried into the error's `details`, the statuses worth a retry, and
// `failureWhen`: tests that make a 2xx reply a failure (`{ok: false}` APIs).
import { fieldOf, parseExpression, type ErrorSpec, type ValueRef, type ValueTest } from "@blockwright/runtime";
import type { LinkContext, Path } from "./context.js";

export const DEFAULT_RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

export function linkErrors(ctx: LinkContext): ErrorSpec {
  const errors = ctx.manifest.errors;
  const list = (texts: string[] | undefined, key: string): ValueRef[] => (texts ?? []).flatMap((text, i) => expression(ctx, text, ["errors", key, i])?.ref ?? []);
  // In the manifest's order: code, message and requestId, then details and failureWhen.
  const code = list(errors.code, "code");
  const message = list(errors.message, "message");
  const requestId = list(errors.requestId, "requestId");
  const details: Record<string, ValueRef[]> = {};
  const declaredDetails = errors.details ?? {};
  for (const name of Object.keys(declaredDetails).sort()) {
    details[name] = fieldOf(declaredDetails, name).flatMap((text, i) => expression(ctx, text, ["errors", "details", name, i])?.ref ?? []);
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

/** A runtime expression (`$response.body#/error/code`), or a failure at `at` saying why it does not parse. */
export function expression(ctx: LinkContext, text: string, at: Path): { expression: string; ref: ValueRef } | undefined {
  try {
    return { expression: text, ref: parseExpression(text) };
  } catch (e) {
    return ctx.fail(at, (e as Error).message, "value");
  }
}
