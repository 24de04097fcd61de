// Keywords no reader can hold, left out of the cut add writes, each with a note: the rule the API means is the
// document's to say, not ours to guess.
//
// A `type` that names no type: a schema written where the type's name goes (`itemType: {type: {enum: [Unknown,
// Service], type: string}}`), where JSON Schema and OpenAPI take a name or a list of names. The request judge's
// validator refuses the schema, and the contract suite found no value of the field that passes its own rules, so
// every case of the operation failed before it ran. Without it the schema takes any value, as one without `type` does.
//
// A `pattern` that is no ECMAScript regular expression in any reading (`^(zq$`: a group never closed), with the
// Unicode flag JSON Schema's validators use or without it (load-rewrites.ts reads it so where it can): the runtime
// cannot check a value against it, the mocks' validator and the request judge cannot compile it, and a manifest can
// neither state it (BW2008) nor leave it out (BW2006), so generate refused add's own draft. So for a pattern no text
// matches (` ^[-\w._()]+[^.]$`: a space, then the text's start): every value a call could send is refused, and
// generate refused the draft (BW2014); it is no rule the service holds as written.
//
// Swagger 2.0's `type: file` as converters carried it into OpenAPI 3, `{type: object, format: file}` (a body that is
// an image's bytes): read as JSON Schema it is an object, so the draft sent the file's place a JSON object of fields,
// as multipart parts, while the service reads the bytes. Written as OpenAPI 3's file, `{type: string, format: binary}`.
import { matchesNothing } from "../../link/param-limits/pattern-length.js";
import { readPattern } from "../../load/load-rewrites.js";
import { JSON_TYPE_NAMES } from "../../load/schemas/type-aliases.js";
import { MANY_SCHEMA_KEYS, ONE_SCHEMA_KEYS } from "../../load/openapi-json-schema.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/**
 * Keywords whose value is one schema (the load's, and 2019's `additionalItems`, 2020's `contentSchema`), those whose
 * value is a list of schemas (`items` as draft 4 wrote a tuple), and those a map of them by name.
 */
const ONE: ReadonlySet<string> = new Set([...ONE_SCHEMA_KEYS, "additionalItems", "contentSchema"]);
const LIST: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
const MAP: ReadonlySet<string> = new Set([...MANY_SCHEMA_KEYS].filter((key) => !LIST.has(key)));
/** Keys whose values are data (examples, defaults, enums): their `type` is no keyword. */
const DATA = new Set(["example", "examples", "default", "enum", "const"]);

function namesTypes(type: unknown): boolean {
  const names = Array.isArray(type) ? type : [type];
  return names.every((name) => typeof name === "string" && JSON_TYPE_NAMES.has(name));
}

/** The `type` as the cut's header quotes it: its JSON text, cut short. */
function quoted(type: unknown): string {
  const text = JSON.stringify(type) ?? String(type);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * The cut without the `type`s that name no type (changed in place); each place changed, as
 * `components.schemas.Zq.definitions.zqKind (type {"description":…})`. Only schemas are read, found where the
 * document puts them (a `schema`, `components.schemas`, and the keywords that hold schemas): a field named `type`
 * among an object's `properties` is the field's schema, not a type.
 */
export function withoutUnreadableTypes(cut: Json): string[] {
  const changed: string[] = [];
  eachSchema(cut, (schema, at) => {
    if (schema.type === undefined || namesTypes(schema.type)) return;
    changed.push(`${at.join(".")} (type ${quoted(schema.type)})`);
    delete schema.type;
  });
  return changed;
}

/**
 * Calls `visit` on each schema of `cut`, each once, with the keys that lead to it, found where the document puts
 * them: a `schema`, `components.schemas`, and the keywords that hold schemas (not data, not extensions).
 */
export function eachSchema(cut: Json, visit: (schema: Json, at: string[]) => void): void {
  const seen = new Set<object>();
  const walk = (node: unknown, at: string[], kind: "schema" | "map" | "document"): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...at, String(i)], kind);
      return;
    }
    const object = node as Json;
    if (kind === "schema") visit(object, at);
    for (const [key, child] of Object.entries(object)) {
      if (kind === "map") walk(child, [...at, key], "schema");
      else if (DATA.has(key) || key.startsWith("x-")) continue;
      else if (kind === "document")
        walk(child, [...at, key], key === "schema" ? "schema" : key === "schemas" ? "map" : "document");
      else if (MAP.has(key)) walk(child, [...at, key], "map");
      else if (ONE.has(key) || LIST.has(key)) walk(child, [...at, key], "schema");
    }
  };
  walk(cut, [], "document");
}

/** The review note on the `type`s left out, if add left out some. */
export function unreadableTypeNotes(changed: readonly string[]): ReviewNote[] {
  if (!changed.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml leaves out ${changed.join(", ")}: a type names a type (string, object, …) or lists them, ` +
        "so no validator (the mocks', the request judge's) could read the schema and no value could be made for it; " +
        "it takes any value now: write the rule the API means, here and on the parameter",
    },
  ];
}

/** Keys whose values are data (examples, defaults, enums) or extensions: their `pattern` is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/**
 * The cut without the patterns no reading compiles or no text matches (changed in place); each place changed, as
 * `components.schemas.Zq.properties.code (pattern "^(zq$")` or `… (pattern " ^zq$": no text matches it)`.
 */
export function withoutUnreadablePatterns(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (typeof schema.pattern !== "string") return undefined;
      const read = readPattern(schema.pattern);
      if (read !== undefined && !matchesNothing(read)) return undefined;
      const what = `pattern ${JSON.stringify(schema.pattern)}${read === undefined ? "" : ": no text matches it"}`;
      delete schema.pattern;
      return what;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}

/**
 * Swagger 2.0's file as converters carry it into OpenAPI 3: `{type: object, format: file}` (or `type: file`); or as
 * a document written for OpenAPI 3 keeps Swagger 2.0's own spelling, `{type: file}` (no such type in JSON Schema).
 */
export function isSwaggerFile(schema: Json | undefined): boolean {
  if (schema?.type === "file") return schema.format === undefined || schema.format === "file";
  return schema?.format === "file" && schema.type === "object";
}

/**
 * The cut with Swagger 2.0's files as OpenAPI 3 writes them (changed in place): `{type: object, format: file}` becomes
 * `{type: string, format: binary}` (before withoutUnreadableTypes, which would read `type: file` as no type); each
 * place changed, as `components.requestBodies.Zq.content.image/gif.schema
 * (Swagger 2.0's file as type string, format binary)`.
 */
export function withSwaggerFilesAsBinary(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (!isSwaggerFile(schema)) return undefined;
      schema.type = "string";
      schema.format = "binary";
      return "Swagger 2.0's file as type string, format binary";
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}
