// `blockwright runs list [--store s] [--status st] [--json]` and
// `blockwright runs replay <run or event id> [--store s]`: serve's durable runs.
import { resolve } from "node:path";
import { parseArgs, stringOption } from "./support/args.js";
import { UsageError, type CliIo } from "./support/io.js";
import { jsonLine, lineText } from "../common/github-actions.js";

export const USAGE = `Usage: blockwright runs list [--store <file> | --store <postgres://…>] [--status <status>] \
[--json]
       blockwright runs replay <run id | event id> [--store <file> | --store <postgres://…>]

The runs serve keeps: one per event, with its status (queued, running,
succeeded, failed: an error no retry helps; dead: retryable failures past the
trigger's attempts), its attempts, its journaled blocks and its last error.
list prints them oldest first (one JSON line each with --json); a SQLite store
is read beside the serve that holds it. replay queues a failed or dead run
again, by its run id or its event's id: the blocks that succeeded are not
called again. On a SQLite file, replay while no serve holds it; the next serve
runs it. On Postgres, any serve on the database runs it at once.

  --store <file>      the SQLite file serve keeps (default
                      .blockwright/serve.sqlite)
  --store <postgres://user:password@host:port/db>
                      the Postgres database instead
  --status <status>   only the runs of this status
  --json              one JSON line per run

Exit status: 0 done, 1 replay found no failed or dead run of that id, 2
usage error, 70 internal error (a bug: please report it).`;

const STATUSES = ["queued", "running", "succeeded", "failed", "dead"] as const;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { store: { type: "string" }, status: { type: "string" }, json: { type: "boolean" } });
  const [action, id, ...extra] = args.positionals;
  if (action !== "list" && action !== "replay")
    throw new UsageError(
      "BW3002",
      action === undefined
        ? "missing list or replay"
        : `expected list or replay, got ${JSON.stringify(action.slice(0, 100))}`,
    );
  if (action === "replay" && id === undefined) throw new UsageError("BW3002", "replay: missing <run id | event id>");
  const unexpected = action === "list" ? id : extra[0];
  if (unexpected !== undefined)
    throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(unexpected.slice(0, 100))}`);
  const status = stringOption(args, "status");
  if (status !== undefined && !(STATUSES as readonly string[]).includes(status))
    throw new UsageError(
      "BW3003",
      `--status: expected one of ${STATUSES.join(", ")}, got ${JSON.stringify(status.slice(0, 100))}`,
    );

  const { DEFAULT_STORE_FILE } = await import("../serve/store.js");
  const storeText = stringOption(args, "store") ?? DEFAULT_STORE_FILE;
  const { POSTGRES_ADDRESS, storeProblem } = await import("../serve/open-store.js");
  const problem = storeProblem(storeText);
  if (problem) throw new UsageError("BW3003", `--store: ${problem}`);
  const postgres = POSTGRES_ADDRESS.test(storeText);
  const file = postgres ? storeText : resolve(io.cwd, storeText);
  const { existsSync } = await import("node:fs");
  if (!postgres && !existsSync(file))
    throw new UsageError("BW3011", `--store: no store at ${file} (serve writes it on its first start)`);
  const open = async () => {
    if (postgres) return (await import("../serve/open-store.js")).openStore(file);
    const { openSqliteStore } = await import("../serve/sqlite-store.js");
    return openSqliteStore(file, { inspect: action === "list" });
  };
  const store = await open().catch((e: unknown) => {
    throw new UsageError("BW3011", `--store: ${(e as Error).message}`);
  });
  try {
    if (action === "list") {
      const runs = await store.runs(status as (typeof STATUSES)[number] | undefined);
      for (const r of runs) {
        if (args.values.json) io.stdout.write(`${jsonLine(r)}\n`);
        else {
          const event = r.event.length > 80 ? `${r.event.slice(0, 80)}…` : r.event;
          const error = r.error ? `  ${r.error.slice(0, 300)}` : "";
          const when = `${r.createdAt}  ${r.status.padEnd(9)} ${r.id}  ${r.trigger}`;
          io.stdout.write(`${lineText(`${when}  event ${event}  attempts ${r.attempts}${error}`)}\n`);
        }
      }
      io.stderr.write(`runs: ${runs.length} run${runs.length === 1 ? "" : "s"}${status ? ` ${status}` : ""}\n`);
      return 0;
    }
    const again = await store.replay(id as string, Date.now());
    for (const r of again) {
      const journaled = r.blocks.map((b) => b.id);
      io.stdout.write(`${jsonLine({ id: r.id, trigger: r.trigger, event: r.event, status: r.status, journaled })}\n`);
    }
    if (!again.length) {
      io.stderr.write(
        `runs: no failed or dead run has the run or event id ` +
          `${lineText(JSON.stringify((id as string).slice(0, 200)))}\n`,
      );
      return 1;
    }
    io.stderr.write(
      `runs: ${again.length} run${again.length === 1 ? "" : "s"} queued again` +
        `${postgres ? "" : "; the next serve on this store runs them"}\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
