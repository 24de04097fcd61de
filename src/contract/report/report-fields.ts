// The fields of a report read back by `report merge`, each held to what
// `blockwright test` writes. A report is a file from outside (a CI artifact,
// edited or cut short on its way): a field of the wrong shape reached the
// reporters, which failed on it (a `startedAt` that is no time: "Invalid time
// value", exit 70) or wrote nonsense. Each damaged field is refused naming the
// file, the field, the rule and the value.
import { lineText } from "../../common/github-actions.js";
import { NESTING_RULE, shownPath, tooDeep } from "../../common/nesting.js";
import type { ResultKind } from "../types.js";

/** A report that cannot be read: the file and what is wrong with it. */
export class UnreadableReport extends Error {}

/** The rule a value breaks, or undefined. */
type Rule = (value: unknown) => string | undefined;

// An ISO 8601 date and time, as test writes it (`toISOString`), the fraction and zone optional (JUnit's timestamp has
// neither).
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

export const isText: Rule = (v) => (typeof v === "string" ? undefined : "must be text");
export const isTime: Rule = (v) =>
  typeof v === "string" && ISO_TIME.test(v) && Number.isFinite(Date.parse(v))
    ? undefined
    : "must be a date and time in ISO 8601 (2026-05-06T07:08:09.000Z)";
export const isMilliseconds: Rule = (v) =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? undefined : "must be a number of milliseconds, 0 or more";
const isCount: Rule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 0 ? undefined : "must be a whole number, 0 or more";
const isInteger: Rule = (v) => (Number.isSafeInteger(v) ? undefined : "must be a whole number");
const isPosition: Rule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 1 ? undefined : "must be a whole number, 1 or more";
const isStatus: Rule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 100 && (v as number) <= 599
    ? undefined
    : "must be an HTTP status (100 to 599)";
const isShard: Rule = (v) => {
  const m = typeof v === "string" ? /^(\d{1,6})\/(\d{1,6})$/.exec(v) : null;
  return m && Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2])
    ? undefined
    : "must be i/n, the shard of test --shard (1 ≤ i ≤ n)";
};
const oneOf =
  (values: readonly string[]): Rule =>
  (v) =>
    typeof v === "string" && values.includes(v) ? undefined : `must be one of ${values.join(", ")}`;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const anObject: Rule = (v) => (isObject(v) ? undefined : "must be an object");

/** The fields of one object: each name, whether it must be there, and its rule. */
type Fields = Record<string, { rule: Rule; required?: true }>;

const required = (rule: Rule) => ({ rule, required: true as const });

/** A value as a message shows it: JSON, cut short, escaped. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return lineText(json.length > 80 ? `${json.slice(0, 80)}…` : json);
}

/** The error for a damaged field. */
export function damaged(file: string, field: string, rule: string, value: unknown): UnreadableReport {
  return new UnreadableReport(
    `${file}: ${lineText(field)}: ${rule}, got ${value === undefined ? "nothing" : shown(value)}`,
  );
}

/** Check `object`'s fields (named `at…` in messages); throws at the first damaged one. */
function checkFields(file: string, at: string, object: Record<string, unknown>, fields: Fields): void {
  for (const [name, { rule, required }] of Object.entries(fields)) {
    const value = Object.hasOwn(object, name) ? object[name] : undefined;
    if (value === undefined && !required) continue;
    const broken = rule(value);
    if (broken) throw damaged(file, `${at}${name}`, broken, value);
  }
}

/** Each item of a list held to `rule`. */
const eachOf =
  (rule: Rule, what: string): Rule =>
  (v) => {
    if (!Array.isArray(v)) return `must be a list of ${what}`;
    const bad = v.findIndex((item) => rule(item) !== undefined);
    return bad < 0 ? undefined : `must be a list of ${what} (item ${bad}: ${rule(v[bad])})`;
  };

/**
 * The JSON of --reporter json: its fields held to what test writes, every case's too; nested no deeper than any input.
 */
export function checkJsonReport(file: string, data: unknown, kinds: readonly ResultKind[]): void {
  const deep = tooDeep(data);
  if (deep) throw new UnreadableReport(`${file}: ${shownPath(deep)}: ${NESTING_RULE}`);
  if (!isObject(data) || !Array.isArray(data.cases))
    throw new UnreadableReport(
      `${file}: a JSON report has "startedAt", "durationMs" and "cases" (what --reporter json writes); this ` +
        `one does not`,
    );
  checkFields(file, "", data, {
    startedAt: required(isTime),
    durationMs: required(isMilliseconds),
    seed: { rule: isInteger },
    runs: { rule: isCount },
    shard: { rule: isShard },
    planned: { rule: isCount },
    stopped: { rule: isText },
  });
  const caseFields: Fields = {
    id: required(isText),
    provider: required(isText),
    operation: required(isText),
    kind: required(oneOf(kinds)),
    name: required(isText),
    status: required(oneOf(["passed", "failed", "error"])),
    durationMs: required(isMilliseconds),
    startedAtMs: { rule: isMilliseconds },
    message: { rule: isText },
    source: required(anObject),
    at: { rule: anObject },
    statuses: required(eachOf(isStatus, "HTTP statuses")),
    failure: { rule: anObject },
  };
  data.cases.forEach((c, i) => {
    const at = `cases[${i}].`;
    if (!isObject(c)) throw damaged(file, `cases[${i}]`, "must be a case (an object)", c);
    checkFields(file, at, c, caseFields);
    checkFields(file, `${at}source.`, c.source as Record<string, unknown>, {
      document: required(oneOf(["manifest", "openapi"])),
      path: required(
        eachOf(
          (v) => (typeof v === "string" || Number.isSafeInteger(v) ? undefined : "text or a whole number"),
          "names and indexes",
        ),
      ),
    });
    if (c.at !== undefined)
      checkFields(file, `${at}at.`, c.at as Record<string, unknown>, {
        file: required(isText),
        line: required(isPosition),
        col: required(isPosition),
      });
    if (c.failure === undefined) return;
    const failure = c.failure as Record<string, unknown>;
    checkFields(file, `${at}failure.`, failure, {
      violation: required(isText),
      input: { rule: anObject },
      request: { rule: isText },
      answer: { rule: anObject },
      reproduce: { rule: isText },
    });
    if (failure.answer !== undefined)
      checkFields(file, `${at}failure.answer.`, failure.answer as Record<string, unknown>, {
        status: required(isStatus),
        body: required(isText),
        how: { rule: isText },
      });
  });
}
