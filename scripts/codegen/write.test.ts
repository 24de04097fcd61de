// Writing and --check: a check writes nothing and names stale, missing and
// extra files; a write brings the folder back in line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFiles, writeFiles } from "./write.js";

const dir = mkdtempSync(join(tmpdir(), "blockwright-write-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = new Map([
  ["a/one.ts", "// one\n"],
  ["a/two.ts", "// two\n"],
  ["docs/README.md", "# docs\n"],
]);

describe("write and check", () => {
  it("writes every file into an empty folder", () => {
    expect(writeFiles(dir, files)).toEqual({ stale: [], missing: ["a/one.ts", "a/two.ts", "docs/README.md"], extra: [] });
    expect(readFileSync(join(dir, "a/two.ts"), "utf8")).toBe("// two\n");
    expect(checkFiles(dir, files)).toEqual({ stale: [], missing: [], extra: [] });
  });

  it("reports stale, missing and extra files without writing", () => {
    writeFileSync(join(dir, "a/one.ts"), "// edited by hand\n");
    unlinkSync(join(dir, "a/two.ts"));
    writeFileSync(join(dir, "a/old.ts"), "// no longer generated\n");
    expect(checkFiles(dir, files)).toEqual({ stale: ["a/one.ts"], missing: ["a/two.ts"], extra: ["a/old.ts"] });
    expect(readFileSync(join(dir, "a/one.ts"), "utf8")).toBe("// edited by hand\n");
    expect(existsSync(join(dir, "a/two.ts"))).toBe(false);
  });

  it("repairs the folder on the next write", () => {
    expect(writeFiles(dir, files)).toEqual({ stale: ["a/one.ts"], missing: ["a/two.ts"], extra: ["a/old.ts"] });
    expect(checkFiles(dir, files)).toEqual({ stale: [], missing: [], extra: [] });
    expect(existsSync(join(dir, "a/old.ts"))).toBe(false);
  });
});
