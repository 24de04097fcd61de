// A `json` body parameter's fields in the surface: the request body's
// schema at the parameter's pointer, recorded as a shape, so that `diff`
// compares what a caller puts inside the value field by field (a field no
// longer accepted, one now required, a type or accepted value changed)
// instead of seeing one opaque parameter.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { parsePointer } from "@blockwright/runtime/internal/generate";
import type { Report, ToolSurfaceContext } from "../../model/surface-entry.js";
import { shapeTypes, typesWithin } from "../../model/shape.js";
import type { Shape } from "../../model/surface-format.js";
import { pairChanges } from "../shape-pairs.js";
import { requestFormatSeverity } from "../../model/request-format.js";
import { canonical } from "../../common/canonical-json.js";
import { limitMove } from "../../model/limit-order.js";

export type RequestFieldChange =
  | "fieldRemoved"
  | "fieldAddedRequired"
  | "fieldAddedRequiredInNewForm"
  | "fieldAddedRequiredInSomeForms"
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
  | "fieldReactivated"
  | "fieldBecameWritable"
  | "fieldBecameReadOnly"
  | "fieldValuesRestricted"
  | "fieldMinLengthSet"
  | "fieldMaxLengthIncreased"
  | "fieldMaxItemsIncreased"
  | "fieldLimitTightened"
  | "fieldLimitLoosened"
  | "fieldPatternChanged"
  | "fieldFormatChanged"
  | "fieldFormatChecked"
  | "fieldFormClosed"
  | "fieldFormOpened";

export const REQUEST_FIELD_CHANGES = {
  fieldRemoved: { level: "breaking", rule: "request field no longer accepted" },
  fieldAddedRequired: { level: "breaking", rule: "new required request field" },
  fieldAddedRequiredInNewForm: {
    level: "minor",
    rule:
      "new required request field, only inside an object form that is new too (a call sending the old form is " +
      "unaffected)",
  },
  fieldAddedRequiredInSomeForms: {
    level: "minor",
    rule:
      "new request field, required only in the forms of the value that have it (a call sending another form is " +
      "unaffected)",
  },
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
  fieldBecameWritable: { level: "minor", rule: "a field the server set may now be sent" },
  fieldBecameReadOnly: { level: "breaking", rule: "request field now set by the server only (read-only)" },
  fieldValuesRestricted: {
    level: "breaking",
    rule: "a map of any values now declares them: a value of another kind is refused",
  },
  fieldMinLengthSet: { level: "breaking", rule: "request field limit added: minLength (a shorter value is refused)" },
  fieldMaxLengthIncreased: { level: "minor", rule: "request field limit loosened: maxLength (longer values accepted)" },
  fieldMaxItemsIncreased: { level: "minor", rule: "request field limit loosened: maxItems (longer lists accepted)" },
  fieldLimitTightened: {
    level: "breaking",
    rule: "request field limit added or tightened (a value that passed may be refused)",
  },
  fieldLimitLoosened: { level: "minor", rule: "request field limit loosened or removed (more values accepted)" },
  fieldPatternChanged: {
    level: "breaking",
    rule: "request field pattern changed, neither plainly wider nor narrower (a value that passed may be refused)",
  },
  fieldFormatChanged: {
    level: "patch",
    rule: "request field format changed (an annotation the block does not check, or a loosening)",
  },
  fieldFormatChecked: {
    level: "breaking",
    rule: "request field format added or changed to one the block checks (a value of another form is refused)",
  },
  fieldFormClosed: {
    level: "breaking",
    rule: "request object form closed: a field it does not list is refused (additionalProperties: false)",
  },
  fieldFormOpened: { level: "minor", rule: "request object form opened: fields it does not list are accepted" },
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

/**
 * Field by field: what a caller sends that the new version refuses, or must now send; at every place a named shape is
 * used (shape-pairs.ts).
 */
export function requestShapeChanges(subject: string, a: Shape, b: Shape): ShapeChange[] {
  return requestChanges(a, b).map((c) => ({
    kind: c.kind,
    detail: { subject: `${subject} ${c.at || "(value)"}`, ...c.detail },
  }));
}

export type ShapeChange = { kind: RequestFieldChange; detail: Parameters<Report<RequestFieldChange>>[1] & {} };

/** Where the value's shape holds an item's or a map value's accepted values, as its limits do too. */
const SHAPE_PLACE = { items: "[]", values: ".*" } as const;
const SHAPE_TWIN: Record<string, { kind: RequestFieldChange; values: "from" | "to" }> = {
  enumValueRemoved: { kind: "fieldEnumValueRemoved", values: "from" },
  enumValueAdded: { kind: "fieldEnumValueAdded", values: "to" },
};
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/**
 * A parameter's limits' report, less the accepted values its shape's changes name at the same place: the items' values
 * of a list written into the body are in both, and said once, as the request field's change `upstream` gives too.
 */
export function besideShape<K extends string>(shaped: ShapeChange[], report: Report<K>): Report<K> {
  return (kind, detail) => {
    const twin = SHAPE_TWIN[kind];
    const place = detail?.subject?.match(/^(.*) (items|values)$/);
    if (!twin || !place || !detail) return report(kind, detail);
    const at = `${place[1]} ${SHAPE_PLACE[place[2] as keyof typeof SHAPE_PLACE]}`;
    const said = shaped.filter((c) => c.kind === twin.kind && c.detail.subject === at);
    const told = new Set(said.flatMap((c) => listOf(c.detail[twin.values]).map((v) => canonical(v))));
    const left = listOf(detail[twin.values]).filter((v) => !told.has(canonical(v)));
    if (left.length) report(kind, { ...detail, [twin.values]: left.length === 1 ? left[0] : left });
  };
}

/** Whether a shape says what its values are (a type, fields, items, values or a list of them): `{}` is any value. */
const declares = (s: Shape) =>
  Boolean(s.type || s.types || s.properties || s.items || s.additionalProperties || s.enum || s.ref !== undefined);

const requestChanges = pairChanges<RequestFieldChange>((a, b, emit, descend) => {
  if (a.recursive || b.recursive) return;
  const [ta, tb] = [shapeTypes(a), shapeTypes(b)];
  if (ta.length && tb.length && ta.join("|") !== tb.join("|")) {
    // Its old types and more (a string that may now be an object too): every value a call sent is still accepted.
    if (!typesWithin(ta, tb)) return emit("fieldTypeChanged", { from: ta.join(" | "), to: tb.join(" | ") });
    emit("fieldTypeWidened", { from: ta.join(" | "), to: tb.join(" | ") });
  }
  if (a.nullable && !b.nullable) emit("fieldNoLongerNullable");
  if (!a.nullable && b.nullable) emit("fieldMadeNullable");
  if (a.format !== b.format)
    emit(
      requestFormatSeverity(a.format, b.format, tb.includes("string"))?.severity === "breaking"
        ? "fieldFormatChecked"
        : "fieldFormatChanged",
      {
        ...(a.format !== undefined ? { from: a.format } : {}),
        ...(b.format !== undefined ? { to: b.format } : {}),
      },
    );
  if (!a.deprecated && b.deprecated) emit("fieldDeprecated");
  if (a.deprecated && !b.deprecated) emit("fieldReactivated");
  if (!a.enum && b.enum) emit("fieldEnumSet", { to: b.enum });
  if (a.enum && b.enum) {
    const removed = a.enum.filter((v) => !b.enum?.includes(v));
    const added = b.enum.filter((v) => !a.enum?.includes(v));
    if (removed.length) emit("fieldEnumValueRemoved", { from: removed });
    if (added.length) emit("fieldEnumValueAdded", { to: added });
  }
  diffLimits(a.limits ?? {}, b.limits ?? {}, emit);
  diffClosedForms(a, b, emit);
  // Fields of an object form that is itself new (an id that may now be an object): a call sending the old form is
  // unaffected.
  const newForm = ta.length > 0 && !ta.includes("object");
  for (const key of [...new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})])].sort()) {
    const x = a.properties?.[key];
    const y = b.properties?.[key];
    const child = `.${key}`;
    const required = (s: Shape) => s.required?.includes(key) ?? false;
    // A read-only field is the server's: one appearing in or leaving the request schema changes nothing a caller sends.
    if ((x && !y && x.readOnly) || (!x && y?.readOnly)) continue;
    if (x && !y) emit("fieldRemoved", {}, child);
    else if (!x && y) {
      // A union of object forms (`variants`, each its fields): a field only some forms have is required of the calls
      // sending those.
      const forms = b.variants?.map((v) => v.split(","));
      const having = forms?.filter((f) => f.includes(key));
      if (required(b) && forms && having && having.length < forms.length)
        emit(
          "fieldAddedRequiredInSomeForms",
          {
            what: `in ${having.length} of ${forms.length} forms`,
            to: having.map((f) => f.join(",")),
            from: forms.filter((f) => !f.includes(key)).map((f) => f.join(",")),
          },
          child,
        );
      else
        emit(
          required(b) ? (newForm ? "fieldAddedRequiredInNewForm" : "fieldAddedRequired") : "fieldAddedOptional",
          {},
          child,
        );
    } else if (x && y) {
      const madeRequired = !required(a) && required(b) && !newForm;
      // The server's field before: now one a call may send, or (required now) must send.
      if (x.readOnly && !y.readOnly) emit(madeRequired ? "fieldMadeRequired" : "fieldBecameWritable", {}, child);
      else if (!x.readOnly && y.readOnly) emit("fieldBecameReadOnly", {}, child);
      else if (madeRequired) emit("fieldMadeRequired", {}, child);
      else if (required(a) && !required(b)) emit("fieldMadeOptional", {}, child);
      descend(x, y, child);
    }
  }
  if (a.items && b.items) descend(a.items, b.items, "[]");
  if (a.additionalProperties && b.additionalProperties) descend(a.additionalProperties, b.additionalProperties, ".*");
  // A map of any values that now declares them: a value of another kind is refused.
  else if (
    !a.additionalProperties &&
    b.additionalProperties &&
    declares(b.additionalProperties) &&
    !Object.keys(a.properties ?? {}).length &&
    ta.includes("object")
  )
    emit(
      "fieldValuesRestricted",
      shapeTypes(b.additionalProperties).length ? { to: shapeTypes(b.additionalProperties).join(" | ") } : {},
    );
});

/**
 * A union's object form, the same fields on both sides, that now takes them only: a call sending it another field was
 * accepted and is refused (breaking); one no longer closed takes more (minor). A form new or gone is its fields'
 * change.
 */
function diffClosedForms(
  a: Shape,
  b: Shape,
  emit: (kind: RequestFieldChange, detail?: { what?: string; from?: unknown; to?: unknown }) => void,
): void {
  const [was, now] = [a.closedVariants ?? [], b.closedVariants ?? []];
  for (const form of now)
    if (!was.includes(form) && a.variants?.includes(form))
      emit("fieldFormClosed", { what: `form {${form}}`, from: "open", to: "closed" });
  for (const form of was)
    if (!now.includes(form) && b.variants?.includes(form))
      emit("fieldFormOpened", { what: `form {${form}}`, from: "closed", to: "open" });
}

/**
 * A limit on a value a caller sends, added or tightened (breaking) or loosened or removed (minor), under the kinds
 * upstream gives (changes/schema-compare.ts).
 */
function diffLimits(
  a: Record<string, number | string>,
  b: Record<string, number | string>,
  emit: (kind: RequestFieldChange, detail?: { what?: string; from?: unknown; to?: unknown }) => void,
): void {
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const [x, y] = [numeric(a[key]), numeric(b[key])];
    if (x === y) continue;
    const detail = { what: key, ...(x !== undefined ? { from: x } : {}), ...(y !== undefined ? { to: y } : {}) };
    const grew = typeof x === "number" && typeof y === "number" && y > x;
    if (key === "minLength" && x === undefined) emit("fieldMinLengthSet", detail);
    else if (key === "maxLength" && grew) emit("fieldMaxLengthIncreased", detail);
    else if (key === "maxItems" && grew) emit("fieldMaxItemsIncreased", detail);
    else {
      // Removed, a maximum raised or a minimum lowered, a pattern widened: more values pass.
      const move = limitMove(key, x, y);
      if (move) emit(FIELD_LIMIT_CHANGES[move], detail);
    }
  }
}

const FIELD_LIMIT_CHANGES = {
  loosened: "fieldLimitLoosened",
  tightened: "fieldLimitTightened",
  changed: "fieldPatternChanged",
} as const;

/** A limit written as a numeric string (Discovery documents) read as its number. */
const numeric = (v: number | string | undefined) =>
  typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v;
