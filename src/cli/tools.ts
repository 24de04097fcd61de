// `blockwright tools --format openai|anthropic|mcp [provider...] [--read-only] [--out dir]`
import type { LlmToolFormat } from "@blockwright/runtime/internal";
import { parseArgs, projectDirs, stringOption } from "./support/args.js";
import { UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright tools --format openai|anthropic|mcp [provider...] [--read-only] [--out <dir>]

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
  --out <dir>   the generated packages (default ./generated)

Exit status: 0 printed, 2 usage error, 70 internal error (a bug: please
report it).`;

const FORMATS: readonly LlmToolFormat[] = ["openai", "anthropic", "mcp"];

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    format: { type: "string" },
    "read-only": { type: "boolean" },
    out: { type: "string" },
  });
  const format = stringOption(args, "format");
  if (format === undefined) throw new UsageError("BW3002", `missing --format (${FORMATS.join(", ")})`);
  if (!(FORMATS as string[]).includes(format))
    throw new UsageError("BW3003", `--format must be one of ${FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  const { out } = projectDirs(args, io.cwd);
  const { loadProjectTools } = await import("./support/project-tools.js");
  const { tools } = await loadProjectTools(out, args.positionals, io.cwd);
  const { toLlmTools } = await import("@blockwright/runtime/internal");
  const llmTools = toLlmTools(tools, format as LlmToolFormat, { readOnly: args.values["read-only"] === true });
  io.stdout.write(`${JSON.stringify(llmTools, null, 2)}\n`);
  return 0;
}
