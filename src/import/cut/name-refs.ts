// A `$ref` that is a name, not a reference (`App\Entity\Queue`, `Pet`: no `#`, no folder, no extension, no file of
// that name: isNameRef), which the bundle of a published document leaves as written, read by the place it stands in,
// as a `$ref` to `#/components/…` that names nothing in the document is read there: a schema, a response or a header
// gets a stand-in (any value; a response whose body is not known), added beside the others and named in a note; a
// parameter, a request body, an example or another part, which has none, refuses the operation named, saying it is a
// name, and leaves out one a group took (all, a tag, a path prefix), named in a note: the user wants the others. A
// name is never read as the component of that name: Swagger 2.0 and OpenAPI 3 read a `$ref` as a URI, of which a bare
// name is a file's (Swagger 1.2's `"$ref": "Pet"` named a model, and some 2.0 readers still read it so). Where the
// published document defines a component of that name, a note names both, for the reviewer to choose.
import type { ReviewNote } from "../manifest-yaml.js";
import { isNameRef } from "../../load/structure/file-refs.js";
import { cutDocument, type OperationAt } from "./cut.js";

type Json = Record<string, unknown>;

/** The part of a document a value stands as (OpenAPI 3's objects), as far as a name's reading depends on it. */
type Place =
  | "schema"
  | "parameter"
  | "response"
  | "requestBody"
  | "header"
  | "example"
  | "link"
  | "callback"
  | "pathItem"
  | "securityScheme"
  | undefined;

/** The keys whose value is a schema, and those whose items or values each are. */
const SCHEMA_KEYS = new Set(["schema", "items", "additionalProperties", "not", "contains", "propertyNames"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "schemas", "definitions", "$defs"]);
/** Outside a schema, the keys whose value is one part, or a map or a list of parts, of a kind. */
const ONE_PART: Record<string, Place> = { requestBody: "requestBody" };
const EACH_PART: Record<string, Place> = {
  parameters: "parameter",
  responses: "response",
  requestBodies: "requestBody",
  headers: "header",
  examples: "example",
  links: "link",
  callbacks: "callback",
  paths: "pathItem",
  webhooks: "pathItem",
  pathItems: "pathItem",
  securitySchemes: "securityScheme",
};
/** Keys whose value is data, not the document's structure. */
const DATA = new Set(["example", "default", "enum", "const"]);

/** The components kind each place's stand-in is added under, and the words of its description. */
const STAND_INS: Partial<Record<NonNullable<Place>, { kind: string; what: string; value: string }>> = {
  schema: { kind: "schemas", what: "", value: "any value is accepted" },
  response: { kind: "responses", what: "the response ", value: "its body is not known" },
  header: { kind: "headers", what: "the header ", value: "any value is accepted" },
};
const WORDS: Record<NonNullable<Place>, string> = {
  schema: "a schema",
  parameter: "a parameter",
  response: "a response",
  requestBody: "a request body",
  header: "a header",
  example: "an example",
  link: "a link",
  callback: "a callback",
  pathItem: "a path item",
  securityScheme: "a security scheme",
};

export interface NameRefs {
  /** The stand-ins added, `components.schemas.X`. */
  added: string[];
  /** The names stood in for (as written). */
  refs: string[];
  /** Each name where no stand-in goes, with its place: `"ZqParam" (a parameter of GET /zq)`. */
  refused: string[];
  /** A note for each name read as a stand-in where the published document defines a component of that name. */
  notes: ReviewNote[];
}

/**
 * The cut with each `$ref` that is a name (isNameRef) pointed at a stand-in (in place) where its place has one; the
 * names where none goes told. `published` is the document the cut is of (its components, by name). Run before the
 * examples are read as data: their values are not walked.
 */
export function withNameRefsRead(cut: Json, published: Json): NameRefs {
  const components = (cut.components ??= {}) as Json;
  const defined = (published.components ?? {}) as Json;
  const byRef = new Map<string, string>();
  const result: NameRefs = { added: [], refs: [], refused: [], notes: [] };
  const standIn = (place: Place, ref: string, at: readonly string[]): string | undefined => {
    const stand = place && STAND_INS[place];
    if (!stand) {
      const refused = refusedName(place, ref, at);
      if (!result.refused.includes(refused)) result.refused.push(refused);
      return undefined;
    }
    const key = `${stand.kind}\0${ref}`;
    let local = byRef.get(key);
    if (local === undefined) {
      const group = (components[stand.kind] ??= {}) as Json;
      // A name the published document gives one of its own is not the stand-in's: the cut may keep that one too.
      const same = isObject(defined[stand.kind]) ? (defined[stand.kind] as Json) : {};
      const base = ref.replace(/[^A-Za-z0-9._-]/g, "_") || "Named";
      local = base;
      for (let i = 2; Object.hasOwn(group, local) || Object.hasOwn(same, local); i++) local = `${base}_${i}`;
      const description =
        `Added by blockwright add: the published document refers to ${stand.what}${JSON.stringify(ref)}, a name ` +
        `that is no file and no place in it (a $ref needs a # for one); ${stand.value}.`;
      group[local] = place === "header" ? { description, schema: {} } : { description };
      byRef.set(key, local);
      result.added.push(`components.${stand.kind}.${local}`);
      if (!result.refs.includes(ref)) result.refs.push(ref);
      if (Object.hasOwn(same, ref)) result.notes.push(sameNameNote(ref, `components.${stand.kind}.${local}`, stand));
    }
    return `#/components/${stand.kind}/${local}`;
  };
  eachNameRef(cut, (place, ref, at, own) => {
    const local = standIn(place, ref, at);
    if (local !== undefined) own.$ref = local;
  });
  return result;
}

/** Each `$ref` in `doc` that is a name (isNameRef), with the place it stands in, where, and the object holding it. */
function eachNameRef(doc: Json, visit: (place: Place, ref: string, at: string[], own: Json) => void): void {
  const seen = new Set<object>();
  const walk = (node: unknown, place: Place, at: string[]): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, undefined, [...at, String(i)]);
      return;
    }
    const own = node as Json;
    const ref = own.$ref;
    if (typeof ref === "string" && isNameRef(ref)) {
      visit(place, ref, at, own);
      return;
    }
    for (const [key, value] of Object.entries(own)) {
      if (key.startsWith("x-") || DATA.has(key) || (place === "example" && key === "value")) continue;
      const inner = [...at, key];
      const each = (kind: Place) => {
        if (value === null || typeof value !== "object") return;
        for (const [k, item] of Object.entries(value)) walk(item, kind, [...inner, k]);
      };
      if (place === "schema" && key === "examples") continue;
      if (SCHEMA_LISTS.has(key) && Array.isArray(value)) each("schema");
      else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === "object" && !Array.isArray(value))
        each("schema");
      else if (place === "schema") walk(value, SCHEMA_KEYS.has(key) ? "schema" : undefined, inner);
      else if (place === "callback") walk(value, "pathItem", inner);
      else if (SCHEMA_KEYS.has(key)) walk(value, "schema", inner);
      else if (Object.hasOwn(ONE_PART, key)) walk(value, ONE_PART[key], inner);
      else if (Object.hasOwn(EACH_PART, key)) each(EACH_PART[key]);
      else walk(value, undefined, inner);
    }
  };
  walk(doc, undefined, []);
}

/** The names in `doc` where no stand-in goes, each with its place: `"ZqParam" (a parameter of GET /zq)`. */
function refusedNames(doc: Json): string[] {
  const refused = new Set<string>();
  eachNameRef(doc, (place, ref, at) => {
    if (!place || !STAND_INS[place]) refused.add(refusedName(place, ref, at));
  });
  return [...refused];
}

const refusedName = (place: Place, ref: string, at: readonly string[]): string =>
  `${JSON.stringify(ref)} (${place ? WORDS[place] : "a part"}${where(at)})`;

/**
 * The chosen operations without those a group took (`--operations all`, a tag, a path prefix) whose cut reaches a
 * name where no stand-in goes, each pushed to `leftOut` naming the names: a user asking for a group wants the others.
 * A named operation is kept, for the draft to refuse (nameRefusal).
 */
export function withoutNameRefsRefused<T extends OperationAt & { asked: string; grouped?: boolean }>(
  document: Json,
  chosen: readonly T[],
  leftOut: { asked: string; why: string }[],
): T[] {
  if (!chosen.some((c) => c.grouped) || !refusedNames(document).length) return [...chosen];
  return chosen.filter((c) => {
    if (!c.grouped) return true;
    const names = refusedNames(cutDocument(document, [c]).document);
    if (names.length)
      leftOut.push({
        asked: c.asked,
        why:
          `its ${names.length === 1 ? "$ref" : "$refs"} ${names.join(", ")} ` +
          `${names.length === 1 ? "is a name" : "are names"}, not a reference, where no stand-in goes`,
      });
    return !names.length;
  });
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Where a part stands, as a note names it: ` of GET /zq`, ` of the path /zq`, `, components.parameters.Zq`. */
function where(at: readonly string[]): string {
  const [top, path, method] = at;
  if (top === "paths" && path !== undefined) {
    const methods = /^(get|put|post|delete|options|head|patch|trace)$/;
    return method !== undefined && methods.test(method)
      ? ` of ${method.toUpperCase()} ${path}`
      : ` of the path ${path}`;
  }
  return `, ${at.join(".")}`;
}

function sameNameNote(ref: string, local: string, { kind, value }: { kind: string; value: string }): ReviewNote {
  return {
    at: ["openapi"],
    note:
      `openapi.yaml reads the $ref ${JSON.stringify(ref)}, a name, not a reference, as ${local} (${value}), ` +
      `not as components.${kind}.${ref}, which the published document defines under that name (OpenAPI 3 ` +
      "and Swagger 2.0 read a $ref as an address, a bare name as a file's, so add does not guess): if that one is " +
      "meant, point the published document's $ref at it (its place after a #) and draft again",
  };
}

/** Why the chosen operations are not drafted: the names where no stand-in goes (withNameRefsRead's `refused`). */
export function nameRefusal(refused: readonly string[]): string {
  const shown = refused.slice(0, 3).join(", ") + (refused.length > 3 ? ` and ${refused.length - 3} more` : "");
  const one = refused.length === 1;
  return (
    `the chosen operations cannot be drafted: ${one ? "$ref" : "$refs"} ${shown} ` +
    `${one ? "is a name, not a reference" : "are names, not references"}: no file and no place in the document (a ` +
    "$ref needs a # for one). Where it stands no stand-in goes, as for a $ref to #/components/… that names nothing " +
    "(only a schema, a response and a header get one): write the part it names into the document, or choose " +
    "operations that do not reach it"
  );
}

/** Why a document whose chosen operations $ref outside it is not drafted: the refs and the rule. */
export function outsideRefs(external: readonly string[]): string {
  const shown =
    external
      .slice(0, 3)
      .map((r) => JSON.stringify(r))
      .join(", ") + (external.length > 3 ? ` and ${external.length - 3} more` : "");
  return (
    `the chosen operations cannot be drafted: $ref ${shown} points outside the document; add follows only local ` +
    `$refs ("#/…") and never fetches an address or reads another file a document names (bundle the document into ` +
    "one file first, e.g. npx @redocly/cli bundle)"
  );
}
