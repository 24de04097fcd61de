// What emit's walks and the parts' squeeze allocate where they find nothing to do: generate's collector runs by the
// bytes each provider allocates (a scavenge every few megabytes), and an array of keys and an iterator's results at
// each node (in code V8 has not optimised yet), or a trimmed copy of each part, were most of it
// (docs/contributing/performance.md, the twenty-seventh round).
import { describe, expect, it } from "vitest";
import { allocatedBy } from "../../test-support/heap-measures.js";
import { walkedDocument } from "../../test-support/documents/walked-document.js";
import { blanksBefore, squeezedParts, textEnd } from "./file-text.js";
import { documentTraits } from "./types/discriminated-copy.js";

/** The least of three runs' bytes (the first compiles). */
function least(step: () => void): number {
  let bytes = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) bytes = Math.min(bytes, allocatedBy(step));
  return bytes;
}

describe("what emit allocates", () => {
  it("the document's traits: a walk of every value", () => {
    const document = walkedDocument(120);
    let mapped = 0;
    const bytes = least(() => {
      mapped += documentTraits(document).mapped.size;
    });
    expect(mapped).toBe(0);
    // 120 operations of about 60 values each: 207 KB before the cut, about 18 after.
    expect(bytes / 1024).toBeLessThan(80);
  });

  it("the parts' squeeze copies no part to measure its blanks", () => {
    const parts = Array.from({ length: 2000 }, (_, i) => `\n    zq${i}: ${"x".repeat(60)},\n  `);
    let units = 0;
    const bytes = least(() => {
      for (const part of squeezedParts(parts)) units += part.length;
    });
    expect(units).toBeGreaterThan(0);
    // Most of it is the squeeze's own texts and the joined blocks: 1,725 KB before the cut, about 1,585 after.
    expect(bytes / 1024).toBeLessThan(1660);
  });

  it("counts the blanks trimStart and trimEnd take, for every UTF-16 unit", () => {
    const otherwise: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const unit = String.fromCharCode(c);
      const text = `${unit}${unit}zq${unit}`;
      if (blanksBefore(text) !== text.length - text.trimStart().length || textEnd(text) !== text.trimEnd().length)
        otherwise.push(c);
    }
    expect(otherwise).toEqual([]);
    expect(blanksBefore(" \t\n")).toBe(3);
    expect(textEnd(" \t\n")).toBe(0);
  });
});
