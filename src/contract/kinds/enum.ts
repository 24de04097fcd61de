// `enum`: every value of a parameter's enum accepted (and its upper case, when
// the parameter takes any case), one value outside refused before any request.
// An enum of more than ENUM_CASES_AT_MOST values gets that many cases, a seeded
// sample (sampledEnum), so that a suite's cases grow with its operations, not
// with the size of a list of fonts or time zones (960 values: 960 cases).
import fc from "fast-check";
import { isMultipleOf, type ParamSpec } from "@blockwright/runtime/internal";
import { acceptCase, refuseCase } from "../input-cases.js";
import { paramSource } from "../sources.js";
import type { CaseKindModule, ContractCase } from "../types.js";
import { valuesOf } from "../inputs/values.js";

/** The most enum values a parameter gets a case each for. */
export const ENUM_CASES_AT_MOST = 32;

export const enumKind: CaseKindModule = {
  doc: {
    when: "a parameter with an `enum`",
    cases:
      "every enum value (and its upper case, when any case is accepted), one value outside (of numbers: one its " +
      "bounds admit, where there is one); of an enum of more than " +
      `${ENUM_CASES_AT_MOST} values, ${ENUM_CASES_AT_MOST}: its first, last, least and greatest, and others drawn by ` +
      "a fixed seed (the case names say how many of how many)",
  },
  applies: (tool) => tool.params.some((p) => p.wire.in !== "server" && p.enum !== undefined),
  derive(tool, { document }) {
    const values = valuesOf(tool, document);
    const cases: ContractCase[] = [];
    for (const p of tool.params) {
      if (p.wire.in === "server" || !p.enum) continue;
      const source = paramSource(tool, p.name, "enum");
      const tested = sampledEnum(p.enum, `${tool.id}\0${p.name}`);
      const note = tested.length < p.enum.length ? ` (${tested.length} of its ${p.enum.length} values, sampled)` : "";
      for (const v of tested)
        cases.push(
          acceptCase(
            values,
            "enum",
            `${p.name} = ${JSON.stringify(v)}${note}`,
            p,
            () => values.with({ [p.name]: v }),
            source,
          ),
        );
      if (p.caseInsensitive) {
        for (const v of tested) {
          const upper = String(v).toUpperCase();
          if (upper !== v)
            cases.push(
              acceptCase(
                values,
                "enum",
                `${p.name} = ${JSON.stringify(upper)} (any case, sent as ${JSON.stringify(v)})${note}`,
                p,
                () => values.with({ [p.name]: upper }),
                source,
              ),
            );
        }
      }
      // A boolean's outside is the other of the two, where its enum leaves one out.
      const outside =
        p.type === "number"
          ? numberOutside(p)
          : p.type === "boolean"
            ? [true, false].find((v) => !p.enum?.includes(v))
            : "not-one-of-the-values";
      if (outside === undefined) continue;
      cases.push(
        refuseCase(
          values,
          "enum",
          `${p.name} outside its values`,
          () => ({ ...values.minimal(), [p.name]: outside }),
          { param: p.name, rule: "enum", value: outside },
          source,
        ),
      );
    }
    return cases;
  },
};

type EnumValue = NonNullable<ParamSpec["enum"]>[number];

/**
 * A number outside a parameter's enum that meets its other rules (bounds, step, whole numbers), so that the enum is
 * the rule refusing it: one past its greatest or least value, else one in a gap between two of its values (a whole
 * number, or their midpoint where fractions are taken). None when the bounds hold no other value (an enum of 0–3
 * with `minimum: 0, maximum: 3`): the limit cases refuse the values past the bounds.
 */
export function numberOutside(p: ParamSpec): number | undefined {
  const values = [...new Set(p.enum as number[])].sort((a, b) => a - b);
  if (values.length === 0) return undefined;
  const gaps = values.slice(1).flatMap((b, i) => {
    const a = values[i] as number;
    return Number.isInteger(a) && a + 1 < b ? [a + 1] : [(a + b) / 2];
  });
  const candidates = [(values.at(-1) as number) + 1, (values[0] as number) - 1, ...gaps];
  return candidates.find(
    (n) =>
      !values.includes(n) &&
      (!p.integer || Number.isInteger(n)) &&
      (p.minimum === undefined || n >= p.minimum) &&
      (p.maximum === undefined || n <= p.maximum) &&
      (p.exclusiveMinimum === undefined || n > p.exclusiveMinimum) &&
      (p.exclusiveMaximum === undefined || n < p.exclusiveMaximum) &&
      (p.multipleOf === undefined || isMultipleOf(n, p.multipleOf)),
  );
}

/**
 * The values of an enum that get a case: all of them up to ENUM_CASES_AT_MOST; past it, that many, in the enum's
 * order: the first and the last, the least and the greatest (of numbers: the boundaries), and the rest drawn by a seed
 * of `key` (the operation and the parameter), so that the same specs list the same cases in every run.
 */
export function sampledEnum(values: readonly EnumValue[], key: string): EnumValue[] {
  if (values.length <= ENUM_CASES_AT_MOST) return [...values];
  const indexes = values.map((_, i) => i);
  const numbers = indexes.filter((i) => typeof values[i] === "number");
  const byValue = numbers.sort((a, b) => (values[a] as number) - (values[b] as number));
  const kept = new Set([0, values.length - 1, ...byValue.slice(0, 1), ...byValue.slice(-1)]);
  const rest = indexes.filter((i) => !kept.has(i));
  const want = ENUM_CASES_AT_MOST - kept.size;
  const [drawn] = fc.sample(fc.shuffledSubarray(rest, { minLength: want, maxLength: want }), {
    seed: seedOf(key),
    numRuns: 1,
  });
  for (const i of drawn ?? []) kept.add(i);
  return [...kept].sort((a, b) => a - b).map((i) => values[i] as EnumValue);
}

/** A 32-bit FNV-1a hash of the key: a seed that is the same in every run and differs between parameters. */
function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}
