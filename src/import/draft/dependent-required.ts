// A body field that needs others beside it whenever it is given: JSON Schema's `dependentRequired` (`{card:
// [expiry]}`: a body with a card has its expiry), and the older `dependencies` whose values list fields, which some
// OpenAPI 3.0 documents write. Drafted as the rule requiredWhen without values, one per pair of drafted parameters, so
// a call giving the card without the expiry is refused before any request rather than by the upstream's 422 (and by
// the contract suite's request judge, which holds the body to the keyword). A field drafted as no parameter is left
// as the document says, and the note says so; so is a `dependencies` entry or a `dependentSchemas` one that is a
// schema, which no rule carries.
import type { ManifestParam, ManifestRule } from "../../load/precompiled/manifest-types.js";
import type { Schema } from "../../load/openapi-document.js";

/** The keywords that list, per field, the fields it needs beside it. */
const LISTING = ["dependentRequired", "dependencies"] as const;

/** One field and those it needs, as the document writes them (`keyword`), for the note to quote. */
interface Needs {
  keyword: (typeof LISTING)[number];
  field: string;
  needs: string[];
}

/** The fields each field needs (a `dependencies` entry that is a schema aside), and the schema entries' fields. */
function needsOf(flat: Schema): { needs: Needs[]; schemas: string[] } {
  const needs: Needs[] = [];
  const schemas: string[] = [];
  for (const keyword of LISTING) {
    const entries = flat[keyword];
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) continue;
    for (const [field, listed] of Object.entries(entries as Record<string, unknown>)) {
      if (Array.isArray(listed)) {
        const named = listed.filter((n): n is string => typeof n === "string" && n !== field);
        if (named.length) needs.push({ keyword, field, needs: [...new Set(named)] });
      } else if (listed !== null && typeof listed === "object") schemas.push(`${keyword}.${field}`);
    }
  }
  const shaped = flat.dependentSchemas;
  if (shaped && typeof shaped === "object" && !Array.isArray(shaped))
    schemas.push(...Object.keys(shaped).map((f) => `dependentSchemas.${f}`));
  return { needs, schemas };
}

/** The keywords' fields as the document writes them, each keyword once (`dependentRequired: {card: [expiry]}`). */
function quote(needs: readonly Needs[]): string {
  return LISTING.flatMap((keyword) => {
    const entries = needs.filter((n) => n.keyword === keyword).map((n) => `${n.field}: [${n.needs.join(", ")}]`);
    return entries.length ? [`${keyword}: {${entries.join(", ")}}`] : [];
  }).join("; ");
}

/** Whether every call gives a parameter: required, or with a default that is sent. */
function alwaysGiven(param: ManifestParam | undefined): boolean {
  return param?.required === true || (param?.default !== undefined && param.sendDefault !== false);
}

/**
 * The requiredWhen rules (without values) a body's `dependentRequired` or `dependencies` state over its drafted
 * parameters (`byWire`: `body:/<field>` → its parameter; `params`: the drafted parameters), and the note saying so;
 * a field every call gives makes the fields it needs required (drafted so, in place, and added to `required`, the
 * fields drafted required, which the rules drafted after these read); none when the body states none.
 */
export function dependentRequiredRules(
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
  params: Record<string, ManifestParam>,
  required: Set<string>,
): { rules: ManifestRule[]; note: string } | undefined {
  const { needs, schemas } = needsOf(flat);
  if (!needs.length && !schemas.length) return undefined;
  const rules: ManifestRule[] = [];
  const made: string[] = [];
  const pairs: string[] = [];
  const unsent = new Set<string>();
  const nameOf = (field: string) => byWire.get(`body:/${field}`);
  for (const { field, needs: fields } of needs) {
    const dependsOn = nameOf(field);
    if (dependsOn === undefined) unsent.add(field);
    for (const needed of fields) {
      const param = nameOf(needed);
      if (param === undefined) unsent.add(needed);
      const target = param === undefined ? undefined : params[param];
      if (dependsOn === undefined || param === undefined || !target || alwaysGiven(target)) continue;
      if (alwaysGiven(params[dependsOn])) {
        target.required = true;
        required.add(needed);
        made.push(param);
      } else {
        rules.push({ rule: "requiredWhen", param, dependsOn });
        pairs.push(`${needed} whenever ${field} is given`);
      }
    }
  }
  const quoted = quote(needs);
  const words = [
    ...(rules.length
      ? [
          `the request body requires ${pairs.join("; ")} (${quoted}): drafted as the rule requiredWhen without ` +
            "values, checked before any request",
        ]
      : []),
    ...(made.length ? [`${made.join(", ")} drafted required: a field every call gives needs it (${quoted})`] : []),
    ...(unsent.size
      ? [
          `what the request body says a field needs beside it (${quoted}) is left to the upstream for ` +
            `${[...unsent].join(", ")}, drafted as no parameter`,
        ]
      : []),
    ...(schemas.length
      ? [`the request body's ${schemas.join(", ")} (a schema applying when the field is given) is not drafted`]
      : []),
  ];
  return words.length ? { rules, note: words.join("; ") } : undefined;
}
