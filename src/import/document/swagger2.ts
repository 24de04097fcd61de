// Swagger 2.0 as OpenAPI 3.0.0, for `add` (src/import/document/convert.ts).
//
// Why a converter of our own: swagger2openapi, the converter the public
// directories of API documents use, brought 43 packages to every install
// (node-fetch, yargs, should, a third YAML parser, a third JSON Schema
// validator) and has had no release since 2021; @scalar/openapi-upgrader,
// the maintained one, needs Node.js 22 and, in its last version that runs on
// Node.js 20, drops the limits of form fields. The conversion is a mapping
// of one document onto another that the OpenAPI 3.0 specification lays
// out ("Migrating from Swagger 2"); this module follows swagger2openapi's
// choices where a choice is open (`*/*` when nothing is produced, examples as
// `examples.response`, names sanitised the same way), so that documents
// converted before convert the same now.
import { formEncodings, serialisation, unwrittenFormMark } from "./swagger2-collection-format.js";
import { sharedResponseToWriteOut } from "./swagger2-shared-response.js";

type Json = Record<string, unknown>;

/** What keeps a Swagger 2 document from being converted, in one line. */
export class SwaggerConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SwaggerConversionError";
  }
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const objectOr = (v: unknown): Json => (isObject(v) ? v : {});
const mapValues = (o: Json, f: (v: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
/** What a non-body parameter, a header or an `items` object says of its value: its schema in OpenAPI 3. */
const VALUE_KEYWORDS = new Set([
  "type",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "pattern",
  "enum",
  "default",
]);
/** Keywords of a schema whose value is a schema or a list of them. */
const SCHEMA_VALUED = new Set(["items", "additionalProperties", "allOf", "anyOf", "oneOf", "not"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A component name as OpenAPI 3 allows it (`^[a-zA-Z0-9._-]+$`), sanitised as swagger2openapi does. */
export const sanitise = (name: string) => name.replace("[]", "Array").replace(/[^A-Za-z0-9_\-.]+|\s+/g, "_");

/** A JSON pointer segment as written in a `$ref` (`~1`, `~0`, percent escapes). */
function decodeSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // a lone `%` is kept as written
  }
  return text.replace(/~1/g, "/").replace(/~0/g, "~");
}

interface Context {
  doc: Json;
  /** Sanitised names by section (definitions, parameters, responses, securityDefinitions) and original name. */
  names: Record<string, Map<string, string>>;
}

const REF_SECTIONS: Record<string, string> = {
  definitions: "schemas",
  parameters: "parameters",
  responses: "responses",
};

/** A `$ref` into the Swagger 2 sections, pointed at the OpenAPI 3 components (others as written). */
function convertRef(ref: string, ctx: Context): string {
  const m = /^#\/(definitions|parameters|responses)\/([^/]+)(.*)$/.exec(ref);
  if (!m) return ref;
  const [, section, segment, rest] = m as unknown as [string, string, string, string];
  const name = decodeSegment(segment);
  return `#/components/${REF_SECTIONS[section]}/${ctx.names[section]?.get(name) ?? sanitise(name)}${rest}`;
}

/**
 * A schema in OpenAPI 3.0's dialect: `$ref`s moved (what stands beside one
 * dropped, as OpenAPI 3.0 ignores it), `x-nullable` and a `null` type as
 * `nullable`, a list of types as `oneOf`, a list of items as `anyOf`, `file`
 * as binary, a discriminator as an object.
 */
function convertSchema(schema: unknown, ctx: Context): unknown {
  if (Array.isArray(schema)) return schema.map((s) => convertSchema(s, ctx));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === "string") return { $ref: convertRef(schema.$ref, ctx) };
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "x-nullable" && typeof value === "boolean") out.nullable = value;
    else if (key === "discriminator" && typeof value === "string") out.discriminator = { propertyName: value };
    else if ((key === "properties" || key === "patternProperties") && isObject(value))
      out[key] = mapValues(value, (s) => convertSchema(s, ctx));
    else if (key === "items" && Array.isArray(value))
      out.items =
        value.length === 1 ? convertSchema(value[0], ctx) : value.length ? { anyOf: convertSchema(value, ctx) } : {};
    else if (SCHEMA_VALUED.has(key)) out[key] = convertSchema(value, ctx);
    else if (key === "x-anyOf" || key === "x-oneOf" || key === "x-not") out[key.slice(2)] = convertSchema(value, ctx);
    else out[key] = value;
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== "null");
    if (types.length < out.type.length) out.nullable = true;
    delete out.type;
    if (types.length === 1) out.type = types[0];
    else if (types.length > 1 && out.oneOf === undefined)
      out.oneOf = types.map((type) => ({ type, ...(type === "array" ? { items: {} } : {}) }));
  }
  if (out.type === "null") {
    delete out.type;
    out.nullable = true;
  }
  if (out.type === "array" && out.items === undefined) out.items = {};
  if (out.type === "file") Object.assign(out, { type: "string", format: "binary" });
  return out;
}

/** The schema a non-body parameter, a header or an `items` object describes (its `collectionFormat` aside). */
function valueSchema(value: Json, ctx: Context): Json {
  const schema: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (VALUE_KEYWORDS.has(key)) schema[key] = v;
    else if (key === "items" && isObject(v)) schema.items = valueSchema(v, ctx);
    else if (key === "x-nullable" && typeof v === "boolean") schema.nullable = v;
    else if (key === "schema") Object.assign(schema, objectOr(convertSchema(v, ctx)));
  }
  // A parameter without a type is most often a string whose type was forgotten (swagger2openapi's patch does the same).
  if (schema.type === undefined && schema.$ref === undefined && schema.items === undefined) schema.type = "string";
  if (schema.type === "file") Object.assign(schema, { type: "string", format: "binary" });
  return schema;
}

const extensions = (o: Json, skip: string[] = []): Json =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k.startsWith("x-") && !skip.includes(k)));

/** A query, path or header parameter (`$ref`s to the document's own kept as references). */
function convertParameter(param: Json, ctx: Context): Json {
  if (typeof param.$ref === "string") return { $ref: convertRef(param.$ref, ctx) };
  const out: Json = {};
  for (const key of ["name", "in", "description", "required", "allowEmptyValue", "deprecated"])
    if (param[key] !== undefined) out[key] = param[key];
  Object.assign(
    out,
    serialisation(param),
    { schema: valueSchema(param, ctx) },
    extensions(param, ["x-example", "x-nullable"]),
  );
  if (param["x-example"] !== undefined) out.example = param["x-example"];
  return out;
}

/** A parameter as declared, following a `$ref` to the document's `parameters`. */
function resolveParameter(param: unknown, ctx: Context): Json {
  if (!isObject(param) || typeof param.$ref !== "string") return objectOr(param);
  const m = /^#\/parameters\/([^/]+)$/.exec(param.$ref);
  const target = m?.[1] !== undefined ? objectOr(ctx.doc.parameters)[decodeSegment(m[1])] : undefined;
  return isObject(target) ? target : param;
}

const isBodyOrForm = (p: Json) => p.in === "body" || p.in === "formData";

/** The form fields of an operation as one request body: an object whose properties keep each field's limits. */
function formBody(fields: Json[], consumes: string[], ctx: Context): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const field of fields) {
    const name = String(field.name);
    const property: Json = {
      ...(field.description !== undefined ? { description: field.description } : {}),
      ...valueSchema(field, ctx),
      ...extensions(field, ["x-example", "x-nullable"]),
      ...unwrittenFormMark(field),
    };
    if (field["x-example"] !== undefined) property.example = field["x-example"];
    properties[name] = property;
    if (field.required === true) required.push(name);
  }
  const hasFile = fields.some((f) => f.type === "file");
  const mediaType =
    hasFile || consumes.includes("multipart/form-data") ? "multipart/form-data" : "application/x-www-form-urlencoded";
  const schema: Json = { type: "object", properties, ...(required.length ? { required } : {}) };
  const encoding = formEncodings(fields);
  return {
    content: { [mediaType]: { schema, ...(Object.keys(encoding).length ? { encoding } : {}) } },
    ...(required.length ? { required: true } : {}),
  };
}

/** A body parameter as a request body, in every media type the operation consumes. */
function requestBody(body: Json, consumes: string[], ctx: Context): Json {
  const schema = convertSchema(body.schema ?? {}, ctx);
  // A body that is a file's bytes (format binary, or Swagger's type: file) is not JSON, whatever the document consumes.
  const binary = isObject(schema) && schema.type === "string" && schema.format === "binary";
  const types = consumes.filter((t) => !FORM_TYPES.includes(t) && !(binary && isJsonType(t)));
  const content = Object.fromEntries(
    (types.length ? types : [binary ? "application/octet-stream" : "application/json"]).map((t) => [t, { schema }]),
  );
  return {
    ...(body.description !== undefined ? { description: body.description } : {}),
    content,
    ...(body.required === true ? { required: true } : {}),
    ...extensions(body),
  };
}

const isJsonType = (t: string) => /^[^/]+\/([^;]+\+)?json\s*(;|$)/i.test(t.trim());

// A media type is read without the spaces around it: swaggo writes `@Accept json, multipart/form-data` as
// `consumes: [application/json, " multipart/form-data"]`, a form type no form rule matched (a form of no file then
// went as x-www-form-urlencoded, or a JSON body was offered under the padded name).
const list = (v: unknown): string[] | undefined =>
  Array.isArray(v)
    ? v.flatMap((t) => (typeof t === "string" && t.trim() ? [t.trim()] : []))
    : typeof v === "string"
      ? [v.trim()]
      : undefined;

/**
 * An operation's success answers without a schema, where it produces server-sent events (`text/event-stream`): that
 * stream, whose events no Swagger 2.0 schema describes, is their content (no schema), rather than no body at all.
 */
function withEventStreams(responses: Json, produces: string[]): Json {
  const events = produces.find((t) => t.split(";")[0]?.trim().toLowerCase() === "text/event-stream");
  if (events === undefined) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => [
      status,
      /^2\d\d$/.test(status) && isObject(r) && r.$ref === undefined && r.content === undefined
        ? { ...r, content: { [events]: {} } }
        : r,
    ]),
  );
}

/**
 * A response: its schema under every media type the operation produces, its headers as schemas. A shared response
 * (`$ref: "#/responses/Binary"`) is converted once, under the document's media types; an operation that produces
 * others (`image/jpeg` where the document says JSON) has it written out under its own, else its answer read as JSON.
 */
function convertResponse(response: unknown, produces: string[], ctx: Context): unknown {
  if (!isObject(response)) return response;
  if (typeof response.$ref === "string") {
    const shared = sharedResponseToWriteOut(response.$ref, produces, ctx.doc);
    if (shared) return convertResponse(shared, produces, ctx);
    return { $ref: convertRef(response.$ref, ctx) };
  }
  const out: Json = { description: typeof response.description === "string" ? response.description : "" };
  if (isObject(response.headers)) {
    out.headers = mapValues(response.headers, (h) => {
      const header = objectOr(h);
      const { style: _, ...rest } = serialisation({ ...header, in: "header" });
      return {
        ...(header.description !== undefined ? { description: header.description } : {}),
        ...rest,
        schema: valueSchema(header, ctx),
        ...extensions(header, ["x-nullable"]),
      };
    });
  }
  const examples = objectOr(response.examples);
  const content: Json = {};
  if (response.schema !== undefined) {
    for (const type of produces.length ? produces : ["*/*"])
      content[type] = { schema: convertSchema(response.schema, ctx) };
  }
  for (const [type, value] of Object.entries(examples))
    content[type] = { ...objectOr(content[type]), examples: { response: { value } } };
  if (Object.keys(content).length) out.content = content;
  return { ...out, ...extensions(response) };
}

/** An operation: its parameters (the path's merged in) split into parameters and a request body. */
function convertOperation(op: Json, pathParams: Json[], ctx: Context): Json {
  const own = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => ({
    declared: objectOr(p),
    resolved: resolveParameter(p, ctx),
  }));
  const key = (p: Json) => `${String(p.in)}:${String(p.name)}`;
  // A path's body and form fields go into each operation's body, unless the operation declares its own.
  const inherited = pathParams.filter((p) => isBodyOrForm(p) && !own.some((o) => key(o.resolved) === key(p)));
  const bodyLike = [...inherited, ...own.map((o) => o.resolved).filter(isBodyOrForm)];
  const consumes = list(op.consumes) ?? list(ctx.doc.consumes) ?? [];
  const produces = list(op.produces) ?? list(ctx.doc.produces) ?? [];
  const out: Json = {};
  for (const [k, v] of Object.entries(op)) {
    if (k === "parameters") {
      const parameters = own.filter((o) => !isBodyOrForm(o.resolved)).map((o) => convertParameter(o.declared, ctx));
      if (parameters.length) out.parameters = parameters;
      const body = bodyLike.find((p) => p.in === "body");
      const fields = bodyLike.filter((p) => p.in === "formData");
      if (body) out.requestBody = requestBody(body, consumes, ctx);
      else if (fields.length) out.requestBody = formBody(fields, consumes, ctx);
    } else if (k === "responses" && isObject(v))
      out.responses = withEventStreams(
        mapValues(v, (r) => convertResponse(r, produces, ctx)),
        produces,
      );
    else if (k === "security" && Array.isArray(v)) out.security = convertSecurity(v, ctx);
    else if (!["consumes", "produces", "schemes"].includes(k)) out[k] = v;
  }
  if (!("parameters" in op) && inherited.length) {
    const body = inherited.find((p) => p.in === "body");
    out.requestBody = body ? requestBody(body, consumes, ctx) : formBody(inherited, consumes, ctx);
  }
  return out;
}

function convertPathItem(item: unknown, ctx: Context): unknown {
  if (!isObject(item)) return item;
  const declared = Array.isArray(item.parameters) ? item.parameters : [];
  const resolved = declared.map((p) => resolveParameter(p, ctx));
  const out: Json = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === "parameters") {
      const parameters = declared
        .filter((_, i) => !isBodyOrForm(objectOr(resolved[i])))
        .map((p) => convertParameter(objectOr(p), ctx));
      if (parameters.length) out.parameters = parameters;
    } else if (METHODS.includes(k) && isObject(v)) out[k] = convertOperation(v, resolved, ctx);
    else out[k] = v;
  }
  return out;
}

/** Security requirements with the schemes' sanitised names. */
function convertSecurity(requirements: unknown[], ctx: Context): unknown[] {
  const names = ctx.names.securityDefinitions ?? new Map<string, string>();
  return requirements.map((r) =>
    isObject(r) ? Object.fromEntries(Object.entries(r).map(([k, v]) => [names.get(k) ?? k, v])) : r,
  );
}

const OAUTH_FLOWS: Record<string, { flow: string; urls: string[] }> = {
  implicit: { flow: "implicit", urls: ["authorizationUrl"] },
  password: { flow: "password", urls: ["tokenUrl"] },
  application: { flow: "clientCredentials", urls: ["tokenUrl"] },
  accessCode: { flow: "authorizationCode", urls: ["authorizationUrl", "tokenUrl"] },
};

function convertSecurityScheme(scheme: unknown): unknown {
  if (!isObject(scheme)) return scheme;
  const description = scheme.description !== undefined ? { description: scheme.description } : {};
  if (scheme.type === "basic") return { type: "http", scheme: "basic", ...description, ...extensions(scheme) };
  if (scheme.type === "oauth2") {
    const known = OAUTH_FLOWS[String(scheme.flow)];
    if (!known) return { type: "oauth2", ...description, flows: {}, ...extensions(scheme) };
    const flow: Json = Object.fromEntries(known.urls.map((u) => [u, scheme[u]]));
    flow.scopes = objectOr(scheme.scopes);
    return { type: "oauth2", ...description, flows: { [known.flow]: flow }, ...extensions(scheme) };
  }
  return scheme;
}

/** Each name of a section of the document with its sanitised form; two names that sanitise alike are refused. */
function sectionNames(doc: Json, section: string, kind: string): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of Object.keys(objectOr(doc[section]))) {
    const clean = sanitise(name);
    if (taken.has(clean)) throw new SwaggerConversionError(`Duplicate sanitised ${kind} name ${clean}`);
    taken.add(clean);
    names.set(name, clean);
  }
  return names;
}

/** The servers that `host`, `basePath` and `schemes` describe. */
function servers(doc: Json): Json[] {
  const basePath = typeof doc.basePath === "string" ? doc.basePath : "";
  if (typeof doc.host === "string" && doc.host) {
    const schemes = list(doc.schemes) ?? [""];
    return schemes.map((s) => ({ url: `${s ? `${s}:` : ""}//${doc.host}${basePath.replace(/\/$/, "")}` }));
  }
  return basePath ? [{ url: basePath }] : [];
}

/** A Swagger 2.0 document as OpenAPI 3.0.0. Throws a SwaggerConversionError (one line) for what cannot be converted. */
export function convertSwagger2(doc: Json): Json {
  if (!isObject(doc.info)) throw new SwaggerConversionError("info must be an object");
  const ctx: Context = {
    doc,
    names: {
      definitions: sectionNames(doc, "definitions", "schema"),
      parameters: sectionNames(doc, "parameters", "parameter"),
      responses: sectionNames(doc, "responses", "response"),
      securityDefinitions: sectionNames(doc, "securityDefinitions", "securityScheme"),
    },
  };
  const rename = (section: string, f: (v: unknown) => unknown, keep: (v: unknown) => boolean = () => true): Json =>
    Object.fromEntries(
      Object.entries(objectOr(doc[section]))
        .filter(([, v]) => keep(v))
        .map(([k, v]) => [ctx.names[section]?.get(k) ?? sanitise(k), f(v)]),
    );
  const components: Json = {
    schemas: rename("definitions", (s) => convertSchema(s, ctx)),
    parameters: rename(
      "parameters",
      (p) => convertParameter(objectOr(p), ctx),
      (p) => !isBodyOrForm(objectOr(p)),
    ),
    responses: rename("responses", (r) => convertResponse(r, list(doc.produces) ?? [], ctx)),
    securitySchemes: rename("securityDefinitions", convertSecurityScheme),
  };
  const out: Json = { openapi: "3.0.0" };
  const serverList = servers(doc);
  for (const [k, v] of Object.entries(doc)) {
    if (k === "info") {
      out.info = v;
      if (serverList.length) out.servers = serverList;
    } else if (k === "paths") out.paths = isObject(v) ? mapValues(v, (item) => convertPathItem(item, ctx)) : v;
    else if (k === "security" && Array.isArray(v)) out.security = convertSecurity(v, ctx);
    else if (
      ![
        "swagger",
        "host",
        "basePath",
        "schemes",
        "consumes",
        "produces",
        "definitions",
        "parameters",
        "responses",
        "securityDefinitions",
      ].includes(k)
    )
      out[k] = v;
  }
  const used = Object.fromEntries(Object.entries(components).filter(([, v]) => Object.keys(objectOr(v)).length));
  if (Object.keys(used).length) out.components = { ...objectOr(out.components), ...used };
  return out;
}
