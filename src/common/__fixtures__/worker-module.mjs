// A module for src/common/in-worker.test.ts's worker calls: which thread ran a call, how many times this module was
// evaluated in it, and a call that waits until it is ended.
import { threadId } from "node:worker_threads";

let evaluations = 0;
evaluations++;

/** The thread that ran the call and how many times this module was evaluated there. */
export function whoRan() {
  return { threadId, evaluations };
}

/** A call that fails, as a job refusing its input does. */
export function refuses() {
  throw new Error("zq refused");
}

/**
 * A call that never ends by itself: it tells that it started, then waits.
 * @param {(text: string) => void} progress
 */
export function waits(progress) {
  progress("waiting");
  return new Promise(() => {});
}
