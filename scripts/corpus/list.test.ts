// `blockwright add --list` over every entry of the published-document corpus,
// in-process: each document (single file, multi-file with `$ref`s at path
// item, operation, parameter and schema level, Swagger 2.0 converted) is
// written out with its hash checked, and the operations its source.yaml
// names must be listed, by operationId or as `METHOD /path`. What the
// corpus holds is read from it, never written here.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { ROOT } from "../../test-support/repo.js";
import { corpusEntries, unpackEntry } from "./entries.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const entries = corpusEntries(join(ROOT, "contract-tests/corpus"));
const tmp = mkdtempSync(join(runScratch(), "blockwright-corpus-list-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function list(from: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(["add", "--from", from, "--list"], {
    stdout: { write: (t: string) => void (stdout += t) },
    stderr: { write: (t: string) => void (stderr += t) },
    env: {},
    cwd: tmp,
    interrupted: new Promise<void>(() => {}),
  });
  return { code, stdout, stderr };
}

describe("add --list on the corpus", () => {
  it("has the entries the corpus README promises (at least 25 vendors)", () => {
    expect(entries.length).toBeGreaterThanOrEqual(25);
  });

  it.each(entries.map((e) => [e.vendor, e] as const))(
    "%s: lists every operation its source.yaml names",
    async (_, entry) => {
      const root = unpackEntry(entry, join(tmp, entry.vendor));
      const { code, stdout, stderr } = await list(root);
      expect({ code, stderr: code ? stderr : "" }).toEqual({ code: 0, stderr: "" });
      const lines = stdout.split("\n");
      const listed = (op: string) => {
        const byPath = /^([A-Z]+) (\/\S*)$/.exec(op);
        return byPath ? lines.some((l) => l.split("\t")[1] === op) : lines.some((l) => l.split("\t")[0] === op);
      };
      expect(entry.operations.filter((op) => !listed(op))).toEqual([]);
      // Multi-file documents are bundled: no operation is left without its operationId by an unfollowed $ref.
      if (entry.files > 1) expect(lines.filter((l) => l.startsWith("(no operationId)"))).toEqual([]);
    },
  );
});
