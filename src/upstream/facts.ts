// A published OpenAPI document as a set of facts: one entry per operation,
// parameter, request-body field, response field, response status and
// security scheme, each with what a client depends on (types, limits,
// enums, required). Diffing two documents is then diffing two maps, and
// each changed fact can be tested against what our manifest binds.
import { formatPointer } from "@blockwright/runtime/internal";
import { canonical } from "../common/canonical-json.js";
import { FORM_MEDIA_TYPE, jsonMediaType, OPERATION_METHODS } from "../load/openapi-document.js";
import { refTarget } from "../load/json-ref.js";
import { serverPath } from "../changes/document-operations.js";

type Json = Record<string, unknown>;

// A published document is whatever its publisher wrote: a part of the wrong
// type (a path item that is a number, parameters that are not a list) is read
// as absent, never trusted to have the shape the specification gives it.
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown): string[] => list(v).filter((x): x is string => typeof x === "string");

export interface Fact {
  /** The operation, as `METHOD /full/path/{}` (path parameters unnamed), or `security` for schemes. */
  op: string;
  kind: "operation" | "param" | "body" | "response" | "status" | "security" | "scheme";
  /** `query:limit`, `/a/*\/b` (a JSON pointer, `*` for array items), a status, a scheme name. */
  where: string;
  status?: string;
  /** Canonical JSON of what matters about it. */
  value: string;
}

/** Deep enough for every field an output reads; deeper schemas are summarised. */
const MAX_DEPTH = 8;

/** `GET /v1.0/users/{}`: method and full path (server path prefix included), path parameters unnamed. */
export function operationKey(method: string, serverPath: string, path: string): string {
  const full = `${serverPath.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`.replace(/\/+$/, "") || "/";
  return `${method.toUpperCase()} ${full.replace(/\{[^}]*\}/g, "{}")}`;
}

/** The path of a document's first server (changes/document-operations.ts), which prefixes its paths on the wire. */
export const serverPathOf = serverPath;

export function documentFacts(doc: Json): Map<string, Fact> {
  const facts = new Map<string, Fact>();
  const put = (f: Fact) => facts.set(`${f.op} ${f.kind} ${f.status ?? ""} ${f.where}`.replace(/\s+/g, " ").trim(), f);
  // A reference that is no JSON pointer (`#/%zz`) points at nothing.
  const at = (ref: string): unknown => refTarget(doc, ref);
  const resolve = (s: unknown, seen: string[] = []): { schema: Json; seen: string[] } => {
    let current = object(s);
    const trail = [...seen];
    while (typeof current.$ref === "string") {
      const ref = current.$ref;
      if (trail.includes(ref) || !ref.startsWith("#/")) return { schema: { recursive: ref }, seen: trail };
      trail.push(ref);
      current = object(at(ref));
    }
    return { schema: current, seen: trail };
  };
  const serverPath = serverPathOf(doc);

  for (const [name, raw] of Object.entries(object(object(doc.components).securitySchemes))) {
    const s = object(raw);
    put({
      op: "security",
      kind: "scheme",
      where: name,
      value: canonical({ type: s.type, in: s.in, name: s.name, scheme: s.scheme }),
    });
  }

  for (const [path, rawItem] of Object.entries(object(doc.paths))) {
    const item = resolve(rawItem).schema;
    const shared = list(item.parameters);
    for (const method of OPERATION_METHODS) {
      if (item[method] === null || typeof item[method] !== "object") continue;
      const op = object(item[method]);
      const key = operationKey(method, serverPath, path);
      put({ op: key, kind: "operation", where: "", value: "present" });
      put({ op: key, kind: "security", where: "", value: canonical((op.security ?? doc.security ?? []) as unknown) });
      for (const raw of [...shared, ...list(op.parameters)]) {
        const p = resolve(raw).schema;
        put({
          op: key,
          kind: "param",
          where: `${String(p.in)}:${String(p.name)}`,
          value: canonical({ required: Boolean(p.required), ...summary(resolve(p.schema).schema) }),
        });
      }
      const body = op.requestBody ? resolve(op.requestBody).schema : undefined;
      // The body as the runtime writes it: JSON when the spec offers it, else a form.
      const bodySchema = body ? jsonSchema(body, true) : undefined;
      if (bodySchema)
        walk(
          bodySchema,
          "",
          0,
          [],
          (pointer, s, required) =>
            put({ op: key, kind: "body", where: pointer || "/", value: canonical({ required, ...summary(s) }) }),
          resolve,
        );
      for (const [status, rawResponse] of Object.entries(object(op.responses))) {
        put({ op: key, kind: "status", where: status, value: "declared" });
        if (!/^2/.test(status)) continue;
        const schema = jsonSchema(resolve(rawResponse).schema);
        if (schema)
          walk(
            schema,
            "",
            0,
            [],
            (pointer, s, required) =>
              put({
                op: key,
                kind: "response",
                status,
                where: pointer || "/",
                value: canonical({ required, ...summary(s) }),
              }),
            resolve,
          );
      }
    }
  }
  return facts;
}

/** The schema of a body's JSON media type (the one the linker reads). */
function jsonSchema(container: Json, form = false): unknown {
  const content = object(container.content);
  const type =
    jsonMediaType(content) ??
    (form
      ? Object.keys(content).find((k) => (k.split(";")[0] ?? "").trim().toLowerCase() === FORM_MEDIA_TYPE)
      : undefined);
  return type ? object(content[type]).schema : undefined;
}

type Resolve = (s: unknown, seen?: string[]) => { schema: Json; seen: string[] };

/** Every field of a schema, depth first: `visit(pointer, schema, requiredByItsParent)`. */
function walk(
  raw: unknown,
  pointer: string,
  depth: number,
  seen: string[],
  visit: (pointer: string, s: Json, required: boolean) => void,
  resolve: Resolve,
  required = true,
): void {
  const { schema, seen: trail } = resolve(raw, seen);
  const s = flatten(schema, resolve, trail);
  visit(pointer, s, required);
  if (depth >= MAX_DEPTH || s.recursive) return;
  const req = new Set(strings(s.required));
  for (const [name, child] of Object.entries(object(s.properties))) {
    walk(child, `${pointer}${formatPointer([name])}`, depth + 1, trail, visit, resolve, req.has(name));
  }
  if (s.items) walk(s.items, `${pointer}/*`, depth + 1, trail, visit, resolve, false);
}

/** allOf merged into one object schema. */
function flatten(schema: Json, resolve: Resolve, seen: string[]): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Json = { ...schema, properties: { ...object(schema.properties) }, required: strings(schema.required) };
  delete merged.allOf;
  for (const member of schema.allOf as unknown[]) {
    const m = flatten(resolve(member, seen).schema, resolve, seen);
    Object.assign(merged.properties as Json, object(m.properties));
    (merged.required as string[]).push(...strings(m.required));
    for (const k of ["type", "enum", "format"]) if (merged[k] === undefined && m[k] !== undefined) merged[k] = m[k];
  }
  return merged;
}

/** What a client depends on in a schema (descriptions and examples are not part of the contract). */
function summary(s: Json): Json {
  const out: Json = {};
  for (const key of [
    "type",
    "format",
    "enum",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "nullable",
    "default",
    "recursive",
  ]) {
    if (s[key] !== undefined) out[key] = s[key];
  }
  if (out.type === undefined && s.properties) out.type = "object";
  return out;
}
