// A parameter's candidate values from the OpenAPI document at its wire location (values.ts tries them after the
// manifest's example): a path, query, header or cookie parameter's examples and schema, a body parameter's value in
// each request example and its schema's; and where a body parameter's value sits in a whole request body.
import { parsePointer, type ParamSpec, type ToolSpec, type WireSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { describedParameter } from "../../judge/parameter-content.js";
import { at } from "../json-path.js";
import { otherFieldsIn, rawParameter, requestExamplesRaw, schemaCandidates } from "./document-places.js";

/** A value to try for a parameter, and where it came from. */
export interface Candidate {
  value: unknown;
  /** Where it came from, for messages: `placeholder`, `request example "minimal"`, … */
  source: string;
}

/** Where a parameter's value sits in a request body, for a body-placed parameter. */
export function bodyValueOf(
  tool: ToolSpec,
  doc: OpenApiDocument,
  op: OpenApiOperation,
  param: ParamSpec,
  body: unknown,
): unknown {
  if (param.wire.in !== "body") return undefined;
  const pointer = parsePointer(param.wire.pointer);
  const value = at(body, pointer);
  // A body object's other fields: the value's fields the object does not name, or one made (document-places.ts).
  if (param.wire.otherFields) return otherFieldsIn(doc, op, param, value);
  if (pointer.length || !value || typeof value !== "object" || Array.isArray(value)) return value;
  // A whole-body parameter: what the other body parameters and constants do not cover.
  const covered = new Set<string>();
  for (const p of tool.params)
    if (p !== param && p.wire.in === "body") covered.add(parsePointer(p.wire.pointer)[0] ?? "");
  for (const c of tool.constants) if (c.in === "body") covered.add(parsePointer(c.pointer)[0] ?? "");
  return Object.fromEntries(Object.entries(value).filter(([k]) => !covered.has(k)));
}

/** Candidates from the OpenAPI document at the parameter's wire location. */
export function specCandidates(
  tool: ToolSpec,
  doc: OpenApiDocument,
  op: OpenApiOperation,
  param: ParamSpec,
): Candidate[] {
  const wire: WireSpec = param.wire;
  const out: Candidate[] = [];
  if (wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie") {
    const own = describedParameter(rawParameter(doc, op, wire.in, wire.name), doc);
    for (const holder of own?.holders ?? []) {
      if (holder.example !== undefined) out.push({ value: holder.example, source: `${wire.in} parameter example` });
      for (const [name, ex] of Object.entries((holder.examples ?? {}) as Record<string, Schema>))
        out.push({ value: doc.resolve(ex).value, source: `${wire.in} parameter example "${name}"` });
    }
    if (own) out.push(...schemaCandidates(doc.flatten((own.schema ?? {}) as Schema), `${wire.in} parameter schema`));
  } else if (wire.in === "body") {
    for (const ex of requestExamplesRaw(doc, op)) {
      const value = bodyValueOf(tool, doc, op, param, ex.body);
      if (value === undefined) continue;
      out.push({
        value: wire.split && Array.isArray(value) ? value.join(`${wire.split.separator} `) : value,
        source: `request example "${ex.name}"`,
      });
    }
    const schema = op.requestBody ? doc.schemaAt(op.requestBody.schema, parsePointer(wire.pointer)) : undefined;
    if (schema) {
      const flat = doc.flatten(schema);
      const items = wire.split && flat.items ? doc.flatten(flat.items as Schema) : undefined;
      out.push(...(items ? schemaCandidates(items, "request schema items") : schemaCandidates(flat, "request schema")));
    }
  }
  return out;
}
