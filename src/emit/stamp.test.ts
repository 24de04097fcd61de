// The stamp's input hash covers what a generation depends on: here, the
// runtime's code, where the generator reads some of its choices (the parts of
// the support a tool needs), and not the runtime's tests or declarations.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatorCode, inputHash } from "./stamp.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "zq-stamp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("inputHash", () => {
  mkdirSync(join(dir, "specs/zqshelf"), { recursive: true });
  writeFileSync(join(dir, "specs/zqshelf/manifest.yaml"), "provider: zqshelf\n");
  const runtime = join(dir, "zq-runtime");
  mkdirSync(join(runtime, "dist"), { recursive: true });
  writeFileSync(join(runtime, "package.json"), JSON.stringify({ version: "0.0.1" }));
  const write = (file: string, text: string) => writeFileSync(join(runtime, file), text);
  const hash = () => inputHash(dir, join(dir, "specs"), "{}", join(runtime, "package.json"));
  write("dist/support.js", "export const parts = 1;\n");

  it("changes with the runtime's code, not with its tests or declarations", () => {
    const before = hash();
    write("dist/support.test.ts", "it('x', () => {});\n");
    write("dist/support.d.ts", "export declare const parts: number;\n");
    expect(hash()).toBe(before);
    write("dist/support.js", "export const parts = 2;\n");
    expect(hash()).not.toBe(before);
  });

  it("reads and hashes the generator's own code once a process, this module among it", () => {
    const first = generatorCode();
    expect(first.some((part) => /^emit\/stamp\.(ts|js)\0[0-9a-f]{64}\0$/.test(part))).toBe(true);
    // The same parts, not read again: each generation hashed the generator's 4 MB anew (25 ms of CPU).
    expect(generatorCode()).toBe(first);
    expect(hash()).toBe(hash());
  });
});
