// From validated parameter values to the parts of an HTTP request, following
// each parameter's wire placement and the operation's constants.
import { itemAt } from "../common/checked.js";
import { cloneJson } from "../common/clone.js";
import { ownValue, setOwn } from "../common/own.js";
import { parsePointer } from "../http/expressions.js";
import type { FormFieldEncoding, PageTarget, RouteSpec, ToolSpec, WireConstant } from "../spec/tool-types.js";
import { compiled, splitList } from "../validate/validate-params.js";
import type { Support } from "./support.js";

/** The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader; tool-field-readers.test.ts: each reader reads it). */
export const TOOL_FIELDS_READ = ["path", "params", "body", "constants", "routes"] as const satisfies readonly (keyof ToolSpec)[];

export interface WireRequest {
  path: Record<string, string>;
  query: Record<string, string | number | boolean | (string | number | boolean)[]>;
  header: Record<string, string>;
  body?: unknown;
}

export function buildRequest(tool: ToolSpec, values: Record<string, unknown>, unsent: ReadonlySet<string> = new Set(), route?: RouteSpec, form?: Support["form"]): WireRequest {
  const request: WireRequest = { path: {}, query: {}, header: {} };
  for (const spec of placementOrder(tool)) {
    const value = values[spec.name];
    if (value === undefined || unsent.has(spec.name)) continue;
    const wire = route?.wire[spec.name] ?? spec.wire;
    switch (wire.in) {
      case "path":
        request.path[wire.name] = withEscapes(String(value), wire.escape);
        break;
      case "query":
        if (value !== null && typeof value === "object" && form) placeStyled(request, wire.name, value, wire.encoding, form);
        else request.query[wire.name] = wire.escape ? withEscapes(String(value), wire.escape) : (value as string | number | boolean);
        break;
      case "header":
        request.header[wire.name] = withEscapes(String(value), wire.escape);
        break;
      case "body": {
        if (spec.type === "file" && tool.body?.encoding === "binary") break; // the raw body itself, sent as it is (single-call.ts)
        let wireValue = value;
        if (wire.split) wireValue = splitList(String(value), wire.split.separator);
        if (wire.wrapUnlessKey && isPlainObject(value) && !(wire.wrapUnlessKey in value)) wireValue = { [wire.wrapUnlessKey]: value };
        setBody(request, wire.pointer, wireValue);
        break;
      }
      case "switch":
        if (value === true) for (const c of wire.whenTrue) applyConstant(request, c);
        break;
      case "auth":
      case "server":
        break;
    }
  }
  for (const c of tool.constants) applyConstant(request, c);
  // A body the upstream requires, though the call gave none of its fields: an empty one, not none.
  if (request.body === undefined && tool.body?.required) request.body = {};
  return request;
}

/** Whether the tool's requests need the form encoding (support.ts `form`): a form body, or a JSON parameter in the query (its own or a route's). */
export function formNeeded(tool: ToolSpec): boolean {
  if (tool.body?.encoding === "form") return true;
  return tool.params.some((p) => p.type === "json" && (p.wire.in === "query" || tool.routes.some((r) => r.wire[p.name]?.in === "query")));
}

/** The first route whose condition the values meet, if any. */
export function chooseRoute(tool: ToolSpec, values: Record<string, unknown>): RouteSpec | undefined {
  return tool.routes.find((r) => typeof values[r.when.param] === "string" && compiled(r.when.pattern).test(values[r.when.param] as string));
}

/**
 * An array or object in the query, written as its style says (form-body.ts):
 * `expand[0]=a&expand[1]=b` for deepObject, `tags=a&tags=b` exploded,
 * `tags=a,b` not. The keys the value brings are percent-encoded, the
 * brackets between them not (as the spec's own names are sent).
 */
function placeStyled(request: WireRequest, name: string, value: object, encoding: FormFieldEncoding | undefined, form: NonNullable<Support["form"]>): void {
  for (const [pairName, text] of form.styledPairs(name, value, encoding)) {
    const key = pairName.startsWith(name) ? name + pairName.slice(name.length).replace(/[^[\]]+/g, encodeURIComponent) : pairName.replace(/[^[\]]+/g, encodeURIComponent);
    // A key the value brings (`__proto__` too) is an own key of the query, never its prototype.
    const present = ownValue(request.query, key) as string | string[] | undefined;
    setOwn(request.query, key, present === undefined ? text : Array.isArray(present) ? [...present, text] : [present, text]);
  }
}

function withEscapes(value: string, replacements: Record<string, string> | undefined): string {
  if (!replacements) return value;
  let out = value;
  for (const [from, to] of Object.entries(replacements)) out = out.split(from).join(to);
  return out;
}

// The whole-body parameter first, so that fields placed inside it win (once per tool, not per call).
const orders = new WeakMap<ToolSpec, ToolSpec["params"]>();

function placementOrder(tool: ToolSpec): ToolSpec["params"] {
  let ordered = orders.get(tool);
  if (!ordered) {
    ordered = [...tool.params].sort((a, b) => Number(isWholeBody(b)) - Number(isWholeBody(a)));
    orders.set(tool, ordered);
  }
  return ordered;
}

function isWholeBody(spec: ToolSpec["params"][number]): boolean {
  return spec.wire.in === "body" && spec.wire.pointer === "";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function applyConstant(request: WireRequest, c: WireConstant): void {
  if (c.in === "body") setBody(request, c.pointer, cloneJson(c.value));
  else if (c.in === "query") request.query[c.name] = c.value;
  else request.header[c.name] = String(c.value);
}

/** Put a value (a page cursor or offset) at a wire place, replacing what is there. */
export function placeAt(request: WireRequest, target: PageTarget, value: string | number): void {
  if (target.in === "body") setBody(request, target.pointer, value);
  else if (target.in === "query") request.query[target.name] = value;
  else request.header[target.name] = String(value);
}

/** Set a value at a JSON pointer in the body, creating the objects on the way. */
function setBody(request: WireRequest, pointer: string, value: unknown): void {
  const segments = parsePointer(pointer);
  if (!segments.length) {
    request.body = isPlainObject(value) && isPlainObject(request.body) ? { ...value, ...request.body } : cloneJson(value);
    return;
  }
  if (!isPlainObject(request.body)) request.body = {};
  let node = request.body as Record<string, unknown>;
  for (const key of segments.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[itemAt(segments, -1)] = value;
}
