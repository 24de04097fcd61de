// `blockwright mock [provider...] [--port <n>] [--seed <n>] [--state <file> | --stateless] [--specs <dir>]`: Prism
// mocks until Ctrl-C.
import { resolve } from "node:path";
import { parseArgs, positiveInteger, projectDirs, projectProviders, seedOption, stringOption } from "./support/args.js";
import { startCommandMocks, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright mock [provider...] [--port <n>] [--seed <n>] [--state <file> | --stateless] \
[--specs <dir>]

Start Prism mock servers built from <specs>/<provider>/openapi.yaml (every
provider when none is named), print their addresses on stdout, and stop on
Ctrl-C. Each serves the document as generate reads it: cut to the operations
the provider's manifest binds (the whole document when the manifest cannot be
read). An answer the document gives no example of is drawn from its schema,
realistic and seeded. The records of each document's resources are kept
while the mocks run: POST /things creates one (what the request sent, the
rest drawn from the schema, a new id), GET /things/{id} answers it, PATCH or
PUT changes it (a JSON merge patch merged, null removing a field; a JSON
Patch's operations applied, all or none; other bodies' fields replaced),
DELETE removes it, GET /things lists what was made. Point a tool at one with
--base-url, e.g.
  blockwright call <operationId> --base-url http://127.0.0.1:4010 ...

  --port <n>       listen on n, n+1, … (default: free ports)
  --seed <n>       seed of the answers drawn from schemas (default 1): the
                   same seed, the same answers
  --state <file>   keep the records in this file (read at the start, written
                   after each change): the next mock finds them
  --stateless      keep no records: each request answered alone (two runs of
                   the same calls, compared, get the same answers)
  --specs <dir>    the specs folder (default ./specs)

Exit status: 0 stopped, 2 usage error (unknown provider, busy port),
70 internal error (a bug: please report it).`;

const HIGHEST_PORT = 65535;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    port: { type: "string" },
    seed: { type: "string" },
    state: { type: "string" },
    stateless: { type: "boolean" },
    specs: { type: "string" },
  });
  const stateFile = stringOption(args, "state");
  if (stateFile !== undefined && args.values.stateless)
    throw new UsageError("BW3004", "choose one of --state and --stateless");
  const seed = seedOption(stringOption(args, "seed"));
  const { specs } = projectDirs(args, io.cwd);
  const providers = await projectProviders(specs, io.cwd, args.positionals);
  const first = positiveInteger(stringOption(args, "port"), "--port");
  if (first !== undefined && first + providers.length - 1 > HIGHEST_PORT) {
    throw new UsageError(
      "BW3003",
      `--port ${first} leaves no room for ${providers.length} mocks (ports ${first}–` +
        `${first + providers.length - 1}; the highest is ${HIGHEST_PORT})`,
    );
  }
  const ports = first ? Object.fromEntries(providers.map((p, i) => [p, first + i])) : undefined;

  const started = performance.now();
  const mocks = await startCommandMocks(io, providers, {
    specsDir: specs,
    ...(ports ? { ports } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(args.values.stateless ? {} : { state: stateFile !== undefined ? { file: resolve(io.cwd, stateFile) } : {} }),
  });
  io.stderr.write(`mocks ready in ${Math.round(performance.now() - started)} ms (Ctrl-C to stop):\n`);
  for (const p of providers) io.stdout.write(`${p.padEnd(12)} ${mocks.urls[p]}\n`);
  await io.interrupted;
  await mocks.close();
  io.stderr.write("mocks stopped\n");
  return 0;
}
