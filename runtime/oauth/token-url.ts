// Where a flow's token request goes. The manifest fixes the token URL's
// origin; its `{param}` placeholders (in the path only, checked by the link
// step) take pattern-checked parameter values, URL-encoded. A token URL given
// at call time (option `tokenUrl`: mocks, sandboxes) follows the rules of
// `baseUrl`: https, or http on loopback; no credentials, query or fragment;
// and a host the client secret may go to: the flow's own, one of the
// manifest's `tokenHosts`, loopback, or one the caller allows (hosts.ts).
import { hostRefusal, isLoopback } from "../http/hosts.js";
import type { OAuthFlowSpec, ToolCall } from "../spec/tool-types.js";

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The parameters a token URL's placeholders name, in order. */
export function tokenUrlPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "");
}

/**
 * The token URL a call of `flow` uses, or why the one given at call time may not be used (named like a parameter
 * problem).
 */
export function tokenUrlOf(
  tool: Pick<ToolCall, "provider" | "oauth">,
  flow: OAuthFlowSpec,
  values: Record<string, unknown>,
  override: string | undefined,
  allowHosts: readonly string[] = [],
): { url: string } | { problem: string } {
  const own = tokenUrlPlaceholders(flow.tokenUrl);
  if (override === undefined) return { url: fill(flow.tokenUrl, values) };
  if (typeof override !== "string")
    return { problem: "tokenUrl: must be an absolute address such as https://login.example.com/oauth2/token" };
  const unknown = tokenUrlPlaceholders(override).find((name) => !own.includes(name));
  if (unknown !== undefined)
    return {
      problem:
        `tokenUrl: the placeholder {${unknown}} is not one of the token URL's own ` +
        `(${own.length ? own.map((n) => `{${n}}`).join(", ") : "none"})`,
    };
  const filled = fill(override, values);
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
  const manifestOrigin = new URL(flow.tokenUrl.replace(PLACEHOLDER, "x")).origin;
  const refused = hostRefusal(
    { provider: tool.provider, server: { default: manifestOrigin, hosts: tool.oauth?.tokenHosts ?? [] } },
    url.origin,
    allowHosts,
  );
  if (refused)
    return { problem: `tokenUrl: ${refused.replace("sends its credential", "sends its client credentials")}` };
  return { url: filled };
}

function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(String(values[name] ?? "")));
}
