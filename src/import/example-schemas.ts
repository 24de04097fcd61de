// A JSON success reply the document shows only by its examples (no schema: any JSON value, as OpenAPI reads it) given
// the schema they show: the record's fields with the types the examples give them, none required, so that the draft
// reads them as a schema's fields (outputs by name, not one output holding the whole body), the link checks the
// outputs against them, and `verify` tells a real reply that differs. A scalar example shows nothing a schema adds.
import { isJsonMediaType } from "../load/media-types.js";
import { isJson, resolved } from "./shapes/cut-walk.js";

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "patch", "options", "trace"];

/** Below this depth a value is any JSON, as a deeper schema's would be drafted anyway. */
const DEPTH = 4;

/** The cut's example-only success replies given the schema their examples show; each place changed. */
export function withReplySchemasFromExamples(cut: Json): string[] {
  const changed: string[] = [];
  for (const [path, item] of Object.entries(isJson(cut.paths) ? cut.paths : {}))
    for (const method of METHODS) {
      const op = isJson(item) ? item[method] : undefined;
      const responses = isJson(op) && isJson(op.responses) ? op.responses : {};
      for (const [status, raw] of Object.entries(responses)) {
        const response = resolved(cut, raw);
        if (!/^2/.test(status) || !isJson(response) || !isJson(response.content)) continue;
        // Beside a media type with a schema, that schema is the reply's (cut/wildcard-json.ts gives it to JSON's).
        if (Object.values(response.content).some((m) => isJson(m) && m.schema !== undefined)) continue;
        for (const [type, media] of Object.entries(response.content)) {
          if (!isJsonMediaType(type) || !isJson(media) || media.schema !== undefined) continue;
          const schema = exampleSchema(shownValues(cut, media));
          if (!schema) continue;
          media.schema = schema;
          changed.push(
            `paths.${path}.${method}.responses.${status}.content.${type}.schema (the schema its example shows)`,
          );
        }
      }
    }
  return changed;
}

/** The values a media type's `example` and `examples` give (a named example's `value`, its `$ref` followed). */
function shownValues(cut: Json, media: Json): unknown[] {
  const named = Object.values(isJson(media.examples) ? media.examples : {})
    .map((e) => resolved(cut, e))
    .flatMap((e) => (isJson(e) && "value" in e ? [e.value] : []));
  return media.example === undefined ? named : [media.example, ...named];
}

/**
 * The schema examples show: an object of the fields they give (a field whose values differ in kind, or are only null,
 * of no type), or a list of such records; undefined when they show no record.
 */
export function exampleSchema(shown: readonly unknown[]): Json | undefined {
  if (!shown.length) return undefined;
  const records = shown.every(isJson) || shown.every((e) => Array.isArray(e) && e.length > 0 && e.every(isJson));
  return records ? schemaOf(shown, 0) : undefined;
}

function schemaOf(values: readonly unknown[], depth: number): Json {
  const kinds = new Set(values.filter((v) => v !== null).map(kindOf));
  const [kind] = [...kinds];
  if (kinds.size !== 1 || kind === undefined) return {};
  if (kind === "object") {
    if (depth >= DEPTH) return { type: "object" };
    const records = values.filter(isJson);
    const names = [...new Set(records.flatMap((r) => Object.keys(r)))];
    const fields = names.map((n) => [
      n,
      schemaOf(
        records.flatMap((r) => (n in r ? [r[n]] : [])),
        depth + 1,
      ),
    ]);
    return { type: "object", properties: Object.fromEntries(fields) };
  }
  if (kind === "array") {
    const items = values.flatMap((v) => (Array.isArray(v) ? v : []));
    return items.length && depth < DEPTH ? { type: "array", items: schemaOf(items, depth + 1) } : { type: "array" };
  }
  return { type: kind };
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}
