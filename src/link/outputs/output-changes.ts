// What a tool's outputs hold, down to each field's type, as the surface records it, and how that changed
// between two surfaces (diff), each change classified: consumers read outputs.
import type { FirstOfSource, OutputSource, ToolSpec, ValueRef } from "@blockwright/runtime/internal";
import { linkedName, paramShape, shapeOfValue, shapeTypes, typesWithin } from "../../model/shape.js";
import type { Report, ToolEntry, ToolSurfaceContext } from "../../model/surface-entry.js";
import type { OutputSurface, Shape } from "../../model/surface-format.js";
import { pairChanges } from "../shape-pairs.js";

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
  | "formatChanged"
  | "placesAdded"
  | "placesChanged";

/**
 * What a result holds, down to each field's type: consumers read it. Removed fields, changed types and values they
 * cannot expect break them.
 */
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
    enumDropped: {
      level: "patch",
      rule: "output values no longer listed (any value of its type; the list was documentation)",
    },
    // Old readings stay right; a workflow comparing against the known values is named by diff --workflows.
    enumValueAdded: {
      level: "minor",
      rule: "enum value added to an output (a workflow comparing against the known values should be told)",
    },
    enumValueNoLonger: { level: "minor", rule: "enum value no longer output" },
    fieldRemoved: { level: "breaking", rule: "output field removed" },
    fieldAdded: { level: "minor", rule: "new output field" },
    fieldNoLongerGuaranteed: { level: "breaking", rule: "output field no longer guaranteed" },
    fieldGuaranteed: { level: "minor", rule: "output field now guaranteed" },
    noLongerNull: { level: "minor", rule: "output no longer null" },
    oneOfAdded: {
      level: "breaking",
      rule: "output may come in another shape (a oneOf/anyOf form added): a reader of the old fields may not find them",
    },
    oneOfAddedToOptional: {
      level: "minor",
      rule: "output may come in another shape (a oneOf/anyOf form added); every field of the old one was optional",
    },
    deprecated: { level: "minor", rule: "output deprecated (still returned)" },
    reactivated: { level: "minor", rule: "output no longer deprecated" },
    enumSet: {
      level: "minor",
      rule: "output values now listed (a workflow comparing against them can rely on the list)",
    },
    placesAdded: {
      level: "minor",
      rule: "output read from more places, added after the old ones (a reply that had none may now give a value)",
    },
    placesChanged: {
      level: "breaking",
      rule: "output read from other places (one removed, the order changed, one put first): another value, or none",
    },
    formatChanged: {
      level: "patch",
      rule: "output format changed (an annotation: a reader parsing it, as a date or a number in text, should look)",
    },
  },
  record: (tool, ctx) => ({
    outputs: Object.fromEntries(
      tool.outputs.map((o) => [
        o.path,
        {
          type: o.type,
          optional: o.optional,
          description: o.description,
          shape: outputShape(tool, o.source, ctx),
          ...("first" in o.source ? { from: o.source.first.map((p) => p.expression) } : {}),
        },
      ]),
    ),
  }),
  read: (t) => t.outputs,
  diff(a = {}, b = {}, report) {
    for (const path of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const x = a[path];
      const y = b[path];
      const subject = `output ${path}`;
      if (!y) report("removed", { subject });
      else if (!x) report("added", { subject });
      else {
        const shapeChanges = outputChanges(x.shape, y.shape);
        // One change, one line: an array answer become an object is both the declared type (array → json) and the
        // shape's (array → object), under the same id; the shape's says more.
        const shapeRetyped = shapeChanges.some((c) => !c.at && c.kind === "typeChanged");
        if (x.type !== y.type && !shapeRetyped) report("typeChanged", { subject, from: x.type, to: y.type });
        if (!x.optional && y.optional) report("madeOptional", { subject });
        if (x.optional && !y.optional) report("madeGuaranteed", { subject });
        if (x.description !== y.description) report("textChanged", { subject });
        diffPlaces(subject, x, y, report);
        reportShape(subject, shapeChanges, report);
      }
    }
  },
};

/** The structure of an output's value: from the response schema, or the parameter, status or constant it comes from. */
function outputShape(tool: ToolSpec, source: OutputSource, ctx: ToolSurfaceContext): Shape {
  if ("value" in source) return shapeOfValue(source.value);
  if (source.count) return { type: "integer" };
  if ("first" in source) return firstShape(tool, source, ctx);
  const shape = refShape(tool, source.ref, ctx);
  if (source.ref.kind !== "body") return shape;
  return bodyShapeRead(shape, source.omit, source.default, ctx);
}

/**
 * Of several places, the value's structure: the first place's whose type is the kind it must hold (the list, not the
 * page object beside it), else that kind alone; without a kind, the first place's.
 */
function firstShape(tool: ToolSpec, source: FirstOfSource, ctx: ToolSurfaceContext): Shape {
  const shapes = source.first.map((p) => ctx.resolveShape(refShape(tool, p.ref, ctx)));
  const kind = source.holds === "number" ? ["number", "integer"] : source.holds ? [source.holds] : undefined;
  const held = kind ? shapes.find((s) => s.type !== undefined && kind.includes(s.type)) : shapes[0];
  const shape: Shape = held ?? (source.holds ? { type: source.holds } : {});
  return bodyShapeRead(shape, undefined, source.default, ctx);
}

function refShape(tool: ToolSpec, ref: ValueRef, ctx: ToolSurfaceContext): Shape {
  switch (ref.kind) {
    case "status":
      return { type: "integer" };
    case "header":
      // Its text, or the scalar type the document gives it, which the runtime reads its text as.
      return { type: ref.as ?? "string" };
    case "param": {
      const name = ref.name;
      const p = tool.params.find((x) => x.name === name);
      return p ? paramShape(p) : {};
    }
    case "body": {
      const root = ctx.bodySchema(tool.operationId);
      if (!root) return {};
      // The shape found is shared (built once per body schema, or named): it is copied before it is changed.
      let shape = ctx.bodyShape(root);
      for (const segment of ref.pointer) {
        const at = ctx.resolveShape(shape);
        shape = (at.type === "array" ? at.items : (at.properties?.[segment] ?? at.additionalProperties)) ?? {};
      }
      return shape;
    }
  }
}

/** A body value's structure as the output gives it: without the keys `omit` drops, not null with a default. */
function bodyShapeRead(found: Shape, omit: string[] | undefined, fallback: unknown, ctx: ToolSurfaceContext): Shape {
  let shape = found;
  if ((omit && ctx.resolveShape(shape).properties) || (fallback !== undefined && ctx.resolveShape(shape).nullable))
    shape = ctx.resolveShape(shape);
  if (omit && shape.properties) {
    const properties = { ...shape.properties };
    for (const key of omit) delete properties[key];
    shape = {
      ...shape,
      properties,
      ...(shape.required ? { required: shape.required.filter((r) => !omit.includes(r)) } : {}),
    };
  }
  if (fallback !== undefined && shape.nullable) {
    const { nullable: _n, ...rest } = shape;
    shape = rest;
  }
  return shape;
}

/**
 * The places of an output read from the first that holds a value, old and new: places only added after the old ones
 * give every reply the value it gave (and one that gave none may now give one); any other change (a place removed, the
 * order changed, one put before another, one place for several) may give a reply another value, or none.
 */
function diffPlaces(subject: string, x: OutputSurface, y: OutputSurface, report: Report<OutputChange>): void {
  if (!x.from && !y.from) return;
  const [a, b] = [x.from ?? [], y.from ?? []];
  if (a.length && a.length < b.length && a.every((place, i) => b[i] === place))
    report("placesAdded", { subject, from: a.join(", "), to: b.join(", ") });
  else if (a.join("\n") !== b.join("\n"))
    report("placesChanged", {
      subject,
      from: a.length ? a.join(", ") : "one place",
      to: b.length ? b.join(", ") : "one place",
    });
}

/**
 * Output structure: what consumers read. Removed fields and changed types
 * break them; new fields do not. Every place is compared (shape-pairs.ts):
 * a named shape used in several places reports its changes in each.
 */
function reportShape(subject: string, changes: ShapeChanges, report: Report<OutputChange>): void {
  for (const c of changes) {
    // The output as a whole deprecated is the operation's or the output's own text: said where it is declared.
    if (!c.at && (c.kind === "deprecated" || c.kind === "reactivated")) continue;
    report(c.kind, { subject: c.at ? `${subject} ${c.at}` : subject, ...c.detail });
  }
}

/**
 * A shape that says nothing of a value (no type, fields, items or values): what a schema with only a description or a
 * deprecation gives, or only that it may be null (`{nullable: true}`: any value, or null, a type lost all the same).
 */
export function untypedShape(s: Shape): boolean {
  return (
    !s.type &&
    !s.types &&
    !s.properties &&
    !s.items &&
    !s.additionalProperties &&
    !s.enum &&
    s.ref === undefined &&
    !s.recursive
  );
}

type ShapeChanges = ReturnType<typeof outputChanges>;

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
  if (a.format !== b.format)
    emit("formatChanged", {
      ...(a.format !== undefined ? { from: a.format } : {}),
      ...(b.format !== undefined ? { to: b.format } : {}),
    });
  // An object form added: a reader of the old one's required fields may get the new one instead.
  const formsA =
    a.variants ?? (a.properties && ta.includes("object") ? [Object.keys(a.properties).sort().join(",")] : []);
  const formsB =
    b.variants ?? (b.properties && tb.includes("object") ? [Object.keys(b.properties).sort().join(",")] : []);
  // Named forms compare by name (node types sharing most of their fields are still new); others by their fields. One
  // named shape that became a union of named forms among them (TypeStyle → TypeStyle | TextPathTypeStyle) is its one
  // form.
  const one = linkedName(a);
  const formsBefore = a.forms ?? (one !== undefined && b.forms?.includes(one) ? [one] : undefined);
  const named = formsBefore && b.forms ? b.forms.filter((f) => !formsBefore.includes(f)) : undefined;
  const added = named ?? formsB.filter((f) => !coveredForm(f, formsA));
  if (formsA.length && added.length && (named !== undefined || formsB.length > formsA.length))
    emit(a.required?.length ? "oneOfAdded" : "oneOfAddedToOptional", { to: named ?? added.length });
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
    // reader may rely on, and each field of them. Upstream reads a response so (schema-compare.ts); a request is
    // another matter.
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
