// Live progress of `blockwright test` on stderr. On a terminal: one status
// line redrawn in place (cases done of planned per provider, failures,
// elapsed time), each failure's name printed above it as it happens. Not on
// a terminal (CI logs): plain lines, one when a provider's cases are all
// done, one at the first second, and one every PLAIN_EVERY_MS in between,
// so that a long run never goes quiet: time-based, not per case finished,
// naming the case under way longest when one has run for seconds.
import type { CaseResult } from "../../contract/run.js";
import { caseMark, FAILED_MARK, NOT_RUN_MARK } from "../../contract/report/case-marks.js";
import type { Output } from "./io.js";

/** How often the terminal's status line is redrawn. */
const REDRAW_MS = 200;
/** Control characters shown as `?` (a case's id holds names from the specs). */
function printable(text: string): string {
  return [...text]
    .map((c) => (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) < 0xa0) ? "?" : c))
    .join("");
}

/** A case under way this long is named in the progress line. */
const SLOW_CASE_MS = 5_000;
/** How often a plain line says how far the run is when no provider finished. */
export const PLAIN_EVERY_MS = 10_000;

interface Count {
  planned: number;
  done: number;
  /** Cases that did not pass. */
  failed: number;
  /** Of those, the cases that could not run: nothing was checked, so not counted as failed in words. */
  errors: number;
}

export interface Progress {
  /** A case started (its id). */
  onStart(id: string): void;
  onResult(result: CaseResult): void;
  /** Cases no longer under way without a result (their worker was ended): they start again later. */
  onRequeue(ids: readonly string[]): void;
  /** Clears the status line; no output after this. */
  stop(): void;
}

export interface ProgressOptions {
  /** Milliseconds since the run started (a clock tests can set). */
  elapsed: () => number;
  /** Ticks every `ms` until stopped; returns its stop function (default: an unref'd setInterval). */
  every?: (ms: number, tick: () => void) => () => void;
}

/** The cases planned, counted by provider, none done yet. */
function plannedCounts(planned: readonly { provider: string }[]): Map<string, Count> {
  const counts = new Map<string, Count>();
  for (const c of planned) {
    const count = counts.get(c.provider) ?? { planned: 0, done: 0, failed: 0, errors: 0 };
    count.planned++;
    counts.set(c.provider, count);
  }
  return counts;
}

/** Ticks every `ms` on an unref'd interval (the progress never holds the process open); returns its stop. */
function tickEvery(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** The counts of every provider added up. */
function totalOf(counts: Map<string, Count>): Count {
  const t = { planned: 0, done: 0, failed: 0, errors: 0 };
  for (const c of counts.values()) {
    t.planned += c.planned;
    t.done += c.done;
    t.failed += c.failed;
    t.errors += c.errors;
  }
  return t;
}

/** A provider's marks in the status line: ` ✗2 ⚠1`, each mark's count apart; nothing when every case so far passed. */
function marks(c: Count): string {
  const failed = c.failed - c.errors;
  return `${failed ? ` ${FAILED_MARK}${failed}` : ""}${c.errors ? ` ${NOT_RUN_MARK}${c.errors}` : ""}`;
}

/** `, 2 failed, 1 could not run`: nothing when every case so far passed. */
function notPassed(c: Count): string {
  const failed = c.failed - c.errors;
  return `${failed ? `, ${failed} failed` : ""}${c.errors ? `, ${c.errors} could not run` : ""}`;
}

export function startProgress(
  stderr: Output,
  planned: readonly { provider: string }[],
  options: ProgressOptions,
): Progress {
  const counts = plannedCounts(planned);
  const tty = stderr.isTTY === true;
  const every = options.every ?? tickEvery;
  let shown = "";
  let stopped = false;
  let lastPlain = options.elapsed();
  let firstPlain = true;
  /** Cases under way, by id, with when they started. */
  const running = new Map<string, number>();

  const seconds = () => `${(options.elapsed() / 1000).toFixed(1)} s`;
  const totals = () => totalOf(counts);
  const statusLine = () => {
    const t = totals();
    const providers = [...counts].map(([p, c]) => `${p} ${c.done}/${c.planned}${marks(c)}`).join(" · ");
    const line = `${t.done}/${t.planned} cases${notPassed(t)}, ${seconds()}  ${providers}${longest()}`;
    const width = stderr.columns || 80;
    return line.length > width - 1 ? `${line.slice(0, width - 2)}…` : line;
  };
  const clear = () => {
    if (shown) stderr.write("\r\u001b[2K");
    shown = "";
  };
  const draw = () => {
    if (stopped) return;
    shown = statusLine();
    stderr.write(`\r\u001b[2K${shown}`);
  };
  const plain = (text: string) => {
    lastPlain = options.elapsed();
    stderr.write(`blockwright test: ${text}\n`);
  };
  /** The case under way longest, once it has run for a while (a slow case is worth naming). */
  const longest = () => {
    const [id, since] =
      [...running].reduce<[string, number] | undefined>((a, e) => (!a || e[1] < a[1] ? e : a), undefined) ?? [];
    const ms = since === undefined ? 0 : options.elapsed() - since;
    // A case's id holds names from the specs: control characters are not printed as such.
    return id === undefined || ms < SLOW_CASE_MS ? "" : `; running ${printable(id)} for ${(ms / 1000).toFixed(0)} s`;
  };
  const plainTick = () => {
    if (stopped || (!firstPlain && options.elapsed() - lastPlain < PLAIN_EVERY_MS)) return;
    firstPlain = false;
    const t = totals();
    plain(`${t.done}/${t.planned} cases${notPassed(t)}, ${running.size} under way, ` + `${seconds()}${longest()}`);
  };
  const cancel = tty ? every(REDRAW_MS, draw) : every(1000, plainTick);
  if (tty) draw();

  return {
    onStart(id) {
      if (!stopped) running.set(id, options.elapsed());
    },
    onRequeue(ids) {
      for (const id of ids) running.delete(id);
    },
    onResult(result) {
      running.delete(result.id);
      if (stopped) return;
      const count = counts.get(result.provider);
      if (!count) return;
      count.done++;
      const failed = result.status !== "passed";
      if (failed) count.failed++;
      if (result.status === "error") count.errors++;
      if (tty) {
        if (failed) {
          clear();
          stderr.write(`${caseMark(result.status)} ${result.provider} ${result.id}\n`);
          draw();
        }
      } else if (count.done === count.planned) {
        plain(
          `${result.provider}: ${count.planned} case${count.planned === 1 ? "" : "s"} done, ` +
            `${count.failed - count.errors} failed${count.errors ? `, ${count.errors} could not run` : ""}, ` +
            `${seconds()}`,
        );
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      cancel();
      if (tty) clear();
    },
  };
}
