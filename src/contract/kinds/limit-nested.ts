// The limits of a value inside a JSON parameter, for the limit kind (kinds/limit.ts), a module of its own: limit.ts is
// at its line bound.
import type { NestedLimits } from "@blockwright/runtime/internal";
import { nextDouble } from "../../model/number-bounds.js";
import { madeStrings, notOfFormat } from "../../model/string-values.js";
import { probesMaxLength } from "../inputs/probed-length.js";

/** A boundary of a value inside a JSON parameter, before limit.ts wraps it in the parameter (its Boundary). */
type Nested = { name: string; ok?: unknown; bad?: unknown; rule: string | string[] };

/** A value of each scalar kind, for a kind of no other limit. */
const KIND_VALUES: Record<string, unknown> = { string: "zq", integer: 7, number: 2.5, boolean: true };

/**
 * The limits of a value inside a JSON parameter: one at each and one past it (values of the limits' own, not of a
 * pattern).
 */
export function nestedBoundaries(name: string, n: NestedLimits | undefined, isKey = false): Nested[] {
  if (!n || n.pattern !== undefined) return [];
  const what = isKey ? name : `${name} values`;
  const out: Nested[] = [];
  // A value of several scalar kinds (or objects of shapes beside them): one of the first kind of no other limit than a
  // length "zq" keeps, and one of none.
  if (n.kinds) {
    const plain = n.kinds.find((k) => Object.keys(k).every((key) => key === "type" || lengthTakes(k, key)));
    const types = new Set<string>(n.kinds.map((k) => k.type as string));
    if (n.shapes) types.add("object");
    const none = !types.has("boolean") ? true : !types.has("string") ? "zq" : !types.has("number") ? 1.5 : [];
    const ok = plain && KIND_VALUES[plain.type as string];
    out.push({ name: `${what} one of ${[...types].join(", ")}`, ok, bad: none, rule: "type" });
  }
  if (n.enum)
    out.push({
      name: `${what} enum`,
      ok: n.enum[0],
      bad: "not-one-of-them",
      rule: n.type && n.type !== "string" ? ["type", "enum"] : "enum",
    });
  else if (n.format !== undefined)
    out.push({
      name: `${what} format ${n.format}`,
      ok: madeStrings({ format: n.format })[0],
      bad: notOfFormat(n.format, n),
      rule: "format",
    });
  else if (probesMaxLength(n.maxLength) && (n.type === undefined || n.type === "string"))
    out.push({
      name: `${what} maxLength ${n.maxLength}`,
      ok: "x".repeat(n.maxLength),
      bad: "x".repeat(n.maxLength + 1),
      rule: "maxLength",
    });
  if ((n.type === "number" || n.type === "integer") && n.maximum !== undefined)
    out.push({
      name: `${what} maximum ${n.maximum}`,
      ok: n.type === "integer" ? Math.floor(n.maximum) : n.maximum,
      bad: n.type === "integer" ? Math.floor(n.maximum) + 1 : n.maximum + 1,
      rule: "maximum",
    });
  // A number's exclusive bound: the double just below it taken, the bound itself refused.
  if (n.type === "number" && n.exclusiveMaximum !== undefined)
    out.push({
      name: `${what} exclusiveMaximum ${n.exclusiveMaximum}`,
      ok: nextDouble(n.exclusiveMaximum, false),
      bad: n.exclusiveMaximum,
      rule: "exclusiveMaximum",
    });
  return out;
}

/** Whether a text kind's length bound takes KIND_VALUES' text ("zq"). */
function lengthTakes(kind: NestedLimits, key: string): boolean {
  if (kind.type !== "string") return false;
  return (key === "minLength" && (kind.minLength ?? 0) <= 2) || (key === "maxLength" && (kind.maxLength ?? 2) >= 2);
}
