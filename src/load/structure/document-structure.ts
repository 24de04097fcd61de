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
import { refPath, valueAt } from "../json-ref.js";

type Json = Record<string, unknown>;
export type StructurePath = (string | number)[];

export interface StructureProblem {
  path: StructurePath;
  message: string;
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

/**
 * Every place reached from the operations of `document` (those of `operations` when given: path and lower-case
 * method) whose value is not of the structure OpenAPI gives it (at most `limit`).
 */
export function structureProblems(
  document: unknown,
  operations?: readonly { path: string; method: string }[],
  limit = 20,
): StructureProblem[] {
  if (!isMapping(document)) return [];
  const walk = new StructureWalk(document, limit);
  const paths = walk.mapping(document.paths, ["paths"], "paths");
  if (!paths) return walk.out;
  const taken = new Map<string, string[]>();
  if (operations) for (const { path, method } of operations) taken.set(path, [...(taken.get(path) ?? []), method]);
  else for (const path of Object.keys(paths)) if (!path.startsWith("x-")) taken.set(path, METHODS);
  for (const [path, methods] of taken) walk.pathItem(paths[path], ["paths", path], methods);
  return walk.out;
}

type Visit = (value: unknown, path: StructurePath) => void;

class StructureWalk {
  readonly out: StructureProblem[] = [];
  /** A node reached twice (a shared target of $refs, a shared object in parsed YAML) is walked once. */
  private readonly seen = new WeakSet<object>();

  constructor(
    private readonly document: Json,
    private readonly limit: number,
  ) {}

  wrong(path: StructurePath, what: string, value: unknown): void {
    if (this.out.length < this.limit) this.out.push({ path, message: `${what}, got ${shown(value)}` });
  }

  /** The mapping at `path`, or undefined when the key is absent; a value that is not one is reported. */
  mapping(value: unknown, path: StructurePath, what: string): Json | undefined {
    if (value === undefined) return undefined;
    if (isMapping(value)) return value;
    this.wrong(path, `${what} must be a mapping`, value);
    return undefined;
  }

  /** The mapping's first visit, not a reference (whose local target is walked as what it stands for). */
  private own(value: unknown, path: StructurePath, what: string, visit: Visit): Json | undefined {
    const v = this.mapping(value, path, what);
    if (!v || this.seen.has(v)) return undefined;
    this.seen.add(v);
    if (!("$ref" in v)) return v;
    if (typeof v.$ref !== "string") this.wrong([...path, "$ref"], "a $ref must be a text", v.$ref);
    else if (v.$ref.startsWith("#")) {
      const at = refPath(v.$ref);
      const target = valueAt(this.document, at);
      if (target !== undefined) visit(target, [...at]);
    }
    return undefined;
  }

  /** Each entry of the map at `path`; `extended`: a map whose `x-` keys are extensions, not entries. */
  private entries(value: unknown, path: StructurePath, what: string, visit: Visit, extended = false): void {
    const map = this.mapping(value, path, `${what} (a map of names)`);
    if (map) for (const [k, v] of Object.entries(map)) if (!(extended && k.startsWith("x-"))) visit(v, [...path, k]);
  }

  private list(value: unknown, path: StructurePath, what: string, visit: Visit): void {
    if (value === undefined) return;
    if (!Array.isArray(value)) return this.wrong(path, what, value);
    for (let i = 0; i < value.length; i++) visit(value[i], [...path, i]);
  }

  readonly schema: Visit = (value, path) => {
    if (typeof value === "boolean") return; // 3.1: true and false are schemas.
    const s = this.own(value, path, "a schema", this.schema);
    if (!s) return;
    for (const key of ONE_SCHEMA)
      if (key in s && !(key === "items" && Array.isArray(s.items))) this.schema(s[key], [...path, key]);
    if ("additionalProperties" in s) this.schema(s.additionalProperties, [...path, "additionalProperties"]);
    for (const key of SCHEMA_LISTS) this.list(s[key], [...path, key], `${key} must be a list of schemas`, this.schema);
    // `required: true` on a property, a common slip, is read as nothing required, as before.
    const required = s.required;
    if (
      required !== undefined &&
      typeof required !== "boolean" &&
      !(Array.isArray(required) && required.every((n) => typeof n === "string"))
    )
      this.wrong([...path, "required"], "a schema's required must be a list of field names", required);
    for (const key of SCHEMA_MAPS) if (key in s) this.entries(s[key], [...path, key], key, this.schema);
  };

  private readonly example: Visit = (value, path) => void this.own(value, path, "an example", this.example);

  private readonly media: Visit = (value, path) => {
    const m = this.own(value, path, "a media type", this.media);
    if (!m) return;
    if ("schema" in m) this.schema(m.schema, [...path, "schema"]);
    if ("examples" in m) this.entries(m.examples, [...path, "examples"], "examples", this.example);
  };

  private content(value: unknown, path: StructurePath): void {
    this.entries(value, path, "content", this.media);
  }

  private readonly header: Visit = (value, path) => {
    const h = this.own(value, path, "a header", this.header);
    if (!h) return;
    if ("schema" in h) this.schema(h.schema, [...path, "schema"]);
    if ("content" in h) this.content(h.content, [...path, "content"]);
  };

  private readonly parameter: Visit = (value, path) => {
    const p = this.own(value, path, "a parameter", this.parameter);
    if (!p) return;
    if (typeof p.name !== "string") this.wrong([...path, "name"], "a parameter's name must be a text", p.name);
    if (typeof p.in !== "string")
      this.wrong([...path, "in"], "a parameter's in must be a text (query, header, path, cookie)", p.in);
    if ("schema" in p) this.schema(p.schema, [...path, "schema"]);
    if ("content" in p) this.content(p.content, [...path, "content"]);
    if ("examples" in p) this.entries(p.examples, [...path, "examples"], "examples", this.example);
  };

  private readonly requestBody: Visit = (value, path) => {
    const b = this.own(value, path, "a request body", this.requestBody);
    if (b && "content" in b) this.content(b.content, [...path, "content"]);
  };

  private readonly response: Visit = (value, path) => {
    const r = this.own(value, path, "a response", this.response);
    if (!r) return;
    if ("headers" in r) this.entries(r.headers, [...path, "headers"], "headers", this.header);
    if ("content" in r) this.content(r.content, [...path, "content"]);
  };

  private operation(value: unknown, path: StructurePath): void {
    const op = this.mapping(value, path, "an operation");
    if (!op) return;
    if ("operationId" in op && typeof op.operationId !== "string")
      this.wrong([...path, "operationId"], "an operationId must be a text", op.operationId);
    this.list(op.parameters, [...path, "parameters"], "parameters must be a list of parameters", this.parameter);
    if ("requestBody" in op) this.requestBody(op.requestBody, [...path, "requestBody"]);
    if ("responses" in op) this.entries(op.responses, [...path, "responses"], "responses", this.response, true);
  }

  pathItem(value: unknown, path: StructurePath, methods: readonly string[]): void {
    const item = this.own(value, path, "a path item", (v, at) => this.pathItem(v, at, methods));
    if (!item) return;
    this.list(item.parameters, [...path, "parameters"], "parameters must be a list of parameters", this.parameter);
    for (const method of methods) if (method in item) this.operation(item[method], [...path, method]);
  }
}

/** A place as messages name it: `paths./items.get.parameters[0]`. */
export function structurePlace(path: StructurePath): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}
