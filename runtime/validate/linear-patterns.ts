// Patterns run on a linear-time engine: a part of the support (call/support.ts `patterns`) a package gets when one of
// its patterns may make JavaScript's backtracking engine take exponential time (backtracking.ts). RE2's algorithm,
// from re2js (a maintained pure-JavaScript port: no native addon to build, bundles for browsers and edge runtimes),
// rather than a hand-written matcher. The pattern is read with JavaScript's `u` meaning: where RE2's syntax says
// another thing (`.`, `\s`, `\uXXXX`, a named group), it is spelled out first; a pattern RE2 cannot run (a
// lookaround, a back reference) stays JavaScript's.
import { RE2JS } from "re2js";
import { backtracks } from "./backtracking.js";
import type { LinearPatterns, PatternTest } from "./value-checks.js";

// JavaScript's `\s` in `u` mode: the ASCII spaces with \v, the BOM, and Unicode's space separators and line and
// paragraph separators. RE2's `\s` is ASCII's alone, without \v.
const SPACES = "\\t\\n\\x0B\\f\\r\\x{FEFF}\\p{Zs}\\x{2028}\\x{2029}";
// JavaScript's `.` without the `s` flag: any code point but a line terminator (RE2's leaves out \n alone).
const ANY_BUT_LINE_END = "[^\\n\\r\\x{2028}\\x{2029}]";

/** `\uXXXX` (a surrogate pair joined) or `\u{X…}` at `i`, as RE2's `\x{…}`, and where it ends. */
function unicodeEscape(pattern: string, i: number): [string, number] | undefined {
  const braced = /^\\u\{([0-9a-fA-F]+)\}/.exec(pattern.slice(i));
  if (braced) return [`\\x{${braced[1]}}`, i + braced[0].length];
  const pair = /^\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})/i.exec(pattern.slice(i));
  if (pair) {
    const point = String.fromCharCode(Number.parseInt(pair[1] as string, 16), Number.parseInt(pair[2] as string, 16));
    return [`\\x{${(point.codePointAt(0) as number).toString(16)}}`, i + 12];
  }
  const single = /^\\u([0-9a-fA-F]{4})/.exec(pattern.slice(i));
  return single ? [`\\x{${single[1]}}`, i + 6] : undefined;
}

/** The pattern in RE2 syntax with JavaScript's meaning, or undefined where that cannot be said (`\S` in a class). */
export function re2Spelling(pattern: string): string | undefined {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i] as string;
    if (c === "\\") {
      const unicode = unicodeEscape(pattern, i);
      if (unicode) {
        out += unicode[0];
        i = unicode[1];
        continue;
      }
      const next = pattern[i + 1] ?? "";
      if (next === "s") out += inClass ? SPACES : `[${SPACES}]`;
      else if (next === "S") {
        if (inClass) return undefined;
        out += `[^${SPACES}]`;
      } else out += c + next;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
      // A `]` first in a class is a character in RE2 and ends an empty class in JavaScript (`[]`, `[^]`).
      if (pattern[i + 1] === "]" || (pattern[i + 1] === "^" && pattern[i + 2] === "]")) return undefined;
    } else if (c === ".") out += ANY_BUT_LINE_END;
    else if (c === "(" && /^\(\?<[A-Za-z_$]/.test(pattern.slice(i))) {
      out += "(?P<";
      i += 3;
      continue;
    } else out += c;
    i++;
  }
  return out;
}

const compiledPatterns = new Map<string, PatternTest | undefined>();

/**
 * A pattern compiled for RE2's linear-time engine, with JavaScript's `u` meaning; undefined where RE2 cannot run it
 * (a lookaround, a back reference: re2Spelling says why it stops).
 */
function compileLinear(pattern: string): PatternTest | undefined {
  if (compiledPatterns.has(pattern)) return compiledPatterns.get(pattern);
  const spelled = re2Spelling(pattern);
  let made: PatternTest | undefined;
  if (spelled !== undefined) {
    try {
      const re = RE2JS.compile(spelled);
      made = { test: (text) => re.test(text) };
    } catch {
      made = undefined;
    }
  }
  compiledPatterns.set(pattern, made);
  return made;
}

/** The support part: patterns that backtrack, run in time linear in the value's length. */
export const linearPatterns: LinearPatterns = { compile: compileLinear };

/**
 * A pattern as the generator and the contract suite test a document's values against it (its examples, drawn values):
 * on the linear-time engine where JavaScript's may backtrack exponentially and RE2 can run it, else JavaScript's.
 * Throws as `new RegExp` does on a pattern JavaScript refuses.
 */
export function patternTest(pattern: string): PatternTest {
  const native = new RegExp(pattern, "u");
  return (backtracks(pattern) && compileLinear(pattern)) || native;
}
