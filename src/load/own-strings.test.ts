// A large text's parsed values hold no copy of the text (own-strings.ts): js-yaml cuts each value out of its copy of
// the whole text, so one value kept (a name the link's IR takes) held all of it.
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { freshHeap } from "../../test-support/heap/fresh-heap.js";
import type { oneValueKept } from "../../test-support/heap/held-texts.js";
import { ownStrings } from "../common/own-strings.js";

// The text is read in a thread of its own (test-support/heap/fresh-heap.ts): the full collections there mark a small
// heap.
const heap = freshHeap();
afterAll(() => heap.close());
const MiB = 1024 * 1024;

describe("a large text's parsed values", () => {
  it("hold no copy of the text: one value kept, the text can go", async () => {
    const { kept, held } = await heap.call<ReturnType<typeof oneValueKept>>(
      new URL("../../test-support/heap/held-texts.ts", import.meta.url),
      "oneValueKept",
    );
    // The text as a two-byte string is 18 MiB; js-yaml's copy of it as large.
    expect(kept).toBe("operation number 7");
    expect(held).toBeLessThan(4 * MiB);
  });

  it("are the values js-yaml read, each string made its own", () => {
    const text = [
      "a: a text of more than thirteen characters",
      "short: x",
      "n: 12",
      "list: [one item of some length, [nested list item of length], {k: a value inside a map in a list}]",
      "deep: {x: {y: {z: the deepest value of them all here}}}",
      "'__proto__': a key that is the prototype's name",
      "unicode: 'ünïcødé ✓ text past thirteen characters'",
      "none: null",
    ].join("\n");
    const data = jsyaml.load(text);
    const expected = structuredClone(data);
    ownStrings(data);
    expect(data).toEqual(expected);
    ownStrings("a string alone");
    ownStrings(null);
  });
});
