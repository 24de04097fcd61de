// Outside text on a line of output: a JSON line keeps every character a
// terminal or a log reader would act on escaped, and stays the same JSON.
import { describe, expect, it } from "vitest";
import { jsonLine, lineText, logSafe } from "./github-actions.js";

describe("outside text on one line", () => {
  it("escapes line breaks and controls in a text line", () => {
    expect(lineText("evt\u001b[2J\nforged\u202e")).toBe("evt\\u001b[2J\\nforged\\u202e");
  });

  it(
    "escapes in a JSON line what JSON.stringify leaves (C1 controls, line separators, bidi overrides), " +
      "and it reads back the same",
    () => {
      const value = { event: "evt-\u0085\u2028\u2029\u202e\u2066-\u001b\n" };
      const line = jsonLine(value);
      expect(line).toBe('{"event":"evt-\\u0085\\u2028\\u2029\\u202e\\u2066-\\u001b\\n"}');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(JSON.parse(line)).toEqual(value);
    },
  );
});

describe("a whole report as a terminal and a CI log show it", () => {
  it("keeps its line breaks and tabs, and writes every other control character and direction override escaped", () => {
    const report = "zq: 1 change\n\tzqfield \u001b[2J\u001b]0;zqtitle\u0007 \rzqover \u009b31m \u202ezqrtl\u2066\n";
    expect(logSafe(report)).toBe(
      "zq: 1 change\n\tzqfield \\u001b[2J\\u001b]0;zqtitle\\u0007 \\rzqover \\u009b31m \\u202ezqrtl\\u2066\n",
    );
    expect(logSafe("zq: nothing to escape\n")).toBe("zq: nothing to escape\n");
  });
});
