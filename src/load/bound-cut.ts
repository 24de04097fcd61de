// The OpenAPI document cut to what a manifest binds, before the work that
// grows with the document: checking its examples, linking, its types, its
// mocks. A manifest binding four operations of a whole published document
// (of a thousand operations, or tens of thousands) had every example of every
// operation checked, every type printed (an index.d.ts 2.4 times the
// document) and every operation mocked: minutes and gigabytes for a 37 MB
// document, most of it for operations no tool calls.
//
// What is kept: every top-level field but `paths`, `webhooks` and
// `components` as it is; the path items of the bound operations with their
// other methods left out; for a list operation that pages by a next address
// (`nextUrl`, `linkHeader`), the GET operations that answer in its shape (the
// address may name one of them: a query's `nextRecordsUrl` names the
// operation that reads the next batch, whose answer is the query's); the
// bound webhooks; every security scheme; and
// whatever any of it `$ref`s (or a discriminator maps to, or a discriminated base stands for: the schemas extending
// it), followed until
// nothing new is reached, each at its own place and in the document's order,
// so that every position in a message (file:line:col) is the same as in the
// whole document. A component is kept whole, an operation a reference
// reaches into with its path item's shared fields. The cut shares the kept
// values with the document: nothing is copied.
import { refPath, valueAt } from "./json-ref.js";
import { OPERATION_METHODS } from "./openapi-document.js";
import { operationRef } from "./operation-index.js";
import {
  basePropertyOf,
  type Extensions,
  extensionsIfBases,
  kindsOf,
  mayBeBase,
  schemaRef,
} from "./schemas/base-kinds.js";

type Node = Record<string, unknown>;

/** What a manifest names of its document: operations (an operationId, or `METHOD /path`) and webhooks. */
export interface BoundParts {
  operations: string[];
  /** Those of `operations` that page by a next address, which may name another operation. */
  nextPages: string[];
  webhooks: string[];
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v);
const METHODS: ReadonlySet<string> = new Set(OPERATION_METHODS);

/**
 * The parts a manifest's data names (read loosely: a manifest with problems is the schema check's to report):
 * its operations' and their routes' operations, its triggers' webhooks (a callback's operation is one of its
 * operations); with `only`, those of the manifest's operations (tools) it names alone (a part of a contract run: the
 * mocks serve what its cases call). Undefined when it names no operation: nothing to cut to.
 */
export function boundByManifest(manifest: unknown, only?: ReadonlySet<string>): BoundParts | undefined {
  if (!isNode(manifest) || !isNode(manifest.operations)) return undefined;
  const operations: string[] = [];
  const nextPages: string[] = [];
  for (const [key, op] of Object.entries(manifest.operations)) {
    if (!isNode(op) || (only && !only.has(key))) continue;
    if (typeof op.operationId === "string") operations.push(op.operationId);
    if (
      typeof op.operationId === "string" &&
      isNode(op.pagination) &&
      (op.pagination.style === "nextUrl" || op.pagination.style === "linkHeader")
    )
      nextPages.push(op.operationId);
    if (Array.isArray(op.routes))
      for (const route of op.routes)
        if (isNode(route) && typeof route.operationId === "string") operations.push(route.operationId);
  }
  const webhooks: string[] = [];
  if (isNode(manifest.triggers))
    for (const t of Object.values(manifest.triggers))
      if (isNode(t) && isNode(t.event) && typeof t.event.webhook === "string") webhooks.push(t.event.webhook);
  return operations.length ? { operations, nextPages, webhooks } : undefined;
}

/**
 * The document cut to `bound` (see the top of this file); undefined when the document lacks one of the parts
 * named (the link step reports that against the whole document, with what it has) or is not an object with paths.
 */
export function cutToBound(document: unknown, bound: BoundParts): Node | undefined {
  if (!isNode(document) || !isNode(document.paths)) return undefined;
  const paths = document.paths;
  /**
   * Kept places, as `paths\0<path>\0<method>`, `paths\0<path>\0<key>` (a path item's own field),
   * `components\0<section>\0<name>`, `webhooks\0<name>`.
   */
  const kept = new Set<string>();
  const queue: unknown[] = [];
  const keep = (place: readonly string[], value: unknown) => {
    const key = place.join("\0");
    if (kept.has(key)) return;
    kept.add(key);
    queue.push(value);
  };
  /** An operation kept with its path item's own fields (parameters shared by its methods, servers). */
  const keepOperation = (path: string, method: string) => {
    const item = paths[path];
    if (!isNode(item)) return;
    keep(["paths", path, method], item[method]);
    for (const [k, v] of Object.entries(item)) if (!METHODS.has(k)) keep(["paths", path, k], v);
  };

  // The bound operations, by their names (a `METHOD /path` also names an operation that has an id).
  const wanted = new Set(bound.operations);
  const paging = new Set(bound.nextPages);
  const found = new Set<string>();
  /** The shapes of the answers of the operations that page by a next address. */
  const pageShapes = new Set<object>();
  const operations: { path: string; method: string; op: Node; item: Node; viaRef: boolean }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isNode(item)) continue;
    // A path item that is a reference: kept as it is, with what it names (all its methods).
    const at = typeof item.$ref === "string" ? refPathOrNone(item.$ref) : undefined;
    const target = typeof item.$ref === "string" ? (at?.length ? valueAt(document, at) : undefined) : item;
    if (!isNode(target)) continue;
    for (const method of OPERATION_METHODS) {
      const op = target[method];
      if (!isNode(op)) continue;
      operations.push({ path, method, op, item, viaRef: target !== item });
      const names = [operationRef(method, path, op.operationId), `${method.toUpperCase()} ${path}`].filter((n) =>
        wanted.has(n),
      );
      if (!names.length) continue;
      for (const n of names) found.add(n);
      if (names.some((n) => paging.has(n))) for (const shape of answerShapes(document, op)) pageShapes.add(shape);
      if (target === item) keepOperation(path, method);
      else keep(["paths", path], item);
    }
  }
  if (found.size < wanted.size) return undefined;
  // The operations a next page's address may name: GETs answering in a paging operation's shape.
  if (pageShapes.size)
    for (const { path, method, op, item, viaRef } of operations)
      if (method === "get" && answerShapes(document, op).some((shape) => pageShapes.has(shape))) {
        if (viaRef) keep(["paths", path], item);
        else keepOperation(path, method);
      }
  const webhooks = isNode(document.webhooks) ? document.webhooks : {};
  for (const name of bound.webhooks) {
    if (!(name in webhooks)) return undefined;
    keep(["webhooks", name], webhooks[name]);
  }
  const components = isNode(document.components) ? document.components : {};
  if (isNode(components.securitySchemes)) keep(["components", "securitySchemes"], components.securitySchemes);
  for (const [k, v] of Object.entries(document))
    if (k !== "paths" && k !== "webhooks" && k !== "components") queue.push(v);

  // Every reference of what is kept, followed: the place it names kept (a component whole, an operation with its item's
  // fields).
  const read: BaseReads = { names: new Set() };
  const reach = (ref: string) => {
    const at = refPathOrNone(ref);
    if (!at) return;
    const [top, second, third] = at.map(String);
    if (top === "components" && second !== undefined && third !== undefined && isNode(components[second])) {
      keep(["components", second, third], (components[second] as Node)[third]);
      // A discriminated base stands for its kinds, which nothing `$ref`s from it (a mapping would be followed below).
      if (second === "schemas") for (const kind of kindsOfBase(components.schemas, third, read)) reach(schemaRef(kind));
    } else if (top === "paths" && second !== undefined && third !== undefined && METHODS.has(third))
      keepOperation(second, third);
    else if (top === "paths" && second !== undefined && third !== undefined)
      keep(["paths", second, third], (paths[second] as Node | undefined)?.[third]);
    else if (top === "paths" && second !== undefined) keep(["paths", second], paths[second]);
    else if (top === "webhooks" && second !== undefined) keep(["webhooks", second], webhooks[second]);
    else if (top === "components" && second !== undefined) keep(["components", second], components[second]);
    // Anything else is a top-level field, kept whole already (or nothing: the reference does not resolve, which is
    // reported as before).
  };
  followReferences(queue, reach);
  return rebuilt(document, kept);
}

/** What a cut has read of its bases: the schemas read, and the document's extensions (the cut changes no schema). */
interface BaseReads {
  names: Set<string>;
  extensions?: { value: Extensions | undefined };
}

/**
 * The kinds of the schema `name` where it is a base naming the property of its kinds (schemas/base-kinds.ts); none when
 * `read` holds it already: read once per schema, not at each reference to it (each reading lists the document's
 * schemas: a document whose schemas nearly all extend others, Graph beta's, took minutes to cut). The extensions are
 * read once per cut too: extensionsIfBases lists the schemas at each call (their count, to know its index current),
 * once per base kept grew with the square of the schemas (a 6,869-operation subset of Graph beta: 2.7 s of 48).
 */
function kindsOfBase(schemas: unknown, name: string, read: BaseReads): string[] {
  if (read.names.has(name)) return [];
  read.names.add(name);
  // Most schemas are no base: nothing more is read of them (the walk runs over every schema it keeps).
  if (!isNode(schemas) || !mayBeBase(schemas[name])) return [];
  read.extensions ??= { value: extensionsIfBases(schemas as Node) };
  const extensions = read.extensions.value;
  const property = extensions && basePropertyOf(schemas as Node, name, extensions);
  return extensions && property ? kindsOf(schemas as Node, name, extensions, property) : [];
}

/**
 * Every value reachable from `queue` walked once, each reference met (a `$ref`, a discriminator's mapping, which names
 * schemas by reference or by name) handed to `reach`, which queues what it keeps.
 */
function followReferences(queue: unknown[], reach: (ref: string) => void): void {
  const seen = new Set<object>();
  while (queue.length) {
    const value = queue.pop();
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    // Indexed and `for…in` loops: `for…of` and Object.values made an array and an iterator's results at each node, in
    // code the compilers have not optimised yet (generate's collector runs by the bytes allocated).
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) queue.push(value[i]);
      continue;
    }
    const node = value as Node;
    if (typeof node.$ref === "string") reach(node.$ref);
    const mapping = node.mapping;
    if (isNode(mapping))
      for (const key in mapping) {
        const m = mapping[key];
        if (Object.hasOwn(mapping, key) && typeof m === "string")
          reach(m.startsWith("#") ? m : `#/components/schemas/${m}`);
      }
    for (const key in node) {
      const v = node[key];
      if (Object.hasOwn(node, key) && v !== null && typeof v === "object") queue.push(v);
    }
  }
}

/** The document with only the kept places, each where the document has it and in its order. */
function rebuilt(document: Node, kept: ReadonlySet<string>): Node {
  const has = (...place: string[]) => kept.has(place.join("\0"));
  const out: Node = {};
  for (const [k, v] of Object.entries(document)) {
    if (k === "paths" && isNode(v)) {
      const paths: Node = {};
      for (const [path, item] of Object.entries(v)) {
        if (has("paths", path)) paths[path] = item;
        else if (isNode(item)) {
          // A path item's own field alone is kept where a reference names it (a bundler points at the first place it
          // met a parameter).
          const parts = Object.entries(item).filter(([key]) => has("paths", path, key));
          if (parts.length) paths[path] = parts.length === Object.keys(item).length ? item : Object.fromEntries(parts);
        }
      }
      out.paths = paths;
    } else if (k === "webhooks" && isNode(v)) {
      const hooks = Object.entries(v).filter(([name]) => has("webhooks", name));
      if (hooks.length) out.webhooks = Object.fromEntries(hooks);
    } else if (k === "components" && isNode(v)) {
      const components: Node = {};
      for (const [section, entries] of Object.entries(v)) {
        if (has("components", section)) components[section] = entries;
        else if (isNode(entries)) {
          const named = Object.entries(entries).filter(([name]) => has("components", section, name));
          if (named.length) components[section] = Object.fromEntries(named);
        }
      }
      out.components = components;
    } else out[k] = v;
  }
  return out;
}

/** The schemas (references followed) of an operation's 2xx JSON answers. */
function answerShapes(document: Node, op: Node): object[] {
  const shapes: object[] = [];
  const responses = followed(document, op.responses);
  if (!isNode(responses)) return shapes;
  for (const [status, raw] of Object.entries(responses)) {
    if (!/^2(\d\d|XX)$/i.test(status)) continue;
    const content = followed(document, followed(document, raw)?.content);
    if (!isNode(content)) continue;
    for (const [type, media] of Object.entries(content)) {
      const schema = /json/i.test(type) ? followed(document, followed(document, media)?.schema) : undefined;
      if (schema) shapes.push(schema);
    }
  }
  return shapes;
}

/**
 * A value with its local references followed (a few hops at most); undefined when it is not an object or names nothing.
 */
function followed(document: Node, value: unknown): Node | undefined {
  let at = value;
  for (let hops = 0; isNode(at) && typeof at.$ref === "string" && hops < 16; hops++) {
    const path = refPathOrNone(at.$ref);
    at = path?.length ? valueAt(document, path) : undefined;
  }
  return isNode(at) ? at : undefined;
}

/** The places of a local reference (`#/…`); undefined for another file's or one that is not a JSON pointer. */
function refPathOrNone(ref: string): (string | number)[] | undefined {
  if (!ref.startsWith("#")) return undefined;
  try {
    return [...refPath(ref)];
  } catch {
    return undefined;
  }
}
