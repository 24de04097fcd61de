// Deadlines share one timer: each call still ends at its own time, a call
// that finishes first is unaffected by a later one, and a finished call does
// not hold the process open until its (long) deadline.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DeadlineExpired, startDeadline } from "./deadline.js";

const deadline = fileURLToPath(new URL("./deadline.ts", import.meta.url));
/** A Node process running `script` (ES module, TypeScript through tsx): its status and what it printed. */
const child = (script: string) => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: run.status, out: run.stdout.trim() };
};
const never = () => new Promise<never>(() => undefined);
const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("deadlines on one shared timer", () => {
  it("end each call at its own time, the shorter first, whatever order they started in", async () => {
    const long = startDeadline(60_000);
    const short = startDeadline(30);
    const ended: string[] = [];
    const a = long.race(later("long answered", 80)).then((v) => ended.push(v));
    const b = short
      .race(never())
      .catch((e: unknown) => ended.push(e instanceof DeadlineExpired ? "short timed out" : String(e)));
    await Promise.all([a, b]);
    long.done();
    short.done();
    expect(ended).toEqual(["short timed out", "long answered"]);
    expect([short.timedOut, long.timedOut]).toEqual([true, false]);
  });

  it("end each call at its own time when one started before them is done first (its place taken)", async () => {
    const first = startDeadline(60_000);
    const short = startDeadline(30);
    const longer = startDeadline(60);
    // The first leaves the deadlines under way before the others: the last one started moves into its place.
    first.done();
    const ended: string[] = [];
    const outcome = (name: string, d: ReturnType<typeof startDeadline>) =>
      d.race(never()).catch((e: unknown) => ended.push(e instanceof DeadlineExpired ? name : String(e)));
    await Promise.all([outcome("longer", longer), outcome("short", short)]);
    short.done();
    longer.done();
    expect(ended).toEqual(["short", "longer"]);
    expect([first.timedOut, short.timedOut, longer.timedOut]).toEqual([false, true, true]);
  });

  it("end deadlines due together in the order they were due (a busy machine's timer fired late)", async () => {
    const first = startDeadline(60_000);
    const short = startDeadline(30);
    const longer = startDeadline(60);
    first.done(); // the last started moves into its place: ahead of the shorter in the list under way
    const ended: string[] = [];
    const outcome = (name: string, d: ReturnType<typeof startDeadline>) =>
      d.race(never()).catch((e: unknown) => ended.push(e instanceof DeadlineExpired ? name : String(e)));
    const both = Promise.all([outcome("longer", longer), outcome("short", short)]);
    // The thread held past both deadlines, as a loaded machine holds it: the timer fires with both due.
    const until = performance.now() + 100;
    while (performance.now() < until);
    await both;
    short.done();
    longer.done();
    expect(ended).toEqual(["short", "longer"]);
  });

  it("keep a deadline past a timer's range (about 25 days) without firing early or warning", () => {
    // In a process of its own: the timer here may be armed already, for an earlier deadline.
    const script = `
      const { startDeadline } = await import(${JSON.stringify(deadline)});
      const warnings = [];
      process.on("warning", (w) => warnings.push(w.name));
      const d = startDeadline(3_000_000_000);
      const answer = await d.race(new Promise((resolve) => setTimeout(() => resolve("answered"), 50)));
      d.done();
      await new Promise((resolve) => setTimeout(resolve, 10));
      console.log(answer, d.timedOut, warnings.join() || "no warning");`;
    expect(child(script)).toEqual({ status: 0, out: "answered false no warning" });
  });

  it("refuse a second wait once the time is up (a retry after the deadline)", async () => {
    const d = startDeadline(10);
    await expect(d.race(never())).rejects.toBeInstanceOf(DeadlineExpired);
    await expect(d.race(Promise.resolve("late"))).rejects.toBeInstanceOf(DeadlineExpired);
    d.done();
  });

  it("follow the caller's signal: the request's signal aborts with the caller's reason", () => {
    const caller = new AbortController();
    const d = startDeadline(60_000, caller.signal);
    caller.abort(new Error("stop"));
    expect([d.cancelled, d.signal?.aborted, (d.signal?.reason as Error | undefined)?.message]).toEqual([
      true,
      true,
      "stop",
    ]);
    d.done();
  });

  it("let a process exit once its calls are done, long before their 10-minute deadlines", () => {
    const script = `
      const { startDeadline } = await import(${JSON.stringify(deadline)});
      const d = startDeadline(600_000);
      console.log(await d.race(Promise.resolve("answered")));
      d.done();`;
    // Held open, the child would run for ten minutes and be killed at the time limit (status null).
    expect(child(script)).toEqual({ status: 0, out: "answered" });
  });

  it("hold the process open while a call is under way, a call after a finished one too, until its deadline", () => {
    const script = `
      const { startDeadline } = await import(${JSON.stringify(deadline)});
      const first = startDeadline(50);
      await first.race(Promise.resolve("answered"));
      first.done();
      // Later than the timer is armed for (the first's time): the same timer, held again.
      const second = startDeadline(200);
      // Nothing else holds the process: let go, it would end here (status 13, an unsettled top-level await).
      console.log(await second.race(new Promise(() => undefined)).catch((e) => e.name));
      second.done();`;
    expect(child(script)).toEqual({ status: 0, out: "TimeoutError" });
  });
});
