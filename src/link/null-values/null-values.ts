// `nullable`: a parameter a caller may give as null, sent as JSON null — a field of a JSON body (or a whole JSON body)
// whose document admits null there, where null says something leaving the field out does not (a service's built-in
// list, a value cleared). Refused where null has no form on the wire (the address, a header, a form's text, a list
// split from its text) or where the document does not admit it, so that null goes only where the schema takes it.
import type { ParamSpec } from "@blockwright/runtime/internal";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import type { SchemaAtPlace } from "../wire/schema-at-place.js";

/** Mark the linked parameter nullable where the manifest says so and the document's place admits null. */
export function linkNullable(
  ctx: LinkContext,
  p: Pick<ManifestParam, "nullable" | "type">,
  spec: ParamSpec,
  place: SchemaAtPlace | undefined,
  at: Path,
): void {
  if (p.nullable !== true) return;
  const wire = spec.wire;
  if (wire.in !== "body" || !place || place.text || wire.split || wire.otherFields || p.type === "file") {
    const where = wire.in === "body" ? (p.type === "file" ? "a file" : "this body's text") : `the ${wire.in}`;
    ctx.fail(
      "BW2004",
      [...at, "nullable"],
      `nullable applies to a field of a JSON body (or a whole JSON body): null has no form in ${where}`,
    );
    return;
  }
  if (!ctx.doc.admitsNull(place.schema)) {
    ctx.fail(
      "BW2007",
      [...at, "nullable"],
      `nullable disagrees with ${place.what}, which does not admit null in ${ctx.openapiName}`,
      "value",
    );
    return;
  }
  spec.nullable = true;
}
