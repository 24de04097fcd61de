// Read access to an OpenAPI 3.x document for the link step: operations by id,
// their parameters, bodies and responses, with local `$ref`s resolved.
import type { YamlSource } from "../yaml/yaml-source.js";

export type Schema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Schema;
}

export interface OpenApiResponse {
  status: string;
  description: string;
  schema?: Schema;
  examples: Record<string, unknown>;
  /** Names of the `examples` a mock can be asked for (`Prefer: example=<name>`). */
  exampleNames: string[];
}

export interface OpenApiOperation {
  operationId: string;
  method: string;
  path: string;
  /** Location of the operation object in the document, for error messages. */
  location: (string | number)[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; schema: Schema };
  responses: OpenApiResponse[];
  security: string[] | undefined;
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export class OpenApiDocument {
  readonly operations = new Map<string, OpenApiOperation>();
  readonly securitySchemes: Record<string, SecurityScheme>;
  readonly globalSecurity: string[] | undefined;

  constructor(readonly source: YamlSource) {
    const doc = source.data as Schema;
    const components = (doc.components ?? {}) as Schema;
    this.securitySchemes = (components.securitySchemes ?? {}) as Record<string, SecurityScheme>;
    this.globalSecurity = securityNames(doc.security);
    const paths = (doc.paths ?? {}) as Record<string, Schema>;
    for (const [path, rawItem] of Object.entries(paths)) {
      const item = this.resolve(rawItem);
      const shared = (item.parameters as unknown[] | undefined) ?? [];
      for (const method of METHODS) {
        const op = item[method] as Schema | undefined;
        if (!op || typeof op.operationId !== "string") continue;
        const parameters = new Map<string, OpenApiParameter>();
        for (const raw of [...shared, ...((op.parameters as unknown[]) ?? [])]) {
          const p = this.resolve(raw as Schema) as unknown as OpenApiParameter;
          parameters.set(`${p.in}:${p.name}`, { ...p, required: Boolean(p.required), schema: this.resolve((p.schema ?? {}) as Schema) });
        }
        const body = op.requestBody ? this.resolve(op.requestBody as Schema) : undefined;
        const bodySchema = body ? this.jsonSchemaOf(body) : undefined;
        this.operations.set(op.operationId, {
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          location: ["paths", path, method],
          parameters: [...parameters.values()],
          requestBody: body && bodySchema ? { required: Boolean(body.required), schema: bodySchema } : undefined,
          responses: Object.entries((op.responses ?? {}) as Record<string, Schema>).map(([status, raw]) => {
            const response = this.resolve(raw);
            const media = this.jsonMedia(response);
            return {
              status,
              description: String(response.description ?? ""),
              schema: media?.schema ? this.resolve(media.schema as Schema) : undefined,
              examples: this.examplesOf(media),
              exampleNames: Object.keys((media?.examples ?? {}) as object).sort(),
            };
          }),
          security: op.security === undefined ? this.globalSecurity : securityNames(op.security),
        });
      }
    }
  }

  /** What the surface needs: an operation's response schema (its `$ref`s unresolved below the top) and a `$ref` resolver. */
  surfaceSchemas(): { responseSchema(operationId: string, status: number): Schema | undefined; resolveRef(ref: string): Schema | undefined } {
    return {
      responseSchema: (operationId, status) => this.operations.get(operationId)?.responses.find((r) => Number(r.status) === status)?.schema,
      resolveRef: (ref) => {
        try {
          return this.resolve({ $ref: ref });
        } catch {
          return undefined;
        }
      },
    };
  }

  /** Follow local `$ref`s (`#/components/...`) until a concrete object. */
  resolve(value: Schema): Schema {
    let current = value;
    for (let depth = 0; current && typeof current.$ref === "string"; depth++) {
      if (depth > 32) throw new Error(`${this.source.file}: $ref chain too deep at ${String(current.$ref)}`);
      const ref = current.$ref as string;
      if (!ref.startsWith("#/")) throw new Error(`${this.source.file}: only local $refs are supported, got ${ref}`);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], this.source.data);
      if (target === undefined) throw new Error(`${this.source.file}: unresolved $ref ${ref}`);
      current = target as Schema;
    }
    return current;
  }

  /**
   * The schema reached by following `pointer` (property names, or array
   * indexes) from `schema`; `undefined` when the schema declares no such place.
   */
  schemaAt(schema: Schema, pointer: readonly string[]): Schema | undefined {
    let current: Schema | undefined = this.flatten(schema);
    for (const segment of pointer) {
      if (!current) return undefined;
      if (typeOf(current) === "array" || (current.items && /^\d+$/.test(segment))) {
        if (!/^\d+$/.test(segment)) return undefined;
        current = current.items ? this.flatten(current.items as Schema) : undefined;
        continue;
      }
      const properties = (current.properties ?? {}) as Record<string, Schema>;
      const next: Schema | undefined = properties[segment];
      current = next ? this.flatten(next) : undefined;
    }
    return current;
  }

  /**
   * Whether a reply that conforms to `schema` always has a value at
   * `pointer`: every step is a property the object requires (an array item
   * is never guaranteed, the list may be shorter).
   */
  isGuaranteed(schema: Schema, pointer: readonly string[]): boolean {
    let current: Schema | undefined = this.flatten(schema);
    for (const segment of pointer) {
      if (!current || typeOf(current) === "array" || !this.isRequired(current, segment)) return false;
      const next: Schema | undefined = ((current.properties ?? {}) as Record<string, Schema>)[segment];
      current = next ? this.flatten(next) : undefined;
    }
    return current !== undefined;
  }

  /** Whether `property` is required in the object `schema`. */
  isRequired(schema: Schema, property: string): boolean {
    const flat = this.flatten(schema);
    return Array.isArray(flat.required) && (flat.required as string[]).includes(property);
  }

  /** Resolve `$ref`s and merge `allOf` members into one schema. */
  flatten(schema: Schema): Schema {
    const resolved = this.resolve(schema);
    if (!Array.isArray(resolved.allOf)) return resolved;
    const merged: Schema = { ...resolved, allOf: undefined };
    const properties: Record<string, Schema> = { ...((resolved.properties as Record<string, Schema>) ?? {}) };
    const required = new Set<string>((resolved.required as string[]) ?? []);
    for (const member of resolved.allOf as Schema[]) {
      const flat = this.flatten(member);
      Object.assign(properties, flat.properties ?? {});
      for (const r of (flat.required as string[]) ?? []) required.add(r);
      for (const [k, v] of Object.entries(flat)) {
        if (k !== "properties" && k !== "required" && merged[k] === undefined) merged[k] = v;
      }
    }
    merged.properties = properties;
    merged.required = [...required];
    delete merged.allOf;
    return merged;
  }

  private jsonMedia(container: Schema): Schema | undefined {
    const content = (container.content ?? {}) as Record<string, Schema>;
    const key = Object.keys(content).find((k) => k === "application/json" || /\+json$|\/json$/.test(k));
    return key ? content[key] : undefined;
  }

  private jsonSchemaOf(container: Schema): Schema | undefined {
    const media = this.jsonMedia(container);
    return media?.schema ? this.resolve(media.schema as Schema) : undefined;
  }

  private examplesOf(media: Schema | undefined): Record<string, unknown> {
    if (!media) return {};
    const out: Record<string, unknown> = {};
    if (media.example !== undefined) out.default = media.example;
    for (const [name, raw] of Object.entries((media.examples ?? {}) as Record<string, Schema>)) {
      out[name] = this.resolve(raw).value;
    }
    return out;
  }
}

/** The JSON type a schema describes (`integer` is reported as `integer`). */
export function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== "null") as string | undefined;
  if (typeof t === "string") return t;
  if (schema.properties || schema.additionalProperties) return "object";
  if (schema.items) return "array";
  return undefined;
}

function securityNames(security: unknown): string[] | undefined {
  if (!Array.isArray(security)) return undefined;
  return security.flatMap((requirement) => Object.keys(requirement as object));
}
