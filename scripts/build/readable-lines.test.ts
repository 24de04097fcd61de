// The check of readable lines (scripts/build/readable-lines.ts, `npm run
// lint:lines`): a line over the width and a module over the byte cap are
// named, a line at the width is not; widths count characters, not bytes.
import { describe, expect, it } from "vitest";
import { findings, MAX_BYTES, MAX_COLUMNS } from "./readable-lines.js";

describe("readable lines", () => {
  it("names each line wider than the width, and a module larger than the byte cap", () => {
    const at = "x".repeat(MAX_COLUMNS);
    const accented = "é".repeat(MAX_COLUMNS);
    expect(findings("a.ts", `${at}\n${accented}\n${at}y\n`)).toEqual({ wide: [`a.ts:3: ${MAX_COLUMNS + 1} columns`], large: [] });
    const big = `${"x".repeat(100)}\n`.repeat(Math.ceil(MAX_BYTES / 101) + 1);
    expect(findings("b.ts", big).large).toEqual([`b.ts: ${Buffer.byteLength(big)} bytes`]);
  });
});
