// surface.json's text (emit-surface.ts surfaceParts): each value is laid out at its depth by JSON.stringify inside
// one-key wrappers, cut out of their text, not by a replace of every line break in its own text (a second pass over
// and copy of the whole surface: GitHub's whole document's 4.8 MB of tools, 60 to 100 ms cold). The text is the one
// JSON.stringify gives the whole surface's sorted copy (surface-parts.test.ts holds that for drawn values too).
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
  it("is JSON.stringify's layout of the sorted surface, each line at its depth", () => {
    const text = formatSurface(zqSurface(3));
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(text).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
    expect(Object.keys(parsed)).toEqual(["//", "concepts", "provider", "shapes", "tools"]);
    expect(Object.keys((parsed.tools as Record<string, Record<string, unknown>>).zq_tool_1?.params ?? {})).toEqual([
      "zqB",
      "zqA",
    ]);
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
