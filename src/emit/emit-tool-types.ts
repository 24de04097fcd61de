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
      const array = `${arrayOf(nestedTsType(p.items))}`;
      // An object the document gives fields or shapes: as they are (the `values`' limits each other key's).
      const object = p.object
        ? nestedTsType({ ...p.object, nullable: undefined, ...(p.values ? { open: true } : {}) })
        : `Record<string, ${nestedTsType(p.values)}>`;
      return p.jsonType === "array" ? array : p.jsonType === "object" ? object : `${object} | ${array}`;
    }
  }
}

/**
 * The type of a value inside a JSON parameter, from its limits, as openapi-typescript types the same schema (so that
 * a value of the document's component type is one of it): a list of its items' type, an object of its fields (those it
 * must have required; other keys only where the document takes them), a union of objects each shape's (a discriminated
 * union where a field names the shape), an enum its values, `| null` where null is taken. As deep as the IR records (a
 * place it records only the kind of: a list or an object of anything).
 */
function nestedTsType(limits: NestedLimits | undefined): string {
  if (!limits) return "unknown";
  const type = ownTsType(limits);
  return limits.nullable && type !== "unknown" && !limits.enum?.includes(null) ? `${type} | null` : type;
}

function ownTsType(limits: NestedLimits): string {
  if (limits.enum?.length) return [...new Set(limits.enum.map((v) => JSON.stringify(v)))].join(" | ");
  if (limits.shapes)
    return limits.shapes.map((shape) => fieldsTsType(shape, limits.byFields ? limits.shapes : undefined)).join(" | ");
  // A value of several scalar kinds: any of them (`string | number`).
  if (limits.kinds) return [...new Set(limits.kinds.map(ownTsType))].join(" | ");
  switch (limits.type) {
    case "string":
      // An open enum's known values, any other text beside them, as a text parameter's (ownParamTsType).
      return limits.knownValues?.length
        ? [...limits.knownValues.map((v) => JSON.stringify(v)), "(string & {})"].join(" | ")
        : "string";
    case "boolean":
      return limits.type;
    case "number":
    case "integer":
      return "number";
    case "array":
      return arrayOf(nestedTsType(limits.items));
    case "object":
      return limits.fields || limits.required ? fieldsTsType(limits) : "Record<string, unknown>";
    default:
      return "unknown";
  }
}

/**
 * An object of fields: each given's type (optional unless required), any other key's only where it is `open`. `told`:
 * the shapes of a union told apart by their fields (`byFields`), a value held to the one whose fields hold all its
 * keys: the other shapes' fields this one lacks are `?: never`, so a literal mixing two shapes does not type-check,
 * as the runtime refuses it.
 */
function fieldsTsType(
  shape: Pick<NestedLimits, "fields" | "required" | "open">,
  told?: NonNullable<NestedLimits["shapes"]>,
): string {
  const required = new Set(shape.required);
  const named = Object.entries(shape.fields ?? {}).map(
    ([f, l]) => `${tsKey(f)}${required.has(f) ? "" : "?"}: ${nestedTsType(l)}; `,
  );
  for (const f of required) if (!shape.fields || !Object.hasOwn(shape.fields, f)) named.push(`${tsKey(f)}: unknown; `);
  const others = new Set((told ?? []).flatMap((other) => Object.keys(other.fields)));
  for (const f of others)
    if (!Object.hasOwn(shape.fields ?? {}, f) && !required.has(f)) named.push(`${tsKey(f)}?: never; `);
  const fields = `{ ${named.join("")}}`;
  return shape.open ? `(${fields} & { [key: string]: unknown })` : fields;
}

/** A property's name as a type literal writes it: bare when an identifier, else quoted. */
function tsKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function arrayOf(item: string): string {
  return /^[\w<>, ]+$/.test(item) ? `${item}[]` : `(${item})[]`;
}

/** The operation's output type: a nested object type of its outputs. */
export function outputTsType(op: OperationIR): string {
  const print = (t: TypeRef) => printType(t, op.tool.params);
  return objectTypeFromPaths(
    op.types.outputs.map((o) => ({ path: o.path, optional: o.optional, type: unionTypes(o.types.map(print)) })),
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
  const operation = t.at
    ? `paths[${JSON.stringify(t.at.path)}][${JSON.stringify(t.at.method)}]`
    : `operations[${JSON.stringify(t.operationId)}]`;
  let expr = `${operation}["responses"][${t.status}]["content"][${JSON.stringify(t.mediaType)}]`;
  let optional = false;
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
export function objectTypeFromPaths(entries: { path: string; optional: boolean; type: string }[]): string {
  interface Node {
    type?: string;
    optional?: boolean;
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
  }
  const render = (node: Node, indent: string): string => {
    const lines = [...node.children.entries()].map(([key, child]) => {
      const type = child.children.size ? render(child, indent + "  ") : defined(child.type, `the type of ${key}`);
      return `${indent}  ${key}${child.optional ? "?" : ""}: ${type};`;
    });
    return `{\n${lines.join("\n")}\n${indent}}`;
  };
  return render(root, "");
}
