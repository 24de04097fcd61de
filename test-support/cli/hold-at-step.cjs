// Preloaded into a command under test (NODE_OPTIONS=--require <this file>): once the process writes the step
// HOLD_AT_STEP names to standard error, it writes its pid to HOLD_PID_FILE and holds there (its thread blocked) until
// HOLD_RELEASE_FILE exists. A test then signals it while it is inside that step, whatever the machine's load: a step
// of a few milliseconds (an example check of thousands) is over before a busy machine's test has read its line. A
// signal sent before the release is delivered before the held thread runs another line of its own.
"use strict";
const { existsSync, renameSync, writeFileSync } = require("node:fs");

const step = process.env.HOLD_AT_STEP;
const pidFile = process.env.HOLD_PID_FILE;
const release = process.env.HOLD_RELEASE_FILE;
if (step && pidFile && release) {
  const write = /** @type {(...args: unknown[]) => boolean} */ (process.stderr.write.bind(process.stderr));
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let held = false;
  /** @type {(...args: unknown[]) => boolean} */
  const holding = (...args) => {
    const written = write(...args);
    if (!held && String(args[0]).includes(step)) {
      held = true;
      // Written whole, then renamed into place: a reader that sees the file sees the pid (an empty one read as 0, and
      // process.kill(0) signals the reader's whole process group: a CI run was ended so).
      writeFileSync(`${pidFile}.tmp`, String(process.pid));
      renameSync(`${pidFile}.tmp`, pidFile);
      // Ten minutes at most: a test that never releases it fails on its own limit, not here.
      for (let i = 0; i < 60_000 && !existsSync(release); i++) Atomics.wait(pause, 0, 0, 10);
    }
    return written;
  };
  process.stderr.write = /** @type {typeof process.stderr.write} */ (holding);
}
