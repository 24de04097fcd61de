// Where a call's requests go: the caller's `baseUrl` (mocks, sandboxes), else
// the provider's default address, else the address parameter (a CRM's
// instanceUrl) or the server variables' template, by the instance addresses
// support (instance-address.ts), which
// a provider with one is never called without (support.ts). A base address
// given at call time must name a host the provider is reached at (hosts.ts).
import type { Failure } from "../http/errors.js";
import { lacks } from "../common/unsupported.js";
import { wholeAddressProblem } from "../http/path-link.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { toolPlan } from "../validate/tool-plan.js";
import { checkAddress } from "../validate/validate-params.js";
import type { instanceAddresses } from "./instance-address.js";

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
): { url: string } | { problem: Omit<Failure, "type"> } {
  const base = baseAddress(tool, values, override, addresses);
  const { links } = toolPlan(tool);
  return links.length && "url" in base && base.url !== "" ? (linkedElsewhere(links, values, base.url) ?? base) : base;
}

/**
 * A path value that is a whole address (`multiSegment: as-given`) on another origin than the call's, or outside its
 * base path: refused before any request (http/path-link.ts).
 */
function linkedElsewhere(
  links: readonly ParamCall[],
  values: Record<string, unknown>,
  base: string,
): { problem: Omit<Failure, "type"> } | undefined {
  for (const p of links) {
    const value = values[p.name];
    const problem = typeof value === "string" ? wholeAddressProblem(value, base) : undefined;
    if (problem) return { problem: { param: p.name, rule: "host", message: `${p.name}: ${problem}` } };
  }
  return undefined;
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
