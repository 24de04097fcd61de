// The id of a command held at a step, read from the file it writes: a test signals it. A file made but not yet written
// read as 0, and process.kill(0) signalled the reader's whole process group: Vitest and the CI run that started it
// ended ("Terminated"). The id is taken only when the file holds a process's own id; the preload writes it whole.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { heldPid } from "./held-pid.js";
import { runScratch } from "../run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-held-pid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the id of a held command", () => {
  it("is none until the file holds a process's own id: never 0, a negative or no number", () => {
    const file = join(dir, ".held-at-step.pid");
    expect(heldPid(file)).toBeUndefined();
    for (const text of ["", "0", "-1", "12a", " "]) {
      writeFileSync(file, text);
      expect(heldPid(file), JSON.stringify(text)).toBeUndefined();
    }
    writeFileSync(file, "4242");
    expect(heldPid(file)).toBe(4242);
  });
});
