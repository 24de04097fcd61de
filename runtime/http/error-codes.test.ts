// The runtime's own error codes are one table (error-codes.ts): every code a
// runtime module writes comes from it (as `"NAME" satisfies RuntimeErrorCode`,
// checked by the compiler), no module writes a code literal another way, and
// the table holds no code that nothing writes.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNTIME_ERROR_CODES } from "./error-codes.js";

const RUNTIME = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "dist" || e.name === "node_modules" ? [] : sources(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = sources(RUNTIME).map((path) => ({ path: relative(RUNTIME, path), text: readFileSync(path, "utf8") }));

describe("the runtime's error codes", () => {
  it("are written only from the table, and every code of the table is written somewhere", () => {
    const written = new Set<string>();
    const loose: string[] = [];
    for (const { path, text } of files) {
      if (path === "http/error-codes.ts") continue;
      for (const m of text.matchAll(/"([A-Z][A-Z0-9_]+)" satisfies RuntimeErrorCode/g)) written.add(m[1] ?? "");
      // A code set as a plain literal (`code: "X"`, `code: x ?? "X"`) bypasses the table.
      for (const m of text.matchAll(/\bcode: (?:[^,\n]*\?\? \(?)?"([A-Z][A-Z0-9_]+)"(?! satisfies)/g))
        loose.push(`${path}: ${m[1]}`);
    }
    expect(loose).toEqual([]);
    expect([...written].sort()).toEqual(Object.keys(RUNTIME_ERROR_CODES).sort());
  });

  it("each say their type, whether they are retryable, what they mean and what to do", () => {
    for (const [code, info] of Object.entries(RUNTIME_ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(info.meaning.length, code).toBeGreaterThan(20);
      expect(info.fix.length, code).toBeGreaterThan(10);
    }
  });
});
