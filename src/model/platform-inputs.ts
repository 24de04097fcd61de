// Where a tool's parameters live on the workflow platforms the generator
// targets besides npm (`generate --target n8n`, `--target sim`), decided once
// from the IR: what the emitters lay out (src/emit/platforms/) and what the
// surface records of those platforms (link/platforms/platforms.ts), so that `diff`
// says what a change does to a saved n8n workflow or Sim block.
//
// n8n: the credential holds the manifest's auth and instance address; a
// required parameter, or one with a default the block sends, is a property of
// the node (n8n always sends it); an optional one without a default, or with
// the upstream's own (`sendDefault: false`), is an entry of the operation's
// "Additional Fields" collection, sent only when the user adds it. A list
// operation's page size is the runtime's to choose: the node has n8n's
// "Return All" and "Limit" instead.
// Sim: every parameter is a ToolConfig parameter (its visibility the
// manifest's: a secret is user-only), and the block's sub-blocks are its
// inputs.
import { plainValue } from "./number-bounds.js";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { callerMustGive } from "./param-keys.js";

export type N8nPropertyType = "string" | "color" | "number" | "boolean" | "options" | "multiOptions" | "json";

export interface N8nInput {
  param: ParamSpec;
  /** The property's name: the parameter's, but where n8n's conventions give that name another meaning (n8nProperty). */
  property: string;
  type: N8nPropertyType;
  /** `node`: a property of the node; `collection`: an entry of the operation's Additional Fields. */
  place: "node" | "collection";
  /** The value n8n shows and sends when the user sets none (n8n saves a workflow without the values equal to it). */
  default: unknown;
  /** The choices of an options or multiOptions property. */
  options?: (string | number | boolean)[];
  /**
   * How the property's value becomes the parameter's: JSON text parsed, several options joined, a binary field's bytes.
   */
  as?: "json" | "list" | "file" | "files";
  /** JSON text whose forms include text (a name or an object): text that is not JSON is the value itself. */
  orText?: true;
}

export interface N8nOperationInputs {
  tool: ToolSpec;
  inputs: N8nInput[];
  /** The "Return All" and "Limit" properties, for an operation that pages. */
  paging?: { returnAll: string; limit: string };
}

/** The collection property of an operation's optional parameters without a default. */
export const N8N_COLLECTION = "additionalFields";
/** The credential's field for an address to send to instead of the provider's, unless a parameter is so named. */
export const BASE_URL_FIELD = "baseUrl";

/**
 * A parameter the credential holds: the manifest's auth (credentials, OAuth flows' values) and the instance address.
 */
export function inCredential(p: Pick<ParamSpec, "wire">): boolean {
  return p.wire.in === "auth" || p.wire.in === "server";
}

/**
 * Property names n8n's conventions (and its linter) give a meaning of their own: "Return All" and "Limit" of a
 * list, "Simplify", the SSL switch, the resource and operation selectors, and the node's Additional Fields.
 */
const N8N_NAMES = new Set([
  "returnAll",
  "limit",
  "simplify",
  "allowUnauthorizedCerts",
  "resource",
  "operation",
  N8N_COLLECTION,
]);

/**
 * A parameter's property name: its own, unless n8n's conventions mean something else by it (then `<name>Value`, or
 * another free name).
 */
function n8nProperty(name: string, taken: ReadonlySet<string>): string {
  if (!N8N_NAMES.has(name)) return name;
  let property = `${name}Value`;
  for (let i = 2; taken.has(property); i++) property = `${name}Value${i}`;
  return property;
}

/** The node's inputs of one tool. */
export function n8nOperationInputs(tool: ToolSpec): N8nOperationInputs {
  const pageSize = tool.pagination?.pageSize;
  const params = tool.params.filter((p) => !inCredential(p) && p.name !== pageSize);
  const taken = new Set(params.map((p) => p.name));
  const inputs = params.map((p) => n8nInput(p, n8nProperty(p.name, taken)));
  return tool.pagination ? { tool, inputs, paging: { returnAll: "returnAll", limit: "limit" } } : { tool, inputs };
}

function n8nInput(p: ParamSpec, property: string): N8nInput {
  // A default the upstream applies itself (sendDefault false) stays off the wire unless the user adds the field.
  const place = p.required || (p.default !== undefined && p.sendDefault !== false) ? "node" : "collection";
  const given = p.default;
  if (p.type === "file")
    return { param: p, property, type: "string", place, default: "data", as: p.multiple ? "files" : "file" };
  // A boolean whose enum allows one value (`[true]`) starts at it: the switch's usual false would be refused.
  if (p.type === "boolean")
    return { param: p, property, type: "boolean", place, default: given ?? (p.enum?.length === 1 ? p.enum[0] : false) };
  // Forms of scalars alone (an id or a name, `anyOf`): text, which the runtime holds to the forms; never JSON text to
  // parse.
  if (p.type === "json" && p.anyOf?.every((f) => f.type !== "json"))
    return { param: p, property, type: textType(property), place, default: given === undefined ? "" : String(given) };
  if (p.type === "json")
    return {
      param: p,
      property,
      type: "json",
      place,
      default: given !== undefined ? JSON.stringify(given, null, 2) : jsonStart(p),
      as: "json",
      ...(p.anyOf?.some((f) => f.type === "string") ? { orText: true as const } : {}),
    };
  const choices = p.enum?.filter((v): v is string | number | boolean => v !== null && typeof v !== "object");
  if (choices?.length && p.separator !== undefined) {
    const chosen = typeof given === "string" ? given.split(p.separator).map((v) => v.trim()) : [];
    return { param: p, property, type: "multiOptions", place, default: chosen, options: choices, as: "list" };
  }
  if (choices?.length)
    return { param: p, property, type: "options", place, default: given ?? choices[0], options: choices };
  // A number added as an Additional Field starts at its minimum, or a value past an exclusive bound (0 exclusive would
  // be refused); a required one at nothing (n8n's linter takes a falsy default), which n8n and executeTool refuse as
  // not given, rather than a value the user never chose sent for them.
  if (p.type === "number")
    return { param: p, property, type: "number", place, default: given ?? (p.required ? "" : plainValue(p, 0)) };
  return { param: p, property, type: textType(property), place, default: given ?? "" };
}

/**
 * The text a JSON property without a default starts at: an empty list or object for an Additional Field the user adds;
 * nothing for a required one, which n8n and executeTool refuse as not given ("is required") rather than send `[]`
 * or `{}` the user never wrote.
 */
const jsonStart = (p: ParamSpec): string => (p.required ? "" : p.jsonType === "array" ? "[]" : "{}");

/**
 * A text property's type: n8n's colour type where n8n's linter takes the name for a colour's (its
 * node-param-color-type-unused rule requires it; the value is a string too, typed or picked), else a string.
 */
const textType = (property: string): "string" | "color" => (/colou?r/i.test(property) ? "color" : "string");

/** The credential's fields: every tool's auth and instance address parameters, by name, in the tools' order. */
export function n8nCredentialParams(tools: readonly ToolSpec[]): ParamSpec[] {
  const seen = new Map<string, ParamSpec>();
  for (const tool of tools) for (const p of tool.params) if (inCredential(p) && !seen.has(p.name)) seen.set(p.name, p);
  return [...seen.values()];
}

/**
 * The credential's field for another address, when the provider has a fixed one (an instance address is a parameter
 * itself).
 */
export function baseUrlField(tools: readonly ToolSpec[]): string | undefined {
  if (tools.some((t) => t.server.param !== undefined)) return undefined;
  const names = new Set(tools.flatMap((t) => t.params.map((p) => p.name)));
  return names.has(BASE_URL_FIELD) ? "apiBaseUrl" : BASE_URL_FIELD;
}

export type SimParamType = "string" | "number" | "boolean" | "json" | "file";

/** A Sim ToolConfig parameter. */
export interface SimParam {
  name: string;
  type: SimParamType;
  required: boolean;
  visibility: "user-only" | "user-or-llm";
  default?: unknown;
  param?: ParamSpec;
}

/**
 * A tool's Sim parameters: its own, then the address to send to instead of the provider's (user-only), when the
 * provider has a fixed one.
 */
export function simParams(tool: ToolSpec, baseUrl: string | undefined): SimParam[] {
  const own: SimParam[] = tool.params.map((p) => ({
    name: p.name,
    type: p.type,
    // One with a default is the package's to fill where a block or an agent gives none: Sim, which refuses a
    // required parameter not given, need not ask for it.
    required: callerMustGive(p),
    visibility: p.visibility,
    ...(p.default !== undefined ? { default: p.default } : {}),
    param: p,
  }));
  return baseUrl === undefined
    ? own
    : [...own, { name: baseUrl, type: "string", required: false, visibility: "user-only" }];
}
