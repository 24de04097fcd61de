// Cutting a published OpenAPI 3 document down to some of its operations: the
// path items of those operations (only the chosen methods), and every part
// of the document they `$ref`, directly or through other parts (schemas,
// parameters, responses, request bodies, examples, headers, links,
// callbacks), with the security schemes they name. Faithful: nothing is
// renamed, inlined or rewritten; kept parts are the document's own values,
// in its own key order. One pass over what is kept, each component once, so
// the time grows with the cut, not with the document. The one exception: a
// part `$ref`'d inside another operation (`#/paths/…`) is moved into
// `components` (pathPartKind, below), since its operation may be left out.
import { defined } from "@blockwright/runtime/internal";
import { refPath, valueAt } from "../../load/json-ref.js";

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
  /**
   * Parts `$ref`'d inside operations (`#/paths/…`), moved into components: `components.schemas.X` ← the ref (each
   * once).
   */
  moved: { to: string; from: string }[];
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

  // Parts inside operations that kept parts `$ref`: the ref → where it is moved, and the parts by kind and name.
  const moved = new Map<string, { kind: string; name: string }>();
  const movedParts = new Map<string, Map<string, unknown>>();
  const move = (pointer: readonly string[], ref: string): void => {
    if (moved.has(ref)) return;
    const kind = pathPartKind(pointer);
    const part = kind === undefined ? undefined : valueAt(doc, pointer);
    if (kind === undefined || part === undefined) {
      unresolved.add(ref);
      return;
    }
    const group = components[kind];
    let parts = movedParts.get(kind);
    if (!parts) movedParts.set(kind, (parts = new Map()));
    const operationId = (valueAt(doc, pointer.slice(0, 3)) as Json | undefined)?.operationId;
    const name = movedPartName(
      pointer,
      operationId,
      (n) => (isObject(group) && Object.hasOwn(group, n)) || parts.has(n),
    );
    parts.set(name, part);
    moved.set(ref, { kind, name });
    pending.push([part, kind === "examples" ? "example" : "keywords"]);
  };
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
    else if (top === "paths") move(pointer, ref);
    else unresolved.add(ref);
  };
  const schemes = (requirements: unknown): void => {
    if (!Array.isArray(requirements)) return;
    for (const requirement of requirements)
      if (isObject(requirement))
        for (const name of Object.keys(requirement))
          reach("securitySchemes", name, `#/components/securitySchemes/${name}`);
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
  eachRef(pending, (_, __, ref) => follow(ref));

  const document: Json = {};
  const dropped: string[] = [];
  const usedTags = new Set<string>();
  for (const item of Object.values(keptPaths)) {
    for (const [key, op] of Object.entries(item as Json))
      if (METHODS.has(key) && isObject(op) && Array.isArray(op.tags)) for (const t of op.tags) usedTags.add(String(t));
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
  const result = moved.size ? withMovedParts(document, moved, movedParts) : document;

  const counts: CutReport["components"] = {};
  for (const [kind, group] of Object.entries(components)) {
    if (isObject(group) && !kind.startsWith("x-"))
      counts[kind] = { kept: keep.get(kind)?.size ?? 0, total: Object.keys(group).length };
  }
  return {
    document: result,
    report: {
      operations: { kept: keptOperations, total: totalOperations },
      components: counts,
      dropped,
      unresolved: [...unresolved].sort(),
      external: [...external].sort(),
      moved: [...moved]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([from, to]) => ({ to: `components.${to.kind}.${to.name}`, from })),
    },
  };
}

/** The header's account of the parts the cut moved into components, the refs to them rewritten. */
export function movedLines(report: CutReport, by: string): string[] {
  if (!report.moved.length) return [];
  return [
    `Moved by ${by} into components (published inside operations; each $ref to one points there):`,
    ...report.moved.map((m) => `  ${m.to} ← ${m.from}`),
  ];
}

/**
 * The cut with the moved parts in its components and every `$ref` to one
 * pointing there: a copy, the published document's values left as they are.
 */
function withMovedParts(
  cut: Json,
  moved: ReadonlyMap<string, { kind: string; name: string }>,
  parts: ReadonlyMap<string, ReadonlyMap<string, unknown>>,
): Json {
  const document = structuredClone(cut);
  const components = (document.components ??= {}) as Json;
  for (const [kind, named] of parts) {
    const group = (components[kind] ??= {}) as Json;
    for (const [name, part] of named) group[name] = structuredClone(part);
  }
  const roots: [unknown, Role][] = [[document.paths, "names"]];
  for (const [kind, group] of Object.entries(components))
    if (isObject(group))
      for (const part of Object.values(group)) roots.push([part, kind === "examples" ? "example" : "keywords"]);
  eachRef(roots, (holder, key, ref) => {
    const to = moved.get(ref);
    if (to) holder[key] = `#/components/${to.kind}/${to.name}`;
  });
  return document;
}

/**
 * Call `found` with each `$ref` below the queued nodes (and the discriminator
 * mappings' targets, as refs), reading each node as its role says; `found`
 * may queue more. `holder[key]` is where the ref is written.
 */
function eachRef(pending: [unknown, Role][], found: (holder: Json, key: string, ref: string) => void): void {
  while (pending.length) {
    const [node, role] = defined(pending.pop(), "a pending node");
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object") pending.push([item, "keywords"]);
      continue;
    }
    if (!isObject(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      if (value === null || typeof value !== "object") {
        if (role !== "names" && role !== "exampleNames" && key === "$ref" && typeof value === "string")
          found(node, key, value);
        continue;
      }
      if (role === "names") pending.push([value, "keywords"]);
      else if (role === "exampleNames") pending.push([value, "example"]);
      else if (DATA_KEYWORDS.has(key) || (role === "example" && key === "value")) {
        // Data that is only a local `$ref` is read as what it names by Prism, openapi-typescript and the load
        // (load-rewrites.ts): kept.
        if (
          isObject(value) &&
          Object.keys(value).length === 1 &&
          typeof value.$ref === "string" &&
          value.$ref.startsWith("#/")
        )
          found(value, "$ref", value.$ref);
      } else if (key === "examples") {
        // OpenAPI's map of Example Objects; JSON Schema's `examples` is a list of values.
        if (!Array.isArray(value)) pending.push([value, "exampleNames"]);
      } else if (key === "discriminator" && isObject(value) && isObject(value.mapping)) {
        // Mapping values are references (or bare schema names) written as strings.
        const mapping = value.mapping;
        for (const [name, target] of Object.entries(mapping))
          if (typeof target === "string")
            found(
              mapping,
              name,
              target.includes("/") || target.startsWith("#") ? target : `#/components/schemas/${target}`,
            );
      } else pending.push([value, NAME_MAPS.has(key) ? "names" : "keywords"]);
    }
  }
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// `$ref`s into another operation's parts (`#/paths/~1register/post/responses/201/…/schema`):
// some published documents reuse a part where it first appears instead of
// defining it under `components`. A cut that leaves that operation out keeps
// the part by moving it into `components`, under a name made from where it
// was: what kind of part it is follows from the OpenAPI structure the pointer
// walks through.

/**
 * Where a step leads: the kind of part reached, and how many name segments (a status, a media type, an index) follow
 * the key.
 */
type Step = readonly [kind: string, names: number];

/**
 * Within each kind of part, the keys that lead to another part. `media` is a Media Type Object, `operation` an
 * Operation: no component kind.
 */
const STEPS: Record<string, Record<string, Step>> = {
  pathItem: { parameters: ["parameters", 1] },
  operation: {
    parameters: ["parameters", 1],
    requestBody: ["requestBodies", 0],
    responses: ["responses", 1],
    callbacks: ["callbacks", 1],
  },
  parameters: { schema: ["schemas", 0], content: ["media", 1], examples: ["examples", 1] },
  headers: { schema: ["schemas", 0], content: ["media", 1], examples: ["examples", 1] },
  requestBodies: { content: ["media", 1] },
  responses: { headers: ["headers", 1], content: ["media", 1], links: ["links", 1] },
  media: { schema: ["schemas", 0], examples: ["examples", 1] },
  schemas: Object.fromEntries([
    ...[
      "properties",
      "patternProperties",
      "$defs",
      "definitions",
      "dependentSchemas",
      "allOf",
      "anyOf",
      "oneOf",
      "prefixItems",
    ].map((k) => [k, ["schemas", 1] as const]),
    ...[
      "additionalProperties",
      "not",
      "contains",
      "if",
      "then",
      "else",
      "propertyNames",
      "unevaluatedItems",
      "unevaluatedProperties",
      "additionalItems",
    ].map((k) => [k, ["schemas", 0] as const]),
  ]),
};

/** Keys that say how a part is reached, not which: left out of a moved part's name. */
const STRUCTURE = new Set([
  "parameters",
  "requestBody",
  "responses",
  "content",
  "schema",
  "properties",
  "items",
  "headers",
  "examples",
  "links",
  "callbacks",
]);

/**
 * The component kind (`schemas`, `responses`, …) of the part a pointer into
 * `paths` names, or undefined when it names no part a component can hold
 * (a path item, an operation, a media type entry, or a place inside data).
 */
export function pathPartKind(pointer: readonly string[]): string | undefined {
  if (pointer[0] !== "paths" || pointer.length < 3) return undefined;
  let kind = "pathItem";
  for (let i = 2; i < pointer.length; ) {
    const key = pointer[i] as string;
    // `items` is a schema, or (JSON Schema draft 4's tuples) a list of them.
    const step: Step | undefined =
      kind === "pathItem" && METHODS.has(key)
        ? ["operation", 0]
        : kind === "schemas" && key === "items"
          ? ["schemas", /^\d+$/.test(pointer[i + 1] ?? "") ? 1 : 0]
          : STEPS[kind]?.[key];
    if (!step || i + 1 + step[1] > pointer.length) return undefined;
    kind = step[0];
    i += 1 + step[1];
  }
  return kind === "pathItem" || kind === "operation" || kind === "media" ? undefined : kind;
}

/**
 * A component name for the part at `pointer` (`paths`, path, method, …): the
 * operation's id (else its method and path), then the names along the way,
 * as components may be named (`register_201_data_faction`); `taken` says
 * which names are used, and a clash gets a number.
 */
export function movedPartName(
  pointer: readonly string[],
  operationId: unknown,
  taken: (name: string) => boolean,
): string {
  const [, path = "", method = ""] = pointer;
  const operation = METHODS.has(method)
    ? typeof operationId === "string" && operationId
      ? operationId
      : `${method}${path}`
    : path;
  const rest = pointer.slice(METHODS.has(method) ? 3 : 2).filter((k) => !STRUCTURE.has(k) && !k.includes("/"));
  const base =
    [operation, ...rest]
      .join("_")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/_{2,}/g, "_")
      .replace(/^_+|_+$/g, "") || "part";
  let name = base;
  for (let n = 2; taken(name); n++) name = `${base}_${n}`;
  return name;
}
