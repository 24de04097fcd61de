// A provider reached at the caller's own instance (manifest `server.param`,
// such as a CRM's instanceUrl): the address the parameter gives (checked as a
// base address with the parameters: validate-params.ts), or the one its server
// variables make (`server.url`: a tenant's subdomain, a region); or, for a provider
// whose tokens name the instance (`auth.tokenAddressField`), none: the token's
// is taken then (token-send.ts). The runtime's support `addresses`, exported
// as `instanceAddresses` (support.ts): a provider with one address bundles none
// of it.
import type { Failure } from "../http/errors.js";
import { hostRefusal, providerHosts } from "../http/hosts.js";
import type { ToolCall } from "../spec/tool-types.js";
import { checkAddress } from "../validate/validate-params.js";

/**
 * The call's base address from its parameter (`url` "" when a flow's token may name it: prepareCall checks that one is
 * used), or why there is none.
 */
function fromParam(
  tool: ToolCall,
  param: string | undefined,
  values: Record<string, unknown>,
): { url: string } | { problem: Omit<Failure, "type"> } {
  if (param === undefined) return fromTemplate(tool, values);
  // An address given at call time is scheme, host and the path the instance is served under, if any
  // (string-check.ts checkBaseUrl): the document's server path follows it, as it follows the default's host.
  const given = values[param] as string | undefined;
  if (given) return joined(param, given, tool);
  return tool.oauth?.addressField !== undefined ? { url: "" } : { problem: missing(tool, param) };
}

/**
 * The instance's address (checked: no trailing slash, its path's segments as written) with the document's server path
 * after it, once: where the address's path ends with the start of that path, or all of it (a Jira at
 * `https://host/jira` whose document's server is `…/jira/rest`; `https://host/zq/api/v4` for `/api/v4`), that part is
 * written once. One whose path ends with the start of the API's path beyond the server's, the operation's literal
 * segments (`https://host/services` for `/services/data/v59.0/sobjects/{name}` on a server of no path), is refused:
 * each operation would read it differently, and whether it is the instance's own path or the API's, no rule can tell.
 */
function joined(param: string, given: string, tool: ToolCall): Joined {
  // A pure function of the address and the (immutable) tool, whose `param` is its own: the last address kept per tool
  // (a tenant's instance, the same on each of its calls; splitting and joining it again was 0.2 µs a call).
  const last = lastJoined.get(tool);
  if (last?.given === given) return last.joined;
  const made = joinedOnce(param, given, tool);
  lastJoined.set(tool, { given, joined: made });
  return made;
}

type Joined = { url: string } | { problem: Omit<Failure, "type"> };

const lastJoined = new WeakMap<ToolCall, { given: string; joined: Joined }>();

function joinedOnce(param: string, given: string, tool: ToolCall): Joined {
  const address = given.replace(/\/+$/, "");
  const api = (tool.server.basePath ?? "").replace(/\/+$/, "");
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(address)?.[0] ?? address;
  const path = address.slice(origin.length).split("/").slice(1);
  if (!path.length) return { url: address + api };
  const server = api.split("/").slice(1);
  // The API's own path as far as it is literal: the server's, then the operation's up to its first expression.
  const own = [...server, ...tool.path.split("/").slice(1)];
  const first = own.findIndex((segment) => segment.includes("{"));
  const literal = first < 0 ? own : own.slice(0, first);
  const ending = (n: number) => path.slice(-n).join("/");
  for (let n = Math.min(path.length, literal.length); n > 0; n--) {
    if (ending(n) !== literal.slice(0, n).join("/")) continue;
    if (n <= server.length) return { url: origin + [...path.slice(0, -n), ...server].map((s) => `/${s}`).join("") };
    return {
      problem: {
        param,
        rule: "format",
        message:
          `${param}: its path ends with /${literal.slice(0, n).join("/")}, where the API's own path ` +
          `/${literal.join("/")} begins: give the instance's address without the API's path (scheme, host and ` +
          `the path the instance is served under, if any), got ${JSON.stringify(given)}`,
      },
    };
  }
  return { url: address + api };
}

/** No address: the parameter that gives it is needed, unless a flow's token names one. */
function missing(tool: ToolCall, param: string): Omit<Failure, "type"> {
  const field = tool.oauth?.addressField;
  return {
    param,
    rule: "required",
    message:
      `${param}: is required` +
      (field
        ? `, unless the call gives an OAuth 2 flow's parameters and the token answer names the address (${field})`
        : ""),
  };
}

/**
 * The address made of the server variables (`server.template`, each `{variable}` filled with the value of its
 * parameter, checked before by its enum or pattern): an absolute https address (http on loopback) whose host is one
 * the template allows (hosts.ts: the hosts the linker derived from it), else a refusal naming the variables.
 */
function fromTemplate(
  tool: ToolCall,
  values: Record<string, unknown>,
): { url: string } | { problem: Omit<Failure, "type"> } {
  const variables = tool.server.variables ?? {};
  const url = filled(tool, values);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;
  const checked = checkAddress(origin);
  const refused =
    "origin" in checked
      ? hostRefusal(tool, checked.origin) &&
        `names a host the address template does not allow (${providerHosts(tool).join(", ")})`
      : checked.problem;
  if (!refused) return { url: url.replace(/\/+$/, "") };
  const names = Object.values(variables);
  return {
    problem: {
      param: names[0] ?? "server",
      rule: "host",
      message: `${names.join(", ")}: the address they make (${origin}) ${refused}`,
    },
  };
}

/**
 * The address template with each `{variable}` filled with its parameter's value, percent-encoded; in the path, ":"
 * and "@" stay as they are (RFC 3986 pchar: `/bot123456:ABC` is the address the document means, not `%3A`). A
 * variable no parameter fills is the credential's (`auth.variable`): left as written, the credential placed there
 * last, with the credential's other places (http/transport.ts applyPlaced).
 */
function filled(tool: ToolCall, values: Record<string, unknown>): string {
  const variables = tool.server.variables ?? {};
  const template = tool.server.template ?? "";
  const pathAt = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0].length ?? 0;
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string, at: number) => {
    if (!Object.hasOwn(variables, name)) return whole;
    const encoded = encodeURIComponent(String(values[variables[name] ?? ""] ?? ""));
    return at >= pathAt && pathAt > 0 ? encoded.replace(/%3A/gi, ":").replace(/%40/gi, "@") : encoded;
  });
}

/**
 * The path the address template makes with the call's values (`/v3` of `https://host/{version}`), for a base
 * address given at call time (a mock, a sandbox): it replaces the template's scheme and host, not the variables
 * the call gave for its path.
 */
function templatePath(tool: ToolCall, values: Record<string, unknown>): string {
  const url = filled(tool, values);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  return url.slice(origin.length).replace(/\/+$/, "");
}

const standingFor = new WeakMap<ToolCall, ToolCall>();

/**
 * The tool as a call given its base address (`baseUrl`: a mock, a sandbox, the instance itself) checks it: the address
 * parameter (`server.param`, the provider's or the operation's instance) and the variables of the template's scheme and
 * host (a tenant's `{accountName}`) not required, the address standing for them (its host held to the same rules:
 * single-call.ts); a variable of the path (a version) still is. The tool itself when none is required; made once.
 */
function givenAddress(tool: ToolCall): ToolCall {
  let made = standingFor.get(tool);
  if (made) return made;
  const template = tool.server.template ?? "";
  const origin = /^[a-z{][a-z0-9+.{}-]*:\/\/[^/?#]*/i.exec(template)?.[0] ?? "";
  const variables = tool.server.variables ?? {};
  const hostParams = new Set(
    [...origin.matchAll(/\{([^{}]+)\}/g)].flatMap(([, v]) => (v && Object.hasOwn(variables, v) ? [variables[v]] : [])),
  );
  if (tool.server.param !== undefined) hostParams.add(tool.server.param);
  const stands = (p: ToolCall["params"][number]) => p.required && hostParams.has(p.name);
  made = tool.params.some(stands)
    ? { ...tool, params: tool.params.map((p) => (stands(p) ? { ...p, required: false } : p)) }
    : tool;
  standingFor.set(tool, made);
  return made;
}

export const instanceAddresses = { fromParam, missing, templatePath, givenAddress };
