// A `json` body parameter's fields in the surface: the request body's
// schema at the parameter's pointer, recorded as a shape, so that `diff`
// compares what a caller puts inside the value field by field (a field no
// longer accepted, one now required, a type or accepted value changed)
// instead of seeing one opaque parameter.
import { parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import type { Report, ToolSurfaceContext } from "../model/surface-entry.js";
import { shapeTypes, typesWithin } from "../model/shape.js";
import type { Shape } from "../model/surface-format.js";

export type RequestFieldChange =
  | "fieldRemoved"
  | "fieldAddedRequired"
  | "fieldAddedRequiredInNewForm"
  | "fieldAddedOptional"
  | "fieldMadeRequired"
  | "fieldMadeOptional"
  | "fieldTypeChanged"
  | "fieldTypeWidened"
  | "fieldEnumValueRemoved"
  | "fieldEnumValueAdded"
  | "fieldEnumSet"
  | "fieldNoLongerNullable"
  | "fieldMadeNullable"
  | "fieldDeprecated"
  | "fieldReactivated";

export const REQUEST_FIELD_CHANGES = {
  fieldRemoved: { level: "breaking", rule: "request field no longer accepted" },
  fieldAddedRequired: { level: "breaking", rule: "new required request field" },
  fieldAddedRequiredInNewForm: { level: "minor", rule: "new required request field, only inside an object form that is new too (a call sending the old form is unaffected)" },
  fieldAddedOptional: { level: "minor", rule: "new optional request field" },
  fieldMadeRequired: { level: "breaking", rule: "request field made required" },
  fieldMadeOptional: { level: "minor", rule: "request field made optional" },
  fieldTypeChanged: { level: "breaking", rule: "request field type changed" },
  fieldTypeWidened: { level: "minor", rule: "request field accepts another type too" },
  fieldEnumValueRemoved: { level: "breaking", rule: "request field value no longer accepted" },
  fieldEnumValueAdded: { level: "minor", rule: "request field value accepted" },
  fieldEnumSet: { level: "breaking", rule: "request field now takes only listed values" },
  fieldNoLongerNullable: { level: "breaking", rule: "request field no longer takes null" },
  fieldMadeNullable: { level: "minor", rule: "request field takes null too" },
  fieldDeprecated: { level: "minor", rule: "request field deprecated (still accepted)" },
  fieldReactivated: { level: "minor", rule: "request field no longer deprecated" },
} as const;

/** The shape of a `json` parameter written into the request body, when the body's schema reaches it. */
export function requestParamShape(tool: ToolSpec, name: string, ctx: ToolSurfaceContext): Shape | undefined {
  const p = tool.params.find((x) => x.name === name);
  if (p?.type !== "json" || p.wire.in !== "body") return undefined;
  const root = ctx.requestSchema(tool.operationId);
  if (!root) return undefined;
  let shape: Shape | undefined = ctx.bodyShape(root);
  for (const segment of parsePointer(p.wire.pointer)) {
    const at: Shape = ctx.resolveShape(shape);
    shape = at.type === "array" ? at.items : (at.properties?.[segment] ?? at.additionalProperties);
    if (!shape) return undefined;
  }
  return shape;
}

/** Field by field: what a caller sends that the new version refuses, or must now send. Linked shapes (shape.ts); each pair compared once. */
export function diffRequestShape(subject: string, a: Shape, b: Shape, report: Report<RequestFieldChange>, at = "", compared = new Map<Shape, Set<Shape>>()): void {
  const where = `${subject} ${at || "(value)"}`;
  if (a.recursive || b.recursive) return;
  const pairs = compared.get(a) ?? new Set<Shape>();
  if (pairs.has(b)) return;
  compared.set(a, pairs.add(b));
  const [ta, tb] = [shapeTypes(a), shapeTypes(b)];
  if (ta.length && tb.length && ta.join("|") !== tb.join("|")) {
    // Its old types and more (a string that may now be an object too): every value a call sent is still accepted.
    if (!typesWithin(ta, tb)) return report("fieldTypeChanged", { subject: where, from: ta.join(" | "), to: tb.join(" | ") });
    report("fieldTypeWidened", { subject: where, from: ta.join(" | "), to: tb.join(" | ") });
  }
  if (a.nullable && !b.nullable) report("fieldNoLongerNullable", { subject: where });
  if (!a.nullable && b.nullable) report("fieldMadeNullable", { subject: where });
  if (!a.deprecated && b.deprecated) report("fieldDeprecated", { subject: where });
  if (a.deprecated && !b.deprecated) report("fieldReactivated", { subject: where });
  if (!a.enum && b.enum) report("fieldEnumSet", { subject: where, to: b.enum });
  if (a.enum && b.enum) {
    const removed = a.enum.filter((v) => !b.enum?.includes(v));
    const added = b.enum.filter((v) => !a.enum?.includes(v));
    if (removed.length) report("fieldEnumValueRemoved", { subject: where, from: removed });
    if (added.length) report("fieldEnumValueAdded", { subject: where, to: added });
  }
  // Fields of an object form that is itself new (an id that may now be an object): a call sending the old form is unaffected.
  const newForm = ta.length > 0 && !ta.includes("object");
  for (const key of [...new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})])].sort()) {
    const x = a.properties?.[key];
    const y = b.properties?.[key];
    const child = `${at}.${key}`;
    const required = (s: Shape) => s.required?.includes(key) ?? false;
    // A read-only field is the server's: one appearing in or leaving the request schema changes nothing a caller sends.
    if ((x && !y && x.readOnly) || (!x && y?.readOnly)) continue;
    if (x && !y) report("fieldRemoved", { subject: `${subject} ${child}` });
    else if (!x && y) report(required(b) ? (newForm ? "fieldAddedRequiredInNewForm" : "fieldAddedRequired") : "fieldAddedOptional", { subject: `${subject} ${child}` });
    else if (x && y) {
      if (!required(a) && required(b) && !newForm) report("fieldMadeRequired", { subject: `${subject} ${child}` });
      if (required(a) && !required(b)) report("fieldMadeOptional", { subject: `${subject} ${child}` });
      diffRequestShape(subject, x, y, report, child, compared);
    }
  }
  if (a.items && b.items) diffRequestShape(subject, a.items, b.items, report, `${at}[]`, compared);
  if (a.additionalProperties && b.additionalProperties) diffRequestShape(subject, a.additionalProperties, b.additionalProperties, report, `${at}.*`, compared);
}
