// `--token-url <provider>=<url>` (run, mcp): the token endpoint of a
// provider's OAuth 2 flows, instead of the manifest's (a sandbox, a local
// token server). The address itself is checked by the runtime, as for the
// tokenUrl option (https, or http on loopback; a host the flow may use).
import { UsageError } from "./io.js";

export const TOKEN_URL_HELP = `  --token-url <provider>=<url>
                      the token endpoint of that provider's OAuth 2 flows
                      (repeatable): https, or http on loopback`;

/** The entries by provider; `providers` are those that declare OAuth 2 flows. */
export function tokenUrlsOption(entries: readonly string[], providers: readonly string[]): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf("=");
    if (eq <= 0) throw new UsageError("BW3003", `--token-url takes <provider>=<url>, got ${JSON.stringify(entry)}`);
    const provider = entry.slice(0, eq);
    if (!providers.includes(provider)) {
      throw new UsageError(
        "BW3005",
        `--token-url: ${JSON.stringify(provider)} is not a provider here with OAuth 2 flows (` +
          `${providers.length ? providers.join(", ") : "none declares auth.flows"})`,
      );
    }
    urls[provider] = entry.slice(eq + 1);
  }
  return urls;
}
