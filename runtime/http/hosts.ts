// Where a call may send the credential. A base address given at call time
// (the `baseUrl` option, or a `format: base-url` parameter such as a CRM's
// instanceUrl) must name a host the provider is reached at:
//   - the host of the manifest's `server.default`;
//   - one matching the manifest's `server.hosts` (`api.example.com`, or
//     `*.example.com`: one more DNS label);
//   - a loopback host (localhost, 127.0.0.0/8, [::1]): mocks and tests;
//   - one the caller allows by name (`allowHosts`, `--allow-host`), where `*`
//     is any DNS name. An IP address (private, link-local or any other) only
//     when allowed exactly: no pattern matches one.
// Names are not resolved (the runtime runs in browsers too): a name that
// resolves to a private address is the allowing caller's to judge.
import type { ToolCall } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["server"] as const satisfies readonly (keyof ToolCall)[];

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** A host name of two labels or more, or a wildcard for one label of one (`*.example.com`). */
const NAME = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+$`);
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Whether a host (as `URL.hostname` writes it) is a loopback host: mocks and tests, where http is allowed too. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host);
}

/** Whether a host (as `URL.hostname` writes it: lower case, IPv6 in brackets) is an IP address. */
export function isIpLiteral(host: string): boolean {
  return IPV4.test(host) || host.startsWith("[");
}

const NAME_RULE = "must be a lower-case host name (api.example.com) or a wildcard for one label of one (*.example.com)";
const isName = (pattern: string) => NAME.test(pattern);

/**
 * The problem with a manifest's host pattern, if any: names or `*.`-wildcards
 * over at least two labels (`*.com` would be every site).
 */
export function hostPatternProblem(pattern: string): string | undefined {
  if (isIpLiteral(pattern)) return "must be a host name, not an IP address";
  return isName(pattern) ? undefined : NAME_RULE;
}

/**
 * The problem with a host the caller allows (`allowHosts`), if any: a manifest's pattern, `*`, or an exact IP address.
 */
export function allowedHostProblem(pattern: unknown): string | undefined {
  if (typeof pattern !== "string") return "must be a host name";
  return isIpLiteral(pattern) || pattern === "*" || pattern === "localhost" || isName(pattern)
    ? undefined
    : `${NAME_RULE}, *, or an IP address`;
}

/** Whether `host` matches `pattern` (see the rules above). */
export function matchesHost(pattern: string, host: string): boolean {
  if (pattern === host) return true;
  if (isIpLiteral(host)) return false;
  if (pattern === "*") return true;
  if (!pattern.startsWith("*.")) return false;
  const suffix = pattern.slice(1);
  return host.endsWith(suffix) && !host.slice(0, -suffix.length).includes(".") && host.length > suffix.length;
}

/** The hosts a tool's credential may go to without the caller allowing more (for messages and the surface). */
export function providerHosts(tool: Pick<ToolCall, "server">): string[] {
  const own = tool.server.default ? [new URL(tool.server.default).hostname] : [];
  return [...new Set([...own, ...(tool.server.hosts ?? [])])];
}

/** Why `origin` may not receive the tool's credential, or undefined when it may. */
export function hostRefusal(
  tool: Pick<ToolCall, "server" | "provider">,
  origin: string,
  allowHosts: readonly string[] = [],
): string | undefined {
  if (allowHosts.length) return refusal(tool, origin, allowHosts);
  // The verdict depends on the (immutable) tool and the address only: kept per tool for a few addresses (an
  // instance address parameter gives each tenant its own), rather than parsing the address on every call.
  let kept = verdicts.get(tool);
  if (!kept || kept.size > 32) verdicts.set(tool, (kept = new Map()));
  if (!kept.has(origin)) kept.set(origin, refusal(tool, origin, allowHosts));
  return kept.get(origin);
}

const verdicts = new WeakMap<object, Map<string, string | undefined>>();

function refusal(
  tool: Pick<ToolCall, "server" | "provider">,
  origin: string,
  allowHosts: readonly string[],
): string | undefined {
  const host = new URL(origin).hostname;
  if (LOOPBACK.test(host)) return undefined;
  const known = providerHosts(tool);
  if ([...known, ...allowHosts].some((pattern) => matchesHost(pattern, host))) return undefined;
  const where = known.length
    ? `only to ${known.join(", ")} or a loopback host`
    : "only to a loopback host unless allowed";
  const ip = isIpLiteral(host) ? " (an IP address only by name, not by a pattern)" : "";
  return (
    `${tool.provider} sends its credential ${where}, not to ${host}${ip}; to send it there, ` +
    `allow the host (allowHosts, --allow-host ${host})`
  );
}
