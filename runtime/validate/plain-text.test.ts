// A string's check passes plain text (printable ASCII, no space at either end) by one test (string-check.ts): every
// other value still gets each characters' rule in its order, and bounds count characters. Drawn values near that
// line (a space or tab at an end, a control character, Latin-1, a character past it, an astral one, half a surrogate
// pair) are checked against the rules as stated here, one by one.
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

const token: ParamCall = { name: "zqToken", type: "string", required: false, secret: true, wire: { in: "auth" } };
const head: ParamCall = {
  name: "zqHead",
  type: "string",
  required: false,
  secret: false,
  wire: { in: "header", name: "X-Zq" },
  minLength: 2,
  maxLength: 6,
};
const query: ParamCall = {
  name: "zqQuery",
  type: "string",
  required: false,
  secret: false,
  wire: { in: "query", name: "q" },
  minLength: 2,
  maxLength: 6,
};
const toolOf = (auth: object) =>
  ({
    id: "zq_plain",
    provider: "zq",
    auth,
    params: [token, head, query],
    rules: [],
    routes: [],
  }) as unknown as ToolCall;
// A bearer token goes as its own text (ASCII); a query key percent-encoded (any text but control characters).
const bearer = toolOf({ type: "bearer", param: "zqToken" });
const queryKey = toolOf({ type: "query", name: "key", param: "zqToken" });

const ALPHABET = ["a", "Z", "~", "!", " ", "\t", "\u007f", "\u001f", "\n", "é", "\u0100", "😀", "\ud800"];

/** What each rule makes of a value, in the check's order, as the rules are stated (string-check.ts). */
function expected(tool: ToolCall, spec: ParamCall, s: string): string {
  const characters = [...s].length;
  const asText = spec.wire.in === "auth" && tool === bearer;
  if (spec.secret && characters < 8) return "minLength";
  if (!s.isWellFormed()) return "well-formed";
  if (asText && /[^\t\u0020-\u007e]/.test(s)) return "ascii";
  const unsafe =
    spec.wire.in === "auth" && !asText
      ? // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
        /[\u0000-\u001f\u007f]/
      : // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
        /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/;
  if ((spec.secret || spec.wire.in === "header") && unsafe.test(s)) return "unsafe";
  if ((spec.wire.in === "header" || spec.wire.in === "auth") && /^[ \t]|[ \t]$/.test(s)) return "trim";
  if (spec.minLength !== undefined && characters < spec.minLength) return "minLength";
  if (spec.maxLength !== undefined && characters > spec.maxLength) return "maxLength";
  return "ok";
}

/** The check's verdict on the value, told as `expected` tells it. */
function verdict(tool: ToolCall, spec: ParamCall, s: string): string {
  const checked = validateParams(tool, { [spec.name]: s });
  if (checked.ok) return "ok";
  const [issue] = checked.issues;
  const message = issue?.message ?? "";
  if (issue?.rule !== "characters") return issue?.rule ?? "";
  if (message.includes("well-formed")) return "well-formed";
  if (message.includes("must be ASCII")) return "ascii";
  if (message.includes("space or tab")) return "trim";
  return "unsafe";
}

/** A drawn text of up to 10 of the alphabet's characters (a seeded generator: the same draws each run). */
function draws(count: number): string[] {
  let seed = 20261129;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(10) }, () => ALPHABET[next(ALPHABET.length)]).join(""),
  );
}

describe("plain text passed by one test, every other value by each rule", () => {
  it("gives drawn values the rules' verdicts, plain or not, in either order", () => {
    const values = draws(3000).filter((s) => s.trim() !== "");
    // Plain values among them, and those just past the line.
    values.push(
      "zqtoken1",
      "zqtoken",
      "a b",
      "zqto\tken1",
      " ab",
      "ab ",
      "ab\t",
      "\tab",
      "ab\u007f",
      "abé",
      "a😀",
      "zqtoken😀",
    );
    for (const order of [values, [...values].reverse()]) {
      for (const s of order)
        for (const tool of [bearer, queryKey])
          for (const spec of tool.params)
            expect([tool.auth.type, spec.name, s, verdict(tool, spec, s)]).toEqual([
              tool.auth.type,
              spec.name,
              s,
              expected(tool, spec, s),
            ]);
    }
  });
});
