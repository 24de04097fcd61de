// `rateLimits`: how the upstream throttles, as its documentation says — the
// header telling when a 429's window resets, the error codes meaning a quota
// is used up (read by `from`, else as the error's code), and the pause after
// a 429 that says nothing of when. Every tool of the provider carries it.
import { parseExpression, type RateLimitSpec } from "@blockwright/runtime";
import { anyChange, diffValue, type ProviderEntry, type ValueChange } from "../surface-entry.js";
import type { LinkContext } from "./context.js";

export function linkRateLimits(ctx: LinkContext): RateLimitSpec | undefined {
  const declared = ctx.manifest.rateLimits;
  if (!declared) return undefined;
  let quota: RateLimitSpec["quota"];
  const declaredQuota = declared.quota;
  if (declaredQuota) {
    const at = ["rateLimits", "quota"];
    const texts = declaredQuota.from ?? ctx.manifest.errors.code ?? [];
    if (!texts.length) ctx.fail([...at, "codes"], "there is no quota code to read: give quota.from, or errors.code");
    const from = texts.flatMap((text, i) => {
      try {
        return [parseExpression(text)];
      } catch (e) {
        return ctx.fail(declaredQuota.from ? [...at, "from", i] : ["errors", "code", i], (e as Error).message, "value") ?? [];
      }
    });
    quota = { from, codes: [...declaredQuota.codes] };
  }
  return {
    ...(declared.resetHeader ? { resetHeader: declared.resetHeader.toLowerCase() } : {}),
    ...(quota ? { quota } : {}),
    ...(declared.pauseMs !== undefined ? { pauseMs: declared.pauseMs } : {}),
  };
}

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
    const rateLimits = ir.operations[0]?.tool.rateLimits;
    return rateLimits ? { rateLimits: structuredClone(rateLimits) } : {};
  },
  read: (s) => s.rateLimits,
  diff: diffValue,
};
