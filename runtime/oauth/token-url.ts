// Where a flow's token request goes. The manifest fixes the token URL's
// origin; its `{param}` placeholders (in the path only, checked by the link
// step) take pattern-checked parameter values, URL-encoded. A token URL given
// at call time (option `tokenUrl`: mocks, sandboxes) follows the rules of
// `baseUrl`: https, or http on loopback; no credentials, query or fragment;
// and a host the client secret may go to: the flow's own, one of the
// manifest's `tokenHosts`, loopback, or one the caller allows (hosts.ts).
// A tenant's token URL (`https://{tenant}.example.com/oauth/token`: the host's
// first label from parameters, the rest fixed, as the API's address template
// writes it) takes one DNS label there, and goes only to the origin the API's
// calls go to: its own resolved origin, never another tenant's or suffix.
import { hostRefusal, isLoopback } from "../http/hosts.js";
import type { OAuthFlowSpec, ToolCall } from "../spec/tool-types.js";

const PLACEHOLDER = /\{([^{}]*)\}/g;
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/** One DNS label: letters, digits and `-` inside (no `.`, `/`, `@`, `:`, `%`: nothing that moves the host). */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether a token URL's host holds placeholders (a tenant's host: its first label). */
export function isTenantTokenUrl(template: string): boolean {
  return (ORIGIN.exec(template)?.[0] ?? "").includes("{");
}

/** The parameters a token URL's placeholders name, in order. */
export function tokenUrlPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "");
}

/**
 * The token URL a call of `flow` uses, or why the one given at call time may not be used (named like a parameter
 * problem).
 */
export function tokenUrlOf(
  tool: Pick<ToolCall, "provider" | "oauth"> & Partial<Pick<ToolCall, "server">>,
  flow: OAuthFlowSpec,
  values: Record<string, unknown>,
  override: string | undefined,
  allowHosts: readonly string[] = [],
  baseUrl?: string,
): { url: string } | { problem: string } {
  const own = tokenUrlPlaceholders(flow.tokenUrl);
  const ownUrl = fill(flow.tokenUrl, values);
  if ("problem" in ownUrl) return ownUrl;
  const tenant = isTenantTokenUrl(flow.tokenUrl) ? tenantProblem(tool, ownUrl.url, values, override, baseUrl) : "";
  if (tenant) return { problem: tenant };
  if (override === undefined) return ownUrl;
  if (typeof override !== "string")
    return { problem: "tokenUrl: must be an absolute address such as https://login.example.com/oauth2/token" };
  const unknown = tokenUrlPlaceholders(override).find((name) => !own.includes(name));
  if (unknown !== undefined)
    return {
      problem:
        `tokenUrl: the placeholder {${unknown}} is not one of the token URL's own ` +
        `(${own.length ? own.map((n) => `{${n}}`).join(", ") : "none"})`,
    };
  const given = fill(override, values);
  if ("problem" in given) return given;
  const filled = given.url;
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return {
      problem:
        `tokenUrl: must be an absolute address such as https://login.example.com/oauth2/token, ` +
        `got ${JSON.stringify(override)}`,
    };
  }
  if (url.username || url.password)
    return { problem: "tokenUrl: must not contain credentials, got (address with credentials withheld)" };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
    return {
      problem: `tokenUrl: must use https (http is allowed only for loopback hosts), got ${JSON.stringify(override)}`,
    };
  }
  if (url.search || url.hash || override.includes("?") || override.includes("#"))
    return { problem: `tokenUrl: must not contain a query or fragment, got ${JSON.stringify(override)}` };
  // A tenant's flow: its own origin is the one this call's values make, not any tenant's.
  const manifestOrigin = new URL(isTenantTokenUrl(flow.tokenUrl) ? ownUrl.url : flow.tokenUrl.replace(PLACEHOLDER, "x"))
    .origin;
  const refused = hostRefusal(
    { provider: tool.provider, server: { default: manifestOrigin, hosts: tool.oauth?.tokenHosts ?? [] } },
    url.origin,
    allowHosts,
  );
  if (refused)
    return { problem: `tokenUrl: ${refused.replace("sends its credential", "sends its client credentials")}` };
  return { url: filled };
}

/**
 * Why a tenant's token URL, filled, may not be used: its origin is not the one the API's address template makes with
 * the same values (where the calls go), or a base address given at call time names another origin while no token URL
 * is given with it. Empty when it may.
 */
function tenantProblem(
  tool: Partial<Pick<ToolCall, "server">>,
  url: string,
  values: Record<string, unknown>,
  override: string | undefined,
  baseUrl: string | undefined,
): string {
  const origin = new URL(url).origin;
  const template = tool.server?.template;
  const variables = tool.server?.variables ?? {};
  const api =
    template === undefined
      ? undefined
      : fill(
          (ORIGIN.exec(template)?.[0] ?? "").replace(PLACEHOLDER, (_, v: string) => `{${variables[v] ?? v}}`),
          values,
        );
  if (!api || "problem" in api || api.url.toLowerCase() !== origin)
    return (
      `tokenUrl: the token URL's origin (${origin}) is not the API's (${api && "url" in api ? api.url : "none"}): ` +
      "a tenant's client credentials go only where its calls go"
    );
  if (override !== undefined || baseUrl === undefined) return "";
  const given = ORIGIN.exec(baseUrl)?.[0]?.toLowerCase();
  return given === origin
    ? ""
    : `baseUrl: the client credentials go to the token URL at ${origin}, the tenant's origin; a base address ` +
        `given at call time must be that origin (got ${JSON.stringify(given ?? baseUrl)}), or give tokenUrl too ` +
        "(a loopback one for mocks)";
}

/**
 * The template with each placeholder filled: in the host (a tenant's first label), the value as one DNS label, lower
 * case, else why not; in the path, URL-encoded.
 */
function fill(template: string, values: Record<string, unknown>): { url: string } | { problem: string } {
  const at = ORIGIN.exec(template)?.[0].length ?? 0;
  let problem: string | undefined;
  const origin = template.slice(0, at).replace(PLACEHOLDER, (_, name: string) => {
    const value = String(values[name] ?? "");
    if (DNS_LABEL.test(value)) return value.toLowerCase();
    problem ??=
      `${name}: fills the token URL's host, one DNS label (letters, digits and "-" inside): ` +
      `got ${JSON.stringify(value)}`;
    return "x";
  });
  if (problem) return { problem };
  const path = template
    .slice(at)
    .replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(String(values[name] ?? "")));
  return { url: origin + path };
}
