// A JSON body field whose schema admits null alone (`type: 'null'`, `enum: [null]`, `allOf: [{description: …},
// {type: 'null'}]`: a field a version of the API retired, or one a request may only clear): no input a caller gives
// can be anything else, and drafted as `json` it was refused by the link (its type disagrees with the document's
// null). Optional, it is left out of the inputs (no call sends it, which the document allows); required, it is an
// operation constant, null, which the package sends itself. Each is said in a note.
// A parameter of the address, a header or a cookie whose schema admits null alone (`type: 'null'`, `enum: [null]`):
// its value is text, and a manifest has no null to send there (a constant is a text, number or boolean), so add's
// draft of it was refused by the link (BW2006, BW2007). Optional, it is left out with a note; required, no call of
// the operation can meet the document, and add leaves the operation out of a group (refuses it named), saying why.
import { followLocalRefs } from "../../load/json-ref.js";
import type { Schema } from "../../load/openapi-document.js";
import type { ManifestConstant } from "../../load/precompiled/manifest-types.js";

/**
 * The note on a JSON body field a 3.1 document marks `nullable: true`: 3.0's word, which 3.1's schemas do not read, so
 * the request judge (and any server holding requests to the document) refuses a null there; null is not offered.
 */
export const NULLABLE_UNREAD_NOTE =
  "nullable: true is OpenAPI 3.0's word, which this 3.1 document's schemas do not read (null is a value only with a " +
  'null type: type: [string, "null"]): null is not offered, as a server checking requests against the spec refuses it';

/** Whether the flattened schema admits null and nothing else. */
export function admitsNullOnly(flat: Schema | undefined): boolean {
  if (!flat || flat.anyOf !== undefined || flat.oneOf !== undefined) return false;
  const { type } = flat;
  if (type === "null" || (Array.isArray(type) && type.length > 0 && type.every((t) => t === "null"))) return true;
  if (Object.hasOwn(flat, "const")) return flat.const === null;
  return Array.isArray(flat.enum) && flat.enum.length > 0 && flat.enum.every((v) => v === null);
}

/** The constant a required null-only field is drafted as (none when optional), and the note saying what was done. */
export function nullOnlyField(field: string, required: boolean): { constant?: ManifestConstant; note: string } {
  const said = `the body field ${field} admits only null in the spec`;
  if (!required)
    return {
      note:
        `${said}: left out of the inputs (no call sends it, which the spec allows). To send it, add a constant ` +
        `{ in: body, pointer: /${field}, value: null } to the operation`,
    };
  return {
    constant: { in: "body", pointer: `/${field.replace(/~/g, "~0").replace(/\//g, "~1")}`, value: null },
    note:
      `${said}, and requires it: drafted as a constant null the package sends itself, since callers could give ` +
      "nothing else",
  };
}

/** A parameter (not of the body) whose schema admits only null: where and what it is called, whether required. */
export interface NullOnlyParam {
  in: string;
  name: string;
  required: boolean;
}

/** The note for an optional parameter that admits only null, which the draft leaves out. */
export function nullOnlyParamNote(p: { in: string; name: string }): string {
  return (
    `the ${p.in} parameter ${p.name} admits only null in the spec: left out of the inputs (no call sends it, which ` +
    `the spec allows; a ${p.in} value is text, and a manifest has no null to send there)`
  );
}

/** Why no call of an operation requiring a parameter that admits only null can meet the document. */
export function nullOnlyParamWhy(p: { in: string; name: string }): string {
  return (
    `its required ${p.in} parameter ${p.name} admits only null, and a ${p.in} value is text: a manifest has no null ` +
    "to send there"
  );
}

/** The first parameter of an operation (its path item's too) that requires a value of null alone, if any. */
export function requiredNullOnlyParam(
  document: unknown,
  op: Record<string, unknown>,
  pathItem?: Record<string, unknown>,
) {
  const listed = (v: unknown) => (Array.isArray(v) ? v : []).map((p) => followLocalRefs(document, p));
  for (const p of [...listed(op.parameters), ...listed(pathItem?.parameters)]) {
    if (!p || typeof p.name !== "string" || typeof p.in !== "string" || p.content !== undefined) continue;
    if ((p.in === "path" || p.required === true) && admitsNullOnly(followLocalRefs(document, p.schema) as Schema))
      return { in: p.in, name: p.name, required: true } satisfies NullOnlyParam;
  }
  return undefined;
}
