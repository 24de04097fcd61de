// The README's text helpers (markdown-text.ts, code-text.ts's oneLine) on text that needs nothing done: a title, a
// description or a code span already on one line, without a bar, a backtick or markup, is given back as it is, with no
// replace (a whole published API's README calls them some 100,000 times, and each replace built a new string at every
// space). Drawn texts give what the helpers gave before (each with its replace), byte for byte.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { oneLine } from "./code-text.js";
import { cell, codeSpan, markdownText } from "./markdown-text.js";

afterEach(() => vi.restoreAllMocks());

/** The helpers as they were, each its replace whatever the text. */
const before = {
  oneLine: (text: string) => text.replace(/\s+/g, " ").trim(),
  codeSpan(text: string) {
    const line = before.oneLine(text);
    const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
    const fence = "`".repeat(longest + 1);
    const pad = line.startsWith("`") || line.endsWith("`") ? " " : "";
    return `${fence}${pad}${line}${pad}${fence}`;
  },
  markdownText(text: string) {
    const line = before.oneLine(text);
    const runs = [...line.matchAll(/`+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    const escaped = (t: string) => t.replace(/[\\<[\]`]/g, (c) => (c === "<" ? "&lt;" : `\\${c}`));
    let out = "";
    let at = 0;
    for (let i = 0; i < runs.length; i++) {
      const open = runs[i] as { start: number; end: number };
      const close = runs.findIndex((r, j) => j > i && r.end - r.start === open.end - open.start);
      if (close < 0) continue;
      const end = (runs[close] as { end: number }).end;
      out += escaped(line.slice(at, open.start)) + line.slice(open.start, end);
      at = end;
      i = close;
    }
    out += escaped(line.slice(at));
    return out.replace(/^(?:[#>+\-*=|~]|\d+(?=[.)]))/, (m) => (/^\d/.test(m) ? `${m}\\` : `\\${m}`));
  },
  cell: (markdown: string) =>
    before
      .oneLine(markdown)
      .replace(/(\\*)\|/g, (bar, backslashes: string) => (backslashes.length % 2 ? bar : `${backslashes}\\|`)),
};

/** Texts of the characters the helpers read: blanks of every kind, bars, backticks, markup, a letter or two. */
const zqText = fc
  .array(
    fc.constantFrom(" ", "  ", "\n", "\r\n", "\t", "\u00a0", "\u2028", "\u2029", "\u3000", "|", "\\", "`", "``", "<"),
    { maxLength: 4 },
  )
  .chain((marks) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(...(marks.length ? marks : [" "])),
          fc.constantFrom("zq", "a", "[", "]", "#", "1.", "-"),
        ),
        {
          maxLength: 12,
        },
      )
      .map((parts) => parts.join("")),
  );

describe("the README's text helpers", () => {
  it("give what they gave before, on drawn texts", () => {
    fc.assert(
      fc.property(zqText, (text) => {
        expect(oneLine(text)).toBe(before.oneLine(text));
        expect(codeSpan(text)).toBe(before.codeSpan(text));
        expect(cell(text)).toBe(before.cell(text));
        expect(markdownText(text)).toBe(before.markdownText(text));
        expect(cell(markdownText(text))).toBe(before.cell(before.markdownText(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it("run no replace on text that needs nothing done", () => {
    const replace = vi.spyOn(String.prototype, "replace");
    const plain = "List zq runs for a repository";
    expect(oneLine(plain)).toBe(plain);
    expect(codeSpan("GET /zq/{owner}/runs")).toBe("`GET /zq/{owner}/runs`");
    expect(cell(codeSpan("zq_id"))).toBe("`zq_id`");
    expect(cell(markdownText(plain))).toBe(plain);
    expect(replace).not.toHaveBeenCalled();
  });

  it("still put every blank, bar and markup character as before", () => {
    expect(oneLine(" zq\u2028\tlist\u00a0 runs ")).toBe("zq list runs");
    expect(cell("zq | a \\| b")).toBe("zq \\| a \\| b");
    expect(markdownText("zq <b> [x]")).toBe("zq &lt;b> \\[x\\]");
    expect(codeSpan("a `b` c")).toBe("``a `b` c``");
  });
});
