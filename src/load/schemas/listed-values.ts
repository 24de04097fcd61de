// The values a union of listed values allows (`oneOf: [{enum: [a, b]}, {enum: [b, c]}]`, or one `const` a branch,
// OpenAPI 3.1's way of giving each value words of its own): of a `oneOf`, those one branch alone lists, a value two
// list meeting both, which oneOf refuses. Add drafts a parameter of such a union as their enum
// (import/draft/param-schema.ts); the link reads a list's items or a field of one so
// (link/param-limits/schema-place.ts), so that a call refuses a value the document's oneOf refuses before any request.
import type { Schema } from "../openapi-document.js";

/**
 * A union each of whose branches is one text or a list of them (`oneOf: [{type: string, const: external}, {type:
 * string, const: internal}]`, OpenAPI 3.1's way of giving each value of an enum words of its own) is drafted as the
 * parameter's enum: read as "a string" with the first branch's limits, it was sent any text, which no branch takes.
 * The texts a union of listed values allows, in the document's order: of a `oneOf`, those one branch alone lists (a
 * value two list meets both, which oneOf refuses); "" left out (the runtime never sends it); a branch of null passed
 * over. Undefined when a branch lists no values, or lists one that is not text, or no text is left. With `blank`, ""
 * kept: a field inside a JSON value (link/param-limits/schema-place.ts), which the body carries as given (a choice that
 * may be blank, drf-spectacular's `oneOf: [<Choice>Enum, BlankEnum, NullEnum]`).
 */
export function listedTexts(branches: readonly Schema[], oneOf: boolean, blank = false): string[] | undefined {
  const texts = listedOfKind(branches, oneOf, ["string"], (v): v is string => typeof v === "string")?.filter(
    (value) => blank || value !== "",
  );
  return texts?.length ? texts : undefined;
}

/**
 * The numbers a union each of whose branches is one number or a list of them allows (`anyOf: [{type: number, const:
 * 1}, {type: number, const: 2}]`), in the document's order: read as "a number", it was sent any number, which no branch
 * takes. As listedTexts: of a `oneOf`, those one branch alone lists; a branch of null passed over. Undefined when a
 * branch lists no values or one that is not a number.
 */
export function listedNumbers(branches: readonly Schema[], oneOf: boolean): number[] | undefined {
  return listedOfKind(branches, oneOf, ["number", "integer"], (v): v is number => typeof v === "number");
}

/** The values of one kind the branches list (const or enum; null passed over); of a oneOf, those one alone lists. */
function listedOfKind<T>(
  branches: readonly Schema[],
  oneOf: boolean,
  types: readonly string[],
  isKind: (value: unknown) => value is T,
): T[] | undefined {
  const counts = new Map<T, number>();
  for (const branch of branches) {
    if (branch.type === "null") continue;
    const listed = Object.hasOwn(branch, "const")
      ? [branch.const]
      : Array.isArray(branch.enum)
        ? branch.enum
        : undefined;
    if (!listed || (branch.type !== undefined && !types.includes(branch.type as string))) return undefined;
    if (!listed.every((v) => isKind(v) || v === null)) return undefined;
    for (const value of new Set(listed.filter(isKind))) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const values = [...counts].filter(([, n]) => !oneOf || n === 1).map(([value]) => value);
  return values.length ? values : undefined;
}

/**
 * A union's listed values as a parameter's type and enum: texts (listedTexts; "" kept with `blank`), else (not
 * `textsOnly`) numbers.
 */
export function listedValues(
  branches: readonly Schema[],
  oneOf: boolean,
  textsOnly = false,
  blank = false,
): { type: "string"; enum: string[] } | { type: "number"; enum: number[]; integer?: true } | undefined {
  const texts = listedTexts(branches, oneOf, blank);
  if (texts) return { type: "string", enum: texts };
  if (textsOnly) return undefined;
  const numbers = listedNumbers(branches, oneOf);
  if (!numbers) return undefined;
  return { type: "number", enum: numbers, ...(numbers.every(Number.isInteger) ? { integer: true as const } : {}) };
}
