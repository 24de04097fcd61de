// `blockwright mock [provider...] [--port <n>]`: Prism mocks until Ctrl-C.
import { providerDirs } from "../codegen/generate-all.js";
import { SPECS_DIR, startMocks } from "../mocks.js";
import { parseArgs, positiveInteger } from "./args.js";
import { onInterrupt } from "./run.js";
import { UsageError } from "./references.js";

export const MOCK_USAGE = `Usage: blockwright mock [provider...] [--port <n>]

Start Prism mock servers built from specs/<provider>/openapi.yaml (all
providers when none is named), print their addresses, and stop on Ctrl-C.
Point a tool at one with --base-url, e.g.
  blockwright call <operationId> --base-url http://127.0.0.1:4010 ...

  --port <n>   listen on n, n+1, … (default: free ports)

Providers: ${providerDirs(SPECS_DIR).join(", ")}`;

export async function runMock(argv: string[], stopped: Promise<void> = onInterrupt()): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(MOCK_USAGE);
    return 0;
  }
  try {
    const args = parseArgs(argv, { options: ["--port"] });
    const known = providerDirs(SPECS_DIR);
    const providers = args.positional.length ? args.positional : known;
    for (const p of providers) if (!known.includes(p)) throw new UsageError(`unknown provider ${JSON.stringify(p)} (providers: ${known.join(", ")})`);
    const first = positiveInteger(args.options.get("--port")?.[0], "--port");
    const ports = first ? Object.fromEntries(providers.map((p, i) => [p, first + i])) : undefined;
    const started = performance.now();
    const mocks = await startMocks(providers, ports ? { ports } : {});
    console.log(`mocks ready in ${Math.round(performance.now() - started)} ms (Ctrl-C to stop):`);
    for (const p of providers) console.log(`  ${p.padEnd(12)} ${mocks.urls[p]}`);
    await stopped;
    await mocks.close();
    console.log("mocks stopped");
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`blockwright mock: ${e.message}\n\n${MOCK_USAGE.split("\n")[0]}`);
      return 2;
    }
    throw e;
  }
}
