// Which parameters of a tool come from its connection (the environment, a client, a platform's credential), never from
// a model: one reading for the agents' input schemas, the MCP server's connection and the generated client's.
import type { ParamSpec, ToolSpec } from "./tool-types.js";

/** The parameters that come from the environment or the connection, never from a model: secret or user-only. */
export function connectionParams(tool: Pick<ToolSpec, "params">): ParamSpec[] {
  return tool.params.filter(isConnectionParam);
}

/** Whether a model never fills the parameter: a secret, or a value a person sets (user-only). */
export function isConnectionParam(p: ParamSpec): boolean {
  return p.secret || p.visibility === "user-only";
}
