// `npm run generate [-- --check] [--provider p] [--dump-ir]`
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { generate, GenerationErrors } from "./codegen/generate-all.js";
import { checkFiles, writeFiles } from "./codegen/write.js";

export const USAGE = `Usage: blockwright generate [--check] [--provider <id>]... [--dump-ir]

Generate generated/ from specs/<provider>/{manifest.yaml,openapi.yaml}.

  --check          write nothing; exit 1 listing stale, missing and extra files
  --provider <id>  only this provider's files (repeatable; not with --check)
  --dump-ir        print the intermediate representation as JSON and exit`;

export async function runGenerate(argv: string[], root: string): Promise<number> {
  const providers: string[] = [];
  let check = false;
  let dumpIr = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--check") check = true;
    else if (arg === "--dump-ir") dumpIr = true;
    else if (arg === "--provider" && argv[i + 1]) providers.push(argv[++i]);
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      return 0;
    } else {
      console.error(`generate: unknown argument ${JSON.stringify(arg)}\n\n${USAGE}`);
      return 2;
    }
  }
  if (check && providers.length) {
    console.error("generate: --check compares the whole of generated/, so it does not take --provider");
    return 2;
  }
  const started = performance.now();
  let result;
  try {
    result = await generate({ root, ...(providers.length ? { providers } : {}) });
  } catch (e) {
    if (e instanceof GenerationErrors) {
      console.error(`generate: ${e.errors.length} problem${e.errors.length > 1 ? "s" : ""} in the specs:\n${e.message}`);
      return 1;
    }
    throw e;
  }
  if (dumpIr) {
    console.log(JSON.stringify(result.irs, null, 2));
    return 0;
  }
  const outDir = join(root, "generated");
  const ms = Math.round(performance.now() - started);
  if (check) {
    const report = checkFiles(outDir, result.files);
    const problems = [
      ...report.stale.map((f) => `  stale:   generated/${f}`),
      ...report.missing.map((f) => `  missing: generated/${f}`),
      ...report.extra.map((f) => `  extra:   generated/${f}`),
    ];
    if (problems.length) {
      console.error(`generate --check: generated/ is out of date (run npm run generate):\n${problems.join("\n")}`);
      return 1;
    }
    console.log(`generate --check: ${result.files.size} files up to date (${ms} ms)`);
    return 0;
  }
  // With --provider, only that provider's own files are written; the registry
  // and the docs index (which list every provider) are left as they are.
  const files = providers.length
    ? new Map([...result.files].filter(([path]) => providers.some((p) => path.startsWith(`${p}/`) || path === `docs/${p}.md`)))
    : result.files;
  const report = writeFiles(outDir, files, { removeExtra: !providers.length });
  const changed = report.stale.length + report.missing.length + report.extra.length;
  console.log(`generate: ${result.irs.length} providers, ${result.irs.reduce((n, ir) => n + ir.operations.length, 0)} operations, ${files.size} files, ${changed} changed (${ms} ms)`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  process.exitCode = await runGenerate(process.argv.slice(2), root);
}
