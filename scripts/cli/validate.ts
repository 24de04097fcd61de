// `blockwright validate <workflow> [--env-file f] [--mock]`
import { registry, WorkflowErrors } from "../../runtime/index.js";
import { loadWorkflow } from "../../runtime/workflow/validate.js";
import { parseArgs } from "./args.js";
import { readEnvFile } from "./env-file.js";
import { UsageError } from "./references.js";

export const VALIDATE_USAGE = `Usage: blockwright validate <workflow> [--env-file <file>] [--mock]

Check a workflow without running it: block types and operations, parameters
and their values, references, connections, cycles and secrets. Each problem
is reported as file:line:col.

  --env-file <file>   KEY=VALUE lines added to the environment
  --mock              accept unset variables, as a mock run does (placeholders)

Exit status: 0 valid, 1 invalid, 2 usage error.`;

export async function runValidate(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(VALIDATE_USAGE);
    return 0;
  }
  try {
    const args = parseArgs(argv, { flags: ["--mock"], options: ["--env-file"] });
    if (args.positional.length !== 1) throw new UsageError(args.positional.length ? `unexpected argument ${JSON.stringify(args.positional[1])}` : "missing <workflow>");
    const file = args.positional[0];
    const envFile = args.options.get("--env-file")?.[0];
    const merged = { ...env, ...(envFile ? readEnvFile(envFile) : {}) };
    try {
      const checked = loadWorkflow(file, registry, { env: merged, mode: args.flags.has("--mock") ? "mock" : "live" });
      const count = Object.keys(checked.workflow.blocks).length;
      console.log(`${file}: valid (${count} block${count === 1 ? "" : "s"}${checked.placeholders.length ? `; placeholders in a mock run for ${checked.placeholders.join(", ")}` : ""})`);
      return 0;
    } catch (e) {
      if (e instanceof WorkflowErrors) {
        console.error(`${file}: ${e.errors.length} problem${e.errors.length > 1 ? "s" : ""}\n${e.message}`);
        return 1;
      }
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new UsageError(`no workflow file ${file}`);
      throw e;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`blockwright validate: ${e.message}\n\n${VALIDATE_USAGE.split("\n")[0]}`);
      return 2;
    }
    throw e;
  }
}
