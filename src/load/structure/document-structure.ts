// The OpenAPI document's own structure where Blockwright reads it: each place
// the specification gives an object (a path item, an operation, a parameter,
// a request body, a media type, a response, a header, an example, a schema)
// must hold a mapping, each list (parameters, allOf, anyOf, oneOf) a list,
// and a parameter names itself and where it goes with texts. A published
// document that holds `null` or a text there (`parameters: [null]`,
// `"200": null`, `oneOf: {…}`) is refused naming the place, the rule and the
// value, instead of failing deep inside a reader as an internal error. Only
// what the operations walked reach is walked (add walks those it takes,
// generate those of the document cut to what the manifest binds), a local
// `$ref` followed to its target, so a broken part no operation uses stays
// harmless. Values that are data (examples, defaults, enums) are not walked.
// add asks it to pass `additionalProperties` written as the text "true" or
// "false" (PHP's swagger-php writes an annotation's `additionalProperties="true"`
// so), which its cut writes as the boolean (import/cut/type-lists.ts).
import { refPath, valueAt } from "../json-ref.js";

type Json = Record<string, unknown>;
export type StructurePath = (string | number)[];

export interface StructureProblem {
  path: StructurePath;
  message: string;
  /** What the place must hold when it holds no mapping ("a schema", "a parameter"), for a step reading it anew. */
  expected?: string;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];
/** Keywords of a schema whose value is one schema. */
const ONE_SCHEMA = ["items", "not", "contains", "if", "then", "else", "propertyNames", "unevaluatedItems"];
/** Keywords of a schema whose value is a list of schemas. */
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords of a schema whose value maps names to schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

const isMapping = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const shown = (v: unknown): string => {
  if (Array.isArray(v)) return "a list";
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

export interface StructureOptions {
  /** An `additionalProperties` of the text "true" or "false" passes (add's cut writes it as the boolean). */
  booleanTexts?: boolean;
}

/** The texts of a boolean, as a PHP annotation's attribute writes one. */
export const BOOLEAN_TEXTS: ReadonlyMap<unknown, boolean> = new Map([
  ["true", true],
  ["false", false],
]);

/**
 * Every place reached from the operations of `document` (those of `operations` when given: path and lower-case
 * method) whose value is not of the structure OpenAPI gives it (at most `limit`).
 */
export function structureProblems(
  document: unknown,
  operations?: readonly { path: string; method: string }[],
  limit = 20,
  options: StructureOptions = {},
): StructureProblem[] {
  if (!isMapping(document)) return [];
  const walk = new StructureWalk(document, limit, options.booleanTexts === true);
  const top = at(undefined, "paths");
  const paths = walk.mapping(document.paths, top, "paths");
  const taken = new Map<string, string[]>();
  if (operations) for (const { path, method } of operations) taken.set(path, [...(taken.get(path) ?? []), method]);
  else for (const path of Object.keys(paths ?? {})) if (!path.startsWith("x-")) taken.set(path, METHODS);
  if (paths) for (const [path, methods] of taken) walk.pathItem(paths[path], at(top, path), methods);
  // The whole document's (generate's, cut to what the manifest binds): its 3.1 webhooks too, each a path item by name,
  // whose deliveries a trigger reads (a `null` there failed the link as an internal error).
  const hooks = at(undefined, "webhooks");
  const webhooks = operations ? undefined : walk.mapping(document.webhooks, hooks, "webhooks");
  for (const name of Object.keys(webhooks ?? {})) walk.pathItem(webhooks?.[name], at(hooks, name), METHODS);
  return walk.out;
}

/**
 * A place in the walk: its parent and its key. Made as an array only for a problem: the walk steps through every place
 * its operations reach and finds nothing wrong at nearly all of them, and a copy of the path at each step was most of
 * what it allocated (generate's collector runs by the bytes allocated).
 */
interface Place {
  readonly up: Place | undefined;
  readonly key: string | number;
}

/** A place, or the document's top (undefined). */
type Where = Place | undefined;

const at = (up: Where, key: string | number): Place => ({ up, key });

function pathOf(place: Where): StructurePath {
  const path: StructurePath = [];
  for (let p = place; p; p = p.up) path.push(p.key);
  return path.reverse();
}

function placeOf(path: readonly (string | number)[]): Where {
  let place: Where;
  for (const key of path) place = at(place, key);
  return place;
}

type Visit = (value: unknown, place: Where) => void;

class StructureWalk {
  readonly out: StructureProblem[] = [];
  /** A node reached twice (a shared target of $refs, a shared object in parsed YAML) is walked once. */
  private readonly seen = new WeakSet<object>();

  constructor(
    private readonly document: Json,
    private readonly limit: number,
    private readonly booleanTexts: boolean,
  ) {}

  wrong(place: Where, what: string, value: unknown, expected?: string): void {
    if (this.out.length < this.limit)
      this.out.push({
        path: pathOf(place),
        message: `${what}, got ${shown(value)}`,
        ...(expected ? { expected } : {}),
      });
  }

  /** The mapping at `place`, or undefined when the key is absent; a value that is not one is reported. */
  mapping(value: unknown, place: Where, what: string): Json | undefined {
    if (value === undefined) return undefined;
    if (isMapping(value)) return value;
    this.wrong(place, `${what} must be a mapping`, value, what);
    return undefined;
  }

  /** The mapping's first visit, not a reference (whose local target is walked as what it stands for). */
  private own(value: unknown, place: Where, what: string, visit: Visit): Json | undefined {
    const v = this.mapping(value, place, what);
    if (!v || this.seen.has(v)) return undefined;
    this.seen.add(v);
    if (!("$ref" in v)) return v;
    if (typeof v.$ref !== "string") this.wrong(at(place, "$ref"), "a $ref must be a text", v.$ref);
    else if (v.$ref.startsWith("#")) {
      const path = refPath(v.$ref);
      const target = valueAt(this.document, path);
      if (target !== undefined) visit(target, placeOf(path));
    }
    return undefined;
  }

  /** Each entry of the map at `place`; `extended`: a map whose `x-` keys are extensions, not entries. */
  private entries(value: unknown, place: Where, what: string, visit: Visit, extended = false): void {
    const map = this.mapping(value, place, `${what} (a map of names)`);
    if (!map) return;
    for (const k in map) if (Object.hasOwn(map, k) && !(extended && k.startsWith("x-"))) visit(map[k], at(place, k));
  }

  private list(value: unknown, place: Where, what: string, visit: Visit): void {
    if (value === undefined) return;
    if (!Array.isArray(value)) return this.wrong(place, what, value);
    for (let i = 0; i < value.length; i++) visit(value[i], at(place, i));
  }

  readonly schema: Visit = (value, place) => {
    if (typeof value === "boolean") return; // 3.1: true and false are schemas.
    const s = this.own(value, place, "a schema", this.schema);
    if (!s) return;
    // Indexed loops over the keyword lists: a `for…of` made an iterator's result at each step, in code the compilers
    // have not optimised yet (generate's collector runs by the bytes allocated).
    for (let i = 0; i < ONE_SCHEMA.length; i++) {
      const key = ONE_SCHEMA[i] as string;
      if (key in s && !(key === "items" && Array.isArray(s.items))) this.schema(s[key], at(place, key));
    }
    if ("additionalProperties" in s && !(this.booleanTexts && BOOLEAN_TEXTS.has(s.additionalProperties)))
      this.schema(s.additionalProperties, at(place, "additionalProperties"));
    for (let i = 0; i < SCHEMA_LISTS.length; i++) {
      const key = SCHEMA_LISTS[i] as string;
      if (s[key] !== undefined) this.list(s[key], at(place, key), `${key} must be a list of schemas`, this.schema);
    }
    // `required: true` on a property, a common slip, is read as nothing required, as before.
    const required = s.required;
    if (required !== undefined && typeof required !== "boolean" && !(Array.isArray(required) && required.every(isText)))
      this.wrong(at(place, "required"), "a schema's required must be a list of field names", required);
    for (let i = 0; i < SCHEMA_MAPS.length; i++) {
      const key = SCHEMA_MAPS[i] as string;
      if (key in s) this.entries(s[key], at(place, key), key, this.schema);
    }
  };

  private readonly example: Visit = (value, place) => void this.own(value, place, "an example", this.example);

  private readonly media: Visit = (value, place) => {
    const m = this.own(value, place, "a media type", this.media);
    if (!m) return;
    if ("schema" in m) this.schema(m.schema, at(place, "schema"));
    if ("examples" in m) this.entries(m.examples, at(place, "examples"), "examples", this.example);
  };

  private content(value: unknown, place: Where): void {
    this.entries(value, place, "content", this.media);
  }

  private readonly header: Visit = (value, place) => {
    const h = this.own(value, place, "a header", this.header);
    if (!h) return;
    if ("schema" in h) this.schema(h.schema, at(place, "schema"));
    if ("content" in h) this.content(h.content, at(place, "content"));
  };

  private readonly parameter: Visit = (value, place) => {
    const p = this.own(value, place, "a parameter", this.parameter);
    if (!p) return;
    if (typeof p.name !== "string") this.wrong(at(place, "name"), "a parameter's name must be a text", p.name);
    if (typeof p.in !== "string")
      this.wrong(at(place, "in"), "a parameter's in must be a text (query, header, path, cookie)", p.in);
    if ("schema" in p) this.schema(p.schema, at(place, "schema"));
    if ("content" in p) this.content(p.content, at(place, "content"));
    if ("examples" in p) this.entries(p.examples, at(place, "examples"), "examples", this.example);
  };

  private readonly requestBody: Visit = (value, place) => {
    const b = this.own(value, place, "a request body", this.requestBody);
    if (b && "content" in b) this.content(b.content, at(place, "content"));
  };

  private readonly response: Visit = (value, place) => {
    const r = this.own(value, place, "a response", this.response);
    if (!r) return;
    if ("headers" in r) this.entries(r.headers, at(place, "headers"), "headers", this.header);
    if ("content" in r) this.content(r.content, at(place, "content"));
  };

  private operation(value: unknown, place: Where): void {
    const op = this.mapping(value, place, "an operation");
    if (!op) return;
    if ("operationId" in op && typeof op.operationId !== "string")
      this.wrong(at(place, "operationId"), "an operationId must be a text", op.operationId);
    if (op.parameters !== undefined)
      this.list(op.parameters, at(place, "parameters"), "parameters must be a list of parameters", this.parameter);
    if ("requestBody" in op) this.requestBody(op.requestBody, at(place, "requestBody"));
    if ("responses" in op) this.entries(op.responses, at(place, "responses"), "responses", this.response, true);
    // Its callbacks by name, each expression a path item a reader takes as the webhooks' (a `null` there failed as an
    // internal error).
    if ("callbacks" in op) this.entries(op.callbacks, at(place, "callbacks"), "callbacks", this.callback, true);
  }

  private readonly callback: Visit = (value, place) => {
    const c = this.own(value, place, "a callback", this.callback);
    if (!c) return;
    for (const k in c) if (Object.hasOwn(c, k) && !k.startsWith("x-")) this.pathItem(c[k], at(place, k), METHODS);
  };

  pathItem(value: unknown, place: Where, methods: readonly string[]): void {
    const item = this.own(value, place, "a path item", (v, to) => this.pathItem(v, to, methods));
    if (!item) return;
    if (item.parameters !== undefined)
      this.list(item.parameters, at(place, "parameters"), "parameters must be a list of parameters", this.parameter);
    for (const method of methods) if (method in item) this.operation(item[method], at(place, method));
  }
}

const isText = (n: unknown) => typeof n === "string";

/** A place as messages name it: `paths./items.get.parameters[0]`. */
export function structurePlace(path: StructurePath): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}
