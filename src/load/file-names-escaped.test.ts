// A file's name is outside text (a repository's, found by a glob such as `--workflows 'examples/*.yaml'`): a control
// sequence in it was printed as it is by a refusal naming the file and by every `file:line:col`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UnreadableSource } from "./input-file.js";
import { formatPosition, loadYamlSource } from "./yaml-source.js";

const NAME = "zq\u001b[31m\u0007.yaml";
const controls = (text: string) => [...text].filter((c) => c.charCodeAt(0) < 0x20);

describe("a file's name in a message", () => {
  it("is escaped where a file cannot be read, and in a position", () => {
    const missing = (() => {
      try {
        loadYamlSource(join(tmpdir(), "blockwright-zq-none", NAME), NAME);
      } catch (e) {
        return e;
      }
    })();
    expect(missing).toBeInstanceOf(UnreadableSource);
    expect((missing as UnreadableSource).printed).toContain("zq\\u001b[31m\\u0007.yaml: ");
    expect(controls((missing as UnreadableSource).printed)).toEqual([]);
    expect(formatPosition({ file: NAME, line: 3, col: 9 })).toBe("zq\\u001b[31m\\u0007.yaml:3:9");
  });

  it("is escaped in a problem found in a file so named", () => {
    const dir = mkdtempSync(join(tmpdir(), "blockwright-zq-names-"));
    try {
      writeFileSync(join(dir, NAME), "a: [1, 2\n");
      const refused = (() => {
        try {
          loadYamlSource(join(dir, NAME), NAME);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(refused?.message).toMatch(/^zq\\u001b\[31m\\u0007\.yaml:\d+:\d+: /);
      expect(controls(refused?.message ?? "")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
