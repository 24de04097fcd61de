// The shapes of an OpenAPI document as the link step reads them (openapi-document.ts, which re-exports them):
// operations, their parameters, bodies and responses, the slots of a request, a union crossed on the way to a place.

export type Schema = Record<string, unknown>;

/** What the surface reads of a document (surface-entry.ts SurfaceContext). */
export interface SurfaceSchemas {
  bodySchema(operationId: string): Schema | undefined;
  requestSchema(operationId: string): Schema | undefined;
  resolveRef(ref: string): Schema | undefined;
  /**
   * Where a parameter goes, as the document declares it: a path, query or header parameter, or (`body`, a pointer) the
   * request body's field schema, flattened.
   */
  declaredAt(operationId: string, place: string, name: string): Schema | undefined;
  /**
   * The operation's security requirements (its own, else the document's): alternatives, each scheme → the scopes it
   * needs.
   */
  security(operationId: string): Record<string, string[]>[] | undefined;
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Schema;
  /** How an array or object value is serialised (OpenAPI's defaults when absent). */
  style?: string;
  explode?: boolean;
  /**
   * A parameter described by `content` (one media type: `application/json`, the value JSON-encoded), not `schema`: that
   * media type; `schema` is its schema.
   */
  content?: string;
}

export interface OpenApiResponse {
  status: string;
  /** The range the document keys it by (`2XX`; `status` is the range's first, `200`: status-ranges.ts). */
  range?: string;
  description: string;
  /**
   * The JSON media type the body is read as (`application/json`, or a `+json` type such as
   * `application/vnd.acme+json`), or the `text/plain` of a record declared as plain text (media-types.ts jsonTextType),
   * read as JSON all the same.
   */
  mediaType?: string;
  /**
   * The JSON media type whose schema `schema` is, where `mediaType` declares none (media-types.ts describedJsonType:
   * `application/json` with examples only beside `application/json; charset=utf-8` with the schema): where
   * openapi-typescript has the body's type.
   */
  typedAs?: string;
  /**
   * The body is a list of the record `mediaType` declares (a CSV of one record's shape, its rows that record's:
   * load/operations/csv-answers.ts): `schema` is the list, the declared type its item.
   */
  rows?: true;
  /**
   * The text type the answer comes in when it is one text, not JSON (`text/plain`, `{type: string}`: media-types.ts
   * textAnswerType): an output reads it whole as a string.
   */
  text?: string;
  /**
   * Its JSON types describe bytes, not a JSON value (media-types.ts jsonDescribesBytes: a binary string): a file's
   * types (link/files/files.ts fileTypesOf) even where JSON is all it declares.
   */
  bytes?: true;
  schema?: Schema;
  examples: Record<string, unknown>;
  /** Names of the `examples` a mock can be asked for (`Prefer: example=<name>`). */
  exampleNames: string[];
  /** Every media type of its `content`, JSON or not (a file's `application/octet-stream`, `text/event-stream`). */
  mediaTypes: string[];
  /** The names of the headers it declares, as written. */
  headers?: string[];
}

export interface OpenApiOperation {
  /** Its name: the document's operationId, or `METHOD /path` when it gives none (operationRef). */
  operationId: string;
  /** Whether the document gives the operationId (openapi-typescript lists only those under `operations`). */
  named: boolean;
  method: string;
  path: string;
  /** Location of the operation object in the document, for error messages. */
  location: (string | number)[];
  parameters: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses: OpenApiResponse[];
  security: string[] | undefined;
  /**
   * The security requirements, each the schemes it needs together (`[{A}, {B}]`: two of one; `[{A, B}]`: one of two);
   * undefined when none is declared.
   */
  requirements: string[][] | undefined;
  /**
   * Its tags, as the document groups operations (the first names its group on a workflow platform: n8n's resources).
   */
  tags: string[];
}

/**
 * A request body in a media type the runtime can write: JSON (any JSON media type), an HTML form, multipart/form-data,
 * XML (an XML media type of a structured schema), raw bytes (a whole-body file), or one text (a string schema under
 * another media type: `text/plain`, `text/csv`).
 */
export interface OpenApiRequestBody {
  required: boolean;
  /** As the document writes it; a raw body's may be a range (`image/*`, any type). */
  mediaType: string;
  /** A JSON merge patch (RFC 7396): `schema` is its patch view, no field required, each admitting null. */
  mergePatch?: true;
  /**
   * For JSON: structured data under a text media type (`text/plain` of an object schema: isJsonTextBodyMedia), its
   * JSON text sent under `mediaType` only where the manifest says so (`bodyEncoding: json`).
   */
  jsonText?: true;
  encoding: "json" | "form" | "multipart" | "binary" | "xml" | "text";
  schema: Schema;
  /**
   * For XML: the root element's name, the schema's `xml.name`, else the name of the component its `$ref` names
   * (OpenAPI); none for an inline schema that names none.
   */
  xmlRoot?: string;
  /** For forms and multipart: the media type's `encoding` map (style and explode per field; a part's contentType). */
  fields: Record<string, { style?: string; explode?: boolean; allowReserved?: boolean; contentType?: string }>;
  /**
   * For raw bytes offered under several media types of no range (`image/gif`, `image/png`…): each, mediaType first; a
   * file of one of them is sent as its own type.
   */
  mediaTypes?: string[];
  /**
   * For JSON: raw bytes the document offers beside it (any type or `application/octet-stream` admitting any value, or
   * bytes): a whole-body file parameter sends them instead of the JSON, typed as a raw body's file is.
   */
  raw?: { mediaType: string; mediaTypes?: string[] };
}

/** The keys of a path item that are operations (OpenAPI 3.x: every HTTP method it names). */
export const OPERATION_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The key of one slot of a request: header names match in any case (HTTP reads them so), other names exactly. */
export function slotKey(place: string, name: string): string {
  return `${place}:${place === "header" ? name.toLowerCase() : name}`;
}

/**
 * A query parameter an object goes out as its own fields (`q=…&per_page=…`): form style, exploded, OpenAPI's default
 * for the query.
 */
export function sendsFieldsAsPairs(p: { in?: unknown; style?: unknown; explode?: unknown }): boolean {
  return p.in === "query" && (p.style ?? "form") === "form" && p.explode !== false;
}

/** The parameter `op` declares in `place` under `name` (a header in any case). */
export function declaredParameter(op: OpenApiOperation, place: string, name: string): OpenApiParameter | undefined {
  const key = slotKey(place, name);
  return op.parameters.find((x) => slotKey(x.in, x.name) === key);
}

/** A union crossed on the way to a place: where (the pointer to it), its variants, and those that have the place. */
export interface UnionCrossing {
  at: readonly string[];
  variants: string[];
  carrying: string[];
}
