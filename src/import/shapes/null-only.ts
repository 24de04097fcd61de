// A JSON body field whose schema admits null alone (`type: 'null'`, `enum: [null]`, `allOf: [{description: …},
// {type: 'null'}]`: a field a version of the API retired, or one a request may only clear): no input a caller gives
// can be anything else, and drafted as `json` it was refused by the link (its type disagrees with the document's
// null). Optional, it is left out of the inputs (no call sends it, which the document allows); required, it is an
// operation constant, null, which the package sends itself. Each is said in a note.
import type { Schema } from "../../load/openapi-document.js";
import type { ManifestConstant } from "../../load/precompiled/manifest-types.js";

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
