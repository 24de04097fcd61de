// How a parameter's limits changed between two surfaces (a parameter's part of the diff: params.ts), each
// change classified: a tighter or new limit refuses values that were accepted.
import type { NestedLimits } from "@blockwright/runtime/internal";
import { isMultipleOf } from "@blockwright/runtime/internal/generate";
import { canonical } from "../../common/canonical-json.js";
import { limitMove } from "../../model/limit-order.js";
import { admitted, type NumberBounds } from "../../model/number-bounds.js";
import { requestFormatSeverity } from "../../model/request-format.js";
import type { Classification, Report } from "../../model/surface-entry.js";
import { type ForbiddenKeys, forbiddenKeysOf, type ParamSurface } from "../../model/surface-format.js";
import { kindTypes } from "./mixed-union.js";
export type ParamLimitChange =
  | "limitAdded"
  | "limitTightened"
  | "limitLoosened"
  | "limitRemoved"
  | "patternChanged"
  | "formatChanged"
  | "formatRemoved"
  | "separatorChanged"
  | "enumAdded"
  | "enumRemoved"
  | "enumValueRemoved"
  | "enumValueAdded"
  | "hintChanged";

/** A tighter or new limit refuses values that were accepted: breaking; a looser one minor. */
export const PARAM_LIMIT_CHANGES: Classification<ParamLimitChange> = {
  limitAdded: { level: "breaking", rule: "limit added" },
  limitTightened: { level: "breaking", rule: "limit tightened" },
  limitLoosened: { level: "minor", rule: "limit loosened" },
  limitRemoved: { level: "minor", rule: "limit loosened" },
  patternChanged: {
    level: "breaking",
    rule: "pattern changed, neither plainly wider nor narrower (a value that passed may be refused)",
  },
  formatChanged: { level: "breaking", rule: "format changed" },
  formatRemoved: { level: "minor", rule: "format changed" },
  separatorChanged: { level: "breaking", rule: "list separator changed (a value is read otherwise)" },
  enumAdded: { level: "breaking", rule: "enum added (values restricted)" },
  enumRemoved: { level: "minor", rule: "enum removed (any value accepted)" },
  enumValueRemoved: { level: "breaking", rule: "enum value removed" },
  enumValueAdded: { level: "minor", rule: "enum value added" },
  hintChanged: { level: "patch", rule: "text changed" },
};

/** Every change of a parameter's limits, `subject` naming it. */
export function diffParamLimits(
  subject: string,
  a: ParamSurface,
  b: ParamSurface,
  report: Report<ParamLimitChange>,
): void {
  // The types inside a value whose fields both surfaces recorded: compared with its shape (request-shape.ts), said once
  // there.
  const shaped = Boolean(a.shape && b.shape);
  if (!a.integer && b.integer) report("limitTightened", { subject, what: "integer", from: false, to: true });
  if (a.integer && !b.integer) report("limitLoosened", { subject, what: "integer", from: true, to: false });
  // A parameter null is a value of: a call giving null sends it (was: not given), one no longer is: null is not given.
  if (a.nullable && !b.nullable) report("limitTightened", { subject, what: "null no longer sent", from: true });
  if (!a.nullable && b.nullable) report("limitLoosened", { subject, what: "null sent as a value", to: true });
  numberBounds(subject, a, b, report);
  diffMultipleOf(subject, a.multipleOf, b.multipleOf, report);
  bound(subject, "minLength", a.minLength, b.minLength, "raise", report);
  bound(subject, "maxLength", a.maxLength, b.maxLength, "lower", report);
  bound(subject, "list maxItems", a.list?.maxItems, b.list?.maxItems, "lower", report);
  bound(subject, "minItems", a.minItems, b.minItems, "raise", report);
  bound(subject, "maxItems", a.maxItems, b.maxItems, "lower", report);
  bound(subject, "maxBytes", a.maxBytes, b.maxBytes, "lower", report);
  diffPattern(subject, a.pattern, b.pattern, report);
  diffFormat(subject, a.format, b.format, report);
  if (a.separator !== b.separator) report("separatorChanged", { subject, from: a.separator, to: b.separator });
  diffEnum(subject, a.enum, b.enum, report);
  for (const key of ["keys", "values", "items"] as const)
    diffNested(`${subject} ${key}`, a[key] ?? {}, b[key] ?? {}, report, shaped && key !== "keys");
  diffForbiddenKeys(subject, forbiddenKeysOf(a), forbiddenKeysOf(b), report);
}

/** A pattern added, removed, widened or narrowed, or (neither plainly) changed: said so, no direction claimed. */
function diffPattern(subject: string, a: string | undefined, b: string | undefined, report: Report<ParamLimitChange>) {
  if (a === b) return;
  if (b === undefined) return report("limitRemoved", { subject, what: "pattern removed", from: a });
  if (a === undefined) return report("limitAdded", { subject, what: "pattern", to: b });
  const move = limitMove("pattern", a, b);
  if (move === "changed") report("patternChanged", { subject, from: a, to: b });
  else if (move)
    report(move === "loosened" ? "limitLoosened" : "limitTightened", { subject, what: "pattern", from: a, to: b });
}

/** A format the block checks, added or changed so that a value a call sent is refused; else a loosening. */
function diffFormat(subject: string, a: string | undefined, b: string | undefined, report: Report<ParamLimitChange>) {
  if (a === b) return;
  const refuses = requestFormatSeverity(a, b, true)?.severity === "breaking";
  report(refuses ? "formatChanged" : "formatRemoved", { subject, from: a, to: b });
}

function diffEnum(
  subject: string,
  a: unknown[] | undefined,
  b: unknown[] | undefined,
  report: Report<ParamLimitChange>,
): void {
  if (!a && !b) return;
  if (!b) return report("enumRemoved", { subject });
  if (!a) return report("enumAdded", { subject, to: b });
  // One line per parameter, with every value removed or added.
  const removed = a.filter((v) => !b.includes(v));
  const added = b.filter((v) => !a.includes(v));
  if (removed.length) report("enumValueRemoved", { subject, from: removed.length === 1 ? removed[0] : removed });
  if (added.length) report("enumValueAdded", { subject, to: added.length === 1 ? added[0] : added });
}

/** The limits of the values inside a JSON parameter: a new or tighter one is breaking, as for the parameter's own. */
function diffNested(
  subject: string,
  a: NestedLimits,
  b: NestedLimits,
  report: Report<ParamLimitChange>,
  typesInShape: boolean,
): void {
  numberBounds(subject, a, b, report);
  bound(subject, "minLength", a.minLength, b.minLength, "raise", report);
  bound(subject, "maxLength", a.maxLength, b.maxLength, "lower", report);
  // Several kinds on either side: their types compared below, not the one type.
  const ofKinds = Boolean(a.kinds || b.kinds);
  if (a.type !== b.type && !typesInShape && !ofKinds) {
    if (b.type === undefined) report("limitRemoved", { subject, what: "type removed", from: a.type });
    else
      report(a.type === undefined ? "limitAdded" : "limitTightened", {
        subject,
        what: "type",
        from: a.type,
        to: b.type,
      });
  }
  diffPattern(subject, a.pattern, b.pattern, report);
  // A format inside (a query list's items'): the change `upstream` gives it, a format changed, not a limit; said once,
  // in the value's shape, where that is recorded (request-shape.ts).
  if (!typesInShape) diffFormat(subject, a.format, b.format, report);
  if (canonical(a.enum) !== canonical(b.enum)) diffEnum(subject, a.enum, b.enum, report);
  if (!typesInShape) diffClosedShapes(subject, a.shapes ?? [], b.shapes ?? [], report);
  // Several scalar kinds, objects of shapes too (`object`): one fewer refuses values that were taken (a kind's own
  // limits are the upstream's to change, a shape's the request shape's).
  if (!ofKinds) return;
  const [before, after] = [kindTypes(a), kindTypes(b)];
  if (canonical(before) === canonical(after)) return;
  if (!after) report("limitRemoved", { subject, what: "kinds removed", from: before });
  else if (!before) report("limitAdded", { subject, what: "kinds", to: after });
  else
    report(before.some((k) => !after.includes(k)) ? "limitTightened" : "limitLoosened", {
      subject,
      what: "kinds",
      from: before,
      to: after,
    });
}

/**
 * A union's shape, the same fields on both sides, now taking them only (`closed`): a value of it holding another field
 * was sent and is refused. Where the value's shape is recorded, its forms are compared there (request-shape.ts).
 */
function diffClosedShapes(
  subject: string,
  a: NonNullable<NestedLimits["shapes"]>,
  b: NonNullable<NestedLimits["shapes"]>,
  report: Report<ParamLimitChange>,
): void {
  const form = (s: { fields: object }) => Object.keys(s.fields).sort().join(",");
  const before = new Map(a.map((s) => [form(s), s.closed === true]));
  for (const s of b) {
    const was = before.get(form(s));
    if (was === undefined || was === (s.closed === true)) continue;
    const [from, to] = was ? ["closed", "open"] : ["open", "closed"];
    report(was ? "limitLoosened" : "limitTightened", { subject, what: `shape {${form(s)}}`, from, to });
  }
}

/**
 * Keys a JSON parameter refuses: one more is breaking, one fewer minor; so is matching them in any case, or no longer.
 */
function diffForbiddenKeys(
  subject: string,
  a: ForbiddenKeys | undefined,
  b: ForbiddenKeys | undefined,
  report: Report<ParamLimitChange>,
): void {
  const before = a?.keys ?? [];
  const after = b?.keys ?? [];
  for (const k of after) if (!before.includes(k)) report("limitAdded", { subject, what: "forbidden key", to: k });
  for (const k of before)
    if (!after.includes(k)) report("limitLoosened", { subject, what: "key no longer forbidden", from: k });
  if (!a || !b) return;
  if (!a.caseInsensitive && b.caseInsensitive)
    report("limitTightened", { subject, what: "forbidden keys in any case" });
  if (a.caseInsensitive && !b.caseInsensitive)
    report("limitLoosened", { subject, what: "forbidden keys in their own case only" });
  if (a.hint !== b.hint) report("hintChanged", { subject, from: a.hint, to: b.hint });
}

/**
 * A step added, or changed to one that is not a divisor of the old (12 to 8: 12 was accepted), refuses values that were
 * accepted.
 */
function diffMultipleOf(
  subject: string,
  a: number | undefined,
  b: number | undefined,
  report: Report<ParamLimitChange>,
): void {
  if (a === b) return;
  if (b === undefined) report("limitRemoved", { subject, what: "multipleOf removed", from: a });
  else if (a === undefined) report("limitAdded", { subject, what: "multipleOf", to: b });
  else report(isMultipleOf(a, b) ? "limitLoosened" : "limitTightened", { subject, what: "multipleOf", from: a, to: b });
}

/** `tighten`: whether raising (a minimum) or lowering (a maximum) the bound tightens it. */
/**
 * A number's bounds, each side compared by the least (greatest) value it admits: a surface written while a document's
 * exclusive bound was kept as the double past it (`minimum: 5e-324`) and one keeping it (`exclusiveMinimum: 0`) admit
 * the same numbers, no change; a side changed from one form to the other is one change, tighter or looser.
 */
function numberBounds(subject: string, a: NumberBounds, b: NumberBounds, report: Report<ParamLimitChange>): void {
  const [was, now] = [admitted(a), admitted(b)];
  for (const [plain, exclusive, edge, tighten] of [
    ["minimum", "exclusiveMinimum", "least", "raise"],
    ["maximum", "exclusiveMaximum", "greatest", "lower"],
  ] as const) {
    const [old, next] = [was[edge], now[edge]];
    if (old === next) continue;
    const from = a[exclusive] !== undefined ? exclusive : plain;
    const to = b[exclusive] !== undefined ? exclusive : plain;
    if (from === to || old === undefined || next === undefined)
      for (const key of new Set([from, to])) bound(subject, key, a[key], b[key], tighten, report);
    else
      report((tighten === "raise" ? next > old : next < old) ? "limitTightened" : "limitLoosened", {
        subject,
        what: `${to} (was ${from})`,
        from: a[from],
        to: b[to],
      });
  }
}

function bound(
  subject: string,
  name: string,
  a: number | undefined,
  b: number | undefined,
  tighten: "raise" | "lower",
  report: Report<ParamLimitChange>,
): void {
  if (a === b) return;
  if (b === undefined) return report("limitRemoved", { subject, what: `${name} removed`, from: a });
  if (a === undefined) return report("limitAdded", { subject, what: name, to: b });
  const tighter = tighten === "raise" ? b > a : b < a;
  report(tighter ? "limitTightened" : "limitLoosened", { subject, what: name, from: a, to: b });
}
