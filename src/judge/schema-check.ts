// A value held against the schema of the document at a place, as a request
// must meet it: every schema registered once per judge (as the example check
// registers them, load/openapi-examples.ts), with the `readOnly` fields taken
// out of `required` (a request never sends them; OpenAPI 3.x), and the first
// error that is a reason told with its JSON pointer in the value.
import { type OutputUnit, type Schema, validate } from "@cfworker/json-schema";
import { describe, rootCause } from "../load/example-errors.js";
import { refPath } from "../load/json-ref.js";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { documentSchemas, schemaUri } from "../load/openapi-examples.js";
import type { Path } from "./operations.js";

type Registered = Record<string, unknown> & { __absolute_ref__?: string };

export interface SchemaMiss {
  /** Where in the value (a JSON pointer's segments). */
  path: string[];
  message: string;
}

export interface SchemaChecker {
  /** The first reason `value` does not meet the schema at `at` (its `$ref`s followed), if any. */
  check(value: unknown, at: Path): SchemaMiss | undefined;
}

export function schemaChecker(document: OpenApiDocument): SchemaChecker {
  const { source } = document;
  let schemas: ReturnType<typeof documentSchemas> | undefined;
  const registered = () => {
    if (!schemas) {
      schemas = documentSchemas(new Map([[source.file, source]]), source.file);
      withoutReadOnlyRequired(schemas.lookup);
    }
    return schemas;
  };
  return {
    check(value, at) {
      const { lookup, draft } = registered();
      const schema = lookup[schemaUri(source.file, at)];
      if (schema === undefined) return undefined;
      let errors: OutputUnit[];
      try {
        errors = validate(value, schema, draft, lookup, false).errors;
      } catch {
        // A schema the validator cannot use (a reference it cannot resolve) is generation's to report.
        return undefined;
      }
      const cause = rootCause(errors);
      if (!cause) return undefined;
      const path = [...refPath(cause.instanceLocation)];
      return { path, message: describe(cause, path, value, "the value") };
    },
  };
}

/** Every registered schema's `required` without the fields its `properties` mark `readOnly`. */
function withoutReadOnlyRequired(lookup: Record<string, Schema | boolean>): void {
  const seen = new Set<unknown>();
  for (const schema of Object.values(lookup)) {
    if (!schema || typeof schema !== "object" || seen.has(schema)) continue;
    seen.add(schema);
    const node = schema as Registered;
    if (!Array.isArray(node.required) || !node.properties || typeof node.properties !== "object") continue;
    const props = node.properties as Record<string, unknown>;
    node.required = node.required.filter((name) => !isReadOnly(Object.hasOwn(props, String(name)) ? props[String(name)] : undefined, lookup));
  }
}

function isReadOnly(schema: unknown, lookup: Record<string, Schema | boolean>, depth = 0): boolean {
  if (!schema || typeof schema !== "object" || depth > 16) return false;
  const node = schema as Registered;
  if (node.readOnly === true) return true;
  if (typeof node.__absolute_ref__ === "string") return isReadOnly(lookup[node.__absolute_ref__], lookup, depth + 1);
  // A 3.0 `nullable` schema is wrapped as `anyOf: [{type: null}, schema]` (openapi-json-schema.ts wrapNullable).
  const wrapped = Array.isArray(node.anyOf) && node.anyOf.length === 2 && Object.keys(node).length === 1 ? node.anyOf[1] : undefined;
  return wrapped !== undefined && isReadOnly(wrapped, lookup, depth + 1);
}
