// What graphile-worker writes to the console itself, past the logger serve gives it (postgres-store.ts's quietLogger),
// turned into serve's own one-line log. It does so in a few places, unconditionally: `console.trace(error)` when one of
// its workers ends on an error (main.js: a stack trace on serve's stderr in every outage of the database, though the
// runners already said the worker ended), and `console.error(text, error)` when a query it retries fails each time
// (lib.js: the error with its stack). serve prints no stack trace: each such call is said as a line of its log, the
// error by its message, and an error the runners already said is not said again.
//
// Only the calls made from graphile-worker's own modules are taken (the caller's frame is read): any other code's
// console goes through as before. Held while any Postgres engine of the process runs, and given back as the last stops.
import { format } from "node:util";

type ConsoleMethod = "trace" | "error" | "warn";
const METHODS: readonly ConsoleMethod[] = ["trace", "error", "warn"];
const FROM_GRAPHILE = /[\\/]node_modules[\\/]graphile-worker[\\/]/;

/** Errors a log line of serve's has said already (a worker's end, from the runners' `worker:fatalError`). */
const said = new WeakSet<object>();
const holders = new Set<(line: string) => void>();
/** Each method as it was before the hold, and the wrapper put in its place. */
let held: Partial<Record<ConsoleMethod, { original: (...args: unknown[]) => void; wrapper: unknown }>> | undefined;

/** An error serve's log has said, which graphile-worker's own console call about it is not to repeat. */
export function saidAlready(error: unknown): void {
  if (typeof error === "object" && error !== null) said.add(error);
}

/**
 * Takes graphile-worker's console calls into `log` until the returned function is called (each serve's engine holds
 * it for its life; the console is given back when the last lets go).
 */
export function holdGraphileConsole(log: (line: string) => void): () => void {
  holders.add(log);
  if (!held) {
    held = {};
    for (const method of METHODS) {
      const original = console[method] as (...args: unknown[]) => void;
      const wrapper = function graphileConsole(...args: unknown[]) {
        if (!calledFromGraphile(graphileConsole)) return original.apply(console, args);
        const line = lineOf(args);
        if (line === undefined) return;
        for (const holder of holders) holder(`runs: graphile-worker said: ${line}`);
      };
      held[method] = { original, wrapper };
      console[method] = wrapper;
    }
  }
  return () => {
    holders.delete(log);
    if (holders.size || !held) return;
    // Given back where the wrapper is still in place: a method another replaced since (a test's spy) is left as it is.
    for (const method of METHODS) {
      const was = held[method];
      if (was && console[method] === was.wrapper) console[method] = was.original as (typeof console)[ConsoleMethod];
    }
    held = undefined;
  };
}

/** Whether the frame that called `wrapper` is in one of graphile-worker's modules. */
function calledFromGraphile(wrapper: (...args: unknown[]) => void): boolean {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, wrapper);
  const caller = holder.stack?.split("\n", 2)[1];
  return caller !== undefined && FROM_GRAPHILE.test(caller);
}

/** The call's arguments as one line, an error by its message; undefined when it only repeats an error said. */
function lineOf(args: unknown[]): string | undefined {
  const errors = args.filter((a): a is Error => a instanceof Error);
  if (errors.length && errors.every((e) => said.has(e)) && args.every((a) => a instanceof Error)) return undefined;
  const text = format(...args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : a)));
  return text.replace(/\s*\n\s*/g, " ").trim();
}
