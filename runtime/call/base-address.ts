// Where a call's requests go: the caller's `baseUrl` (mocks, sandboxes), else
// the provider's default address, else the address parameter (a CRM's
// instanceUrl) or the server variables' template, by the instance addresses
// support (instance-address.ts), which
// a provider with one is never called without (support.ts). A base address
// given at call time must name a host the provider is reached at (hosts.ts).
import type { Failure } from "../http/errors.js";
import { lacks } from "../common/unsupported.js";
import type { ToolCall } from "../spec/tool-types.js";
import { checkAddress } from "../validate/validate-params.js";
import type { instanceAddresses } from "./instance-address.js";
import type { Support } from "./support.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["server"] as const satisfies readonly (keyof ToolCall)[];

/**
 * The base address of a call: `url` is "" when none is given and a token may name it (prepareCall checks that a flow is
 * used).
 */
export function resolveBaseUrl(
  tool: ToolCall,
  values: Record<string, unknown>,
  override: string | undefined,
  addresses: typeof instanceAddresses | undefined,
  form?: Pick<NonNullable<Support["form"]>, "linkedElsewhere">,
): { url: string } | { problem: Omit<Failure, "type"> } {
  const base = baseAddress(tool, values, override, addresses);
  // A link that is a whole address, held to it (the form support's, which a tool with a link is never called without).
  return ("url" in base && form?.linkedElsewhere(tool, values, base.url)) || base;
}

function baseAddress(
  tool: ToolCall,
  values: Record<string, unknown>,
  override: string | undefined,
  addresses: typeof instanceAddresses | undefined,
): { url: string } | { problem: Omit<Failure, "type"> } {
  if (override !== undefined) {
    const checked = checkAddress(override);
    if ("problem" in checked)
      return {
        problem: {
          rule: "baseUrl",
          message:
            `baseUrl: ${checked.problem}, got ` +
            `${checked.withhold ? "(address with credentials withheld)" : JSON.stringify(override)}`,
        },
      };
    // An address template's path takes the call's variables (a version), as the template would.
    const path =
      tool.server.template && addresses ? addresses.templatePath(tool, values) : (tool.server.basePath ?? "");
    return { url: checked.origin + path };
  }
  const param = tool.server.param;
  // An address parameter, or an address made of server variables (server.template).
  if (param || tool.server.template)
    return addresses ? addresses.fromParam(tool, param, values) : { problem: lacks("addresses", param) };
  return tool.server.default
    ? { url: tool.server.default.replace(/\/+$/, "") }
    : { problem: { rule: "baseUrl", message: `no base address for ${tool.provider}: pass the baseUrl option` } };
}
