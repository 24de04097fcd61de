// `nullable`: a parameter a caller may give as null, sent as JSON null — a field of a JSON body (or a whole JSON body)
// whose document admits null there, where null says something leaving the field out does not (a service's built-in
// list, a value cleared). A query parameter its style writes (a text, number, boolean, list or object) whose document
// admits null (OpenAPI 3.1's `type: [string, "null"]`, an optional list's `anyOf` with null) may be nullable too: null
// has no form in a query, and OpenAPI serialises it as RFC 6570 does an undefined value, as nothing, so a caller's
// null sends no pair (a required one is refused, naming it). Refused where null has no form on the wire and is no
// value a caller gives (the address, a header, a form's text, a list split from its text, a query value described by
// `content`, whose JSON text would be `null`) or where the document does not admit it, so that null goes only where
// the schema takes it.
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
  // In a query, a value its style writes: null writes no pair. One described by `content` is JSON text, not taken.
  const query = wire.in === "query" && p.type !== "file" && (p.type !== "json" || wire.encoding?.json !== true);
  if (!place || (!query && (wire.in !== "body" || place.text || wire.split || wire.otherFields || p.type === "file"))) {
    const where = wire.in === "body" ? (p.type === "file" ? "a file" : "this body's text") : `the ${wire.in}`;
    ctx.fail(
      "BW2004",
      [...at, "nullable"],
      "nullable applies to a field of a JSON body (or a whole JSON body), or a query parameter its style writes (a " +
        `text, number, boolean, list or object; null sent as nothing): null has no form in ${where}`,
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
