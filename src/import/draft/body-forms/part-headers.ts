// A multipart part whose encoding requires a header of its own (`encoding.<field>.headers`, `required: true`, other
// than Content-Type): drafted as the operation's `partHeaders`, each header the value of a parameter of its own (a
// text, required, held to the header's schema where it says one), sent there alone; a review note says what to check.
import type { OpenApiDocument, Schema } from "../../../load/openapi-document.js";
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { paramName } from "../param-names.js";

type Path = (string | number)[];

/** The operation's part headers as `partHeaders` writes them: by field, by header, the parameter giving each. */
export type PartHeadersDraft = Record<string, Record<string, { param: string }>>;

/** The headers each part requires, by field, with their definitions, as the document's encoding declares them. */
function requiredPartHeaders(doc: OpenApiDocument, rawOp: Schema, mediaType: string): [string, [string, Schema][]][] {
  let encoding: Record<string, Schema>;
  try {
    const content = (doc.resolve(rawOp.requestBody as Schema).content ?? {}) as Record<string, Schema>;
    encoding = ((content[mediaType] ? doc.resolve(content[mediaType]) : {}).encoding ?? {}) as Record<string, Schema>;
  } catch {
    return []; // a $ref that names nothing: the loader says so
  }
  return Object.entries(encoding).flatMap(([field, raw]): [string, [string, Schema][]][] => {
    const headers = (doc.resolve(raw).headers ?? {}) as Record<string, Schema>;
    const needed = Object.entries(headers)
      .map(([name, h]): [string, Schema] => [name, doc.resolve(h)])
      .filter(([name, h]) => name.toLowerCase() !== "content-type" && h.required === true);
    return needed.length ? [[field, needed]] : [];
  });
}

/** A header's parameter: a text, or the scalar its schema says, with the header's description, enum and text rules. */
function headerParam(doc: OpenApiDocument, field: string, name: string, header: Schema): ManifestParam {
  const schema = header.schema && typeof header.schema === "object" ? doc.resolve(header.schema as Schema) : {};
  const type =
    schema.type === "integer" || schema.type === "number" || schema.type === "boolean" ? schema.type : "string";
  const described =
    typeof header.description === "string" && header.description.trim() ? header.description.trim() : "";
  return {
    type,
    required: true,
    description: described || `The ${name} header of the multipart part ${JSON.stringify(field)}.`,
    ...(Array.isArray(schema.enum) && type === "string" ? { enum: schema.enum as string[] } : {}),
    // The header's own rules, held before any request (the request judge holds the part to them).
    ...(typeof schema.pattern === "string" && type === "string" ? { pattern: schema.pattern } : {}),
    ...(typeof schema.minLength === "number" && type === "string" ? { minLength: schema.minLength } : {}),
    ...(typeof schema.maxLength === "number" && type === "string" ? { maxLength: schema.maxLength } : {}),
  } as ManifestParam;
}

/** Each required part header drafted as a parameter and its `partHeaders` entry; undefined when none is required. */
export function draftPartHeaders(
  doc: OpenApiDocument,
  rawOp: Schema,
  mediaType: string,
  at: Path,
  notes: ReviewNote[],
  // The operation's drafted parameters and the names taken (body-fields/body-field.ts ParamsInto).
  into: { params: Record<string, ManifestParam>; taken: Set<string> },
): PartHeadersDraft | undefined {
  const draft: PartHeadersDraft = {};
  for (const [field, headers] of requiredPartHeaders(doc, rawOp, mediaType)) {
    for (const [name, header] of headers) {
      const param = paramName(name, into.taken);
      into.params[param] = headerParam(doc, field, name, header);
      into.taken.add(param);
      (draft[field] ??= {})[name] = { param };
    }
    notes.push({
      at: [...at, "partHeaders", field],
      note:
        `the multipart part ${JSON.stringify(field)} requires the part header ` +
        `${headers.map(([n]) => n).join(", ")} (encoding.headers): drafted as partHeaders, each the value of a ` +
        "parameter of its own sent with the part alone; check what the upstream reads there",
    });
  }
  return Object.keys(draft).length ? draft : undefined;
}
