// The TypeScript types of a package's tools, printed from the IR's type data:
// each operation's parameters (from its parameter definitions) and output
// (nested by dotted path, each leaf the union of what its sources give).
import type { NestedLimits, ParamSpec } from "@blockwright/runtime/internal";
import { defined, itemAt } from "@blockwright/runtime/internal/generate";
import type { OperationIR, TypeRef } from "../model/ir.js";

/**
 * TypeScript type of a parameter as a caller passes it. A json parameter is
 * typed from its schema (an array of its items' type, an object of its
 * values' type; an object or an array when it says neither), never `string`:
 * JSON text is what untyped callers (workflows, models) give, and a typed
 * caller's plain string would only fail at run time as not valid JSON.
 * `normalized`: as the call carries it (a file's bytes as a Blob or Uint8Array).
 */
export function paramTsType(p: ParamSpec, normalized = false): string {
  // Null a value of it (`nullable`): sent as JSON null.
  const own = ownParamTsType(p, normalized);
  return p.nullable ? `${own} | null` : own;
}

function ownParamTsType(p: ParamSpec, normalized: boolean): string {
  switch (p.type) {
    case "string":
    case "number":
    // A boolean's enum: the one value it takes (`true`).
    case "boolean":
      if (p.enum && !p.caseInsensitive) return p.enum.map((v) => JSON.stringify(v)).join(" | ");
      // An open enum's known values, any other text beside them (`string & {}` keeps the editor offering them).
      if (p.type === "string" && p.knownValues?.length && !p.enum)
        return [...p.knownValues.map((v) => JSON.stringify(v)), "(string & {})"].join(" | ");
      return p.type;
    case "file": {
      // Bytes, a path (read on Node) or an https address (fetched): file-values.ts; a list of them (`multiple`).
      const one = normalized ? "Uint8Array | Blob | string" : "Uint8Array | ArrayBuffer | Blob | string";
      return p.multiple ? `(${one})[]` : one;
    }
    case "json": {
      // A value of several forms: any of them (each form as a parameter of its type).
      if (p.anyOf)
        return [...new Set(p.anyOf.map((form) => paramTsType({ ...p, ...form, anyOf: undefined }, normalized)))].join(
          " | ",
        );
      // A 3.1 tuple: its positions' types (issue 59: typed as a plain list).
      const array = () =>
        nestedText((out) => (p.tuple ? tupleParts(p.tuple, out) : arrayParts(out, (o) => nestedParts(p.items, o))));
      // An object the document gives fields or shapes: as they are (the `values`' limits each other key's).
      const object = () =>
        p.object
          ? nestedText((out) =>
              nestedParts({ ...p.object, nullable: undefined, ...(p.values ? { open: true } : {}) }, out),
            )
          : `Record<string, ${nestedText((out) => nestedParts(p.values, out))}>`;
      return p.jsonType === "array" ? array() : p.jsonType === "object" ? object() : `${object()} | ${array()}`;
    }
  }
}

/**
 * A type's text from its parts, joined once: each level of a nested body's type pushes its pieces into one list, so a
 * deep type's text is not copied once a level (a text joined at each level and then again in its parent's).
 */
function nestedText(write: (out: string[]) => void): string {
  const out: string[] = [];
  write(out);
  return out.join("");
}

/**
 * The type of a value inside a JSON parameter, from its limits, as openapi-typescript types the same schema (so that
 * a value of the document's component type is one of it): a list of its items' type, an object of its fields (those it
 * must have required; other keys only where the document takes them), a union of objects each shape's (a discriminated
 * union where a field names the shape), an enum its values, `| null` where null is taken. As deep as the IR records (a
 * place it records only the kind of: a list or an object of anything). Pushed as parts into `out`.
 */
function nestedParts(limits: NestedLimits | undefined, out: string[]): void {
  if (!limits) {
    out.push("unknown");
    return;
  }
  const start = out.length;
  ownParts(limits, out);
  // A type that is `unknown` is always one part (ownParts): anything longer is not.
  const unknown = out.length === start + 1 && out[start] === "unknown";
  if (limits.nullable && !unknown && !limits.enum?.includes(null)) out.push(" | null");
}

function ownParts(limits: NestedLimits, out: string[]): void {
  if (limits.enum?.length) {
    enumParts(limits.enum, out);
    return;
  }
  // A value of several scalar kinds: any of them (`string | number`); beside shapes (an id or the object), then each
  // shape's.
  if (limits.kinds) {
    out.push([...new Set(limits.kinds.map((kind) => nestedText((o) => ownParts(kind, o))))].join(" | "));
    if (limits.shapes) out.push(" | ");
  }
  if (limits.shapes) {
    const told = limits.byFields ? toldFields(limits.shapes) : undefined;
    limits.shapes.forEach((shape, i) => {
      if (i) out.push(" | ");
      fieldsParts(shape, told, out);
    });
    return;
  }
  if (limits.kinds) return;
  switch (limits.type) {
    case "string":
      // An open enum's known values, any other text beside them, as a text parameter's (ownParamTsType).
      out.push(
        limits.knownValues?.length
          ? [...limits.knownValues.map((v) => JSON.stringify(v)), "(string & {})"].join(" | ")
          : "string",
      );
      return;
    case "boolean":
      out.push(limits.type);
      return;
    case "number":
    case "integer":
      out.push("number");
      return;
    case "array":
      if (limits.prefix) tupleParts(limits, out);
      else arrayParts(out, (o) => nestedParts(limits.items, o));
      return;
    case "object":
      if (limits.fields || limits.required) fieldsParts(limits, undefined, out);
      else out.push("Record<string, unknown>");
      return;
    default:
      out.push("unknown");
  }
}

/**
 * An enum's values as literal types, each once (`"a" | "b"`). A short enum's texts are found again among its parts
 * pushed so far; a long one's in a set.
 */
function enumParts(values: unknown[], out: string[]): void {
  const start = out.length;
  const seen = values.length > 16 ? new Set<string>() : undefined;
  for (const v of values) {
    const text = JSON.stringify(v);
    if (seen ? seen.has(text) : pushedAfter(out, start, text)) continue;
    seen?.add(text);
    if (out.length > start) out.push(" | ");
    out.push(text);
  }
}

/** Whether a value's text is one of those pushed from `start` on, each after a ` | `. */
function pushedAfter(out: string[], start: number, text: string): boolean {
  for (let i = start; i < out.length; i += 2) if (out[i] === text) return true;
  return false;
}

/** The fields of the shapes of a union told apart by their fields, in the shapes' order: each shape's `?: never`s. */
function toldFields(shapes: NonNullable<NestedLimits["shapes"]>): Set<string> {
  const fields = new Set<string>();
  for (const shape of shapes) for (const f in shape.fields) if (Object.hasOwn(shape.fields, f)) fields.add(f);
  return fields;
}

/**
 * An object of fields: each given's type (optional unless required), any other key's only where it is `open`. `told`:
 * the fields of the shapes of a union told apart by their fields (`byFields`), a value held to the one whose fields
 * hold all its keys: the other shapes' fields this one lacks are `?: never`, so a literal mixing two shapes does not
 * type-check, as the runtime refuses it.
 */
function fieldsParts(
  shape: Pick<NestedLimits, "fields" | "required" | "open">,
  told: Set<string> | undefined,
  out: string[],
): void {
  const required = shape.required ?? [];
  const fields = shape.fields ?? {};
  out.push(shape.open ? "({ " : "{ ");
  for (const f in fields) {
    if (!Object.hasOwn(fields, f)) continue;
    out.push(tsKey(f), required.includes(f) ? ": " : "?: ");
    nestedParts(fields[f], out);
    out.push("; ");
  }
  // Each it must have that it gives no limits of, once.
  required.forEach((f, i) => {
    if (!Object.hasOwn(fields, f) && required.indexOf(f) === i) out.push(tsKey(f), ": unknown; ");
  });
  if (told)
    for (const f of told) if (!Object.hasOwn(fields, f) && !required.includes(f)) out.push(tsKey(f), "?: never; ");
  out.push(shape.open ? "} & { [key: string]: unknown })" : "}");
}

/** A property's name as a type literal writes it: bare when an identifier, else quoted. */
function tsKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/**
 * A list of the item's type: `item[]` where the item's text is a name (`string`, `Record<string, unknown>`), else
 * `(item)[]`. The item's parts are pushed after a place kept for the parenthesis.
 */
function arrayParts(out: string[], item: (out: string[]) => void): void {
  const open = out.length;
  out.push("");
  item(out);
  // The item's text is a name where each of its parts is made of a name's characters only (and it has one).
  let name = false;
  for (let i = open + 1; i < out.length; i++) {
    const part = out[i] as string;
    if (!NAME_PART.test(part)) {
      name = false;
      break;
    }
    if (part.length) name = true;
  }
  if (name) out.push("[]");
  else {
    out[open] = "(";
    out.push(")[]");
  }
}

const NAME_PART = /^[\w<>, ]*$/;

/**
 * A 3.1 tuple (`prefixItems`) as a TypeScript tuple: each position's type, optional past its minItems (JSON Schema
 * requires none of them), none past its maxItems, then its rest (`...item[]`, `unknown` where `items` says nothing)
 * unless its count stops at its positions (`items: false`). openapi-typescript's `[A, B]` of the same schema is one.
 */
function tupleParts(limits: NestedLimits, out: string[]): void {
  const prefix = limits.prefix ?? [];
  const min = limits.minItems ?? 0;
  const max = limits.maxItems ?? Number.POSITIVE_INFINITY;
  out.push("[");
  prefix.slice(0, Math.min(prefix.length, max)).forEach((position, i) => {
    if (i) out.push(", ");
    if (i < min) nestedParts(position, out);
    else {
      // An optional element of a union needs its parentheses (`(string | null)?`).
      out.push("(");
      nestedParts(position, out);
      out.push(")?");
    }
  });
  if (max > prefix.length) {
    if (prefix.length) out.push(", ");
    out.push("...");
    arrayParts(out, (o) => nestedParts(limits.items, o));
  }
  out.push("]");
}

/** The doc comment of a secret output's member in a package's output type. */
const SECRET_OUTPUT_DOC =
  "A secret (manifest output `secret`): returned to you; `blockwright call` prints it as `[redacted]` and " +
  "`withheldOutputs` withholds it from a result you print or keep. Keep it out of your own logs.";

/** The operation's output type: a nested object type of its outputs. */
export function outputTsType(op: OperationIR): string {
  const print = (t: TypeRef) => printType(t, op.tool.params);
  const secretPaths = new Set(op.tool.outputs.filter((o) => o.secret).map((o) => o.path));
  return objectTypeFromPaths(
    op.types.outputs.map((o) => ({
      path: o.path,
      optional: o.optional,
      type: unionTypes(o.types.map(print)),
      // A secret the reply hands out (manifest `secret`): said where a reader of the type looks.
      ...(secretPaths.has(o.path) ? { doc: SECRET_OUTPUT_DOC } : {}),
    })),
  );
}

function printType(t: TypeRef, params: ParamSpec[]): string {
  switch (t.kind) {
    case "primitive":
      return t.name;
    case "literal":
      return jsonLiteralType(t.value);
    case "param":
      return paramTsType(
        defined(
          params.find((p) => p.name === t.name),
          `parameter ${t.name}`,
        ),
        true,
      );
    case "response":
      return responseType(t);
    case "omit":
      return `Omit<${printType(t.of, params)}, ${t.keys.map((k) => JSON.stringify(k)).join(" | ")}>`;
    case "nonNullable":
      return `NonNullable<${printType(t.of, params)}>`;
    case "defined":
      return `Exclude<${printType(t.of, params)}, undefined>`;
    case "firstOf": {
      // The places' types, each not null, held to the kind taken; undefined where no place holds one.
      const of = t.of.map((p) => `NonNullable<${printType(p, params)}>`).join(" | ");
      const kind = t.holds === "array" ? "readonly unknown[]" : t.holds;
      const held = kind ? `Extract<${of}, ${kind}>` : of;
      return t.required ? held : `${held} | undefined`;
    }
    case "list":
      return `Array<${printType(t.of, params)}>`;
    case "event": {
      const data = t.data ? `${printType(t.data, params)} | string` : t.json ? "unknown" : "string";
      return `{ event: string; data: ${data}; id?: string; retry?: number }`;
    }
    case "present": {
      const inner = printType(t.of, params);
      return /^(number|string|boolean)$/.test(inner) ? inner : `NonNullable<${inner}>`;
    }
  }
}

/**
 * `operations["x"]["responses"][200]["content"]["application/json"]["a"]…` (`paths["/p"]["get"]…` for an operation
 * without an id), guarding optional steps.
 */
function responseType(t: Extract<TypeRef, { kind: "response" }>): string {
  // openapi-typescript keys content by media type: a vendor type (`application/vnd.x+json`) is its own key.
  // openapi-typescript keys an operation by its id with each `#` a `/` (`about#Get` is `operations["about/Get"]`).
  const operation = t.at
    ? `paths[${JSON.stringify(t.at.path)}][${JSON.stringify(t.at.method)}]`
    : `operations[${JSON.stringify(t.operationId.replaceAll("#", "/"))}]`;
  const status = t.range ? JSON.stringify(t.range) : t.status;
  const declared = `${operation}["responses"][${status}]["content"][${JSON.stringify(t.mediaType)}]`;
  // A CSV of one record's shape answers a list of it (its rows).
  let expr = t.rows ? `Array<${declared}>` : declared;
  let optional = t.nullable === true;
  for (const step of t.steps) {
    if (optional) expr = `NonNullable<${expr}>`;
    if ("item" in step) {
      expr = `${expr}[number]`;
      optional = step.optional === true;
    } else if (step.union) {
      // Each member of the union that has the field gives its type; one without it (an empty-string variant too) gives
      // undefined.
      const key = JSON.stringify(step.field);
      expr =
        `(${expr} extends infer V ? (V extends unknown ? (${key} extends keyof V ? V[${key}] : undefined) : ` +
        `never) : never)`;
      optional = step.optional;
    } else {
      expr = `${expr}[${JSON.stringify(step.field)}]`;
      optional = step.optional;
    }
  }
  return expr;
}

/** The TypeScript literal type of a JSON value (`{ updated: true }`). */
function jsonLiteralType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length ? `[${value.map(jsonLiteralType).join(", ")}]` : "unknown[]";
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return "Record<string, never>";
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{ ${entries.map(([k, v]) => `${key(k)}: ${jsonLiteralType(v)}`).join("; ")} }`;
  }
  return JSON.stringify(value);
}

/**
 * A primitive type and how its literals look: a literal adds nothing next to its primitive type (`number | 0` is
 * `number`).
 */
const LITERALS_OF: [string, RegExp][] = [
  ["number", /^-?\d/],
  ["string", /^"/],
  ["boolean", /^(true|false)$/],
];

function unionTypes(types: string[]): string {
  const unique = [...new Set(types)].filter(
    (t) => !LITERALS_OF.some(([primitive, re]) => types.includes(primitive) && re.test(t)),
  );
  return unique.length === 1 ? itemAt(unique, 0) : unique.map((t) => (t.includes(" | ") ? `(${t})` : t)).join(" | ");
}

/** A nested TypeScript object type from dotted paths (`metadata.id`). */
export function objectTypeFromPaths(
  entries: { path: string; optional: boolean; type: string; doc?: string }[],
): string {
  interface Node {
    type?: string;
    optional?: boolean;
    doc?: string;
    children: Map<string, Node>;
  }
  const root: Node = { children: new Map() };
  for (const e of entries) {
    let node = root;
    for (const key of e.path.split(".")) {
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = { children: new Map() }));
      node = child;
    }
    node.type = e.type;
    node.optional = e.optional;
    if (e.doc) node.doc = e.doc;
  }
  const render = (node: Node, indent: string): string => {
    const lines = [...node.children.entries()].map(([key, child]) => {
      const type = child.children.size ? render(child, indent + "  ") : defined(child.type, `the type of ${key}`);
      const doc = child.doc ? `${indent}  /** ${child.doc} */\n` : "";
      return `${doc}${indent}  ${key}${child.optional ? "?" : ""}: ${type};`;
    });
    return `{\n${lines.join("\n")}\n${indent}}`;
  };
  return render(root, "");
}
