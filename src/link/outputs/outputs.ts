// `outputs`: each a runtime expression (`$response.body#/pointer`,
// `$response.header.x`, `$statusCode`, `$params.name`) or a constant, with
// `count`, `default` and `omit`; the field must exist in the response the
// outputs read, and its type agree with the output's. Gives the TypeScript
// type of each, as data (ir.ts TypeRef).
import { cloneJson, fieldOf, formatPointer, parseExpression, type OutputSource, type OutputSpec, type ParamSpec, type ToolSpec, type ValueRef } from "@blockwright/runtime/internal";
import type { ResponseStep, TypeRef } from "../../model/ir.js";
import type { ManifestOperation, ManifestOutputSource } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema, unionOf } from "../../load/openapi-document.js";
import { linkedName, paramShape, shapeOfValue, shapeTypes, typesWithin } from "../../model/shape.js";
import type { Report, ToolEntry, ToolSurfaceContext } from "../../model/surface-entry.js";
import type { OutputSurface, Shape } from "../../model/surface-format.js";
import { fieldsNear, type LinkContext, type Path, unionsSearched } from "../context.js";
import { pairChanges } from "../shape-pairs.js";

export interface LinkedOutput {
  spec: OutputSpec;
  type: TypeRef;
}

export function linkOutput(ctx: LinkContext, at: Path, path: string, mop: ManifestOperation, op: OpenApiOperation, params: Map<string, ParamSpec>, status: number | undefined): LinkedOutput | undefined {
  const out = fieldOf(mop.outputs, path);
  const linked = linkSource(ctx, out, at, op, params, status, out.type);
  if (!linked) return undefined;
  // A value only some shapes of the reply carry: its description says which.
  const variants = "variants" in linked.source ? linked.source.variants : undefined;
  const description = variants ? `${out.description} (present in a reply that is ${variants.carrying.join(" or ")}; absent from ${variants.of.filter((v) => !variants.carrying.includes(v)).join(" or ")})` : out.description;
  return {
    spec: { path, type: out.type, description, optional: Boolean(out.optional), source: linked.source },
    type: out.optional ? { kind: "present", of: linked.type } : linked.type,
  };
}

/** Check one output source against the response of `status`; returns its IR and type. */
export function linkSource(ctx: LinkContext, src: ManifestOutputSource, at: Path, op: OpenApiOperation, params: Map<string, ParamSpec>, status: number | undefined, type: string): { source: OutputSource; type: TypeRef } | undefined {
  if (src.from === undefined) {
    if (!valueFitsOutputType(src.value, type)) return ctx.fail("BW2009", [...at, "value"], `constant ${JSON.stringify(src.value)} is not of output type ${type}`, "value");
    return { source: { value: cloneJson(src.value) }, type: { kind: "literal", value: src.value } };
  }
  let ref: ValueRef;
  try {
    ref = parseExpression(src.from);
  } catch (e) {
    return ctx.fail("BW2016", [...at, "from"], (e as Error).message, "value");
  }
  const source: OutputSource = {
    expression: src.from,
    ref,
    ...(src.count ? { count: true } : {}),
    ...(src.default !== undefined ? { default: cloneJson(src.default) } : {}),
    ...(src.omit ? { omit: [...src.omit] } : {}),
  };
  let tsType: TypeRef;
  let schemaType: string | undefined;
  let schema: Schema | undefined;
  switch (ref.kind) {
    case "status":
      schemaType = "integer";
      tsType = { kind: "primitive", name: "number" };
      break;
    case "header":
      schemaType = "string";
      tsType = { kind: "primitive", name: "string" };
      break;
    case "param": {
      const p = params.get(ref.name);
      if (!p) return ctx.fail("BW2001", [...at, "from"], `unknown parameter "${ref.name}"`, "value");
      schemaType = p.type === "json" ? (p.jsonType ?? "object") : p.type;
      tsType = { kind: "param", name: p.name };
      break;
    }
    case "body": {
      const response = op.responses.find((r) => Number(r.status) === status);
      if (status === undefined || !response?.schema) return ctx.fail("BW2021", [...at, "from"], `the ${status ?? "success"} response of "${op.operationId}" in ${ctx.openapiName} has no JSON body`, "value");
      const located = ctx.doc.locate(response.schema, ref.pointer);
      schema = located.schema;
      if (!schema) {
        return ctx.fail(
          "BW2003",
          [...at, "from"],
          `response field "${formatPointer(ref.pointer)}" not found in the ${status} response of "${op.operationId}" in ${ctx.openapiName}${unionsSearched(located.unions)}${fieldsNear(ctx, response.schema, ref.pointer)}`,
          "value",
        );
      }
      const partial = located.unions.find((u) => u.carrying.length < u.variants.length);
      if (partial) (source as { variants?: { carrying: string[]; of: string[] } }).variants = { carrying: partial.carrying, of: partial.variants };
      schemaType = schema ? (typeOf(schema) ?? nullableUnionType(ctx.doc, schema)) : undefined;
      // openapi-typescript keys content by media type: a vendor type (`application/vnd.x+json`) is its own key.
      tsType = {
        kind: "response",
        operationId: op.operationId,
        ...(op.named ? {} : { at: { path: op.path, method: op.method.toLowerCase() } }),
        status,
        mediaType: response.mediaType ?? "application/json",
        steps: responseSteps(ctx.doc, response.schema, ref.pointer),
      };
      if (!src.count && src.default === undefined && ctx.doc.isGuaranteed(response.schema, ref.pointer)) (source as { required?: boolean }).required = true;
      break;
    }
  }
  if (src.count) {
    if (schemaType !== "array") return ctx.fail("BW2004", [...at, "count"], `count needs an array, but the value is ${schemaType ?? "untyped"}`);
    if (type !== "number") return ctx.fail("BW2004", [...at, "type"], `a count is a number, not ${type}`, "value");
    return { source, type: { kind: "primitive", name: "number" } };
  }
  if (src.omit) {
    if (schemaType !== "object" || !schema) return ctx.fail("BW2004", [...at, "omit"], `omit needs an object, but the value is ${schemaType ?? "untyped"}`);
    const props = Object.keys((ctx.doc.flatten(schema).properties as object) ?? {});
    for (const key of src.omit) if (!props.includes(key)) ctx.fail("BW2022", [...at, "omit"], `"${key}" is not a field of the response object (fields: ${props.join(", ")})`);
    tsType = { kind: "omit", of: tsType, keys: [...src.omit] };
  }
  if (!outputTypeMatches(type, schemaType)) return ctx.fail("BW2007", [...at, "type"], `output type ${type} disagrees with the source, which is ${schemaType} in ${ctx.openapiName}`, "value");
  if (src.default !== undefined) {
    if (!valueFitsOutputType(src.default, type)) return ctx.fail("BW2009", [...at, "default"], `default ${JSON.stringify(src.default)} is not of output type ${type}`, "value");
    tsType = { kind: "nonNullable", of: tsType };
  }
  return { source, type: tsType };
}

/**
 * The steps of `pointer` into the body schema `root`: into an array's items,
 * or to a field that may be absent; a field of a union (`anyOf`/`oneOf`) is
 * read from each of its variants, absent from those without it.
 */
function responseSteps(doc: OpenApiDocument, root: Schema, pointer: string[]): ResponseStep[] {
  const steps: ResponseStep[] = [];
  let schema: Schema | undefined = doc.flatten(root);
  for (const segment of pointer) {
    const variants = schema && !(schema.properties as Record<string, Schema> | undefined)?.[segment] && typeOf(schema) !== "array" ? unionOf(schema) : undefined;
    if (schema && variants) {
      steps.push({ field: segment, optional: !doc.isGuaranteed(schema, [segment]), union: true });
      schema = doc.schemaAt(schema, [segment]);
      continue;
    }
    if (schema && typeOf(schema) === "array") {
      steps.push({ item: true });
      schema = schema.items ? doc.flatten(schema.items as Schema) : undefined;
    } else {
      steps.push({ field: segment, optional: schema ? !doc.isRequired(schema, segment) : true });
      const next = (schema?.properties as Record<string, Schema> | undefined)?.[segment];
      schema = next ? doc.flatten(next) : undefined;
    }
  }
  return steps;
}

/** The status whose body outputs read (OpenApiDocument.bodyResponse), else the lowest 2xx (which then has no body to read). */
export function bodyStatusOf(doc: OpenApiDocument, op: OpenApiOperation, successStatuses: number[]): number | undefined {
  const response = doc.bodyResponse(op);
  if (response) return Number(response.status);
  return successStatuses.length ? Math.min(...successStatuses) : undefined;
}

function valueFitsOutputType(value: unknown, type: string): boolean {
  switch (type) {
    case "json":
      return true;
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/**
 * The type of a union (`oneOf`/`anyOf`) whose forms are one type and null, 3.1's way of writing a nullable
 * value (`anyOf: [{type: string}, {type: "null"}]`); integer and number count as number. None otherwise.
 */
export function nullableUnionType(doc: OpenApiDocument, schema: Schema): string | undefined {
  const forms = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []) as Schema[];
  const types = new Set<string | undefined>();
  for (const form of forms) {
    let t: string | undefined;
    try {
      t = typeOf(doc.flatten(form));
    } catch {
      return undefined; // a $ref that names nothing
    }
    if (t !== "null") types.add(t === "integer" ? "number" : t);
  }
  const [only] = types;
  return forms.length > 1 && types.size === 1 ? only : undefined;
}

function outputTypeMatches(type: string, schemaType: string | undefined): boolean {
  if (schemaType === undefined) return type === "json";
  switch (type) {
    case "json":
      return schemaType === "object" || schemaType === "array";
    case "array":
      return schemaType === "array";
    case "number":
      return schemaType === "number" || schemaType === "integer";
    default:
      return schemaType === type;
  }
}

// ---- in the surface ------------------------------------------------------------

type OutputChange =
  | "removed"
  | "added"
  | "typeChanged"
  | "madeOptional"
  | "madeGuaranteed"
  | "textChanged"
  | "typeWidened"
  | "mayBeNull"
  | "enumDropped"
  | "enumValueAdded"
  | "enumValueNoLonger"
  | "fieldRemoved"
  | "fieldAdded"
  | "fieldNoLongerGuaranteed"
  | "fieldGuaranteed"
  | "noLongerNull"
  | "oneOfAdded"
  | "oneOfAddedToOptional"
  | "deprecated"
  | "reactivated"
  | "enumSet"
  | "formatChanged";

/** What a result holds, down to each field's type: consumers read it. Removed fields, changed types and values they cannot expect break them. */
export const outputsSurface: ToolEntry<Record<string, OutputSurface>, OutputChange> = {
  scope: "tool",
  subject: "outputs",
  legacy: true,
  changes: {
    removed: { level: "breaking", rule: "output removed" },
    added: { level: "minor", rule: "new output" },
    typeChanged: { level: "breaking", rule: "output type changed" },
    madeOptional: { level: "breaking", rule: "output made optional" },
    madeGuaranteed: { level: "minor", rule: "output made guaranteed" },
    textChanged: { level: "patch", rule: "text changed" },
    typeWidened: { level: "breaking", rule: "output type widened (integer → number)" },
    mayBeNull: { level: "breaking", rule: "output may now be null" },
    enumDropped: { level: "patch", rule: "output values no longer listed (any value of its type; the list was documentation)" },
    // Old readings stay right; a workflow comparing against the known values is named by diff --workflows.
    enumValueAdded: { level: "minor", rule: "enum value added to an output (a workflow comparing against the known values should be told)" },
    enumValueNoLonger: { level: "minor", rule: "enum value no longer output" },
    fieldRemoved: { level: "breaking", rule: "output field removed" },
    fieldAdded: { level: "minor", rule: "new output field" },
    fieldNoLongerGuaranteed: { level: "breaking", rule: "output field no longer guaranteed" },
    fieldGuaranteed: { level: "minor", rule: "output field now guaranteed" },
    noLongerNull: { level: "minor", rule: "output no longer null" },
    oneOfAdded: { level: "breaking", rule: "output may come in another shape (a oneOf/anyOf form added): a reader of the old fields may not find them" },
    oneOfAddedToOptional: { level: "minor", rule: "output may come in another shape (a oneOf/anyOf form added); every field of the old one was optional" },
    deprecated: { level: "minor", rule: "output deprecated (still returned)" },
    reactivated: { level: "minor", rule: "output no longer deprecated" },
    enumSet: { level: "minor", rule: "output values now listed (a workflow comparing against them can rely on the list)" },
    formatChanged: { level: "patch", rule: "output format changed (an annotation: a reader parsing it, as a date or a number in text, should look)" },
  },
  record: (tool, ctx) => ({ outputs: Object.fromEntries(tool.outputs.map((o) => [o.path, { type: o.type, optional: o.optional, description: o.description, shape: outputShape(tool, o.source, ctx) }])) }),
  read: (t) => t.outputs,
  diff(a = {}, b = {}, report) {
    for (const path of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const x = a[path];
      const y = b[path];
      const subject = `output ${path}`;
      if (!y) report("removed", { subject });
      else if (!x) report("added", { subject });
      else {
        if (x.type !== y.type) report("typeChanged", { subject, from: x.type, to: y.type });
        if (!x.optional && y.optional) report("madeOptional", { subject });
        if (x.optional && !y.optional) report("madeGuaranteed", { subject });
        if (x.description !== y.description) report("textChanged", { subject });
        diffShape(subject, x.shape, y.shape, report);
      }
    }
  },
};

/** The structure of an output's value: from the response schema, or the parameter, status or constant it comes from. */
function outputShape(tool: ToolSpec, source: OutputSource, ctx: ToolSurfaceContext): Shape {
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
      // The shape found is shared (built once per body schema, or named): it is copied before it is changed.
      let shape = ctx.bodyShape(root);
      for (const segment of source.ref.pointer) {
        const at = ctx.resolveShape(shape);
        shape = (at.type === "array" ? at.items : (at.properties?.[segment] ?? at.additionalProperties)) ?? {};
      }
      const { omit } = source;
      if ((omit && ctx.resolveShape(shape).properties) || (source.default !== undefined && ctx.resolveShape(shape).nullable)) shape = ctx.resolveShape(shape);
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

/**
 * Output structure: what consumers read. Removed fields and changed types
 * break them; new fields do not. Every place is compared (shape-pairs.ts):
 * a named shape used in several places reports its changes in each.
 */
function diffShape(subject: string, a: Shape, b: Shape, report: Report<OutputChange>): void {
  for (const c of outputChanges(a, b)) {
    // The output as a whole deprecated is the operation's or the output's own text: said where it is declared.
    if (!c.at && (c.kind === "deprecated" || c.kind === "reactivated")) continue;
    report(c.kind, { subject: c.at ? `${subject} ${c.at}` : subject, ...c.detail });
  }
}

/** A shape that says nothing of a value (no type, fields, items or values): what a schema with only a description or a deprecation gives. */
export function untypedShape(s: Shape): boolean {
  return !s.type && !s.types && !s.properties && !s.items && !s.additionalProperties && !s.enum && s.ref === undefined && !s.recursive && !s.nullable;
}

const outputChanges = pairChanges<OutputChange>((a, b, emit, descend) => {
  if (a.recursive || b.recursive) return;
  const [ta, tb] = [shapeTypes(a), shapeTypes(b)];
  // A schema lost: nothing a reader relied on is promised any more.
  if (ta.length && untypedShape(b)) {
    emit("typeChanged", { from: ta.join(" | "), to: "any (no schema)" });
    // Every field a reader could count on is gone with it.
    for (const key of Object.keys(a.properties ?? {}).sort()) emit("fieldRemoved", {}, `.${key}`);
    return;
  }
  // A type the old version never returned (a reader may not handle it); fewer types, or integer → number, are not that.
  if (ta.length && tb.length && !typesWithin(tb, ta) && !(ta.join() === "integer" && tb.join() === "number")) {
    return emit("typeChanged", { from: ta.join(" | "), to: tb.join(" | ") });
  }
  if (ta.join() === "integer" && tb.join() === "number") emit("typeWidened", { from: a.type, to: b.type });
  if (!a.nullable && b.nullable) emit("mayBeNull");
  if (a.nullable && !b.nullable) emit("noLongerNull");
  if (!a.deprecated && b.deprecated) emit("deprecated");
  if (a.deprecated && !b.deprecated) emit("reactivated");
  if (a.format !== b.format) emit("formatChanged", { ...(a.format !== undefined ? { from: a.format } : {}), ...(b.format !== undefined ? { to: b.format } : {}) });
  // An object form added: a reader of the old one's required fields may get the new one instead.
  const formsA = a.variants ?? (a.properties && ta.includes("object") ? [Object.keys(a.properties).sort().join(",")] : []);
  const formsB = b.variants ?? (b.properties && tb.includes("object") ? [Object.keys(b.properties).sort().join(",")] : []);
  // Named forms compare by name (node types sharing most of their fields are still new); others by their fields. One
  // named shape that became a union of named forms among them (TypeStyle → TypeStyle | TextPathTypeStyle) is its one form.
  const one = linkedName(a);
  const formsBefore = a.forms ?? (one !== undefined && b.forms?.includes(one) ? [one] : undefined);
  const named = formsBefore && b.forms ? b.forms.filter((f) => !formsBefore.includes(f)) : undefined;
  const added = named ?? formsB.filter((f) => !coveredForm(f, formsA));
  if (formsA.length && added.length && (named !== undefined || formsB.length > formsA.length)) emit(a.required?.length ? "oneOfAdded" : "oneOfAddedToOptional", { to: named ?? added.length });
  if (a.enum || b.enum) {
    const before = a.enum ?? [];
    const after = b.enum ?? [];
    if (a.enum && !b.enum) emit("enumDropped", { from: a.enum });
    else if (!a.enum && b.enum) emit("enumSet", { to: b.enum });
    else if (a.enum) {
      // One line per field, with every value added or no longer output (a published enum gains hundreds at once).
      const added = after.filter((v) => !before.includes(v));
      const gone = before.filter((v) => !after.includes(v));
      if (added.length) emit("enumValueAdded", { to: added.length === 1 ? added[0] : added });
      if (gone.length) emit("enumValueNoLonger", { from: gone.length === 1 ? gone[0] : gone });
    }
  }
  for (const key of [...new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})])].sort()) {
    const x = a.properties?.[key];
    const y = b.properties?.[key];
    const child = `.${key}`;
    if (x && !y) emit("fieldRemoved", {}, child);
    else if (!x && y) emit("fieldAdded", {}, child);
    else if (x && y) {
      const wasRequired = a.required?.includes(key) ?? false;
      const isRequired = b.required?.includes(key) ?? false;
      if (wasRequired && !isRequired) emit("fieldNoLongerGuaranteed", {}, child);
      if (!wasRequired && isRequired) emit("fieldGuaranteed", {}, child);
      descend(x, y, child);
    }
  }
  if (a.items && b.items) descend(a.items, b.items, "[]");
  if (a.additionalProperties && b.additionalProperties) descend(a.additionalProperties, b.additionalProperties, ".*");
  else if (!a.additionalProperties && b.additionalProperties && shapeTypes(a).includes("object")) {
    // An object (a map of any values, or one with fields of its own) now declares its other keys' values: new data a
    // reader may rely on, and each field of them. Upstream reads a response so (schema-compare.ts); a request is another matter.
    emit("fieldAdded", {}, ".*");
    const values = b.additionalProperties;
    descend(shapeTypes(values).includes("object") ? { type: "object" } : {}, values, ".*");
  }
});

/** A form the old version already had: the same fields, or mostly (half of them or more in common). */
function coveredForm(form: string, old: readonly string[]): boolean {
  if (old.includes(form)) return true;
  const fields = new Set(form.split(","));
  if (fields.size < 2) return false;
  return old.some((o) => {
    const other = new Set(o.split(","));
    return [...fields].filter((f) => other.has(f)).length / Math.max(fields.size, other.size) >= 0.5;
  });
}
