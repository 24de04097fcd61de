// Swagger 2.0's `collectionFormat` (how a list parameter or form field is written: `csv`, the default, `ssv`, `pipes`,
// `multi`, `tsv`) as OpenAPI 3 says it: a parameter's `style` and `explode`, and a form field's Encoding Object.
type Json = Record<string, unknown>;

/** How an array parameter is serialised, from Swagger 2's `collectionFormat` (`csv` when none is given). */
export function serialisation(param: Json): Json {
  if (param.type !== "array") return {};
  const format = typeof param.collectionFormat === "string" ? param.collectionFormat : "csv";
  const inQuery = param.in === "query";
  switch (format) {
    case "csv":
      return inQuery ? { style: "form", explode: false } : { style: "simple" };
    case "ssv":
      return inQuery ? { style: "spaceDelimited", explode: false } : {};
    case "pipes":
      return inQuery ? { style: "pipeDelimited", explode: false } : {};
    case "multi":
      return { explode: true };
    default:
      return { "x-collectionFormat": format };
  }
}

/**
 * How each list field of a form is written, from its `collectionFormat` (`csv` when none is given: `ids=1,2`, one
 * value, in a form and in multipart alike): as the Encoding Object says it, the style a query parameter of that
 * format takes (`multi`, a pair or part per item, is OpenAPI 3's default and needs none).
 */
export function formEncodings(fields: Json[]): Json {
  const encoding: Json = {};
  for (const field of fields) {
    const written = serialisation({ ...field, in: "query" });
    if (written.style !== undefined) encoding[String(field.name)] = written;
  }
  return encoding;
}
