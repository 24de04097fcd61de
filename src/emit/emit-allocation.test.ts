// What emit's walks and the parts' squeeze allocate where they find nothing to do: generate's collector runs by the
// bytes each provider allocates (a scavenge every few megabytes), and an array of keys and an iterator's results at
// each node (in code V8 has not optimised yet), or a trimmed copy of each part, were most of it
// (docs/contributing/performance.md, the twenty-seventh round).
// The allocations are measured in a thread of their own (test-support/heap/fresh-heap.ts: the profiler's full
// collections there mark a small heap).
import { afterAll, describe, expect, it } from "vitest";
import type { Measured } from "../../test-support/heap/emit-steps.js";
import { freshHeap } from "../../test-support/heap/fresh-heap.js";
import { blanksBefore, textEnd } from "./file-text.js";

const steps = new URL("../../test-support/heap/emit-steps.ts", import.meta.url);
const heap = freshHeap();
afterAll(() => heap.close());

describe("what emit allocates", () => {
  it("the document's traits: a walk of every value", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "traitsAllocated");
    expect(made).toBe(0);
    // 120 operations of about 60 values each: 207 KB before the cut, about 18 after.
    expect(bytes / 1024).toBeLessThan(80);
  });

  it("the types' copy where a discriminator maps: a walk of every value, a key list at none", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "mappedCopyAllocated");
    expect(made).toBe(120);
    // About 7,000 values walked, one schema and the two objects holding it copied: 920 KB before the cut (a key list at
    // each object), about 62 after.
    expect(bytes / 1024).toBeLessThan(300);
  });

  it("the surface's text hands a list that holds no object to JSON.stringify as it is, not a copy", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "surfaceListsAllocated");
    expect(made).toBeGreaterThan(100_000);
    // 200 lists of 60 numbers and 200 of 20 texts: 479 KB before the cut (a copy of each), about 342 after.
    expect(bytes / 1024).toBeLessThan(410);
  });

  it("a nested body's type is made as parts joined once, not a text joined at each level", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "nestedTypeAllocated");
    expect(made).toBeGreaterThan(40_000);
    // 20 bodies 24 levels deep (some 2.3 KB of text each): a level's text copied into each level above it, 2,410 KB
    // before the cut, about 930 after.
    expect(bytes / 1024).toBeLessThan(1600);
  });

  it("the parts' squeeze copies no part to measure its blanks", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "squeezeAllocated");
    expect(made).toBeGreaterThan(0);
    // Beyond the same parts with no blanks (the texts and joined blocks of both left out): 384 to 437 KB with a trimmed
    // copy of each part (the cut), 382 to 408 with a pattern made at each squeezed text, 256 to 280 with neither (five
    // runs each).
    expect(bytes / 1024).toBeLessThan(330);
  });

  it("the parts' squeeze makes no object a part beyond the blocks it hands on", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "squeezePartsAllocated");
    expect(made).toBe(208_891);
    // 20,000 parts of one line (209 K characters): 10,076 KB with two generator objects a part (squeezed a generator,
    // called for the text and the blanks before it), 1,640 KB with none.
    expect(bytes / 1024).toBeLessThan(4000);
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
