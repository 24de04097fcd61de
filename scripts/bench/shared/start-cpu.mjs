// The CPU of a command's start: runs `node <bin> <args...>`, and when its
// output (stdout or stderr) first matches the pattern READY_PATTERN names,
// prints the process's CPU so far (user + system, from /proc/<pid>/stat,
// Linux), then stops it with SIGINT. For a command that serves until stopped
// (serve, mock, mcp), where /usr/bin/time would count the serving too.
//   READY_PATTERN='mocks ready' node scripts/bench/shared/start-cpu.mjs bin/blockwright.js mock books
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;
const [bin, ...args] = process.argv.slice(2);
const ready = new RegExp(process.env.READY_PATTERN ?? "http://");
const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
let output = "";
let measured = false;
const watch = (data) => {
  output += data;
  if (measured || !ready.test(output)) return;
  measured = true;
  // Fields 14 and 15 of stat (utime, stime), counted after the command's name, which may hold spaces.
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  process.stdout.write(`${seconds.toFixed(2)}\n`);
  child.kill("SIGINT");
};
child.stdout.on("data", watch);
child.stderr.on("data", watch);
child.on("exit", (code) => {
  if (!measured) {
    process.stderr.write(`exited ${code} before ${ready}:\n${output}`);
    process.exitCode = 1;
  }
});
