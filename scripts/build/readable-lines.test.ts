// The check of readable lines (scripts/build/readable-lines.ts, `npm run
// lint:lines`): a line over the width and a module over the byte cap are
// named, a line at the width is not; widths count characters, not bytes. The
// folders it leaves out of `npm run lint` include all those Biome still formats wide.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findings, MAX_BYTES, MAX_COLUMNS, NOT_YET } from "./readable-lines.js";

describe("readable lines", () => {
  it("names each line wider than the width, and a module larger than the byte cap", () => {
    const at = "x".repeat(MAX_COLUMNS);
    const accented = "é".repeat(MAX_COLUMNS);
    expect(findings("a.ts", `${at}\n${accented}\n${at}y\n`)).toEqual({
      wide: [`a.ts:3: ${MAX_COLUMNS + 1} columns`],
      large: [],
    });
    const big = `${"x".repeat(100)}\n`.repeat(Math.ceil(MAX_BYTES / 101) + 1);
    expect(findings("b.ts", big).large).toEqual([`b.ts: ${Buffer.byteLength(big)} bytes`]);
  });

  it("leaves out of the lint every folder Biome's override still formats at 240 columns", () => {
    const biome = readFileSync(fileURLToPath(new URL("../../biome.jsonc", import.meta.url)), "utf8");
    const wide = biome.match(/\{\s*"includes":\s*\[([^\]]*)\],\s*"formatter":\s*\{\s*"lineWidth":\s*240\s*\}/);
    const listed = wide ? [...wide[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [];
    expect(biome).toMatch(/"formatter":\s*\{[^}]*"lineWidth":\s*120/);
    // Every folder is wrapped now: no override formats one wide, and the lint leaves none out.
    expect(listed.filter((folder) => !NOT_YET.includes(folder))).toEqual([]);
  });
});
