// What the code writes does not depend on the machine's locale or ICU: no `localeCompare` (collation: the order can
// differ between ICU versions and locales, and loading it costs a process CPU), no `toLocale…` and no `Intl.` in a
// hand-written module of src/, runtime/ or templates/. Strings are ordered by code unit (`a < b`), numbers written by
// src/emit/thousands.ts. The few that must stay are listed with the reason and how many calls each file holds.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A call of the locale's collation, a `toLocale…` method, or anything of Intl (a comment line aside). */
const LOCALE_CALL = /\.localeCompare\s*\(|\.toLocale\w*\s*\(|\bIntl\s*\./g;

const ALLOWED: Record<string, { calls: number; why: string }> = {
  "src/emit/thousands.ts": {
    calls: 2,
    why: "Intl's en-US formatter, made only for a number that is not a safe integer (the type and its one use)",
  },
  "src/emit/platforms/n8n-node.ts": {
    calls: 1,
    why: "n8n's linter orders a node's options with localeCompare: the generated order must be its own",
  },
};

/** The locale calls of a module's text, one line each (comment lines are prose, not calls). */
function localeCalls(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .flatMap((line) => [...line.matchAll(LOCALE_CALL)].map(() => line.trim()));
}

const files = globSync(["src/**/*.{ts,mts,js,mjs}", "runtime/**/*.{ts,mts,js,mjs}", "templates/**/*.hbs"], {
  cwd: ROOT,
  ignore: ["**/node_modules/**", "**/dist/**", "**/*.test.ts", "**/__fixtures__/**", "src/vendor/**"],
});

describe("locale-free output", () => {
  it("finds a call of the locale in a line, and takes a comment for prose", () => {
    expect(
      localeCalls("  names.sort((a, b) => a.localeCompare(b));\n  // a.localeCompare(b) orders by collation"),
    ).toEqual(["names.sort((a, b) => a.localeCompare(b));"]);
    expect(localeCalls("const n = size.toLocaleString('en');\nnew Intl.DateTimeFormat()")).toHaveLength(2);
  });

  it("no module of src/, runtime/ or templates/ calls collation, toLocale… or Intl, but those listed", () => {
    expect(files.length).toBeGreaterThan(100);
    const found = Object.fromEntries(
      files.flatMap((file) => {
        const calls = localeCalls(readFileSync(`${ROOT}/${file}`, "utf8"));
        return calls.length ? [[file, calls.length]] : [];
      }),
    );
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { calls }]) => [file, calls]));
    expect(found).toEqual(allowed);
  });
});
