// `--base-url <provider>=<url>` and `--allow-host <host>` (serve --live): a
// provider's calls sent to another address (a sandbox, a proxy, a loopback
// upstream), checked before anything is sent by the runtime's rules
// (runtime/http/hosts.ts): https, or http on loopback; and a host the
// provider's credential may go to: its own, a loopback host, or one allowed
// by name with --allow-host. A credential never goes to a host nobody named.
import {
  allowedHostProblem,
  checkAddress,
  isLoopback,
  matchesHost,
  providerHosts,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { UsageError } from "./io.js";

/** The `--allow-host` entries, each checked. */
export function allowHostsOption(entries: readonly string[]): string[] {
  for (const host of entries) {
    const problem = allowedHostProblem(host);
    if (problem) throw new UsageError("BW3003", `--allow-host: ${problem}, got ${JSON.stringify(host)}`);
  }
  return [...entries];
}

/**
 * The `--base-url` entries by provider; `tools`: one tool of each provider the command calls (its hosts), which
 * `calls` says of them in a refusal (serve's workflow calls them, mcp serves them).
 */
export function baseUrlsOption(
  entries: readonly string[],
  tools: Record<string, Pick<ToolSpec, "server" | "provider">>,
  allowHosts: readonly string[],
  calls = "this workflow calls",
): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf("=");
    if (eq <= 0)
      throw new UsageError(
        "BW3003",
        `--base-url takes <provider>=<url>, got ` +
          `${JSON.stringify(entry.replace(/\/\/[^/@]*@/, "//(credentials withheld)@"))}`,
      );
    const provider = entry.slice(0, eq);
    const tool = Object.hasOwn(tools, provider) ? tools[provider] : undefined;
    if (!tool)
      throw new UsageError(
        "BW3005",
        `--base-url: ${JSON.stringify(provider)} is not a provider ${calls} (` +
          `${Object.keys(tools).sort().join(", ") || "none"})`,
      );
    if (Object.hasOwn(urls, provider)) throw new UsageError("BW3004", `--base-url: ${provider} is given twice`);
    const text = entry.slice(eq + 1);
    const checked = checkAddress(text);
    if ("problem" in checked)
      throw new UsageError(
        "BW3003",
        `--base-url ${provider}: ${checked.problem}, got ` +
          `${checked.withhold ? "(address with credentials withheld)" : JSON.stringify(text)}`,
      );
    const host = new URL(checked.origin).hostname;
    const known = providerHosts(tool);
    if (!isLoopback(host) && ![...known, ...allowHosts].some((pattern) => matchesHost(pattern, host))) {
      throw new UsageError(
        "BW3003",
        `--base-url ${provider}: ${provider} sends its credential only to ` +
          `${known.length ? `${known.join(", ")} or ` : ""}a loopback host, not to ${host}; to send it there, ` +
          `allow the host (--allow-host ${host})`,
      );
    }
    urls[provider] = checked.origin;
  }
  return urls;
}
