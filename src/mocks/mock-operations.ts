// The operations a Prism mock serves, made from the document generation
// reads, without Prism's own getHttpOperationsFromSpec: that dereferences
// every `$ref` (an old json-schema-ref-parser, which crawls every path
// through the document) and then copies every object as often as a path
// reaches it (decycle), hours and gigabytes on a densely linked published
// document. Its remaining steps are taken as it takes them: http-spec's
// transform of each operation, then bundleTarget, which gives each
// operation the schemas it `$ref`s under `__bundled__`, where Prism's
// validators and its example sampler resolve them.
//
// Two places of Prism read a schema without its bundle: a parameter's or a
// form body's deserializer (which reads `type`, `properties`, `items` to
// split the text it was sent) and the validation of a form body (given no
// bundle, a `$ref` inside leaves it unchecked). There, references are
// written out in place, as Prism's dereference did — a reference inside
// itself left as it is, and at most INLINE_BUDGET schemas per place, beyond
// which references stay references.
import { isMergePatchType, mergePatchView } from "../load/schemas/merge-patch.js";
import { refPath, valueAt } from "../load/json-ref.js";
import { multipartParts } from "../load/media-types.js";
import { typesOf } from "../load/schemas/json-types.js";
import { withKindsGuarded } from "../load/schemas/guarded-kinds.js";
import { routePath } from "../load/operation-index.js";

type Node = Record<string, unknown>;

/** The Prism functions this takes (src/vendor/prism.cjs). */
export interface PrismSteps {
  transformOas3Operations(document: object): object[];
  transformOas2Operations(document: object): object[];
  bundleTarget(options: { document: object; path: string; cloneDocument: boolean }): object;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** Schemas written out at one place, at most. */
const INLINE_BUDGET = 2000;

/** Prism's operations of a document whose `$ref`s are all local (generation bundled it). */
export function prismOperations(document: object, prism: PrismSteps): object[] {
  // bundleTarget rewrites the references of what it bundles in place: on a copy of the document's own.
  const prepared = structuredClone(withDeserializedSchemasInline(document as Node));
  // Prism's check of a union of kinds tries the kind its property names (load/schemas/guarded-kinds.ts), not each.
  withKindsGuarded({ "#": prepared });
  const operations =
    "swagger" in prepared ? prism.transformOas2Operations(prepared) : prism.transformOas3Operations(prepared);
  // Bundled together, once: each schema is copied into the bundle once, however many operations use it
  // (one bundle per operation walked the shared schemas again for each).
  const bundled = prism.bundleTarget({
    document: { ...prepared, __target__: operations },
    path: "#/__target__",
    cloneDocument: false,
  }) as object[] & { __bundled__?: object };
  return bundled.map((operation) =>
    bundled.__bundled__ ? { ...operation, __bundled__: bundled.__bundled__ } : operation,
  );
}

/** A merge patch's media type, its schema the patch view the judge holds it to (load/schemas/merge-patch.ts). */
function asMergePatch(document: Node, media: Node): Node {
  return isNode(media.schema)
    ? { ...media, schema: mergePatchView(media.schema, (n) => refTarget(document, n)) }
    : media;
}

/** What a local `$ref` names in the document, undefined for a node that is no such reference. */
function refTarget(document: Node, node: Node): Node | undefined {
  if (typeof node.$ref !== "string" || !node.$ref.startsWith("#")) return undefined;
  const target = followRefs(document, node);
  return isNode(target) ? target : undefined;
}

/** What `value` refers to in the document, its local `$ref`s followed (64 at most). */
function followRefs(document: Node, value: unknown): unknown {
  let current = value;
  for (
    let hops = 0;
    isNode(current) && typeof current.$ref === "string" && current.$ref.startsWith("#") && hops < 64;
    hops++
  )
    current = valueAt(document, refPath(current.$ref));
  return current;
}

/**
 * A copy of the document (the parts changed are copied; the rest is shared,
 * never written to) with the schemas of parameters and of form bodies
 * written out where Prism reads them without its bundle.
 */
function withDeserializedSchemasInline(document: Node): Node {
  const resolve = (value: unknown): unknown => followRefs(document, value);
  const inline = (schema: unknown): unknown => {
    let budget = INLINE_BUDGET;
    const write = (value: unknown, trail: Set<string>): unknown => {
      if (Array.isArray(value)) return value.map((v) => write(v, trail));
      if (!isNode(value)) return value;
      const ref = typeof value.$ref === "string" && value.$ref.startsWith("#") ? value.$ref : undefined;
      if (ref !== undefined && (trail.has(ref) || budget <= 0)) return value;
      if (ref !== undefined) {
        budget--;
        const target = resolve(value);
        if (!isNode(target)) return value;
        // Keywords beside the reference win, as Prism's dereference merged them.
        const { $ref: _ref, ...beside } = value;
        return write({ ...target, ...beside }, new Set([...trail, ref]));
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, write(v, trail)]));
    };
    return write(schema, new Set());
  };
  const parameters = (list: unknown): unknown =>
    Array.isArray(list)
      ? list.map((p) => {
          const param = resolve(p);
          return isNode(param) && param.schema !== undefined ? { ...param, schema: inline(param.schema) } : p;
        })
      : list;
  const requestBody = (body: unknown): unknown => {
    const resolved = resolve(body);
    if (!isNode(resolved) || !isNode(resolved.content)) return body;
    const content = Object.fromEntries(
      Object.entries(resolved.content).map(([type, media]) => {
        if (isMergePatchType(type) && isNode(media)) return [type, asMergePatch(document, media)];
        if (!FORM_TYPES.test(type) || !isNode(media) || media.schema === undefined) return [type, media];
        const encoding = isNode(media.encoding) ? media.encoding : {};
        const schema = withDeepObjectsAsBuilt(inline(media.schema), encoding);
        if (!type.startsWith("multipart/"))
          return [type, { ...media, schema, encoding: withReservedAllowed(encoding) }];
        return [
          type,
          {
            ...media,
            schema: partsAsText(document, multipartParts(schema as Node, resolved.required === true)),
            encoding: withReservedAllowed(encoding),
          },
        ];
      }),
    );
    return { ...resolved, content };
  };
  const paths: Node = {};
  for (const [path, raw] of Object.entries(isNode(document.paths) ? document.paths : {})) {
    const item = resolve(raw);
    if (!isNode(item)) {
      paths[path] = raw;
      continue;
    }
    const shared = adjacentExpressions(path);
    const own = (list: unknown) =>
      shared ? oneExpressionParams(parameters(list), shared, document) : parameters(list);
    const copy: Node = { ...item, ...(item.parameters ? { parameters: own(item.parameters) } : {}) };
    for (const method of METHODS) {
      const op = item[method];
      if (!isNode(op)) continue;
      // Swagger 2: form fields are parameters (`in: formData`), inlined with the others.
      copy[method] = {
        ...op,
        ...(op.parameters ? { parameters: own(op.parameters) } : {}),
        ...(op.requestBody ? { requestBody: requestBody(op.requestBody) } : {}),
      };
    }
    // A key with a fragment (`/tags/{arn}#tagKeys`) or fixed query pairs (`/services?funcs=news`) is reached at the
    // path before them (routePath), which Prism matches to the item of that path alone: its operations join that item,
    // the item's parameters each one's own.
    const reached = shared ? shared.path : routePath(path);
    if (reached === path) {
      paths[path] = { ...(isNode(paths[path]) ? paths[path] : {}), ...copy };
      continue;
    }
    const joined: Node = isNode(paths[reached]) ? { ...paths[reached] } : {};
    for (const method of METHODS) {
      const op = copy[method];
      if (!isNode(op) || joined[method] !== undefined) continue;
      joined[method] = {
        ...op,
        parameters: [
          ...(Array.isArray(copy.parameters) ? copy.parameters : []),
          ...(Array.isArray(op.parameters) ? op.parameters : []),
        ],
      };
    }
    paths[reached] = joined;
  }
  return { ...document, paths };
}

/**
 * A path whose segment holds expressions with nothing between them (`/profiles/{id}{ext}`): Prism's reader of the
 * path (a URI template's match) takes no value of either, and required both. The segment is served as its first
 * expression alone, whose value is then the whole segment: `first` names those kept, `absorbed` those dropped; the
 * request judge reads each expression's value (mock-judge.ts). Undefined for any other path.
 */
function adjacentExpressions(path: string): { path: string; first: Set<string>; absorbed: Set<string> } | undefined {
  const first = new Set<string>();
  const absorbed = new Set<string>();
  const served = routePath(path).replace(/\{([^{}]+)\}((?:\{[^{}]+\})+)/g, (_, name: string, rest: string) => {
    first.add(name.replace(/^\+/, ""));
    for (const [, other] of rest.matchAll(/\{([^{}]+)\}/g)) absorbed.add((other as string).replace(/^\+/, ""));
    return `{${name}}`;
  });
  return first.size ? { path: served, first, absorbed } : undefined;
}

/** The parameters of such a path as Prism is given them: the absorbed ones left out, the kept ones any text. */
function oneExpressionParams(
  list: unknown,
  joined: { first: Set<string>; absorbed: Set<string> },
  document: Node,
): unknown {
  if (!Array.isArray(list)) return list;
  return list.flatMap((p) => {
    const param = followRefs(document, p);
    if (!isNode(param) || param.in !== "path" || typeof param.name !== "string") return [p];
    if (joined.absorbed.has(param.name)) return [];
    if (!joined.first.has(param.name)) return [p];
    const { style: _style, explode: _explode, content: _content, ...rest } = param;
    return [{ ...rest, schema: { type: "string" } }];
  });
}

/**
 * Prism reads every part of a multipart body as text (and a repeated part
 * as its last value): a part holding JSON (an object, a list) is checked as
 * text there, where its schema would refuse every request.
 */
function partsAsText(document: Node, schema: unknown): unknown {
  if (!isNode(schema) || !isNode(schema.properties)) return schema;
  // A union that may be an object or a list (`oneOf: [array, object]`) too: read as the request judge reads its types.
  const structured = (part: Node) => {
    const types = typesOf(document, part);
    return types.has("object") || types.has("array");
  };
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, part]) => [
      name,
      isNode(part) &&
      (part.type === "object" || part.type === "array" || part.properties !== undefined || structured(part))
        ? { type: "string", description: part.description ?? "JSON text" }
        : part,
    ]),
  );
  return { ...schema, properties };
}

/**
 * A form field sent as a deepObject (`a[b][c]=…`) is read by Prism as an
 * object built from its schema, with an object for every object property
 * the schema names, sent or not (and built when the field itself was not
 * sent): a `required` inside refused every request that left a nested object
 * out, or the field. There the parts' `required` (and `minProperties`) are
 * dropped; the values sent are still checked.
 */
function withDeepObjectsAsBuilt(schema: unknown, encoding: Node): unknown {
  if (!isNode(schema) || !isNode(schema.properties)) return schema;
  const deep = Object.keys(schema.properties).filter(
    (name) => isNode(encoding[name]) && encoding[name].style === "deepObject",
  );
  if (!deep.length) return schema;
  const loosen = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => loosen(n, depth));
    if (!isNode(node) || depth > 64) return node;
    const { required: _required, minProperties: _min, ...rest } = node;
    return Object.fromEntries(
      Object.entries(rest).map(([k, v]) => [k, SCHEMA_KEYS.has(k) ? loosenEach(k, v, depth) : v]),
    );
  };
  const loosenEach = (key: string, value: unknown, depth: number): unknown =>
    key === "properties" && isNode(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, loosen(v, depth + 1)]))
      : loosen(value, depth + 1);
  const properties = { ...schema.properties };
  for (const name of deep) properties[name] = loosen(properties[name], 0);
  // A field that is a union of objects (`anyOf` of two, no `properties` of its own) is not built from its parts: sent,
  // Prism read none of it, and its `required` refused the request. The judge holds it to the document.
  const unbuilt = new Set(deep.filter((name) => isUnionOfParts(properties[name])));
  const required = Array.isArray(schema.required) ? schema.required.filter((n) => !unbuilt.has(String(n))) : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}

function isUnionOfParts(schema: unknown): boolean {
  return (
    isNode(schema) && schema.properties === undefined && (schema.anyOf !== undefined || schema.oneOf !== undefined)
  );
}

/**
 * The keywords whose values are schemas (or lists or maps of them) that Prism's deepObject reader or its check reach.
 */
const SCHEMA_KEYS = new Set(["properties", "items", "anyOf", "oneOf", "allOf", "additionalProperties"]);

/**
 * Prism refuses "reserved characters" (`/?#[]@!$&'()*+,;=`) in a form field
 * whose encoding does not allow them, read from the text before it decodes
 * it: a space, which a URL-encoded form writes `+`, was refused, and so was
 * any text in a multipart part (OpenAPI's `allowReserved` is for URL-encoded
 * forms only). The suite checks each value arrives intact itself.
 */
function withReservedAllowed(encoding: Node): Node {
  return Object.fromEntries(
    Object.entries(encoding).map(([name, e]) => [name, isNode(e) ? { ...e, allowReserved: true } : e]),
  );
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
