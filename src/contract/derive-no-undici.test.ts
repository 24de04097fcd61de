// The command's own thread of `blockwright test` links the specs and derives the cases (its workers run them): what it
// loads for that is every case kind's module. Those that start a loopback server for their cases load node:http as a
// case runs; an ESM import of it at load built its namespace, whose WebSocket getters load undici (0.035 s of CPU each
// `test` run, in a thread that sends no request). In a Node process of its own: what it loads is the process's.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";

const CHILD = `
for (const module of process.argv.slice(1)) await import(module);
process.stdout.write(JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith("NativeModule "))));
`;

describe("the modules that link the specs and derive the contract cases", () => {
  it("load no undici (node:http's namespace) until a case runs", async () => {
    const built = ["derive.js", "subjects.js", "kinds/index.js"].map((m) => join(REPOSITORY, "dist/contract", m));
    for (const file of built) expect(existsSync(file), "npm run build first").toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      CHILD,
      ...built.map((f) => pathToFileURL(f).href),
    ]);
    const loaded = JSON.parse(stdout) as string[];
    // Node's own modules the kinds read were loaded: the check is of a process that loaded them.
    expect(loaded).toEqual(expect.arrayContaining(["NativeModule crypto", "NativeModule util"]));
    expect(loaded.filter((m) => m.includes("undici"))).toEqual([]);
  });
});
