// Cutting a published OpenAPI 3 document down to some of its operations: the
// path items of those operations (only the chosen methods), and every part
// of the document they `$ref`, directly or through other parts (schemas,
// parameters, responses, request bodies, examples, headers, links,
// callbacks), with the security schemes they name. Faithful: nothing is
// renamed, inlined or rewritten; kept parts are the document's own values,
// in its own key order. One pass over what is kept, each component once, so
// the time grows with the cut, not with the document. The one exception: a
// part `$ref`'d inside another operation (`#/paths/…`) is moved into
// `components` (moved-parts.ts), since its operation may be left out.
import { withXmlRoot } from "../../link/wire/xml-shape.js";
import { defined } from "@blockwright/runtime/internal";
import { refPath, valueAt } from "../../load/json-ref.js";
import { isLocalRef, NAME_MAPS, namesExampleValue } from "../../load/load-rewrites.js";
import { bodySchemaNames, fieldBaseNames, kindRefs } from "./discriminated-kinds.js";
import { movedPartName, pathPartKind } from "./moved-parts.js";

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
  /** The webhooks left out, by name, when some are (those a trigger is drafted for are kept). */
  webhooksLeftOut?: string[];
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
 * How a node's keys are read: as keywords (the usual case), as names (the
 * entries of a NAME_MAPS map), as the names of Example Objects (an
 * `examples` map), or as an Example Object, whose `value` is data (a `$ref`
 * key in it is the example's own).
 */
type Role = "keywords" | "names" | "exampleNames" | "example";

/** Keywords whose value is data, not document structure: a `$ref` key inside is the data's own. */
const DATA_KEYWORDS = new Set(["example", "default", "enum", "const"]);

/** `webhooks`: the names of the webhooks kept (with what they `$ref`), those event triggers are drafted for. */
export function cutDocument(
  doc: Json,
  chosen: readonly OperationAt[],
  webhooks: readonly string[] = [],
): { document: Json; report: CutReport } {
  const components = (isObject(doc.components) ? doc.components : {}) as Json;
  const paths = (isObject(doc.paths) ? doc.paths : {}) as Json;
  const walk = refWalk(doc, components);
  const { keptPaths, keptOperations, totalOperations } = keptPathItems(paths, chosen, walk);
  const hooks = keptWebhooks(doc, webhooks);
  if (hooks) walk.pending.push([hooks.kept, "names"]);
  walk.schemes(doc.security);
  // An XML body of several fields naming no root, rooted at the component of its fields: the root named on the body
  // (link/wire/xml-shape.ts), so that the cut, which leaves that unreferenced component out, names it still.
  for (const { path, method } of chosen) {
    const item = keptPaths[path] as Json | undefined;
    const op = item?.[method];
    const rooted = item && isObject(op) ? withXmlRoot(doc, op) : undefined;
    if (item && rooted) item[method] = rooted;
  }

  // The kept tags and the top-level keys kept as they are may hold `$ref`s too (a tag's extension naming the schema of
  // its resource): what they name is kept, or the cut would name components it left out.
  const tags = keptTags(doc, keptPaths);
  for (const kept of [
    ...(tags ?? []),
    ...Object.entries(doc)
      .filter(([k]) => KEPT_AS_IS.has(k))
      .map(([, v]) => v),
  ])
    if (isObject(kept) || Array.isArray(kept)) walk.pending.push([kept as Json, "keywords"]);
  // Everything kept is scanned once for the `$ref`s it holds; a component reached is queued once.
  eachRef(walk.pending, (_, __, ref) => walk.follow(ref));
  // A request body of a discriminated base stands for the schemas extending it, which nothing kept $refs: kept with it.
  // A field of one (beneath a request's body or a parameter's schema) stands for them too.
  const operations = chosen.map(({ path, method }) => (keptPaths[path] as Json | undefined)?.[method]);
  const pathParameters = chosen.map(({ path }) => (keptPaths[path] as Json | undefined)?.parameters);
  const bases = [
    ...bodySchemaNames(operations, components),
    ...fieldBaseNames([...operations, { parameters: pathParameters }], doc),
  ];
  const kinds = kindRefs(components.schemas, bases, walk.keep.get("schemas"));
  for (const ref of kinds) walk.follow(ref);
  if (kinds.length) eachRef(walk.pending, (_, __, ref) => walk.follow(ref));

  const { document, dropped } = keptDocument(doc, components, keptPaths, walk.keep, tags);
  if (hooks && Object.keys(hooks.kept).length) document.webhooks = hooks.kept;
  if (hooks?.left.length === 0) dropped.splice(dropped.indexOf("webhooks"), 1);
  const { keep, unresolved, external, moved, movedParts } = walk;
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
      ...(hooks?.left.length ? { webhooksLeftOut: hooks.left } : {}),
      unresolved: [...unresolved].sort(),
      external: [...external].sort(),
      moved: [...moved]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([from, to]) => ({ to: `components.${to.kind}.${to.name}`, from })),
    },
  };
}

/** The document's webhooks named in `names` (kept) and the others' names (left out); undefined when it has none. */
function keptWebhooks(doc: Json, names: readonly string[]): { kept: Json; left: string[] } | undefined {
  if (!isObject(doc.webhooks)) return undefined;
  const entries = Object.entries(doc.webhooks as Json);
  return {
    kept: Object.fromEntries(entries.filter(([name]) => names.includes(name))),
    left: entries.map(([name]) => name).filter((name) => !names.includes(name)),
  };
}

/**
 * What the cut keeps, found by following `$ref`s from the kept parts: the components reached, by kind; the parts
 * inside operations that kept parts `$ref` (moved into components); the refs that name nothing or another file.
 */
function refWalk(doc: Json, components: Json) {
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

  return { keep, unresolved, external, pending, moved, movedParts, follow, schemes };
}

type RefWalk = ReturnType<typeof refWalk>;

/** The path items of the chosen operations, with only those methods, queued for the walk; the operations counted. */
function keptPathItems(
  paths: Json,
  chosen: readonly OperationAt[],
  walk: RefWalk,
): { keptPaths: Json; keptOperations: number; totalOperations: number } {
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
        if (isObject(value)) walk.schemes(value.security);
      }
    }
    keptPaths[path] = item;
    walk.pending.push([item, "keywords"]);
  }
  return { keptPaths, keptOperations, totalOperations };
}

/** The document's tags that the kept operations use (undefined when it lists none). */
function keptTags(doc: Json, keptPaths: Json): unknown[] | undefined {
  if (!Array.isArray(doc.tags)) return undefined;
  const usedTags = new Set<string>();
  for (const item of Object.values(keptPaths)) {
    for (const [key, op] of Object.entries(item as Json))
      if (METHODS.has(key) && isObject(op) && Array.isArray(op.tags)) for (const t of op.tags) usedTags.add(String(t));
  }
  return doc.tags.filter((t) => isObject(t) && usedTags.has(String(t.name)));
}

/**
 * The cut document: the top-level keys kept as they are, the kept path items, the tags they use, the components
 * reached; the other top-level keys are left out (`dropped`).
 */
function keptDocument(
  doc: Json,
  components: Json,
  keptPaths: Json,
  keep: ReadonlyMap<string, Set<string>>,
  tags: unknown[] | undefined,
): { document: Json; dropped: string[] } {
  const document: Json = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (KEPT_AS_IS.has(key)) document[key] = value;
    else if (key === "paths") document.paths = keptPaths;
    else if (key === "tags" && Array.isArray(value)) {
      if (tags?.length) document.tags = tags;
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
  return { document, dropped };
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
        // Data that is only a local `$ref`, or holds one (a field of an example written so), is read as what it
        // names by Prism and the load (load-rewrites.ts): kept.
        dataRefs(value, found);
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

/**
 * Each value of `data` that the load reads as what it names (load-rewrites.ts): the whole of it when it is only a local
 * `$ref`, and one inside that is only a `$ref` to an example's value.
 */
function dataRefs(data: unknown, found: (holder: Json, key: string, ref: string) => void): void {
  if (isLocalRef(data)) {
    found(data, "$ref", data.$ref);
    return;
  }
  const pending = [data];
  const seen = new Set<unknown>();
  while (pending.length) {
    const node = pending.pop();
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) pending.push(...node);
    else if (isObject(node)) {
      if (isLocalRef(node) && namesExampleValue(node.$ref)) found(node, "$ref", node.$ref);
      else pending.push(...Object.values(node));
    }
  }
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
