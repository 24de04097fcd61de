// From validated parameter values to the parts of an HTTP request, following
// each parameter's wire placement (or its route's). What goes into a body is
// placed by the bodies support (request-body.ts), and constants by theirs
// (`placeConstants`, below, passed only by a package whose tools declare
// some), which a tool that sends one is never called without (support.ts
// `bodyNeeded`, `constantsNeeded`).
import { cloneJson } from "../common/clone.js";
import { ownOf } from "../common/own.js";
import { scalarText } from "../common/scalar-text.js";
import type { PageTarget, ParamCall, RouteSpec, ToolCall } from "../spec/tool-types.js";
import { isWholeBody, toolPlan } from "../validate/tool-plan.js";
import type { PageValue } from "./page-cursors.js";
import type { BodySupport } from "./request-body.js";
import type { Support } from "./support.js";
import { emptyRequest, type PlaceConstants, placeValue, type WireRequest } from "./wire-request.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = [
  "params",
  "accept",
  "constants",
  "partHeaders",
] as const satisfies readonly (keyof ToolCall)[];

export type { WireRequest };

/**
 * Put a value (a page cursor or offset) at a wire place of the request under construction; an object cursor goes only
 * to a body (page-cursors.ts).
 */
export type Place = (target: PageTarget, value: PageValue) => void;

export function buildRequest(
  tool: ToolCall,
  values: Record<string, unknown>,
  unsent: ReadonlySet<string>,
  route: RouteSpec | undefined,
  parts: Pick<Support, "form" | "bodies" | "constants">,
  // The places of the parameters the values' check looked at (validate-params.ts `visited`): each one with a value.
  visited: readonly number[],
): WireRequest {
  const { form, bodies, constants } = parts;
  const request = emptyRequest();
  const { params } = tool;
  // The whole-body parameter first, so that fields placed inside it win; the others in the tool's order (a stable
  // sort).
  const order = toolPlan(tool).wholeBody
    ? [...visited].sort((a, b) => wholeFirst(params[a] as ParamCall, params[b] as ParamCall))
    : visited;
  for (const at of order) {
    const spec = params[at] as ParamCall;
    const value = values[spec.name];
    if (value === undefined || unsent.has(spec.name)) continue;
    const wire = ownOf(route?.wire, spec.name) ?? spec.wire;
    switch (wire.in) {
      case "body":
        bodies?.place(request, tool, spec, wire, value);
        break;
      case "switch":
        if (value === true) constants?.(request, wire.whenTrue, bodies);
        break;
      // A multipart part's header: written with the part (request-body.ts), by field.
      case "part":
        partHeader(request, wire.field, wire.name, scalarText(value));
        break;
      case "auth":
      case "server":
        break;
      // A path, query, header or cookie value: the one writer of each (wire-request.ts).
      default:
        placeValue(request, wire, value, form, spec.separator);
    }
  }
  for (const h of tool.partHeaders ?? []) partHeader(request, h.field, h.name, h.value);
  // The tool's constants, and the type it asks the answer in (accept): the constants support's.
  if (tool.constants.length || tool.accept) constants?.(request, tool.constants, bodies, tool.accept);
  // A tool that names no type of its own reads JSON (the link names any other, src/link/answer-types/accept.ts): it
  // asks for JSON, where fetch's own `*/*` lets a service answer its default type. A download's and a stream's Accept
  // are their supports' (files/download.ts), unless a parameter sent one.
  if (!tool.accept && !tool.download && !tool.stream && !sendsAccept(request.header))
    request.header.Accept = JSON_ACCEPT;
  return request;
}

/** A header of a multipart body field's parts, kept by field until the body is written. */
function partHeader(request: WireRequest, field: string, name: string, value: string): void {
  const byField = (request.partHeaders ??= Object.create(null) as Record<string, Record<string, string>>);
  (byField[field] ??= Object.create(null) as Record<string, string>)[name] = value;
}

/** What a tool that names no type asks its answer in. */
const JSON_ACCEPT = "application/json";

/** Whether a parameter already sends an Accept header, in any case. */
function sendsAccept(header: Record<string, string>): boolean {
  for (const name in header) if (name.length === 6 && name.toLowerCase() === "accept") return true;
  return false;
}

const wholeFirst = (a: ParamCall, b: ParamCall) => Number(isWholeBody(b)) - Number(isWholeBody(a));

/** Put a value (a page cursor or offset, a constant) at a wire place, replacing what is there. */
export function placeAt(
  request: WireRequest,
  target: PageTarget,
  value: unknown,
  bodies: BodySupport | undefined,
): void {
  if (target.in === "body") bodies?.set(request, target.pointer, value);
  else if (target.in === "query") request.query[target.name] = value as string | number | boolean;
  else request.header[target.name] = scalarText(value);
}

/**
 * Constants (the manifest's `constants`, and a switch parameter's `whenTrue`), as a part of the runtime's
 * support (`constants`, exported as `wireConstants`): each placed, replacing what is there; one in a body is a
 * copy, so that no request shares the tool's value.
 */
export const placeConstants: PlaceConstants = (request, constants, bodies, accept) => {
  for (const c of constants) placeAt(request, c, c.in === "body" ? cloneJson(c.value) : c.value, bodies);
  // An upstream that may answer in a type the runtime does not read is asked for JSON, unless a parameter or constant
  // asked.
  if (accept && !sendsAccept(request.header)) request.header.Accept = accept;
};
