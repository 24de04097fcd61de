// A value held against the schema of the document at a place, as a request
// must meet it: every schema registered once per judge (as the example check
// registers them, load/examples/openapi-examples.ts), with the `readOnly` fields taken
// out of `required` (a request never sends them; OpenAPI 3.x) and `allOf`
// members that each close the object read as their publisher means them (as
// the mocks read them: src/mocks/open-all-of.ts), a `oneOf` branch open to
// any object read as "none of the other branches" (open-one-of.ts), and the
// first error that is a reason told with its JSON pointer in the value.
import { type OutputUnit, type Schema, validate } from "@cfworker/json-schema";
import { describe, rootCause, withFalsePlaced } from "../load/examples/example-errors.js";
import { refPath, valueAt } from "../load/json-ref.js";
import { withoutFileTextRules } from "../load/media-types.js";
import { isEnumOfLabels, withValueEnum } from "../load/text-enum.js";
import type { OpenApiDocument } from "../load/openapi-document.js";
import {
  type DocumentSchemas,
  documentSchemas,
  REQUEST_FORMATS,
  schemaUri,
} from "../load/examples/openapi-examples.js";
import { withBaseRefsAsKinds } from "../load/schemas/base-kinds.js";
import { exhaustively, withKindsGuarded } from "../load/schemas/guarded-kinds.js";
import { discriminatorMiss, markBaseKinds, withDiscriminatedKinds } from "../load/examples/discriminated-kinds.js";
import { withOpenAllOfMembers } from "./open-all-of-lookup.js";
import { withOpenBranchesAsNoneOfTheOthers } from "./open-one-of.js";
import { withPlainFormsAsAnyOf } from "./plain-one-of.js";
import type { Path } from "./operations.js";
import { isMergePatchPlace, registeredPatchView } from "../load/schemas/merge-patch.js";

type Registered = Record<string, unknown> & { __absolute_ref__?: string };

export interface SchemaMiss {
  /** Where in the value (a JSON pointer's segments). */
  path: string[];
  message: string;
  /**
   * The rule broken where it is not the schema's shapes: a discriminator's value
   * (load/examples/discriminated-kinds.ts).
   */
  rule?: "discriminator";
}

export interface SchemaChecker {
  /**
   * The first reason `value` does not meet the schema at `at` (its `$ref`s followed), if any; `mergePatch`: a merge
   * patch's body, held to its patch view (load/schemas/merge-patch.ts), as a place under a merge patch's type is.
   */
  check(value: unknown, at: Path, mergePatch?: boolean): SchemaMiss | undefined;
}

/**
 * Each document's schemas as the judge reads them, by the document's data: registered once, where each judge and
 * checker of one document (the suite's read-back judge per credential rule, the made bodies' checker) registered them
 * again (a whole Stripe cut, 0.1–0.2 s each). Nothing changes them once made; a document of other data has its own.
 */
const registeredByData = new WeakMap<object, DocumentSchemas>();

/** The document's schemas registered and read as the judge reads them (once for its data). */
export function judgedSchemas(document: OpenApiDocument): DocumentSchemas {
  const { source } = document;
  const data = source.data;
  const known = data !== null && typeof data === "object" ? registeredByData.get(data) : undefined;
  if (known) return known;
  const schemas = documentSchemas(new Map([[source.file, source]]), source.file, REQUEST_FORMATS);
  withoutReadOnlyRequired(schemas.lookup);
  withFileContentUnjudged(schemas.lookup, source.file, data);
  const kinds = withBaseRefsAsKinds(schemas.lookup, data, markBaseKinds) + withDiscriminatedKinds(schemas.lookup, data);
  withOpenAllOfMembers(schemas.lookup);
  withOpenBranchesAsNoneOfTheOthers(schemas.lookup);
  withPlainFormsAsAnyOf(schemas.lookup);
  // Last, over the unions as read: a union of kinds checks the kind its property names (load/schemas/guarded-kinds.ts),
  // a refusal's reasons read again with every kind's. A document with none (no discriminator read) is not walked.
  if (kinds) withKindsGuarded(schemas.lookup);
  if (data !== null && typeof data === "object") registeredByData.set(data, schemas);
  return schemas;
}

export function schemaChecker(document: OpenApiDocument): SchemaChecker {
  const { source } = document;
  let schemas: DocumentSchemas | undefined;
  const registered = () => (schemas ??= judgedSchemas(document));
  return {
    check(value, at, mergePatch) {
      const { lookup, draft } = registered();
      const letter = lookup[schemaUri(source.file, at)];
      if (letter === undefined) return undefined;
      const patch = mergePatch || isMergePatchPlace(at);
      // A merge patch's view is made from the unions as they were; a value met by the guarded unions needs no reason.
      if (!patch && passes(() => validate(value, letter, draft, lookup, true).valid)) return undefined;
      return exhaustively(lookup, () => {
        const schema = patch ? registeredPatchView(letter, lookup) : letter;
        let errors: OutputUnit[];
        try {
          errors = withFalsePlaced(validate(value, schema, draft, lookup, false).errors);
        } catch {
          // A schema the validator cannot use (a reference it cannot resolve) is generation's to report.
          return undefined;
        }
        const cause = rootCause(errors);
        if (!cause) return undefined;
        const kind = discriminatorMiss(errors, cause, schema, lookup, value);
        if (kind) return { path: kind.path, message: kind.message, rule: kind.rule };
        const path = [...refPath(cause.instanceLocation)];
        return { path, message: describe(cause, path, value, "the value") };
      });
    },
  };
}

/** Whether a check passes; false where the validator cannot use the schema (the full check then says nothing). */
function passes(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/**
 * Every registered schema's `required` without the fields its `properties` mark `readOnly`; a string's enum as texts,
 * and a number's or boolean's as values.
 */
function withoutReadOnlyRequired(lookup: Record<string, Schema | boolean>): void {
  const seen = new Set<unknown>();
  for (const schema of Object.values(lookup)) {
    if (!schema || typeof schema !== "object" || seen.has(schema)) continue;
    seen.add(schema);
    const node = schema as Registered;
    // A string's enum of numbers or booleans (YAML's unquoted `0`, `true`) allows their texts (load/text-enum.ts).
    const strings = node.type === "string" || (Array.isArray(node.type) && node.type.includes("string"));
    if (strings && Array.isArray(node.enum) && node.enum.some((v) => typeof v === "number" || typeof v === "boolean")) {
      node.enum = node.enum.map((v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v));
      // The values are listed: a format their texts cannot meet (`format: date` over `20160128`) is not held
      // (text-enum.ts).
      delete node.format;
    }
    // An enum of labels (`type: integer, enum: ["1 (Plan)"]`) lists no value of its type: the type is what is sent, as
    // the mocks read it (prism-schemas.ts).
    if (isEnumOfLabels(node)) delete node.enum;
    // The converse: a number's or boolean's enum listed as texts (`type: boolean, enum: ["false", "true"]`) lists
    // their values, which a value read as its type is (load/text-enum.ts).
    if (Array.isArray(node.enum)) node.enum = withValueEnum(node).enum as unknown[];
    if (!Array.isArray(node.required)) continue;
    const readOnly = readOnlyFields(node, lookup, new Set());
    if (readOnly.size) node.required = node.required.filter((name) => !readOnly.has(String(name)));
  }
}

/**
 * A file's schema without its `enum`, `const` and `pattern` (media-types.ts withoutFileTextRules): a file part is
 * judged by a stand-in of its bytes (multipart.ts). Its registered copy has lost its format (`REQUEST_FORMATS`): the
 * document's own schema at the place says it is a file.
 */
function withFileContentUnjudged(lookup: Record<string, Schema | boolean>, file: string, data: unknown): void {
  const prefix = schemaUri(file, []);
  for (const [uri, schema] of Object.entries(lookup)) {
    if (!schema || typeof schema !== "object" || !uri.startsWith(prefix)) continue;
    const node = schema as Registered;
    if (node.enum === undefined && node.const === undefined && node.pattern === undefined) continue;
    const source = valueAt(data, refPath(uri));
    if (source && typeof source === "object" && withoutFileTextRules({ ...(source as Registered) })) {
      delete node.enum;
      delete node.const;
      delete node.pattern;
    }
  }
}

/**
 * The fields a schema or any of its branches (`allOf`, `oneOf`, `anyOf`, through `$ref`s) declares readOnly (as
 * src/mocks/read-only-required.ts reads them).
 */
function readOnlyFields(schema: unknown, lookup: Record<string, Schema | boolean>, seen: Set<unknown>): Set<string> {
  const names = new Set<string>();
  let node = schema as Registered | undefined;
  for (let hops = 0; hops < 16 && node && typeof node.__absolute_ref__ === "string"; hops++)
    node = lookup[node.__absolute_ref__] as Registered | undefined;
  if (!node || typeof node !== "object" || seen.has(node)) return names;
  seen.add(node);
  const props = (node.properties ?? {}) as Record<string, unknown>;
  for (const [name, field] of Object.entries(props)) if (isReadOnly(field, lookup)) names.add(name);
  for (const key of ["allOf", "oneOf", "anyOf"])
    if (Array.isArray(node[key]))
      for (const branch of node[key] as unknown[])
        for (const name of readOnlyFields(branch, lookup, seen)) names.add(name);
  return names;
}

function isReadOnly(schema: unknown, lookup: Record<string, Schema | boolean>, depth = 0): boolean {
  if (!schema || typeof schema !== "object" || depth > 16) return false;
  const node = schema as Registered;
  if (node.readOnly === true) return true;
  if (typeof node.__absolute_ref__ === "string") return isReadOnly(lookup[node.__absolute_ref__], lookup, depth + 1);
  // An `allOf` member's annotation holds for the whole (`id: {allOf: [{description}, {$ref: Id}]}`, Id readOnly), as
  // the mocks and the suite's values read it (load/read-only.ts markedOnly).
  if (Array.isArray(node.allOf) && node.allOf.some((member) => isReadOnly(member, lookup, depth + 1))) return true;
  // A 3.0 `nullable` schema is wrapped as `anyOf: [{type: null}, schema]` (openapi-json-schema.ts wrapNullable).
  const wrapped =
    Array.isArray(node.anyOf) && node.anyOf.length === 2 && Object.keys(node).length === 1 ? node.anyOf[1] : undefined;
  return wrapped !== undefined && isReadOnly(wrapped, lookup, depth + 1);
}
