// A large text's parsed values hold no copy of the text (own-strings.ts): js-yaml cuts each value out of its copy of
// the whole text, so one value kept (a name the link's IR takes) held all of it.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import jsyaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { INPUT_LIMITS } from "./input-file.js";
import { ownStrings } from "../common/own-strings.js";
import { parseYamlSource } from "./yaml-source.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const MiB = 1024 * 1024;

/** The heap in use after two full collections. */
function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A YAML text of about `chars` characters (two-byte: `✓`), its values long enough to be cut as views. */
function largeText(chars: number): string {
  const lines = ["items:"];
  const description = "✓ a description long enough to be cut out of the text as a view of it ".repeat(6);
  for (let i = 0, n = 0; n < chars; i++, n += description.length + 40)
    lines.push(`  - name: operation number ${i}`, `    description: "${description}${i}"`);
  return lines.join("\n");
}

describe("a large text's parsed values", () => {
  it("hold no copy of the text: one value kept, the text can go", () => {
    const before = heapUsed();
    let kept: string | undefined;
    (() => {
      const text = largeText(9 * MiB);
      const source = parseYamlSource<{ items: { name: string }[] }>(text, "zq-large.yaml", INPUT_LIMITS.document);
      kept = source.data.items[7]?.name;
    })();
    // The text as a two-byte string is 18 MiB; js-yaml's copy of it as large.
    expect(kept).toBe("operation number 7");
    expect(heapUsed() - before).toBeLessThan(4 * MiB);
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
