// Typed error details: an error body's list of `details`, each an object
// naming its kind in `@type` (`…/some.package.QuotaFailure`), as the JSON form
// of an RPC status has them (`{error: {code, message, status, details}}`),
// which many HTTP APIs answer their errors with. Three kinds say what a
// failure means for a retry, whatever else the body says:
//   - a quota failure (`QuotaFailure`): `violations`, each naming the quota
//     broken (`quotaId`, `quotaMetric`, `description`, `subject`);
//   - an error info (`ErrorInfo`): `metadata`, whose `quota_*` entries name it
//     (`quota_limit`, `quota_unit`);
//   - a retry info (`RetryInfo`): `retryDelay`, how long to wait ("3600s").
// A quota of a long window (an hour, a day, a week, a month, a year) used up
// comes back when its window does, not after a retry (upstream-error.ts).
// Read only on an error's path, and bounded: the first DETAILS details.

/** The most details (and violations of each) read. */
const DETAILS = 20;
/** A quota's name or words that say its window is an hour or longer: `PerDay`, `per day`, `daily`, `1/d/{project}`. */
const LONG_WINDOW = /hour|day|daily|week|month|year|annual|\/[hd](\/|$)/i;

export interface QuotaDetails {
  /**
   * The window of a quota the details say is broken, when it is an hour or longer: its words, as the details give them.
   */
  longQuota?: string;
  /** How long a retry info asks to wait, in milliseconds. */
  retryDelayMs?: number;
}

/** What an error body's typed details say of quotas and retries (nothing when it has none). */
export function quotaDetails(body: unknown): QuotaDetails {
  const found: QuotaDetails = {};
  const error = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | undefined;
  const { details } = Object(isObject(error?.error) ? error.error : error) as Record<string, unknown>;
  for (const detail of Array.isArray(details) ? details.slice(0, DETAILS) : []) {
    if (!isObject(detail)) continue;
    // The kind: the type's last name (`…/<package>.QuotaFailure`).
    const kind = typeof detail["@type"] === "string" ? detail["@type"].replace(/.*[./]/, "") : "";
    const { violations, metadata } = detail;
    if (kind === "RetryInfo") found.retryDelayMs ??= durationMs(detail.retryDelay);
    // A quota failure's violations name the quota; an error info's metadata in its `quota_*` entries.
    const names =
      kind === "QuotaFailure" && Array.isArray(violations)
        ? violations
            .slice(0, DETAILS)
            .flatMap((v) => (isObject(v) ? [v.quotaId, v.quotaMetric, v.description, v.subject] : []))
        : kind === "ErrorInfo" && isObject(metadata)
          ? Object.keys(metadata)
              .filter((key) => key.startsWith("quota_"))
              .map((key) => metadata[key])
          : [];
    found.longQuota ??= names.find((name): name is string => typeof name === "string" && LONG_WINDOW.test(name));
  }
  return found;
}

/** A duration as JSON writes one (`"3600s"`, `"1.5s"`), or as its fields (`{seconds, nanos}`), in milliseconds. */
function durationMs(value: unknown): number | undefined {
  const ms =
    typeof value === "string"
      ? Number(/^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value)?.[1] ?? NaN) * 1000
      : isObject(value) && (value.seconds !== undefined || value.nanos !== undefined)
        ? Number(value.seconds ?? 0) * 1000 + Number(value.nanos ?? 0) / 1e6
        : NaN;
  return Number.isFinite(ms) ? Math.round(ms) : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
