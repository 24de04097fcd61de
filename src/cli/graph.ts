// `blockwright graph <workflow | -> [--format mermaid|svg] [--output <file>] [--specs <dir>] [--out <dir>]`
import { resolve } from "node:path";
import { statOf } from "../common/paths.js";
import { parseArgs, PROJECT_OPTIONS, stringOption } from "./support/args.js";
import { CommandFailure, standardInput, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright graph <workflow | -> [--format mermaid|svg] [--output <file>] [--specs <dir>] \
[--out <dir>]

Draw a workflow: each block with its id, name, provider and operation, and
an arrow for each connection. Only the workflow file is read (its structure,
checked against the workflow schema), so a workflow can be drawn before its
packages are generated; validate checks the rest. A workflow named - is read
from standard input.

  --format <f>     mermaid (default): a Mermaid flowchart, for Markdown
                   (GitHub renders it in a \`\`\`mermaid block); svg: an SVG
                   image, laid out here (no browser)
  --output <file>  write the drawing to this file instead of stdout; without
                   --format, a file ending in .svg gets svg
  --specs <dir>    the specs folder (default ./specs), and
  --out <dir>      the generated packages (default ./generated), as every
                   command takes them: graph reads neither

Exit status: 0 drawn, 2 usage error or a workflow that cannot be read (each
problem at its file:line:col), 70 internal error (a bug: please report it).`;

const FORMATS = ["mermaid", "svg"] as const;
type Format = (typeof FORMATS)[number];

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { ...PROJECT_OPTIONS, format: { type: "string" }, output: { type: "string" } });
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError("BW3002", "missing <workflow>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  const packages = stringOption(args, "out");
  // --out once named the drawing's file here; in every command it is the generated packages' folder.
  if (
    packages !== undefined &&
    (/\.(svg|mmd|md|mermaid)$/i.test(packages) || statOf(resolve(io.cwd, packages))?.isFile())
  ) {
    throw new UsageError(
      "BW3003",
      `--out names the generated packages' folder, as in every command; write the drawing with --output ${packages}`,
    );
  }
  const out = stringOption(args, "output");
  const format = formatOption(stringOption(args, "format"), out);
  if (out !== undefined) {
    const { unsuitableFile } = await import("../common/targets.js");
    const unsuitable = unsuitableFile(resolve(io.cwd, out));
    if (unsuitable) throw new UsageError("BW3007", `--output ${out}: ${unsuitable}`);
  }

  const { readWorkflowStructure, workflowGraph } = await import("../workflow/graph-model.js");
  const { WorkflowErrors } = await import("../workflow/validate.js");
  const { STDIN_NAME } = await import("./support/workflow-input.js");
  const { UnreadableSource } = await import("../load/yaml-source.js");
  const text = file === "-" ? await standardInput(io, "<workflow> -") : undefined;
  const name = file === "-" ? STDIN_NAME : file;
  let graph: ReturnType<typeof workflowGraph>;
  try {
    graph = workflowGraph(readWorkflowStructure(resolve(io.cwd, file), name, text).data);
  } catch (e) {
    if (e instanceof WorkflowErrors) {
      throw new CommandFailure(
        `blockwright graph: ${name} cannot be drawn (${e.errors.length} problem` +
          `${e.errors.length > 1 ? "s" : ""}):\n${e.errors.map((x) => x.printed).join("\n")}\n`,
        2,
      );
    }
    if (e instanceof UnreadableSource) throw new UsageError(e.code, e.message);
    throw e;
  }

  let drawing: string;
  if (format === "svg") {
    const { toSvg } = await import("../workflow/graph-svg.js");
    drawing = toSvg(graph, { source: name });
  } else {
    const { toMermaid } = await import("../workflow/graph-mermaid.js");
    drawing = toMermaid(graph);
  }
  if (out === undefined) {
    io.stdout.write(drawing);
    return 0;
  }
  const { LinkRefused, writeNamedFile } = await import("../common/files.js");
  try {
    writeNamedFile(resolve(io.cwd, out), drawing, `--output ${out}`);
  } catch (e) {
    if (e instanceof LinkRefused) throw new UsageError("BW3007", e.message);
    throw new UsageError(
      "BW3007",
      `--output ${out}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  io.stderr.write(
    `blockwright graph: wrote ${out} (${format}, ${graph.blocks.length} block` +
      `${graph.blocks.length === 1 ? "" : "s"}, ${graph.edges.length} connection` +
      `${graph.edges.length === 1 ? "" : "s"})\n`,
  );
  return 0;
}

function formatOption(given: string | undefined, out: string | undefined): Format {
  if (given === undefined) return out?.toLowerCase().endsWith(".svg") ? "svg" : "mermaid";
  const format = FORMATS.find((f) => f === given);
  if (!format) throw new UsageError("BW3003", `--format takes ${FORMATS.join(" or ")}, got ${JSON.stringify(given)}`);
  return format;
}
