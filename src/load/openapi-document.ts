// Read access to an OpenAPI 3.x document for the link step: operations by id,
// their parameters, bodies and responses, with local `$ref`s resolved (read once: operations/operation-reading.ts),
// and the schemas' places, nulls and requirements (a manifest value's fit: schemas/value-fits.ts).
import { parsePointer } from "@blockwright/runtime/internal/generate";
import { refPath, valueAt } from "./json-ref.js";
import type { YamlSource } from "./yaml-source.js";
import { OperationIndex } from "./operation-index.js";
import { readOperations } from "./operations/operation-reading.js";
import { fitsFlat } from "./schemas/value-fits.js";
import { AllOfMerge } from "./schemas/all-of-merge.js";
import { usesJsonSchema2020 } from "./openapi-json-schema.js";
import {
  bareMediaType,
  carriesNoContent,
  isJsonMediaType,
  isJsonTextBodyMedia,
  isRawBodyMedia,
  isTextBodyMedia,
  isXmlMediaType,
  jsonMediaType,
  FORM_MEDIA_TYPE,
  MULTIPART_MEDIA_TYPE,
} from "./media-types.js";
import { firstAcross, requiredUnlisted, typeOf, unionOf, valuesAcross } from "./schema-types.js";

// What a schema is (its JSON type, its union's variants), kept beside the document for the modules that read both.
export { typedVariantsType, typeOf, unionOf, valuesType } from "./schema-types.js";

export {
  bareMediaType,
  isJsonMediaType,
  isJsonTextBodyMedia,
  isRawBodyMedia,
  isTextBodyMedia,
  isXmlMediaType,
  jsonMediaType,
  FORM_MEDIA_TYPE,
  MULTIPART_MEDIA_TYPE,
};

import {
  declaredParameter,
  type Schema,
  type SurfaceSchemas,
  type OpenApiResponse,
  type OpenApiOperation,
  type UnionCrossing,
} from "./openapi-types.js";

export {
  declaredParameter,
  OPERATION_METHODS,
  sendsFieldsAsPairs,
  slotKey,
  type Schema,
  type SurfaceSchemas,
  type OpenApiParameter,
  type OpenApiResponse,
  type OpenApiOperation,
  type OpenApiRequestBody,
  type UnionCrossing,
} from "./openapi-types.js";

export { type CredentialPlacement, credentialOf, type SecurityScheme } from "./security-schemes.js";
import { type SecurityScheme, securityNames } from "./security-schemes.js";

/** An array index in a pointer: `0`, `1`, … or, counted from the end, `-1`, `-2`, … */
const ARRAY_INDEX = /^(\d+|-[1-9]\d*)$/;

export class OpenApiDocument {
  readonly operations = new OperationIndex<OpenApiOperation>();
  readonly securitySchemes: Record<string, SecurityScheme>;
  readonly globalSecurity: string[] | undefined;
  /** Whether `nullable` is a word of the document's schemas: OpenAPI 3.0's; 3.1 and 3.2 say null by a type alone. */
  readonly nullableKeyword: boolean;

  constructor(readonly source: YamlSource) {
    const doc = source.data as Schema;
    this.nullableKeyword = !usesJsonSchema2020(String(doc.openapi ?? ""));
    const components = (doc.components ?? {}) as Schema;
    this.securitySchemes = (components.securitySchemes ?? {}) as Record<string, SecurityScheme>;
    this.globalSecurity = securityNames(doc.security);
    for (const op of readOperations({
      data: doc,
      resolve: (value) => this.resolve(value),
      securitySchemes: this.securitySchemes,
      globalSecurity: this.globalSecurity,
    }))
      this.operations.set(op.operationId, op);
  }

  /**
   * The success response whose body an operation's outputs read: the lowest 2xx status with a JSON body. (A 2xx
   * without a body, such as a 200 "already exists", and any answer to HEAD, whatever a document declares (RFC 9110),
   * carry no outputs; `undefined` when none has one.) Outputs, polling, pagination, the surface and the contract tests
   * all ask here, so they agree.
   */
  bodyResponse(op: OpenApiOperation): (OpenApiResponse & { schema: Schema }) | undefined {
    if (op.method.toLowerCase() === "head") return undefined;
    let best: (OpenApiResponse & { schema: Schema }) | undefined;
    for (const r of op.responses) {
      const status = Number(r.status);
      // An answer that carries no content has no body, whatever a document declares (Miro's 204 declares a JSON
      // object).
      if (
        r.schema &&
        status >= 200 &&
        status < 300 &&
        !carriesNoContent(status) &&
        (!best || status < Number(best.status))
      )
        best = r as OpenApiResponse & { schema: Schema };
    }
    return best;
  }

  /**
   * What the surface needs: the schema of the body an operation's outputs read (its `$ref`s unresolved below the top)
   * and a `$ref` resolver.
   */
  surfaceSchemas(): Pick<SurfaceSchemas, "bodySchema" | "requestSchema" | "resolveRef" | "declaredAt" | "security"> {
    return {
      declaredAt: (operationId, place, name) => {
        const op = this.operations.get(operationId);
        if (!op) return undefined;
        if (place !== "body") return declaredParameter(op, place, name) as unknown as Schema | undefined;
        if (!op.requestBody) return undefined;
        try {
          const found = this.locate(op.requestBody.schema, parsePointer(name)).schema;
          return found ? this.flatten(found) : undefined;
        } catch {
          return undefined;
        }
      },
      security: (operationId) => {
        const op = this.operations.get(operationId);
        const raw = op ? (valueAt(this.source.data, op.location) as Schema | undefined) : undefined;
        const security = raw?.security ?? (this.source.data as Schema).security;
        if (!Array.isArray(security)) return undefined;
        return security.map((r) =>
          Object.fromEntries(
            Object.entries((r ?? {}) as Record<string, unknown>).map(([k, v]) => [
              k,
              Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
            ]),
          ),
        );
      },
      requestSchema: (operationId) => this.operations.get(operationId)?.requestBody?.schema,
      bodySchema: (operationId) => {
        const op = this.operations.get(operationId);
        return op ? this.bodyResponse(op)?.schema : undefined;
      },
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
      const target = valueAt(this.source.data, refPath(ref));
      if (target === undefined) throw new Error(`${this.source.file}: unresolved $ref ${ref}`);
      current = target as Schema;
    }
    return current;
  }

  /**
   * The schema reached by following `pointer` (property names, or array
   * indexes, `-1` being the last item) from `schema`; `undefined` when the
   * schema declares no such place. Through `anyOf`/`oneOf`, the first
   * variant that has the place (`locate` says which do), without a format or
   * pattern the variants give it apart (firstAcross).
   */
  schemaAt(schema: Schema, pointer: readonly string[]): Schema | undefined {
    return this.locate(schema, pointer).schema;
  }

  /**
   * `pointer` followed from `schema`, through `allOf` (merged) and through
   * each variant of an `anyOf`/`oneOf` met on the way: the schema found (in
   * the first variant that has the place), and for each union crossed, its
   * variants and those that have the place.
   */
  locate(schema: Schema, pointer: readonly string[]): { schema: Schema | undefined; unions: UnionCrossing[] } {
    const unions: UnionCrossing[] = [];
    return { schema: this.walk(schema, pointer, 0, unions, 0), unions };
  }

  private walk(
    schema: Schema,
    pointer: readonly string[],
    from: number,
    unions: UnionCrossing[],
    depth: number,
  ): Schema | undefined {
    if (depth > 16) return undefined;
    let current: Schema | undefined = this.flattenAt(schema);
    for (let i = from; i < pointer.length; i++) {
      if (!current) return undefined;
      const segment = pointer[i] as string;
      const variants = unionOf(current);
      const own = ((current.properties ?? {}) as Record<string, Schema>)[segment] ?? requiredUnlisted(current, segment);
      if (variants && !own && typeOf(current) !== "array") {
        const found = variants.map((v) => this.walk(v, pointer, i, unions, depth + 1));
        unions.push({
          at: pointer.slice(0, i),
          variants: variants.map((v, k) => this.variantLabel(v, k)),
          carrying: variants.flatMap((v, k) => (found[k] ? [this.variantLabel(v, k)] : [])),
        });
        return valuesAcross(found) ?? firstAcross(found);
      }
      if (typeOf(current) === "array" || (current.items && ARRAY_INDEX.test(segment))) {
        if (!ARRAY_INDEX.test(segment)) return undefined;
        current = current.items ? this.flattenAt(current.items as Schema) : undefined;
        continue;
      }
      current = own ? this.flattenAt(own) : undefined;
    }
    return current;
  }

  /** How a variant of a union is named in messages: its schema's name, its title, or its type (`string ""`). */
  variantLabel(variant: Schema, index: number): string {
    const name = typeof variant.$ref === "string" ? variant.$ref.split("/").pop() : undefined;
    const flat = this.flatten(variant);
    const title = typeof flat.title === "string" ? flat.title : undefined;
    if (name) return title && title !== name ? `${name} (${title})` : name;
    if (title) return title;
    const type = typeOf(flat);
    if (Array.isArray(flat.enum)) return `${type ?? "value"} ${flat.enum.map((v) => JSON.stringify(v)).join(" | ")}`;
    return type ? `${type} #${index}` : `variant #${index}`;
  }

  /**
   * Whether a reply that conforms to `schema` always has a value at
   * `pointer`: every step is a property the object requires (an array item
   * is never guaranteed, the list may be shorter), in every variant of a
   * union crossed. (It may be null: admitsNull says.)
   */
  isGuaranteed(schema: Schema, pointer: readonly string[]): boolean {
    return this.guaranteed(schema, pointer, 0, 0);
  }

  private guaranteed(schema: Schema, pointer: readonly string[], from: number, depth: number): boolean {
    if (depth > 16) return false;
    let current: Schema | undefined = this.flatten(schema);
    for (let i = from; i < pointer.length; i++) {
      const segment = pointer[i] as string;
      if (!current || typeOf(current) === "array") return false;
      const variants = unionOf(current);
      if (variants && !(current.properties as Record<string, Schema> | undefined)?.[segment])
        return variants.every((v) => this.guaranteed(v, pointer, i, depth + 1));
      if (!this.isRequired(current, segment)) return false;
      const next: Schema | undefined = ((current.properties ?? {}) as Record<string, Schema>)[segment];
      current = next ? this.flatten(next) : undefined;
    }
    return current !== undefined;
  }

  /**
   * Whether null is a value of the schema: OpenAPI 3.0's `nullable` (beside a `$ref` too), 3.1's `null` type, a null in
   * its enum, or a null alternative of a union; an enum without null leaves it out, whatever the type or union beside.
   */
  admitsNull(schema: Schema): boolean {
    return this.nullIn(schema, this.nullableKeyword);
  }

  /**
   * Whether an answer may hold null there: admitsNull, or a `nullable: true` a 3.1 document still writes (3.0's word,
   * which the request judge does not read there): a value sent is held to the letter, an answer read as meant.
   */
  mayAnswerNull(schema: Schema): boolean {
    return this.nullIn(schema, true);
  }

  private nullIn(schema: Schema, nullable: boolean, depth = 0): boolean {
    if (depth > 16) return false;
    const flat = this.flatten(schema);
    // Flattening follows a `$ref` and drops what is beside it: `{$ref, nullable: true}` is read on the schema too.
    if (nullable && (schema.nullable === true || flat.nullable === true)) return true;
    if (Array.isArray(flat.enum)) return flat.enum.includes(null); // it holds beside a type or a union (JSON Schema)
    if (flat.type === "null" || (Array.isArray(flat.type) && flat.type.includes("null"))) return true;
    return (unionOf(flat) ?? []).some((v) => this.nullIn(v, nullable, depth + 1));
  }

  /** Whether `property` is required in the object `schema`. */
  isRequired(schema: Schema, property: string): boolean {
    const flat = this.flatten(schema);
    return Array.isArray(flat.required) && (flat.required as string[]).includes(property);
  }

  /**
   * Whether a value written in the manifest fits a schema: its type and
   * enum. With `asText`, the text forms of numbers and booleans count too
   * (a value sent in the address, a header or a form is text).
   */
  fits(value: unknown, schema: Schema, asText: boolean): boolean {
    return fitsFlat(value, this.flatten(schema), asText);
  }

  private readonly allOf = new AllOfMerge((s) => this.resolve(s));

  /**
   * Resolve `$ref`s and merge `allOf` members into one schema, the schema's own keywords a member too (first), the
   * tighter of two bounds kept; a property several of them name is the merge of every one's schema (all-of-merge.ts).
   */
  flatten(schema: Schema): Schema {
    return this.allOf.flatten(schema);
  }

  /**
   * The schema at a place, flattened, keeping a `nullable: true` written beside its `$ref` (`{$ref: Kind, nullable:
   * true}`), which flattening drops: 3.0 ignores a reference's siblings, but the request judge and the mocks read it as
   * "that schema, or null" (openapi-json-schema.ts), and so must the link where the draft offered null (admitsNull).
   */
  private flattenAt(schema: Schema): Schema {
    const flat = this.flatten(schema);
    if (!this.nullableKeyword || schema.nullable !== true || typeof schema.$ref !== "string" || this.admitsNull(flat))
      return flat;
    return { ...flat, nullable: true };
  }

  /** The schema as written of one `flatten` gave (the document's own object, with its `allOf`); else the schema. */
  unflattened(schema: Schema): Schema {
    return this.allOf.sourceOf(schema);
  }
}
