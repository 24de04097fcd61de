// Where a call's requests go: the provider's default address, the address
// parameter (a CRM's instanceUrl), the caller's `baseUrl` (mocks, sandboxes);
// and, for a provider whose tokens name the address they are valid at
// (manifest `auth.tokenAddressField`), the token's (call/token-send.ts), within the host rules
// (hosts.ts): a session belongs to one instance, so a token for another than
// the one given sends the call there, and a call may give none at all.
import type { Failure } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { checkAddress } from "../validate/validate-params.js";

/** The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader; tool-field-readers.test.ts: each reader reads it). */
export const TOOL_FIELDS_READ = ["server"] as const satisfies readonly (keyof ToolSpec)[];

/** The base address of a call: `url` is "" when none is given and a token may name it (prepareCall checks that a flow is used). */
export function resolveBaseUrl(tool: ToolSpec, values: Record<string, unknown>, override: string | undefined): { url: string } | { error: string } {
  if (override !== undefined) {
    const checked = checkAddress(override);
    if ("problem" in checked) return { error: `baseUrl: ${checked.problem}, got ${checked.withhold ? "(address with credentials withheld)" : JSON.stringify(override)}` };
    return { url: checked.origin + (tool.server.basePath ?? "") };
  }
  if (!tool.server.param) return tool.server.default ? { url: tool.server.default.replace(/\/+$/, "") } : { error: `no base address for ${tool.provider}: pass the baseUrl option` };
  // An address given at call time is scheme and host (checkAddress): the document's server path follows it, as it follows the default's host.
  const given = values[tool.server.param] as string | undefined;
  // None given: the token's, if a flow gets one (prepareCall checks), else the parameter is missing.
  if (!given) return tool.oauth?.addressField !== undefined ? { url: "" } : { error: `no base address for ${tool.provider}: pass the baseUrl option` };
  return { url: given.replace(/\/+$/, "") + (tool.server.basePath ?? "") };
}

/** No address: the parameter that gives it is needed, unless a flow's token names one. */
export function missingAddress(tool: ToolSpec): Omit<Failure, "type"> {
  const param = tool.server.param;
  if (!param) return { rule: "baseUrl", message: `no base address for ${tool.provider}: pass the baseUrl option` };
  return {
    param,
    rule: "required",
    message: `${param}: is required${tool.oauth?.addressField ? `, unless the call gives an OAuth 2 flow's parameters and the token answer names the address (${tool.oauth.addressField})` : ""}`,
  };
}
