// Routes (the manifest's `routes`): a parameter's value that sends the call to
// another path or method, its values placed as the route says. A part of the
// support (support.ts): a provider without routes bundles none of it.
import type { RouteSpec, ToolCall } from "../spec/tool-types.js";
import { compiled } from "../validate/validate-params.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["routes"] as const satisfies readonly (keyof ToolCall)[];

/** The first route whose condition the values meet, if any. */
export function chooseRoute(tool: ToolCall, values: Record<string, unknown>): RouteSpec | undefined {
  return tool.routes.find(
    (r) => typeof values[r.when.param] === "string" && compiled(r.when.pattern).test(values[r.when.param] as string),
  );
}
