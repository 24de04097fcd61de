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
  /** The window of a quota the details say is broken, when it is an hour or longer: its words, as the details give them. */
  longQuota?: string;
  /** How long a retry info asks to wait, in milliseconds. */
  retryDelayMs?: number;
}

/** What an error body's typed details say of quotas and retries (nothing when it has none). */
export function quotaDetails(body: unknown): QuotaDetails {
  const found: QuotaDetails = {};
  for (const detail of typedDetails(body)) {
    const kind = detail["@type"].slice(Math.max(detail["@type"].lastIndexOf("."), detail["@type"].lastIndexOf("/")) + 1);
    if (kind === "RetryInfo") {
      const delay = durationMs(detail.retryDelay);
      if (delay !== undefined) found.retryDelayMs ??= delay;
      continue;
    }
    const names = kind === "QuotaFailure" ? violationNames(detail.violations) : kind === "ErrorInfo" ? quotaMetadata(detail.metadata) : [];
    found.longQuota ??= names.find((name) => LONG_WINDOW.test(name));
  }
  return found;
}

type Detail = Record<string, unknown> & { "@type": string };

/** The details of an error body: `error.details`, or `details` at the top (the first error's, when the body is a list). */
function typedDetails(body: unknown): Detail[] {
  const error = Array.isArray(body) ? body[0] : body;
  const holder = isObject(error) && isObject(error.error) ? error.error : error;
  const details = isObject(holder) ? holder.details : undefined;
  if (!Array.isArray(details)) return [];
  return details.slice(0, DETAILS).filter((d): d is Detail => isObject(d) && typeof d["@type"] === "string");
}

function violationNames(violations: unknown): string[] {
  if (!Array.isArray(violations)) return [];
  return violations.slice(0, DETAILS).flatMap((v) => (isObject(v) ? [v.quotaId, v.quotaMetric, v.description, v.subject].filter((t): t is string => typeof t === "string") : []));
}

function quotaMetadata(metadata: unknown): string[] {
  if (!isObject(metadata)) return [];
  return Object.keys(metadata)
    .filter((key) => key.startsWith("quota_") && typeof metadata[key] === "string")
    .map((key) => metadata[key] as string);
}

/** A duration as JSON writes one (`"3600s"`, `"1.5s"`), or as its fields (`{seconds, nanos}`), in milliseconds. */
function durationMs(value: unknown): number | undefined {
  if (typeof value === "string") {
    const m = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
    return m ? Math.round(Number(m[1]) * 1000) : undefined;
  }
  if (!isObject(value)) return undefined;
  const seconds = Number(value.seconds ?? 0);
  const nanos = Number(value.nanos ?? 0);
  return Number.isFinite(seconds) && Number.isFinite(nanos) && (value.seconds !== undefined || value.nanos !== undefined) ? Math.round(seconds * 1000 + nanos / 1e6) : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
