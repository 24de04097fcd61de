// A provider reached at the caller's own instance (manifest `server.param`,
// such as a CRM's instanceUrl): the address the parameter gives (checked as a
// base address with the parameters: validate-params.ts), or, for a provider
// whose tokens name the instance (`auth.tokenAddressField`), none: the token's
// is taken then (token-send.ts). The runtime's support `addresses`, exported
// as `instanceAddresses` (support.ts): a provider with one address bundles none
// of it.
import type { Failure } from "../http/errors.js";
import type { ToolCall } from "../spec/tool-types.js";

/** The call's base address from its parameter (`url` "" when a flow's token may name it: prepareCall checks that one is used), or why there is none. */
function fromParam(tool: ToolCall, param: string, values: Record<string, unknown>): { url: string } | { problem: Omit<Failure, "type"> } {
  // An address given at call time is scheme and host (checkAddress): the document's server path follows it, as it follows the default's host.
  const given = values[param] as string | undefined;
  if (given) return { url: given.replace(/\/+$/, "") + (tool.server.basePath ?? "") };
  return tool.oauth?.addressField !== undefined ? { url: "" } : { problem: missing(tool, param) };
}

/** No address: the parameter that gives it is needed, unless a flow's token names one. */
function missing(tool: ToolCall, param: string): Omit<Failure, "type"> {
  const field = tool.oauth?.addressField;
  return { param, rule: "required", message: `${param}: is required${field ? `, unless the call gives an OAuth 2 flow's parameters and the token answer names the address (${field})` : ""}` };
}

export const instanceAddresses = { fromParam, missing };
