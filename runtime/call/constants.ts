// Constants (the manifest's `constants`, and a switch parameter's `whenTrue`):
// values the call always sends, or sends when a switch is on. A part of the
// support (support.ts): a provider that declares none bundles none of it.
import { cloneJson } from "../common/clone.js";
import type { ToolCall, WireConstant } from "../spec/tool-types.js";
import { placeAt, type WireRequest } from "./build-request.js";
import type { BodySupport } from "./request-body.js";

/** The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader; tool-field-readers.test.ts: each reader reads it). */
export const TOOL_FIELDS_READ = ["constants"] as const satisfies readonly (keyof ToolCall)[];

/** Place each constant, replacing what is there; one in a body is a copy, so that no request shares the tool's value. */
export function placeConstants(request: WireRequest, constants: readonly WireConstant[], bodies: BodySupport | undefined): void {
  for (const c of constants) placeAt(request, c, c.in === "body" ? cloneJson(c.value) : c.value, bodies);
}

/** Whether a tool sends constants: its own, or a switch parameter's (its own wire or a route's). */
export function constantsNeeded(tool: ToolCall): boolean {
  const switched = (wire: { in: string } | undefined) => wire?.in === "switch";
  return tool.constants.length > 0 || tool.params.some((p) => switched(p.wire)) || tool.routes.some((r) => Object.values(r.wire).some(switched));
}
