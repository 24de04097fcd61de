// Cutting a published OpenAPI 3 document down to some of its operations: the
// path items of those operations (only the chosen methods), and every part
// of the document they `$ref`, directly or through other parts (schemas,
// parameters, responses, request bodies, examples, headers, links,
// callbacks), with the security schemes they name. Faithful: nothing is
// renamed, inlined or rewritten; kept parts are the document's own values,
// in its own key order. One pass over what is kept, each component once, so
// the time grows with the cut, not with the document.
import { defined } from "@blockwright/runtime/internal";
import { refPath } from "../load/json-ref.js";

type Json = Record<string, unknown>;

/** One operation of the document: its path and (lower-case) method. */
export interface OperationAt {
  path: string;
  method: string;
}

export interface CutReport {
  operations: { kept: number; total: number };
  /** Per kind of component (`schemas`, `parameters`, …), how many were kept of how many. */
  components: Record<string, { kept: number; total: number }>;
  /** Top-level keys left out (`webhooks`, `x-…` extensions): they serve no chosen operation. */
  dropped: string[];
  /** `$ref`s of the kept parts that name nothing in the document (each once). */
  unresolved: string[];
  /** `$ref`s to other files, kept as they are (each once): their files are not part of the cut. */
  external: string[];
}

/** The OpenAPI 3 operation keys of a path item. */
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Top-level keys kept as they are (the document's own description of itself and its servers). */
const KEPT_AS_IS = new Set(["openapi", "info", "jsonSchemaDialect", "servers", "externalDocs", "security"]);

/**
 * Keys whose value maps names to things: below them a key is a name (a
 * property called `default`, the `default` response), never a keyword.
 */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "responses",
  "headers",
  "content",
  "encoding",
  "links",
  "callbacks",
  "variables",
  "scopes",
  "mapping",
  "schemas",
  "parameters",
  "requestBodies",
  "securitySchemes",
  "pathItems",
]);

/**
 * How a node's keys are read: as keywords (the usual case), as names (the
 * entries of a NAME_MAPS map), as the names of Example Objects (an
 * `examples` map), or as an Example Object, whose `value` is data (a `$ref`
 * key in it is the example's own).
 */
type Role = "keywords" | "names" | "exampleNames" | "example";

/** Keywords whose value is data, not document structure: a `$ref` key inside is the data's own. */
const DATA_KEYWORDS = new Set(["example", "default", "enum", "const"]);

export function cutDocument(doc: Json, chosen: readonly OperationAt[]): { document: Json; report: CutReport } {
  const components = (isObject(doc.components) ? doc.components : {}) as Json;
  const paths = (isObject(doc.paths) ? doc.paths : {}) as Json;
  const keep = new Map<string, Set<string>>(); // kind → names reached
  const unresolved = new Set<string>();
  const external = new Set<string>();
  const pending: [unknown, Role][] = [];

  const reach = (kind: string, name: string, ref: string): void => {
    const group = components[kind];
    if (!isObject(group) || !Object.hasOwn(group, name)) {
      unresolved.add(ref);
      return;
    }
    let names = keep.get(kind);
    if (!names) keep.set(kind, (names = new Set()));
    if (names.has(name)) return;
    names.add(name);
    pending.push([group[name], kind === "examples" ? "example" : "keywords"]);
  };
  const follow = (ref: string): void => {
    if (!ref.startsWith("#")) {
      external.add(ref);
      return;
    }
    let pointer: readonly string[];
    try {
      pointer = refPath(ref);
    } catch {
      unresolved.add(ref); // a named anchor, or not a pointer at all
      return;
    }
    const [top, kind, name] = pointer;
    if (top === "components" && kind !== undefined && name !== undefined) reach(kind, name, ref);
    else unresolved.add(ref); // nothing outside components is cut along (no published document we know refers elsewhere)
  };
  const schemes = (requirements: unknown): void => {
    if (!Array.isArray(requirements)) return;
    for (const requirement of requirements) if (isObject(requirement)) for (const name of Object.keys(requirement)) reach("securitySchemes", name, `#/components/securitySchemes/${name}`);
  };

  const keptPaths: Json = {};
  let keptOperations = 0;
  let totalOperations = 0;
  for (const [path, rawItem] of Object.entries(paths)) {
    if (!isObject(rawItem)) continue;
    const methods = new Set(chosen.filter((c) => c.path === path).map((c) => c.method));
    for (const key of Object.keys(rawItem)) if (METHODS.has(key)) totalOperations++;
    if (!methods.size) continue;
    const item: Json = {};
    for (const [key, value] of Object.entries(rawItem)) {
      if (METHODS.has(key) && !methods.has(key)) continue;
      item[key] = value;
      if (METHODS.has(key)) {
        keptOperations++;
        if (isObject(value)) schemes(value.security);
      }
    }
    keptPaths[path] = item;
    pending.push([item, "keywords"]);
  }
  schemes(doc.security);

  // Everything kept is scanned once for the `$ref`s it holds; a component reached is queued once.
  while (pending.length) {
    const [node, role] = defined(pending.pop(), "a pending node");
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object") pending.push([item, "keywords"]);
      continue;
    }
    if (!isObject(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      if (value === null || typeof value !== "object") {
        if (role !== "names" && role !== "exampleNames" && key === "$ref" && typeof value === "string") follow(value);
        continue;
      }
      if (role === "names") pending.push([value, "keywords"]);
      else if (role === "exampleNames") pending.push([value, "example"]);
      else if (DATA_KEYWORDS.has(key) || (role === "example" && key === "value")) continue;
      else if (key === "examples") {
        // OpenAPI's map of Example Objects; JSON Schema's `examples` is a list of values.
        if (!Array.isArray(value)) pending.push([value, "exampleNames"]);
      } else if (key === "discriminator" && isObject(value) && isObject(value.mapping)) {
        // Mapping values are references (or bare schema names) written as strings.
        for (const target of Object.values(value.mapping)) if (typeof target === "string") follow(target.includes("/") || target.startsWith("#") ? target : `#/components/schemas/${target}`);
      } else pending.push([value, NAME_MAPS.has(key) ? "names" : "keywords"]);
    }
  }

  const document: Json = {};
  const dropped: string[] = [];
  const usedTags = new Set<string>();
  for (const item of Object.values(keptPaths)) {
    for (const [key, op] of Object.entries(item as Json)) if (METHODS.has(key) && isObject(op) && Array.isArray(op.tags)) for (const t of op.tags) usedTags.add(String(t));
  }
  for (const [key, value] of Object.entries(doc)) {
    if (KEPT_AS_IS.has(key)) document[key] = value;
    else if (key === "paths") document.paths = keptPaths;
    else if (key === "tags" && Array.isArray(value)) {
      const tags = value.filter((t) => isObject(t) && usedTags.has(String(t.name)));
      if (tags.length) document.tags = tags;
    } else if (key === "components") {
      const kept: Json = {};
      for (const [kind, group] of Object.entries(components)) {
        const names = keep.get(kind);
        if (!names || !isObject(group)) continue;
        kept[kind] = Object.fromEntries(Object.entries(group).filter(([name]) => names.has(name)));
      }
      if (Object.keys(kept).length) document.components = kept;
    } else dropped.push(key);
  }
  if (!("paths" in document)) document.paths = keptPaths;

  const counts: CutReport["components"] = {};
  for (const [kind, group] of Object.entries(components)) {
    if (isObject(group) && !kind.startsWith("x-")) counts[kind] = { kept: keep.get(kind)?.size ?? 0, total: Object.keys(group).length };
  }
  return {
    document,
    report: { operations: { kept: keptOperations, total: totalOperations }, components: counts, dropped, unresolved: [...unresolved].sort(), external: [...external].sort() },
  };
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
