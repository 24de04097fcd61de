// A tool's call and its description, kept apart in a generated package and
// joined here. The client of a package holds only the calls (ToolCall), so a
// bundle that only calls carries none of the titles, descriptions and
// examples; what shows a tool to people and models (LLM tools, MCP, the
// adapters, the block) takes the joined definition.
import { setOwn } from "../common/own.js";
import type {
  OutputDescriptionField,
  ParamDescriptionField,
  ToolCall,
  ToolDescription,
  ToolDescriptionField,
  ToolSpec,
} from "./tool-types.js";

/**
 * The description fields, by level: what the generator leaves out of a call (src/emit/emit.ts), and what describeTool
 * puts back.
 */
export const DESCRIPTION_FIELDS = {
  tool: ["title", "description", "operationId", "responses", "defaultResponse", "deprecated"],
  param: ["title", "description", "visibility", "placeholder", "example", "knownValues"],
  output: ["description"],
} as const satisfies {
  tool: readonly ToolDescriptionField[];
  param: readonly ParamDescriptionField[];
  output: readonly OutputDescriptionField[];
};

/**
 * The whole tool definition: `call` with `description`'s fields, its parameters' and outputs' given back by name and
 * path.
 */
export function describeTool(call: ToolCall, description: ToolDescription): ToolSpec {
  const { params, outputs, ...own } = description;
  return {
    ...call,
    ...own,
    // By own key only: a parameter named like an Object.prototype member (`constructor`) takes nothing of it.
    params: call.params.map(
      (p) => ({ ...p, ...(Object.hasOwn(params, p.name) ? params[p.name] : {}) }) as ToolSpec["params"][number],
    ),
    outputs: call.outputs.map(
      (o) => ({ ...o, ...(Object.hasOwn(outputs, o.path) ? outputs[o.path] : {}) }) as ToolSpec["outputs"][number],
    ),
  };
}

/** A tool's call: the definition without its description fields (what describeTool takes back). */
export function callOf(tool: ToolSpec): ToolCall {
  return {
    ...without(tool, DESCRIPTION_FIELDS.tool),
    params: tool.params.map((p) => without(p, DESCRIPTION_FIELDS.param)),
    outputs: tool.outputs.map((o) => without(o, DESCRIPTION_FIELDS.output)),
  } as ToolCall;
}

/** A tool's description: what callOf leaves out. */
export function descriptionOf(tool: ToolSpec): ToolDescription {
  return {
    ...only(tool, DESCRIPTION_FIELDS.tool),
    params: Object.fromEntries(tool.params.map((p) => [p.name, only(p, DESCRIPTION_FIELDS.param)])),
    outputs: Object.fromEntries(tool.outputs.map((o) => [o.path, only(o, DESCRIPTION_FIELDS.output)])),
  } as ToolDescription;
}

// Loops over the keys, not Object.entries → filter → Object.fromEntries: the generator splits every tool of every
// provider here, and the pairs arrays made and dropped cost about twice the copy (a tool of 14 parameters and 16
// outputs: 40 against 90 µs). Keys are a tool's field names (never user input), set by definition where one could
// be `__proto__`, as Object.fromEntries did.
function without<T extends object>(value: T, fields: readonly string[]): object {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) if (!fields.includes(k)) setOwn(out, k, (value as Record<string, unknown>)[k]);
  return out;
}

function only<T extends object>(value: T, fields: readonly string[]): object {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined && fields.includes(k)) setOwn(out, k, v);
  }
  return out;
}
