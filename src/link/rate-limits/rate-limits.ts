// `rateLimits`: how the upstream throttles, as its documentation says — the
// header telling when a 429's window resets, the error codes meaning a quota
// is used up (read by `from`, else as the error's code), the pause after a
// 429 that says nothing of when, and the request rate it documents (which an
// executor's calls, a workflow run's and verify's keep under). Every tool of
// the provider carries it.
import type { RateLimitSpec } from "@blockwright/runtime/internal";
import { parseExpression } from "@blockwright/runtime/internal/generate";
import {
  anyChange,
  diffMaximum,
  diffValue,
  type LimitChange,
  type ProviderEntry,
  type ValueChange,
} from "../../model/surface-entry.js";
import type { ProviderIR } from "../../model/ir.js";
import type { LinkContext } from "../context.js";

export function linkRateLimits(ctx: LinkContext): RateLimitSpec | undefined {
  const declared = ctx.manifest.rateLimits;
  if (!declared) return undefined;
  let quota: RateLimitSpec["quota"];
  const declaredQuota = declared.quota;
  if (declaredQuota) {
    const at = ["rateLimits", "quota"];
    const texts = declaredQuota.from ?? ctx.manifest.errors.code ?? [];
    if (!texts.length && declaredQuota.codes)
      ctx.fail("BW2024", [...at, "codes"], "there is no quota code to read: give quota.from, or errors.code");
    const from = texts.flatMap((text, i) => {
      try {
        return [parseExpression(text)];
      } catch (e) {
        return (
          ctx.fail(
            "BW2016",
            declaredQuota.from ? [...at, "from", i] : ["errors", "code", i],
            (e as Error).message,
            "value",
          ) ?? []
        );
      }
    });
    quota = {
      from,
      codes: [...(declaredQuota.codes ?? [])],
      ...(declaredQuota.messages ? { messages: [...declaredQuota.messages] } : {}),
    };
  }
  return {
    ...(declared.resetHeader ? { resetHeader: declared.resetHeader.toLowerCase() } : {}),
    ...(quota ? { quota } : {}),
    ...(declared.pauseMs !== undefined ? { pauseMs: declared.pauseMs } : {}),
    ...(declared.requestsPerMinute !== undefined ? { requestsPerMinute: declared.requestsPerMinute } : {}),
  };
}

/** The retry policy: the declared rate aside, which has its own entry below. */
function policyOf(rateLimits: RateLimitSpec | undefined): RateLimitSpec | undefined {
  if (!rateLimits) return undefined;
  const { requestsPerMinute: _, ...policy } = rateLimits;
  return Object.keys(policy).length ? policy : undefined;
}

const providerRateLimits = (ir: ProviderIR) => ir.operations[0]?.tool.rateLimits;

/**
 * The rate-limit policy, tighter or looser, is a patch change: it changes when
 * the runtime waits or stops retrying, never what a call accepts or what a
 * result holds, and every error still says whether a retry could help.
 */
export const rateLimitsSurface: ProviderEntry<RateLimitSpec, ValueChange> = {
  scope: "provider",
  subject: "rateLimits",
  legacy: true,
  changes: anyChange("patch", "rate-limit policy changed"),
  record: (ir) => {
    const policy = policyOf(providerRateLimits(ir));
    return policy ? { rateLimits: structuredClone(policy) } : {};
  },
  read: (s) => policyOf(s.rateLimits),
  diff: diffValue,
};

const RATE_CHANGE =
  "not breaking: it records the upstream's own limit, which binds callers whether declared or not; " +
  "an executor's calls and verify's requests are spaced by it";

/**
 * The documented request rate is a patch change whichever way it moves.
 * Lowering it is not breaking, although it is the tighter figure: it records
 * the upstream's limit, which binds callers whether the manifest says it or
 * not: calls are spaced by it (one whose turn would come after its deadline
 * fails as retryable, as the upstream's 429 would have), never answered
 * differently for what they hold.
 */
export const requestsPerMinuteSurface: ProviderEntry<number, LimitChange> = {
  scope: "provider",
  subject: "rateLimits.requestsPerMinute",
  changes: {
    added: { level: "patch", rule: `request rate declared (${RATE_CHANGE})` },
    tightened: { level: "patch", rule: `request rate lowered (${RATE_CHANGE})` },
    loosened: { level: "patch", rule: "request rate raised" },
    removed: { level: "patch", rule: "request rate no longer declared" },
  },
  record: (ir) => {
    const rate = providerRateLimits(ir)?.requestsPerMinute;
    return rate !== undefined ? { rateLimits: { requestsPerMinute: rate } } : {};
  },
  read: (s) => s.rateLimits?.requestsPerMinute,
  diff: (a, b, report) => diffMaximum(a, b, report),
};
