// What a request body's schema says across its fields, beyond each field:
// a union of one branch (`oneOf: [$ref]`, as generators write a lone
// reference) is that branch; and `anyOf`/`oneOf` branches that only require
// fields (`anyOf: [{required: [email]}, {required: [external_id]}]`: a
// contact needs an email or an external id) are the operation's cross-field
// rule (`anyOf` groups, or `exactlyOne` of single fields), checked before any
// request, rather than left to the upstream's 400.
import type { ManifestRule } from "../load/precompiled/manifest-types.js";
import type { OpenApiDocument, Schema } from "../load/openapi-document.js";

/** Keys a branch that only requires fields may carry besides `required`. */
const ANNOTATIONS = new Set(["required", "title", "description"]);

/** The schema with a union of one branch replaced by that branch (flattened); the union's own keywords beside it (a description of the field) win. */
export function loneBranch(doc: OpenApiDocument, flat: Schema | undefined): Schema | undefined {
  if (!flat || flat.properties !== undefined) return flat;
  for (const key of ["oneOf", "anyOf"] as const) {
    const members = flat[key];
    if (!Array.isArray(members) || members.length !== 1) continue;
    const { [key]: _lone, ...own } = flat;
    try {
      return { ...doc.flatten(members[0] as Schema), ...own };
    } catch {
      return flat;
    }
  }
  return flat;
}

/** The fields each branch requires, when every branch only requires fields. */
function requiredOnly(branches: unknown[]): string[][] | undefined {
  const groups: string[][] = [];
  for (const branch of branches) {
    if (!branch || typeof branch !== "object") return undefined;
    const b = branch as Schema;
    if (Object.keys(b).some((k) => !ANNOTATIONS.has(k)) || !Array.isArray(b.required) || !b.required.length) return undefined;
    groups.push(b.required.map(String));
  }
  return groups.length > 1 ? groups : undefined;
}

/**
 * The rule the body's required-only branches state over the drafted parameters (`byWire`: `body:/<field>` → its
 * parameter), and the note saying so; none when a branch says more, or requires a field not drafted.
 */
export function bodyFieldRule(flat: Schema, byWire: ReadonlyMap<string, string>): { rule: ManifestRule; note: string } | undefined {
  const key = Array.isArray(flat.anyOf) ? "anyOf" : Array.isArray(flat.oneOf) ? "oneOf" : undefined;
  const groups = key ? requiredOnly(flat[key] as unknown[]) : undefined;
  if (!key || !groups) return undefined;
  const params = groups.map((g) => g.map((field) => byWire.get(`body:/${field}`)));
  if (params.some((g) => g.some((p) => p === undefined))) return undefined;
  const named = params as string[][];
  const words = named.map((g) => g.join(" and ")).join(", or ");
  if (key === "oneOf" && named.every((g) => g.length === 1)) {
    return { rule: { rule: "exactlyOne", params: named.map((g) => g[0] as string) }, note: `the request body takes exactly one of ${words} (oneOf of required fields): drafted as the rule exactlyOne, checked before any request` };
  }
  const loose = key === "oneOf" ? " (the spec's oneOf also refuses a call that gives two groups: say so in the descriptions)" : "";
  return { rule: { rule: "anyOf", groups: named }, note: `the request body needs ${words} (${key} of required fields): drafted as the rule anyOf, checked before any request${loose}` };
}
