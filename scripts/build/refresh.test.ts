// `npm run refresh` runs every step whatever the one before did, and says
// what each rewrote: here on a scratch git repository with steps that write,
// fail and rewrite a file already changed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { refresh, report, STEPS, type Step } from "./refresh.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const root = mkdtempSync(join(runScratch(), "blockwright-refresh-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });

describe("refresh", () => {
  it("runs the steps after a failing one, and names the files each rewrote", () => {
    git("init", "-q");
    writeFileSync(join(root, "a.txt"), "a\n");
    writeFileSync(join(root, "b.txt"), "b\n");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-qm", "start");
    // Changed before the run: a step that writes it again with other content rewrote it; one that leaves it did not.
    writeFileSync(join(root, "b.txt"), "b changed\n");
    const write = (files: Record<string, string>) => () => {
      for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
      return 0;
    };
    const steps: Record<string, () => number> = {
      writes: write({ "a.txt": "a2\n", "new.txt": "n\n" }),
      fails: () => 1,
      "rewrites a changed file": write({ "b.txt": "b again\n" }),
      "writes the same": write({ "b.txt": "b again\n" }),
    };
    const results = refresh(
      root,
      Object.keys(steps).map((name): Step => ({ name, command: name })),
      (step) => (steps[step.name] as () => number)(),
    );
    expect(results.map((r) => [r.step.name, r.status, r.rewrote])).toEqual([
      ["writes", 0, ["a.txt", "new.txt"]],
      ["fails", 1, []],
      ["rewrites a changed file", 0, ["b.txt"]],
      ["writes the same", 0, []],
    ]);
    expect(report(results)).toBe(
      [
        "refresh: ✓ writes: rewrote 2 files",
        "  a.txt",
        "  new.txt",
        "refresh: ✗ (exit 1) fails: rewrote nothing",
        "refresh: ✓ rewrites a changed file: rewrote 1 file",
        "  b.txt",
        "refresh: ✓ writes the same: rewrote nothing",
      ].join("\n"),
    );
  });

  it(
    "gives vitest its update mode with `=`: vitest 4's `-u` takes a value, and `-u <file>` took the file for it " +
      "(that file never ran)",
    () => {
      const updating = STEPS.filter((s) => /vitest/.test(s.command) && /(^|\s)(-u|--update)\b/.test(s.command));
      expect(updating.length).toBeGreaterThan(0);
      for (const step of updating) expect(step.command, step.name).not.toMatch(/(^|\s)(-u|--update)(\s|$)/);
    },
  );
});
