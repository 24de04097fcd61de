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
    // OpenAPI 3 writes a space- or pipe-delimited list in a query alone: in a header or a path it has no style for it
    // (the comma of style simple is another list), so it is marked as tsv is (unwrittenFormat).
    case "ssv":
      return inQuery ? { style: "spaceDelimited", explode: false } : { "x-collectionFormat": format };
    case "pipes":
      return inQuery ? { style: "pipeDelimited", explode: false } : { "x-collectionFormat": format };
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

/**
 * A form field's list format that no form writes (`tsv`: a form's lists take a query's styles, and none is
 * tab-separated), marked on its schema as a parameter's is (unwrittenFormat); none for any other.
 */
export function unwrittenFormMark(field: Json): Json {
  const format = serialisation({ ...field, in: "query" })["x-collectionFormat"];
  return format === undefined ? {} : { "x-collectionFormat": format };
}

/**
 * The Swagger 2.0 `collectionFormat` of a converted parameter that no OpenAPI 3 style writes (`tsv` anywhere; `ssv`
 * and `pipes` in a header or a path): the conversion marks it `x-collectionFormat`, and its style left to OpenAPI's
 * default would send another list (`a,b` or `k=a&k=b` where the document says `a\tb`, `a|b`). Undefined for any other.
 */
export function unwrittenFormat(parameter: unknown): string | undefined {
  const format = isJson(parameter) ? parameter["x-collectionFormat"] : undefined;
  return typeof format === "string" ? format : undefined;
}

/** What a note or a refusal says of a parameter of such a format. */
export function unwrittenFormatRule(p: { in: string; name: string }, format: string): string {
  return (
    `${p.in} parameter ${p.name} is a list in the Swagger 2.0 collectionFormat ${format}, which no OpenAPI 3 style ` +
    (p.in === "formData"
      ? "writes there (a form's lists take a query's styles; tab-separated, none)"
      : "writes there (a space- or pipe-delimited list goes in a query alone; tab-separated, nowhere)")
  );
}

function isJson(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
