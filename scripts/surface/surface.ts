// The surface of a provider package: what block users and package consumers
// see of it, as data. Every parameter (type, required, limits, enum,
// default, secret, visibility, wire placement), every output with its type
// nested from the response schema, auth placement, the hosts the credential
// may go to, rate limits, error statuses and outcomes — plus the input hashes, generator and package versions. It is
// written to generated/<p>/surface.json and diffed before a release
// (`blockwright diff`): two surfaces, not two OpenAPI documents, say what
// breaks for users.
import { fieldOf, ownValue, providerHosts, setOwn, type OutputType, type ParamSpec, type PollingSpec, type RateLimitSpec, type RuleSpec, type ToolSpec } from "@blockwright/runtime";
import type { ProviderIR } from "../codegen/ir.js";
import type { CredentialPlacement, Schema } from "../codegen/openapi-document.js";
import { sha256 } from "../hash.js";

/** A structural type: enough of a JSON Schema to say what a value may look like. */
export interface Shape {
  type?: "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";
  nullable?: true;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Shape>;
  required?: string[];
  /** Other keys an object may have (a map's values). */
  additionalProperties?: Shape;
  items?: Shape;
  /** A recursive type, named where it recurs. */
  recursive?: string;
}

/** A parameter as its users depend on it: the definition's rules, with the wire and lists written as plain text. */
export interface ParamSurface
  extends Pick<ParamSpec, "type" | "title" | "description" | "required" | "default" | "integer" | "minimum" | "maximum" | "minLength" | "maxLength" | "pattern" | "enum" | "caseInsensitive" | "secret" | "visibility"> {
  format?: string;
  jsonType?: string;
  /** A comma list sent as an array, and how many items it may hold. */
  list?: { separator: string; maxItems?: number };
  /** Keys a JSON object may not contain (earlier surfaces wrote them as text, `Id (any case)`: read them with forbiddenKeysOf). */
  forbiddenKeys?: ForbiddenKeys | string[];
  example?: unknown;
  /** Where the value goes: `query:$top`, `path:id`, `header:X`, `body:/a/b`, `switch`, `auth`, `server`. */
  wire: string;
}

export type ForbiddenKeys = NonNullable<ParamSpec["forbiddenKeys"]>;

/** A parameter's forbidden keys as the runtime checks them, from a surface of any version. */
export function forbiddenKeysOf(p: Pick<ParamSurface, "forbiddenKeys">): ForbiddenKeys | undefined {
  const f = p.forbiddenKeys;
  if (!Array.isArray(f)) return f;
  // The earlier text form: each key, with " (any case)" when the check ignores case.
  const caseInsensitive = f.some((k) => k.endsWith(" (any case)"));
  return { keys: f.map((k) => k.replace(/ \(any case\)$/, "")), ...(caseInsensitive ? { caseInsensitive } : {}) };
}

export interface OutputSurface {
  type: OutputType;
  optional: boolean;
  description: string;
  /** The value's structure, from the response schema (or the parameter, status or constant it comes from). */
  shape: Shape;
}

export interface ToolSurface {
  title: string;
  description: string;
  method: string;
  path: string;
  /** In the order the block lists them (error messages list them so). */
  params: Record<string, ParamSurface>;
  rules: RuleSpec[];
  outputs: Record<string, OutputSurface>;
  /** Declared error statuses (4xx, 5xx) that become structured errors. */
  errors: number[];
  /** Statuses that are results, not errors. */
  outcomes: number[];
  polling?: Omit<PollingSpec, "output"> & { output: string };
  /** For a list operation that pages: how the next page is reached, and the list outputs gathered with allPages. */
  pagination?: { style: string; items: string[] };
}

export interface Surface {
  "//": string;
  provider: string;
  package: { name: string; version: string };
  generator: { name: string; version: string };
  /** sha256 of each input file, by path relative to the project. */
  inputs: Record<string, string>;
  auth: { placement: string; param: string };
  /** The hosts an address given at call time may name without the caller allowing more (absent from earlier surfaces). */
  hosts?: string[];
  /** How the upstream throttles (manifest `rateLimits`), when the manifest says. */
  rateLimits?: RateLimitSpec;
  tools: Record<string, ToolSurface>;
}

export interface SurfaceContext {
  packageName: string;
  packageVersion: string;
  generator: { name: string; version: string };
  /** Input file contents by project-relative path (for their hashes). */
  inputs: Record<string, string>;
  /** The schema of the response body an operation's outputs read (OpenApiDocument.bodyResponse), and a resolver for its `$ref`s. */
  bodySchema(operationId: string): Schema | undefined;
  resolveRef(ref: string): Schema | undefined;
}

/** Placement of a credential as users configure it: `bearer`, `header:X-Api-Key`, `query:key`. */
export function authPlacement(auth: CredentialPlacement): string {
  return auth.type === "bearer" ? "bearer" : `${auth.type}:${auth.name}`;
}

export function buildSurface(ir: ProviderIR, ctx: SurfaceContext): Surface {
  const tools: Record<string, ToolSurface> = {};
  // Outputs read the same response schemas again and again (every output of an operation, every operation
  // answering a `$ref`ed resource): each body schema's shape is built once per surface.
  const bodyShapes = new Map<Schema, Shape>();
  const bodyShape = (root: Schema): Shape => {
    let shape = bodyShapes.get(root);
    if (!shape) bodyShapes.set(root, (shape = schemaShape(root, ctx, [])));
    return shape;
  };
  for (const { tool } of ir.operations) tools[tool.id] = toolSurface(tool, ctx, bodyShape);
  return {
    "//": `Generated by \`blockwright generate\` from ${ir.sources.manifest} and ${ir.sources.openapi}: the package's public surface, diffed by \`blockwright diff\`. Do not edit.`,
    provider: ir.provider,
    package: { name: ctx.packageName, version: ctx.packageVersion },
    generator: ctx.generator,
    inputs: Object.fromEntries(Object.entries(ctx.inputs).map(([path, text]) => [path, `sha256:${sha256(text)}`])),
    auth: { placement: authPlacement(ir.auth), param: ir.auth.param },
    hosts: providerHosts({ server: ir.server }),
    ...(ir.operations[0]?.tool.rateLimits ? { rateLimits: structuredClone(ir.operations[0].tool.rateLimits) } : {}),
    tools,
  };
}

function toolSurface(tool: ToolSpec, ctx: SurfaceContext, bodyShape: (root: Schema) => Shape): ToolSurface {
  const params: Record<string, ParamSurface> = {};
  for (const p of tool.params) params[p.name] = paramSurface(p);
  const outputs: Record<string, OutputSurface> = {};
  for (const o of tool.outputs) {
    outputs[o.path] = { type: o.type, optional: o.optional, description: o.description, shape: outputShape(tool, o.source, ctx, bodyShape) };
  }
  return {
    title: tool.title,
    description: tool.description,
    method: tool.method,
    path: tool.path,
    params,
    rules: tool.rules,
    outputs,
    errors: tool.responses.map((r) => r.status).filter((s) => s >= 400 && !tool.outcomes.some((o) => o.status === s)),
    outcomes: tool.outcomes.map((o) => o.status),
    ...(tool.polling ? { polling: { ...tool.polling } } : {}),
    ...(tool.pagination ? { pagination: { style: tool.pagination.next.style, items: [...tool.pagination.items] } } : {}),
  };
}

function paramSurface(p: ParamSpec): ParamSurface {
  const wire = p.wire;
  const place = wire.in === "path" || wire.in === "query" || wire.in === "header" ? `${wire.in}:${wire.name}` : wire.in === "body" ? `body:${wire.pointer || "/"}` : wire.in;
  const surface: ParamSurface = { type: p.type, title: p.title, description: p.description, required: p.required, secret: p.secret, visibility: p.visibility, wire: place };
  for (const key of ["default", "integer", "minimum", "maximum", "minLength", "maxLength", "pattern", "enum", "caseInsensitive", "format", "jsonType"] as const) {
    if (p[key] !== undefined) (surface as unknown as Record<string, unknown>)[key] = p[key];
  }
  if (wire.in === "body" && wire.split) surface.list = { ...wire.split };
  if (p.forbiddenKeys) surface.forbiddenKeys = structuredClone(p.forbiddenKeys);
  if (p.example !== undefined) surface.example = p.example;
  return surface;
}

/** `bodyShape`: the shape of a response body schema (shared: the shape found is copied before it is changed). */
function outputShape(tool: ToolSpec, source: ToolSpec["outputs"][number]["source"], ctx: SurfaceContext, bodyShape: (root: Schema) => Shape): Shape {
  if ("value" in source) return shapeOfValue(source.value);
  if (source.count) return { type: "integer" };
  switch (source.ref.kind) {
    case "status":
      return { type: "integer" };
    case "header":
      return { type: "string" };
    case "param": {
      const name = source.ref.name;
      const p = tool.params.find((x) => x.name === name);
      return p ? paramShape(p) : {};
    }
    case "body": {
      const root = ctx.bodySchema(tool.operationId);
      if (!root) return {};
      let shape = bodyShape(root);
      for (const segment of source.ref.pointer) shape = (shape.type === "array" ? shape.items : (shape.properties?.[segment] ?? shape.additionalProperties)) ?? {};
      const { omit } = source;
      if (omit && shape.properties) {
        const properties = { ...shape.properties };
        for (const key of omit) delete properties[key];
        shape = { ...shape, properties, ...(shape.required ? { required: shape.required.filter((r) => !omit.includes(r)) } : {}) };
      }
      if (source.default !== undefined && shape.nullable) {
        const { nullable: _n, ...rest } = shape;
        shape = rest;
      }
      return shape;
    }
  }
}

function paramShape(p: ParamSpec): Shape {
  if (p.type === "json") return { type: p.jsonType === "array" ? "array" : "object" };
  if (p.type === "number") return { type: p.integer ? "integer" : "number" };
  return { type: p.type, ...(p.enum ? { enum: [...p.enum] } : {}) };
}

function shapeOfValue(value: unknown): Shape {
  if (value === null) return { type: "null" };
  if (Array.isArray(value)) return { type: "array" };
  if (typeof value === "object") return { type: "object", properties: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOfValue(v)])) };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  return { type: typeof value as Shape["type"], enum: [value] };
}

/** The structure a schema describes, following `$ref`s (a recursive one is named, not expanded) and merging `allOf`. */
export function schemaShape(schema: Schema, ctx: Pick<SurfaceContext, "resolveRef">, seen: string[]): Shape {
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    const name = ref.split("/").pop() ?? ref;
    if (seen.includes(ref)) return { recursive: name };
    const target = ctx.resolveRef(ref);
    return target ? schemaShape(target, ctx, [...seen, ref]) : {};
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((s) => schemaShape(s, ctx, seen));
    const { allOf: _a, ...own } = schema;
    return mergeShapes([schemaShape(own, ctx, seen), ...parts]);
  }
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(variants)) {
    // A union: the shape of its variants when they agree on a type, otherwise anything.
    const shapes = variants.map((s) => schemaShape(s, ctx, seen));
    const types = new Set(shapes.map((s) => s.type));
    return types.size === 1 ? mergeShapes(shapes) : {};
  }
  const shape: Shape = {};
  const rawType = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : (schema.type as string | undefined);
  const type = rawType ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
  if (type) shape.type = type as Shape["type"];
  if (schema.nullable === true || (Array.isArray(schema.type) && (schema.type as string[]).includes("null"))) shape.nullable = true;
  if (Array.isArray(schema.enum)) shape.enum = [...(schema.enum as unknown[])];
  if (typeof schema.format === "string") shape.format = schema.format;
  if (schema.properties) {
    shape.properties = Object.fromEntries(
      Object.keys(schema.properties as object)
        .sort()
        .map((k) => [k, schemaShape(fieldOf(schema.properties as Record<string, Schema>, k), ctx, seen)]),
    );
  }
  if (Array.isArray(schema.required) && schema.required.length) shape.required = [...(schema.required as string[])].sort();
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") shape.additionalProperties = schemaShape(schema.additionalProperties as Schema, ctx, seen);
  if (schema.items) shape.items = schemaShape(schema.items as Schema, ctx, seen);
  return shape;
}

function mergeShapes(shapes: Shape[]): Shape {
  const out: Shape = {};
  for (const s of shapes) {
    if (s.type && !out.type) out.type = s.type;
    if (s.nullable) out.nullable = true;
    if (s.enum) out.enum = [...new Set([...(out.enum ?? []), ...s.enum])];
    if (s.format && !out.format) out.format = s.format;
    if (s.properties) out.properties = { ...(out.properties ?? {}), ...s.properties };
    if (s.required) out.required = [...new Set([...(out.required ?? []), ...s.required])].sort();
    if (s.items && !out.items) out.items = s.items;
    if (s.additionalProperties && !out.additionalProperties) out.additionalProperties = s.additionalProperties;
    if (s.recursive && !out.recursive) out.recursive = s.recursive;
  }
  const { properties } = out;
  if (properties)
    out.properties = Object.fromEntries(
      Object.keys(properties)
        .sort()
        .map((k) => [k, fieldOf(properties, k)]),
    );
  return out;
}

/** The surface as committed: sorted keys (but a tool's parameters in their own order), two-space indent, a final newline. */
export function formatSurface(surface: Surface): string {
  const sorted = sortKeys(surface) as Surface;
  for (const [id, tool] of Object.entries(surface.tools)) {
    const sortedTool = fieldOf(sorted.tools, id);
    const own: typeof sortedTool.params = {};
    for (const name of Object.keys(tool.params)) {
      const param = sortedTool.params[name];
      if (param !== undefined) setOwn(own, name, param);
    }
    sortedTool.params = own;
  }
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/**
 * A copy for JSON.stringify with every object's keys in order ("//" first:
 * the header says what the file is) and undefined members left out. The
 * native string sort is the `<` order.
 */
function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(sortKeys);
  const keys = Object.keys(value).sort();
  const header = keys.indexOf("//");
  if (header > 0) keys.unshift(...keys.splice(header, 1));
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) setOwn(out, key, sortKeys(v));
  }
  return out;
}

export type ShapeLookup = { found: Shape } | { unknown: true } | { missing: string };

/** The shape of the value at `path` inside an output's shape (a number steps into a list). */
export function shapeAt(shape: Shape, path: readonly (string | number)[]): ShapeLookup {
  let current: Shape = shape;
  let at = "";
  for (const segment of path) {
    if (current.recursive || current.type === undefined) return { unknown: true };
    if (typeof segment === "number") {
      if (current.type !== "array") return { missing: `${at || "it"} is ${describe(current)}, not a list` };
      if (!current.items) return { unknown: true };
      current = current.items;
      at += `[${segment}]`;
    } else {
      if (current.type !== "object") return { missing: `${at || "it"} is ${describe(current)}, which has no field "${segment}"` };
      // Own fields only: "constructor" is no field of an object shape.
      const next = (ownValue(current.properties, segment) as Shape | undefined) ?? current.additionalProperties;
      if (!next) {
        const fields = Object.keys(current.properties ?? {});
        return { missing: `${at || "it"} has no field "${segment}"${fields.length ? ` (fields: ${fields.slice(0, 15).join(", ")}${fields.length > 15 ? ", …" : ""})` : ""}` };
      }
      current = next;
      at += `.${segment}`;
    }
  }
  return { found: current };
}

function describe(shape: Shape): string {
  return shape.type === "array" ? "a list" : shape.type === "object" ? "an object" : `a ${shape.type}`;
}
