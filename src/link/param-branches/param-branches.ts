// `anyOf` on a json parameter: the forms its value may take, each a type and
// that type's limits (runtime/validate/param-unions.ts checks a value against
// them). Each form is checked as a parameter of its own: its limits make sense,
// a string sent in the address or a header is bounded, and it is held to the
// document's form of the same type at the parameter's place, never looser; a
// form of a type the document does not allow there is refused, naming the
// document's forms.
import type { ParamBranch, ParamSpec } from "@blockwright/runtime/internal";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import { typeOf, type Schema } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";

/** The keys a parameter with forms leaves to its forms. */
const FORM_KEYS = [
  "jsonType",
  "minItems",
  "maxItems",
  "keys",
  "values",
  "items",
  "forbiddenKeys",
  "separator",
] as const;

/** A form as a manifest parameter of its own, for the checks parameters get. */
export function formParam(p: ManifestParam, branch: NonNullable<ManifestParam["anyOf"]>[number]): ManifestParam {
  const { anyOf: _forms, ...rest } = p;
  for (const key of FORM_KEYS) delete (rest as Record<string, unknown>)[key];
  return { ...rest, ...branch } as ManifestParam;
}

/**
 * A parameter's forms make sense on their own: a json parameter holds them, leaving the kind and limits of a json value
 * to them.
 */
export function checkOwnForms(
  ctx: LinkContext,
  p: ManifestParam,
  at: Path,
  checkOwnLimits: (ctx: LinkContext, p: ManifestParam, at: Path) => void,
): void {
  if (!p.anyOf) return;
  if (p.type !== "json")
    ctx.fail("BW2004", [...at, "anyOf"], `anyOf (the forms of a value) applies to json parameters, not ${p.type}`);
  for (const key of FORM_KEYS)
    if (p[key] !== undefined)
      ctx.fail("BW2004", [...at, key], `a parameter with forms (anyOf) states ${key} in the form it applies to`);
  for (const [i, branch] of p.anyOf.entries()) checkOwnLimits(ctx, formParam(p, branch), [...at, "anyOf", i]);
}

/**
 * Each form held to the document's form of its type at the parameter's place (a union's branch, or the place's one
 * schema, `flat`: flattened), by `checkForm`.
 */
export function checkFormsAgainstSchema(
  ctx: LinkContext,
  p: ManifestParam,
  at: Path,
  flat: Schema,
  what: string,
  checkForm: (form: ManifestParam, at: Path, matching: Schema, what: string) => void,
): void {
  const theirs = documentForms(ctx, flat);
  const forms = p.anyOf ?? [];
  for (const [i, branch] of forms.entries()) {
    const form = formParam(p, branch);
    // The document's form of its type: the one of its pattern, else the one in the same place among those of its type.
    const ofType = theirs.filter((s) => fits(branch, typeOf(s)));
    const nth = forms.slice(0, i).filter((b) => b.type === branch.type && b.jsonType === branch.jsonType).length;
    const matching =
      ofType.find((s) => branch.pattern !== undefined && s.pattern === branch.pattern) ?? ofType[nth] ?? ofType[0];
    if (!matching) {
      const listed = theirs.map((s) => typeOf(s) ?? "any").join(", ");
      ctx.fail(
        "BW2007",
        [...at, "anyOf", i, "type"],
        `form ${i + 1} (${branch.type}${branch.jsonType ? `, ${branch.jsonType}` : ""}) is no form ${what} ` +
          `takes in ${ctx.openapiName} (its forms: ${listed})`,
        "value",
      );
      continue;
    }
    checkForm(form, [...at, "anyOf", i], matching, `${what}'s ${typeOf(matching) ?? "untyped"} form`);
  }
}

/**
 * The forms the document allows at a place (its schema flattened): a union's branches (but null), or the place's schema
 * itself.
 */
function documentForms(ctx: LinkContext, flat: Schema): Schema[] {
  const union = (Array.isArray(flat.oneOf) ? flat.oneOf : Array.isArray(flat.anyOf) ? flat.anyOf : undefined) as
    | Schema[]
    | undefined;
  if (!union) return [flat];
  return union.flatMap((branch) => {
    try {
      const f = ctx.doc.flatten(branch);
      return typeOf(f) === "null" ? [] : [f];
    } catch {
      return [];
    }
  });
}

/** Whether a manifest form is of the document form's type (an untyped form takes any). */
function fits(branch: ParamBranch | NonNullable<ManifestParam["anyOf"]>[number], type: string | undefined): boolean {
  if (type === undefined) return true;
  if (branch.type === "json") return branch.jsonType ? branch.jsonType === type : type === "object" || type === "array";
  if (branch.type === "number") return type === "number" || type === "integer";
  return branch.type === type;
}

/**
 * Each form of a parameter as the runtime checks it (a ParamSpec of its own), for the checks made on linked parameters.
 */
export function formSpecs(spec: ParamSpec): ParamSpec[] {
  return (spec.anyOf ?? []).map((branch) => {
    const { anyOf: _forms, ...rest } = spec;
    for (const key of FORM_KEYS) delete (rest as Record<string, unknown>)[key];
    return { ...rest, ...branch };
  });
}
