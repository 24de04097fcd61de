// Which parameters the contract suite leaves out of the inputs it makes: the instance address, which it gives itself.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";

/**
 * The instance address parameter (`server.param`), which the suite gives the mock's address (call.ts withAddress),
 * or one a caller gives outside the call. A server variable's parameter (`server.variables`) is given a value like
 * any other: the runtime refuses a call without a required one, even where the suite names the address itself.
 */
export function isAddressParam(tool: ToolSpec, p: ParamSpec): boolean {
  return p.wire.in === "server" && !Object.values(tool.server.variables ?? {}).includes(p.name);
}
