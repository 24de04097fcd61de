// surface.json's text (emit-surface.ts surfaceParts): a line for each top-level entry, each tool's entry, each
// parameter, output and platform entry of a parameter, and each field of a named shape, each value on its line
// JSON.stringify's without a gap (not laid out by a replace of every line break in a text: a second pass over and copy
// of the whole surface, GitHub's whole document's 4.8 MB of tools, 60 to 100 ms cold). surface-parts.test.ts holds
// that the data is the sorted copy's, drawn values too.
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatSurface } from "./emit-surface.js";
import type { Surface } from "../model/surface-format.js";

afterEach(() => vi.restoreAllMocks());

/** A surface whose values span many lines at each depth, with line breaks and separators inside its texts. */
function zqSurface(tools: number): Surface {
  const made: Record<string, unknown> = {};
  for (let i = 0; i < tools; i++)
    made[`zq_tool_${i}`] = {
      title: `Zq tool ${i}\nsecond line \u2028 "quoted"`,
      params: { zqB: { type: "string", enum: ["a\nb", "c"] }, zqA: { type: "number", limits: { minimum: i } } },
      outputs: { body: { shape: { type: "array", items: { properties: { zqId: { type: "string" } } } } } },
      errors: [400, 500],
      rules: [],
    };
  return {
    "//": "zq header\nwith a line break",
    provider: "zqwrapped",
    tools: made,
    shapes: { ZqShape: { type: "object", properties: { zqName: { type: "string", enum: ["x", "y"] } } } },
    concepts: ["b", "a"],
  } as unknown as Surface;
}

describe("surface.json's text", () => {
  it("writes an entry a line, so that a change of one field is a change of one line", () => {
    const text = formatSurface(zqSurface(3));
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["//", "concepts", "provider", "shapes", "tools"]);
    expect(Object.keys((parsed.tools as Record<string, Record<string, unknown>>).zq_tool_1?.params ?? {})).toEqual([
      "zqB",
      "zqA",
    ]);
    const lines = text.split("\n");
    const line = (start: string) => lines.filter((l) => l.startsWith(start));
    expect(line('  "concepts": ')).toEqual(['  "concepts": ["b","a"],']);
    expect(line('        "zqA": ')).toEqual(
      Array.from({ length: 3 }, (_, i) => `        "zqA": {"limits":{"minimum":${i}},"type":"number"}`),
    );
    expect(line('        "body": ')).toHaveLength(3);
    expect(line('      "rules": ')).toEqual(Array(3).fill('      "rules": [],'));
    expect(line('        "zqName": ')).toEqual(['        "zqName": {"enum":["x","y"],"type":"string"}']);
    // One field changed: one line of the text.
    const changed = zqSurface(3);
    (changed.tools.zq_tool_1!.params.zqA as unknown as { limits: { minimum: number } }).limits.minimum = 7;
    const after = formatSurface(changed).split("\n");
    const moved = after.filter((l, i) => l !== lines[i]);
    expect(moved).toEqual(['        "zqA": {"limits":{"minimum":7},"type":"number"}']);
  });

  it("replaces no line break in a value's text to indent it", () => {
    const replace = vi.spyOn(String.prototype, "replace");
    const replaceAll = vi.spyOn(String.prototype, "replaceAll");
    const split = vi.spyOn(String.prototype, "split");
    formatSurface(zqSurface(50));
    expect(replace).not.toHaveBeenCalled();
    expect(replaceAll).not.toHaveBeenCalled();
    expect(split).not.toHaveBeenCalled();
  });
});
