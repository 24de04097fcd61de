// `limit`: every limit of a parameter at its boundary (accepted, and the mock
// sees no violation; in the address or a header only where the request head
// still fits: inputs/head-bytes.ts) and one step past it (refused before any request,
// naming parameter, rule and value); every required parameter left out (and,
// for text, blank); a value that percent-encodes past the request head the
// upstream accepts (limits.requestHeadBytes); a value of the parameter's
// format and one that is not; for a list in one string, items of its enum
// and one that is not; the limits of values inside a JSON parameter.
import { tupleBoundaries } from "./limit-tuple.js";
import { nestedBoundaries } from "./limit-nested.js";
import {
  FORMAT_MAX_LENGTH,
  FORMAT_MIN_LENGTH,
  isValueFormat,
  multipleNear,
  type ParamSpec,
  type ValueFormat,
} from "@blockwright/runtime/internal";
import { patternLengths } from "../../link/param-limits/pattern-length.js";
import { nextDouble } from "../../model/number-bounds.js";
import { notOfFormat } from "../../model/string-values.js";
import { fail } from "../call.js";
import { acceptCase, refuseCase } from "../input-cases.js";
import { isSigningKey } from "../jwt-keys.js";
import { paramSource } from "../sources.js";
import type { CaseKindModule, ContractCase } from "../types.js";
import { type ToolValues, valuesOf } from "../inputs/values.js";
import { fitsMockBody } from "../inputs/head-bytes.js";
import { fitsRequestHead } from "../inputs/head-bytes.js";
import { probesMaxLength } from "../inputs/probed-length.js";
import { callerMustGive } from "../../model/param-keys.js";

export interface Boundary {
  name: string;
  param: ParamSpec;
  ok?: unknown;
  bad?: unknown;
  rule: string | string[];
}

export const limitKind: CaseKindModule = {
  doc: {
    when: "a parameter that must be given, or has a bound, a length or an item count",
    cases:
      "every limit at its boundary (accepted, the mock sees no violation; a value in the address or a header " +
      "where the request head still fits: `limits.requestHeadBytes`, else 16,384 bytes; one in the body where the " +
      "body still fits the 10 MiB the mock reads) and one step past it " +
      "(refused before " +
      "any request, naming parameter, rule and value); every required parameter left out; " +
      "`limits.requestHeadBytes` passed by a value that percent-encodes past it",
  },
  applies: (tool) => tool.params.some((p) => p.wire.in !== "server" && hasLimit(p)),
  derive(tool, { document }) {
    const values = valuesOf(tool, document);
    const cases: ContractCase[] = [];
    for (const p of tool.params) {
      if (p.wire.in === "server") continue;
      for (const b of boundaries(p, values)) {
        // The limit's own key in the manifest (a list's maxItems sits in its wire: the parameter stands for it).
        const source = paramSource(tool, p.name, typeof b.rule === "string" ? b.rule : undefined);
        // A value past the head a server reads (a path segment of 2 MiB) is answered 431, not accepted: no such case;
        // nor one past the body the mock reads (a JSON field of 10 MiB, answered 413: head-bytes.ts fitsMockBody).
        // A private key at a bound is no key (jwt-keys.ts): refused when it signs, not by its bounds.
        if (
          b.ok !== undefined &&
          !isSigningKey(tool, p.name) &&
          fitsRequestHead(tool, { ...values.minimal(), [p.name]: b.ok }) &&
          fitsMockBody(tool, { ...values.minimal(), [p.name]: b.ok })
        )
          cases.push(
            acceptCase(values, "limit", `${b.name} at the boundary`, p, () => values.with({ [p.name]: b.ok }), source),
          );
        // A parameter's own rules are checked before the cross-field ones: nothing else needs adjusting.
        if (b.bad !== undefined)
          cases.push(
            refuseCase(
              values,
              "limit",
              `${b.name} one step past it`,
              () => ({ ...values.minimal(), [p.name]: b.bad }),
              { param: p.name, rule: b.rule, value: b.bad, secret: p.secret },
              source,
            ),
          );
      }
      if (callerMustGive(p)) {
        const source = paramSource(tool, p.name, "required");
        cases.push(
          refuseCase(
            values,
            "limit",
            `${p.name} left out`,
            () => ({ ...values.minimal(), [p.name]: undefined }),
            { param: p.name, rule: "required" },
            source,
          ),
        );
        // Text that is only spaces counts as not given (it would send an empty value, or `Bearer `).
        if (p.type === "string")
          cases.push(
            refuseCase(
              values,
              "limit",
              `${p.name} blank`,
              () => ({ ...values.minimal(), [p.name]: "  " }),
              { param: p.name, rule: "required" },
              source,
            ),
          );
      }
    }

    const headLimit = tool.server.requestHeadBytes;
    if (headLimit !== undefined) {
      for (const p of tool.params) {
        const heavy = heavyValue(values, p, headLimit);
        if (heavy === undefined) continue;
        cases.push(
          refuseCase(
            values,
            "limit",
            `${p.name} taking more than the ${headLimit}-byte request head once encoded`,
            () => ({ ...values.minimal(), [p.name]: heavy }),
            { param: p.name, rule: "requestSize" },
            { document: "manifest", path: ["limits", "requestHeadBytes"] },
          ),
        );
      }
    }
    return cases;
  },
};

/** Whether the parameter has a limit of its own: it must be given, or it has a bound, a length or a count. */
function hasLimit(p: ParamSpec): boolean {
  if (callerMustGive(p)) return true;
  if (p.type === "number")
    return (
      p.minimum !== undefined ||
      p.maximum !== undefined ||
      p.exclusiveMinimum !== undefined ||
      p.exclusiveMaximum !== undefined ||
      p.integer === true ||
      p.multipleOf !== undefined
    );
  if (p.type === "json")
    return !!p.tuple || [p.keys, p.values, p.items].some((n) => n && nestedBoundaries("x", n).length > 0);
  if (p.type !== "string") return false;
  if (p.enum) return p.separator !== undefined;
  return (
    p.maxLength !== undefined ||
    (p.minLength ?? 0) > 1 ||
    isValueFormat(p.format) ||
    (p.wire.in === "body" && p.wire.split?.maxItems !== undefined)
  );
}

/** Each limit of a parameter: a value at it and one a step past it. */
function boundaries(p: ParamSpec, values: ToolValues): Boundary[] {
  const out: Boundary[] = [];
  if (p.type === "number") out.push(...numberBoundaries(p, values));
  if (p.type === "string" && p.enum && p.separator !== undefined) out.push(enumListBoundary(p, p.enum, p.separator));
  if (p.type === "string" && !p.enum && isValueFormat(p.format)) out.push(formatBoundary(p, p.format, values));
  if (p.type === "json") out.push(...jsonBoundaries(p));
  // Enum values are tested one by one; a base address decides where the request goes (runtime tests cover its length).
  if (p.type === "string" && !p.enum && p.format !== "base-url") out.push(...lengthBoundaries(p, values));
  return out;
}

/** A number's bounds, its step (multipleOf) and whether it is an integer. */
function numberBoundaries(p: ParamSpec, values: ToolValues): Boundary[] {
  const out: Boundary[] = [];
  const step = p.integer ? 1 : 0.5;
  // A step past a bound beyond 2^53 (an int64's ±2^63) is the bound itself as a number: the step is then a doubling.
  const past = (bound: number, direction: 1 | -1) =>
    bound + direction * step !== bound
      ? bound + direction * step
      : Math.sign(bound) === direction
        ? bound * 2
        : bound / 2;
  // At a bound past 2^53 the value accepted is the safe integer nearest it (mocks read an int64's bounds so); past it,
  // an integer is refused as one a number cannot hold before its bound is looked at (the runtime's integer rule).
  const safe = (n: number) => (p.integer ? Math.min(Math.max(n, Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER) : n);
  // The rule the runtime names: past an integer's bound beyond 2^53, the integer rule.
  const ruleAt = (bad: number, side: "minimum" | "maximum") =>
    p.integer && !Number.isSafeInteger(bad) ? "integer" : side;
  // With a step, the value at a bound is the multiple nearest it inside.
  const up = (n: number) => (p.multipleOf === undefined ? n : multipleNear(n, p.multipleOf, true));
  const down = (n: number) => (p.multipleOf === undefined ? n : multipleNear(n, p.multipleOf, false));
  if (p.minimum !== undefined)
    out.push({
      name: `${p.name} minimum ${p.minimum}`,
      param: p,
      ok: safe(up(p.integer ? Math.ceil(p.minimum) : p.minimum)),
      bad: past(p.integer ? Math.ceil(p.minimum) : p.minimum, -1),
      rule: ruleAt(past(p.integer ? Math.ceil(p.minimum) : p.minimum, -1), "minimum"),
    });
  if (p.maximum !== undefined)
    out.push({
      name: `${p.name} maximum ${p.maximum}`,
      param: p,
      ok: safe(down(p.integer ? Math.floor(p.maximum) : p.maximum)),
      bad: past(p.integer ? Math.floor(p.maximum) : p.maximum, 1),
      rule: ruleAt(past(p.integer ? Math.floor(p.maximum) : p.maximum, 1), "maximum"),
    });
  // An exclusive bound (a number's): the bound itself refused, the double just past it (or the multiple past it) sent.
  if (p.exclusiveMinimum !== undefined)
    out.push({
      name: `${p.name} exclusiveMinimum ${p.exclusiveMinimum}`,
      param: p,
      ok: up(nextDouble(p.exclusiveMinimum, true)),
      bad: p.exclusiveMinimum,
      rule: "exclusiveMinimum",
    });
  if (p.exclusiveMaximum !== undefined)
    out.push({
      name: `${p.name} exclusiveMaximum ${p.exclusiveMaximum}`,
      param: p,
      ok: down(nextDouble(p.exclusiveMaximum, false)),
      bad: p.exclusiveMaximum,
      rule: "exclusiveMaximum",
    });
  // A value within the bounds one apart from a multiple (an integer's: a fraction would break integer first).
  if (p.multipleOf !== undefined && !(p.integer && p.multipleOf <= 1)) {
    const ok = Number(values.example(p.name)?.value ?? up(p.minimum ?? 0));
    const off = p.integer ? 1 : p.multipleOf / 2;
    const bad = p.maximum !== undefined && ok + off > p.maximum ? ok - off : ok + off;
    if (p.minimum === undefined || bad >= p.minimum)
      out.push({ name: `${p.name} multipleOf ${p.multipleOf}`, param: p, ok, bad, rule: "multipleOf" });
  }
  if (p.integer) {
    const example = Number(values.example(p.name)?.value ?? p.minimum ?? 1);
    // A fraction is one only where numbers are still that fine.
    const base = Number.isInteger(example) && Math.abs(example) < 2 ** 31 ? example : 1;
    const fraction = p.maximum !== undefined && base + 0.5 > p.maximum ? base - 0.5 : base + 0.5;
    out.push({ name: `${p.name} integer`, param: p, bad: fraction, rule: "integer" });
  }
  return out;
}

/** A list in one string: items of its enum, and one item that is not. */
function enumListBoundary(p: ParamSpec, enumValues: readonly unknown[], separator: string): Boundary {
  const [first, second] = enumValues.map(String);
  const list = second === undefined ? String(first) : `${first}${separator}${second}`;
  return {
    name: `${p.name} items of its enum`,
    param: p,
    ok: list,
    bad: `${first}${separator}not-one-of-them`,
    rule: "enum",
  };
}

/** A value of the parameter's format and one that is not. */
function formatBoundary(p: ParamSpec, format: ValueFormat, values: ToolValues): Boundary {
  // A value of the format (its length within the parameter's) and one that is not, refused for its format (or its
  // pattern, checked first).
  return {
    name: `${p.name} format ${format}`,
    param: p,
    ok: values.example(p.name)?.value,
    bad: notOfFormat(format, p),
    rule: p.pattern ? ["format", "pattern"] : "format",
  };
}

/**
 * The limits of the values (or items) and keys inside a JSON parameter, wrapped in the parameter's shape: a list holds
 * as many items as its minItems asks (one breaking the item's limit), so that only the item's limit is at stake.
 */
export function jsonBoundaries(p: ParamSpec): Boundary[] {
  const out: Boundary[] = [];
  const count = Math.max(1, p.minItems ?? 1);
  const wrap = (v: unknown) => (p.jsonType === "array" ? Array.from({ length: count }, () => v) : { key: v });
  for (const b of nestedBoundaries(p.name, p.jsonType === "array" ? p.items : p.values))
    out.push({ ...b, param: p, ok: b.ok === undefined ? undefined : wrap(b.ok), bad: wrap(b.bad) });
  if (p.jsonType === "array" && p.tuple) out.push(...tupleBoundaries(p, p.tuple));
  for (const b of p.jsonType === "object" ? nestedBoundaries(`${p.name} keys`, p.keys, true) : [])
    out.push({
      ...b,
      param: p,
      ok: b.ok === undefined ? undefined : { [String(b.ok)]: "x" },
      bad: { [String(b.bad)]: "x" },
    });
  return out;
}

/**
 * A text's maxLength, minLength and (a list in one body string) maxItems. A length bound is probed where values can
 * be: a pattern whose shortest match is longer than the minLength (`…:[0-9]{12}:role/.+` under `minLength: 20`), or
 * whose longest is shorter than the maxLength (`^[A-Z0-9]{26}$` under 256), moves it there, and the step past it is
 * one character beyond, which the pattern refuses (as the minLength or maxLength would).
 */
function lengthBoundaries(p: ParamSpec, values: ToolValues): Boundary[] {
  const out: Boundary[] = [];
  const lengths = p.pattern === undefined ? undefined : patternLengths(p.pattern);
  // A maxLength past the longest value of the parameter's format admits no value of its length: the format case tests
  // the bound.
  if (probesMaxLength(p.maxLength) && !(isValueFormat(p.format) && p.maxLength > FORMAT_MAX_LENGTH[p.format])) {
    const most = Math.min(p.maxLength, lengths?.max ?? Infinity);
    const byPattern = most < p.maxLength;
    out.push({
      name: `${p.name} maxLength ${p.maxLength}${byPattern ? ` (${most} with its pattern)` : ""}`,
      param: p,
      ok: values.ofLength(p.name, most) ?? longestBelow(values, p, most) ?? missing(p, most),
      bad: values.ofLength(p.name, most + 1, true),
      rule: byPattern ? "pattern" : "maxLength",
    });
  }
  const min = p.minLength ?? 0;
  // Likewise a minLength below the shortest value of its format (`minLength: 32` on a UUID, always 36 characters).
  const belowFormat = isValueFormat(p.format) && min < FORMAT_MIN_LENGTH[p.format];
  if (min > 1 && !belowFormat) {
    const least = Math.max(min, lengths?.min ?? 0);
    const byPattern = least > min;
    out.push({
      name: `${p.name} minLength ${min}${byPattern ? ` (${least} with its pattern)` : ""}`,
      param: p,
      ok: values.ofLength(p.name, least) ?? shortestAbove(values, p, least) ?? missing(p, least),
      bad: values.ofLength(p.name, least - 1, true),
      rule: byPattern ? "pattern" : "minLength",
    });
  }
  const split = p.wire.in === "body" ? p.wire.split : undefined;
  if (split?.maxItems !== undefined) {
    const n = split.maxItems;
    const item = (String(values.example(p.name)?.value ?? "item").split(split.separator)[0] ?? "").trim() || "item";
    const list = (count: number) => Array.from({ length: count }, (_, i) => `${item}${i}`).join(`${split.separator} `);
    out.push({ name: `${p.name} maxItems ${n}`, param: p, ok: list(n), bad: list(n + 1), rule: "maxItems" });
  }
  return out;
}

/**
 * How far below a maxLength the longest value a pattern reaches is sought: a repeated group's length (`(,[xy])*`) at
 * most.
 */
const PATTERN_PERIOD = 16;

/**
 * The longest value of the parameter's rules shorter than `length`, when its pattern admits only some lengths
 * (`^[xy](,[xy])*$`: odd ones): as close to the boundary as any value of the pattern comes.
 */
function longestBelow(values: ToolValues, p: ParamSpec, length: number): string | undefined {
  if (p.pattern === undefined) return undefined;
  for (let n = length - 1; n >= Math.max(p.minLength ?? 1, length - PATTERN_PERIOD); n--) {
    const value = values.ofLength(p.name, n);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The shortest value of the parameter's rules longer than `length`, when its pattern admits only some lengths
 * (`^(ab)+$` under `minLength: 3`: even ones): as close to the boundary as any value of the pattern comes.
 */
function shortestAbove(values: ToolValues, p: ParamSpec, length: number): string | undefined {
  if (p.pattern === undefined) return undefined;
  for (let n = length + 1; n <= Math.min(p.maxLength ?? Infinity, length + PATTERN_PERIOD); n++) {
    const value = values.ofLength(p.name, n);
    if (value !== undefined) return value;
  }
  return undefined;
}

function missing(p: ParamSpec, length: number): never {
  return fail(
    `no value of ${length} characters passes the rules of ${p.name}${p.pattern ? ` (pattern ${p.pattern})` : ""}`,
  );
}

/**
 * A value within the parameter's own limits that percent-encodes to more
 * than the request head allows (one character can take up to 9 bytes), for
 * a parameter sent in the address or a header.
 */
function heavyValue(values: ToolValues, p: ParamSpec, limit: number): string | undefined {
  if (p.type !== "string" || p.enum || p.maxLength === undefined || !["query", "path", "header"].includes(p.wire.in))
    return undefined;
  // One character past the limit is enough, whatever longer text the maxLength allows.
  const length = Math.min(p.maxLength, limit + 1);
  for (const c of ["中", "'", "%", " "]) {
    const value = c.repeat(length);
    const bytes = p.wire.in === "header" ? value.length : encodeURIComponent(value).replace(/'/g, "%27").length;
    if (bytes > limit && values.accepts(p, value)) return value;
  }
  return undefined;
}
