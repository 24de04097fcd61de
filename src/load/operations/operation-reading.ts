// An OpenAPI document's operations read once, when the document is (load/openapi-document.ts): each method of each
// path with its parameters (shared and its own, described by a schema or by one media type's `content`), its request
// body, its answers (the JSON body's schema and examples, media types, headers), its security and its tags.
import { fieldOf } from "@blockwright/runtime/internal/generate";
import { operationRef, ownOperationId, requestPath } from "../operation-index.js";
import { withTextEnum } from "../text-enum.js";
import {
  describedJsonType,
  givesExampleValue,
  jsonDescribesBytes,
  isJsonMediaType,
  jsonMediaType,
  jsonTextType,
  jsonTextValue,
  textAnswerType,
} from "../media-types.js";
import { withRangesAsStatuses } from "../status-ranges.js";
import { csvRecordsAnswer } from "./csv-answers.js";
import { requestBodyOf } from "../request-bodies.js";
import { OPERATION_METHODS, type OpenApiOperation, type OpenApiParameter, type Schema } from "../openapi-types.js";
import { requirementsOf, type SecurityScheme, securityNames } from "../security-schemes.js";

/** What reading the operations takes of the document: its data, its `$ref` resolver and its security. */
export interface OperationSource {
  data: Schema;
  resolve: (value: Schema) => Schema;
  securitySchemes: Record<string, SecurityScheme>;
  globalSecurity: string[] | undefined;
}

/** Every operation of the document's paths, in the paths' and methods' order. */
export function readOperations({
  data,
  resolve,
  securitySchemes,
  globalSecurity,
}: OperationSource): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  const paths = (data.paths ?? {}) as Record<string, Schema>;
  // No security for all, while operations name their own: one naming none takes no credential (OpenAPI: no
  // requirement applies to it), as add's cut writes it out (`security: []`) and the request judge reads it.
  const unsaid = data.security === undefined && namesOwnSecurity(paths, resolve) ? [] : undefined;
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolve(rawItem);
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of OPERATION_METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op || typeof op !== "object") continue;
      const parameters = parametersOf([...shared, ...((op.parameters as unknown[]) ?? [])], resolve);
      const body = op.requestBody ? resolve(op.requestBody as Schema) : undefined;
      const name = operationRef(method, path, op.operationId);
      out.push({
        operationId: name,
        named: ownOperationId(op.operationId) !== undefined,
        method: method.toUpperCase(),
        path: requestPath(path),
        location: ["paths", path, method],
        parameters,
        requestBody: body ? requestBodyOf((v) => resolve(v), body) : undefined,
        responses: withRangesAsStatuses(
          Object.entries((op.responses ?? {}) as Record<string, Schema>).map(([key, raw]) => [key, { raw, key }]),
        ).map(([status, { raw, key }]) => {
          const response = resolve(raw);
          const content = (response.content ?? {}) as Record<string, Schema>;
          // A download that lists `application/json` beside its file type, the same bytes under both, is the file.
          const bytes = jsonDescribesBytes(content, (v) => resolve(v));
          // Plain text whose schema is a record is that record as JSON text (jsonTextType): read as JSON.
          // A success's CSV of records is a list of them (csv-answers.ts), its examples not JSON's.
          const json = bytes ? undefined : (jsonMediaType(content) ?? jsonTextType(content, (v) => resolve(v)));
          const csv = bytes || json || !/^2/.test(status) ? undefined : csvRecordsAnswer(content, (v) => resolve(v));
          const mediaType = json ?? csv?.mediaType;
          const media = json ? (content[json] as Schema) : undefined;
          // A schema under another JSON type of the answer when this one has none (describedJsonType).
          const described = bytes || csv ? undefined : describedJsonType(content);
          const schema = csv?.schema ?? media?.schema ?? (described ? content[described]?.schema : undefined);
          const text = mediaType ? undefined : textAnswerType(content, (v) => resolve(v));
          // A text answer's examples are its texts, as written (`{"a":1}` is that text, not the object it spells).
          const shown = media ?? (text ? (content[text] as Schema | undefined) : undefined);
          const jsonText = mediaType !== undefined && !isJsonMediaType(mediaType);
          const examples = examplesOf(resolve, shown, (schema === undefined && !text) || jsonText);
          return {
            status,
            description: String(response.description ?? ""),
            ...(key !== status ? { range: key } : {}),
            ...(mediaType ? { mediaType } : {}),
            ...(!media?.schema && described && content[described]?.schema ? { typedAs: described } : {}),
            ...(csv?.rows ? { rows: true } : {}),
            ...(text ? { text } : {}),
            ...(bytes ? { bytes: true as const } : {}),
            schema: schema ? resolve(schema as Schema) : text ? undefined : exampledOnly(examples),
            examples,
            exampleNames: Object.entries((shown?.examples ?? {}) as Record<string, Schema>)
              .filter(([, raw]) => givesExampleValue(resolve(raw)))
              .map(([name]) => name)
              .sort(),
            mediaTypes: Object.keys((response.content ?? {}) as object),
            headers: Object.keys((response.headers ?? {}) as object),
          };
        }),
        security: op.security === undefined ? (unsaid ?? globalSecurity) : securityNames(op.security),
        requirements: requirementsOf(
          op.security === undefined ? (unsaid ?? data.security) : op.security,
          securitySchemes,
        ),
        tags: Array.isArray(op.tags)
          ? (op.tags as unknown[]).filter((t): t is string => typeof t === "string" && t.trim() !== "")
          : [],
      });
    }
  }
  return out;
}

/** An operation's parameters, its path item's first (an operation's own of the same place and name replaces one). */
function parametersOf(declared: unknown[], resolve: (value: Schema) => Schema): OpenApiParameter[] {
  const parameters = new Map<string, OpenApiParameter>();
  for (const raw of declared) {
    const p = resolve(raw as Schema) as unknown as Omit<OpenApiParameter, "content"> & { content?: unknown };
    // Described by `content` (its one media type's schema, the value encoded in that type) or by `schema`.
    const media =
      p.schema === undefined && p.content && typeof p.content === "object" ? Object.keys(p.content)[0] : undefined;
    const described =
      media === undefined
        ? p.schema
        : (resolve(fieldOf(p.content as unknown as Record<string, Schema>, media)).schema as Schema | undefined);
    parameters.set(`${p.in}:${p.name}`, {
      ...p,
      required: Boolean(p.required),
      schema: withTextEnum(resolve((described ?? {}) as Schema), (v) => resolve(v as Schema)),
      ...(media !== undefined ? { content: media } : {}),
    } as OpenApiParameter);
  }
  return [...parameters.values()];
}

/** Whether an operation of the paths names a security requirement of its own (not only `[]` or `[{}]`). */
function namesOwnSecurity(paths: Record<string, Schema>, resolve: (value: Schema) => Schema): boolean {
  return Object.values(paths).some((raw) => {
    const item = resolve(raw);
    return OPERATION_METHODS.some((method) => {
      const security = (item[method] as Schema | undefined)?.security;
      return Array.isArray(security) && security.some((r) => r && typeof r === "object" && Object.keys(r).length > 0);
    });
  });
}

/** `unschemed`: the JSON type has no schema, and an example written as a text of JSON is the value it spells. */
function examplesOf(
  resolve: (value: Schema) => Schema,
  media: Schema | undefined,
  unschemed: boolean,
): Record<string, unknown> {
  if (!media) return {};
  const out: Record<string, unknown> = {};
  const value = (v: unknown) => (unschemed ? jsonTextValue(v) : v);
  if (media.example !== undefined) out.default = value(media.example);
  for (const [name, raw] of Object.entries((media.examples ?? {}) as Record<string, Schema>)) {
    const example = resolve(raw);
    if (givesExampleValue(example)) out[name] = value(example.value);
  }
  return out;
}

/**
 * The schema of a JSON answer that gives examples and no schema (nor another JSON type one): any JSON value. Its
 * body is JSON all the same, what the outputs read, not a file of the answer's other types. Only examples that give
 * a value count (examplesOf): a named example with none (`{}`, or an `externalValue` alone) shows no body, and the
 * mock serves none for it.
 */
function exampledOnly(examples: Record<string, unknown>): Schema | undefined {
  return Object.keys(examples).length ? {} : undefined;
}
