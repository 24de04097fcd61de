// `blockwright tools --format openai|anthropic|mcp [provider...] [--read-only] [--path-prefix p] [--out dir]`, and
// `--groups`: what --path-prefix can choose.
import type { LlmToolFormat, ToolSpec } from "@blockwright/runtime/internal";
import { listOption, parseArgs, projectDirs, stringOption } from "./support/args.js";
import { UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright tools --format openai|anthropic|mcp [provider...] [--read-only] \
[--path-prefix <p>]... [--out <dir>]
       blockwright tools --groups [provider...] [--read-only] [--out <dir>]

Print the tools of the project's generated packages (every provider, or the
ones named) as LLM tool definitions, a JSON array on stdout:

  openai      Chat Completions function tools in strict mode (for the
              Responses API, spread each "function" into its tool)
  anthropic   Messages API tools: name, description, input_schema
  mcp         MCP tools: name, title, description, inputSchema,
              outputSchema, annotations

Secret and user-only parameters (credentials, instance addresses) are left
out of every input schema: they come from the environment or the connection.

  --read-only   only the tools that change nothing upstream
  --path-prefix <p>
                only the tools whose path is <p> or under it, whole
                segments (/v1/users: also /v1/users/{id}, not
                /v1/usersettings); repeatable: a whole API's hundreds of
                tools are more than a model takes at once
  --groups      instead of the tools, their groups as a JSON array: each
                a path prefix (a path up to its second fixed segment, as
                /repos/{owner}/{repo}/issues) with its count of tools and
                of read-only ones, to choose --path-prefix from
  --out <dir>   the generated packages (default ./generated)

Exit status: 0 printed, 2 usage error, 70 internal error (a bug: please
report it).`;

const FORMATS: readonly LlmToolFormat[] = ["openai", "anthropic", "mcp"];

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    format: { type: "string" },
    "read-only": { type: "boolean" },
    "path-prefix": { type: "string", multiple: true },
    groups: { type: "boolean" },
    out: { type: "string" },
  });
  const format = stringOption(args, "format");
  const prefixes = pathPrefixesOption(listOption(args, "path-prefix"));
  if (args.values.groups) {
    if (format !== undefined || prefixes.length)
      throw new UsageError("BW3004", "--groups lists the groups of every tool: it takes no --format or --path-prefix");
    const { out } = projectDirs(args, io.cwd);
    const { loadProjectTools } = await import("./support/project-tools.js");
    const { tools } = await loadProjectTools(out, args.positionals, io.cwd);
    const { toolBehavior, toolGroups } = await import("@blockwright/runtime/internal");
    const shown = args.values["read-only"] === true ? tools.filter((t) => toolBehavior(t).readOnly) : tools;
    io.stdout.write(
      `${JSON.stringify(
        toolGroups(shown, (t) => toolBehavior(t).readOnly),
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  if (format === undefined) throw new UsageError("BW3002", `missing --format (${FORMATS.join(", ")})`);
  if (!(FORMATS as string[]).includes(format))
    throw new UsageError("BW3003", `--format must be one of ${FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  const { out } = projectDirs(args, io.cwd);
  const { loadProjectTools } = await import("./support/project-tools.js");
  const { tools } = await loadProjectTools(out, args.positionals, io.cwd);
  const { toLlmTools } = await import("@blockwright/runtime/internal");
  const chosen = await underPathPrefixes(tools, prefixes);
  const llmTools = toLlmTools(chosen, format as LlmToolFormat, { readOnly: args.values["read-only"] === true });
  io.stdout.write(`${JSON.stringify(llmTools, null, 2)}\n`);
  return 0;
}

/** `--path-prefix` values: paths of the document, each starting with /. */
export function pathPrefixesOption(values: string[]): string[] {
  const prefixes = values.map((p) => p.trim()).filter(Boolean);
  for (const prefix of prefixes)
    if (!prefix.startsWith("/"))
      throw new UsageError(
        "BW3003",
        `--path-prefix is a path of the document, starting with /, got ${JSON.stringify(prefix)}`,
      );
  return prefixes;
}

/**
 * The tools under one of `prefixes` (every tool when none is given); a prefix no tool is under is refused, naming the
 * groups.
 */
export async function underPathPrefixes(tools: ToolSpec[], prefixes: string[]): Promise<ToolSpec[]> {
  if (!prefixes.length) return tools;
  const { pathGroup, underPathPrefix } = await import("@blockwright/runtime/internal");
  for (const prefix of prefixes)
    if (!tools.some((t) => underPathPrefix(t.path, prefix))) {
      const groups = [...new Set(tools.map((t) => pathGroup(t.path)))].sort();
      const shown =
        groups.slice(0, 20).join(", ") +
        (groups.length > 20 ? `, … (${groups.length} groups: blockwright tools --groups)` : "");
      throw new UsageError(
        "BW3003",
        `--path-prefix ${JSON.stringify(prefix)}: no tool's path is it or under it (groups: ${shown})`,
      );
    }
  return tools.filter((t) => prefixes.some((p) => underPathPrefix(t.path, p)));
}
