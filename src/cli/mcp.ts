// `blockwright mcp [provider...] [--mock] [--read-only] [--path-prefix p] [--page-size n] [--config f]
// [--env-file f] [--base-url provider=url]... [--allow-host host]... [--specs dir] [--out dir]`
import { resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { ConnectionConfig } from "../agents/connection.js";
import { TOOLS_PAGE_SIZE } from "../agents/page-size.js";
import { listOption, parseArgs, positiveInteger, PROJECT_OPTIONS, projectDirs, stringOption } from "./support/args.js";
import { startCommandMocks, UsageError, type CliIo } from "./support/io.js";
import { TOKEN_URL_HELP, tokenUrlsOption } from "./support/token-urls.js";

/** The largest MCP message read, in bytes: far above any tool call's arguments, far below what would strain memory. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export const USAGE = `Usage: blockwright mcp [provider...] [--mock] [--read-only] [--path-prefix <p>]... [--page-size \
<n>] [--config <file>] [--env-file <file>] [--base-url <provider>=<url>]... [--allow-host <host>]... \
[--token-url <provider>=<url>]... [--specs <dir>] [--out <dir>]

Serve the tools of the project's generated packages (every provider, or the
ones named) to an MCP client over stdio: one tool per operation, with input
and output schemas and annotations (read-only, destructive, idempotent).
stdout carries the protocol, messages go to stderr. A message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB is
answered with a JSON-RPC error and skipped. Stops when the client closes
stdin, or on Ctrl-C.

Connection parameters (credentials, instance addresses) never come from the
model: each is read from the environment variable <PROVIDER>_<PARAM> in
upper snake case (apiKey: <PROVIDER>_API_KEY), or from where --config says.
So is a secret field inside a JSON value's object, by its place (login.password:
<PROVIDER>_LOGIN_PASSWORD), joined into the object the model gives.
A provider with OAuth 2 flows takes its access token, or a flow's parameters
(e.g. <PROVIDER>_CLIENT_ID and <PROVIDER>_CLIENT_SECRET):
tokens are then requested and renewed for the whole session.

A file the model gives is an https address on the public internet: an IP
address of a private, loopback or link-local range, localhost or a local
name (intranet, *.internal, *.local) is refused, and so is a name that
resolves to one. BLOCKWRIGHT_FILE_HOSTS allows more: hosts, *.<domain> or IP
addresses, comma-separated, or * for any.

  --mock              send every call to Prism mocks of the providers,
                      started here and stopped on exit; unset variables get
                      clearly labelled placeholders, so no key is needed;
                      OAuth 2 flows get tokens from a token endpoint mock
  --read-only         serve only the tools that change nothing upstream
  --path-prefix <p>   serve only the tools whose path is <p> or under it
                      (repeatable; blockwright tools --groups lists them)
  --page-size <n>     tools per tools/list answer (default ${TOOLS_PAGE_SIZE}): a
                      client follows nextCursor for the next ones
  --config <file>     YAML or JSON naming other sources, e.g.
                        connections:
                          <provider>:
                            apiKey: "{{MY_TOKEN}}"   # secrets: references only
                            instanceUrl: https://example.my.host
  --env-file <file>   KEY=VALUE lines added to the environment
  --base-url <provider>=<url>
                      send that provider's calls to this address instead of
                      its own (repeatable; not with --mock): https, or http
                      on loopback; a host its credential does not go to is
                      refused unless --allow-host names it
  --allow-host <host> let credentials go to this host too (repeatable): a
                      name, *.domain for one label, * for any name, or an IP
                      address; the providers' own hosts and loopback need none
${TOKEN_URL_HELP}
  --specs <dir>       the specs the mocks are built from (default ./specs)
  --out <dir>         the generated packages (default ./generated)

Exit status: 0 stopped, 2 usage error, 70 internal error (a bug: please
report it).`;

export function run(argv: string[], io: CliIo): Promise<number> {
  return serve(argv, io, { stdin: process.stdin, stdout: process.stdout });
}

/** The command on given streams (tests use in-memory ones). */
/** The options mcp takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  mock: { type: "boolean" },
  "read-only": { type: "boolean" },
  "path-prefix": { type: "string", multiple: true },
  "page-size": { type: "string" },
  config: { type: "string" },
  "env-file": { type: "string" },
  "token-url": { type: "string", multiple: true },
  "base-url": { type: "string", multiple: true },
  "allow-host": { type: "string", multiple: true },
} as const;

export async function serve(
  argv: string[],
  io: CliIo,
  streams: { stdin: Readable; stdout: Writable },
): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const { createRequire } = await import("node:module");
  const missing = missingMcpSdk(createRequire(import.meta.url));
  if (missing) throw new UsageError("BW3002", missing);
  const mode = args.values.mock ? "mock" : "live";
  const readOnly = args.values["read-only"] === true;
  const dirs = projectDirs(args, io.cwd);
  const { loadProjectTools } = await import("./support/project-tools.js");
  const { pathPrefixesOption, underPathPrefixes } = await import("./tools.js");
  const prefixes = pathPrefixesOption(listOption(args, "path-prefix"));
  const pageSize = positiveInteger(stringOption(args, "page-size"), "--page-size", 100_000);
  const tools = await underPathPrefixes((await loadProjectTools(dirs.out, args.positionals, io.cwd)).tools, prefixes);
  const tokenUrls = tokenUrlsOption(listOption(args, "token-url"), [
    ...new Set(tools.filter((t) => t.oauth).map((t) => t.provider)),
  ]);
  const hosts = await hostOptions(args, tools, mode);

  const envFile = stringOption(args, "env-file");
  const { readEnvFile } = await import("./support/env-file.js");
  const env = { ...io.env, ...(envFile ? readEnvFile(envFile, io.cwd) : {}) };
  const configFile = stringOption(args, "config");
  const config = configFile ? await readConfig(configFile, io.cwd, tools) : {};
  const { resolveConnections, unsetWays } = await import("../agents/connection.js");
  const resolved = resolveConnections(tools, config, env, mode);
  if (resolved.placeholders.length)
    io.stderr.write(`placeholders (mock mode) for unset variables: ${resolved.placeholders.join(", ")}\n`);
  for (const [provider, c] of resolved.byProvider) {
    // A required parameter, or every way of a credential that comes in several (a key or a token).
    const ways = tools.filter((t) => t.provider === provider).map((t) => unsetWays(t, c));
    const unset = c.missing.length ? c.missing.map((m) => m.variable).join(", ") : ways.find((w) => w.length);
    if (unset?.length)
      io.stderr.write(
        `warning: ${provider} tools will answer with an error: not set: ` +
          `${typeof unset === "string" ? unset : unset.map((m) => m.variable).join(" or ")}\n`,
      );
  }

  const providers = [...new Set(tools.map((t) => t.provider))];
  let mocks: { urls: Record<string, string>; tokenUrls: Record<string, string>; close(): Promise<void> } | undefined;
  if (mode === "mock") {
    const { urls } = (mocks = await startCommandMocks(io, providers, { specsDir: dirs.specs }));
    io.stderr.write(`mocks: ${providers.map((p) => `${p} ${urls[p]}`).join(", ")}\n`);
  }

  try {
    const [{ createToolServer, fileHostsOfEnv }, { BoundedStdioTransport }, { version }] = await Promise.all([
      import("../agents/mcp-server.js"),
      import("../agents/stdio-transport.js"),
      import("./version.js"),
    ]);
    const baseUrls = mocks?.urls ?? hosts.baseUrls;
    // A --token-url wins over the token endpoint mock.
    const tokenUrlOf = (provider: string) => tokenUrls[provider] ?? mocks?.tokenUrls[provider];
    const server = createToolServer({
      tools,
      readOnly,
      ...(pageSize !== undefined ? { pageSize } : {}),
      version: version(),
      connection: (tool) => resolved.byProvider.get(tool.provider) ?? { values: {}, missing: [] },
      fileHosts: fileHostsOfEnv(env.BLOCKWRIGHT_FILE_HOSTS),
      executeOptions: (tool) => {
        const tokenUrl = tool.oauth ? tokenUrlOf(tool.provider) : undefined;
        return {
          ...(baseUrls ? { baseUrl: baseUrls[tool.provider] } : {}),
          ...(tokenUrl ? { tokenUrl } : {}),
          ...(hosts.allowHosts.length ? { allowHosts: hosts.allowHosts } : {}),
          secrets: resolved.secrets,
        };
      },
    });
    // Messages are bounded; the end of stdin stops the server whatever it was doing (stdio-transport.ts).
    const transport = new BoundedStdioTransport(streams.stdin, streams.stdout, MAX_MESSAGE_BYTES);
    const stopped = Promise.race([transport.closed, io.interrupted.then(() => "interrupted")]);
    await server.connect(transport);
    const { toolBehavior } = await import("@blockwright/runtime/internal");
    const served = readOnly ? tools.filter((t) => toolBehavior(t).readOnly).length : tools.length;
    io.stderr.write(
      `blockwright mcp: serving ${served}${readOnly ? " read-only" : ""} tools of ${providers.join(", ")} ` +
        `on stdio (${mode === "mock" ? "mock mode: calls go to the mocks" : "live"})\n`,
    );
    const why = await stopped;
    await server.close();
    io.stderr.write(`blockwright mcp: stopped (${why})\n`);
    return 0;
  } finally {
    await mocks?.close();
  }
}

/**
 * Why this command cannot run, when the MCP SDK is not installed beside
 * blockwright; undefined when it is. The SDK is an optional peer dependency
 * (npm does not install it): only this command uses it, and it weighed 93
 * packages and 18 MB in every project's install.
 */
export function missingMcpSdk(require: { (id: string): unknown; resolve(id: string): string }): string | undefined {
  const sdk = "@modelcontextprotocol/sdk";
  try {
    require.resolve(`${sdk}/server/index.js`);
    return undefined;
  } catch {
    // The range blockwright is tested with, from its own package.json (two folders up, in the sources and in dist/).
    const range = (require("../../package.json") as { peerDependencies?: Record<string, string> }).peerDependencies?.[
      sdk
    ];
    return (
      `needs the MCP SDK, which blockwright leaves to the projects that serve MCP: ` +
      `npm install -D "${sdk}${range ? `@${range}` : ""}"`
    );
  }
}

/**
 * `--base-url <provider>=<url>` and `--allow-host <host>`, held to the rules serve's are (support/base-urls.ts): an
 * address the provider's calls cannot use, or a host its credential does not go to, is a usage error (exit 2) before
 * the server starts, not each call's failure.
 */
async function hostOptions(
  args: { values: { "base-url"?: string[]; "allow-host"?: string[] } },
  tools: readonly ToolSpec[],
  mode: "mock" | "live",
): Promise<{ baseUrls?: Record<string, string>; allowHosts: string[] }> {
  const baseUrlEntries = args.values["base-url"] ?? [];
  const allowHostEntries = args.values["allow-host"] ?? [];
  if (!baseUrlEntries.length && !allowHostEntries.length) return { allowHosts: [] };
  // In mock mode every provider's calls go to its mock.
  if (baseUrlEntries.length && mode === "mock")
    throw new UsageError(
      "BW3004",
      "--base-url sends a provider's calls elsewhere: it goes with live calls, not --mock",
    );
  const { allowHostsOption, baseUrlsOption } = await import("./support/base-urls.js");
  const allowHosts = allowHostsOption(allowHostEntries);
  const byProvider = Object.fromEntries(tools.map((t) => [t.provider, t]));
  if (!baseUrlEntries.length) return { allowHosts };
  return { baseUrls: baseUrlsOption(baseUrlEntries, byProvider, allowHosts, "served here"), allowHosts };
}

async function readConfig(file: string, cwd: string, tools: readonly ToolSpec[]): Promise<ConnectionConfig> {
  const { ConnectionConfigErrors, loadConnectionConfig } = await import("../agents/connection.js");
  const { SourceError, UnreadableSource } = await import("../load/yaml-source.js");
  try {
    return loadConnectionConfig(resolve(cwd, file), file, tools);
  } catch (e) {
    if (e instanceof ConnectionConfigErrors)
      throw new UsageError("BW3010", `--config ${file} is not valid:\n${e.problems.join("\n")}`);
    if (e instanceof SourceError || e instanceof UnreadableSource)
      throw new UsageError(e.code, `--config ${e.message}`);
    throw e;
  }
}
