// Text values made from a string parameter's rules (pattern, length,
// format), for the derived contract suite, which needs a value of every
// parameter, and for the linker, which refuses a parameter no value can
// satisfy (a pattern that cannot meet its length bounds) at its place in
// the manifest rather than let `blockwright test` find out. Not every value
// made passes: the caller checks each as the runtime does.
import fc from "fast-check";
import type { ValueFormat } from "@blockwright/runtime/internal";
import { FORMAT_MAX_LENGTH, matchesFormat, patternTest } from "@blockwright/runtime/internal/generate";
import { drawablePattern, withoutUndrawableAssertions, withRepetitionsAtMost } from "./drawable-pattern.js";
import { lookaheadCandidates } from "./lookahead-draws.js";
import { patternArbitrary } from "./pattern-arbitrary.js";

export interface StringRules {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
  secret?: boolean;
}

/** A value of each format, short first (each passes the runtime's check of its format). */
const FORMAT_VALUES: Record<ValueFormat, string[]> = {
  "date-time": ["2024-05-01T12:00:00Z", "2024-05-01T12:00:00.123456789+05:30"],
  date: ["2024-05-01"],
  email: ["someone@example.com"],
  uri: ["https://example.com/page"],
  // Its hex digits upper-case too, as a pattern may ask (`[0-9A-F]{8}`): the format reads either.
  uuid: ["123e4567-e89b-42d3-a456-426614174000", "123E4567-E89B-42D3-A456-426614174000"],
  ipv4: ["192.0.2.1"],
  ipv6: ["2001:db8::1"],
  hostname: ["api.example.com"],
  "uri-reference": ["/page", "../items/1", "https://example.com/page"],
  regex: ["example", "^[a-z]+$", "^v\\d+$"],
};

/** A value of each format that is not of it (and no longer than the format's values). */
export const NOT_OF_FORMAT: Record<ValueFormat, string> = {
  "date-time": "2024-02-30T12:00:00Z",
  date: "2024-02-30",
  email: "someone.example.com",
  uri: "example.com/page",
  uuid: "123e4567-e89b-42d3-a456-42661417400g",
  ipv4: "192.0.2.256",
  ipv6: "2001:db8::g",
  hostname: "api_example.com",
  "uri-reference": "/a page",
  regex: "(",
};

/**
 * A value that is not of `format` and meets the length bounds beside it (a date-time of exactly 25 characters): the
 * rule a case breaks is the format, not a length it would break first. A value of the format as long as the bounds
 * allow, broken where its length stays (30 February, an address without its `@`, a URI without its scheme's colon);
 * NOT_OF_FORMAT's when it fits, or when no value of the format is that long.
 */
export function notOfFormat(format: ValueFormat, bounds: { minLength?: number; maxLength?: number } = {}): string {
  const plain = NOT_OF_FORMAT[format];
  const min = bounds.minLength ?? 0;
  const max = bounds.maxLength ?? Number.POSITIVE_INFINITY;
  if (plain.length >= min && plain.length <= max) return plain;
  const length = Math.min(Math.max(plain.length, min), max);
  const valid = ofFormatAndLength(format, length);
  const broken = valid === undefined ? undefined : BREAK_FORMAT[format](valid);
  return broken !== undefined && broken.length === valid?.length && !matchesFormat(format, broken) ? broken : plain;
}

/** A value of each format made not of it, its length kept. */
const BREAK_FORMAT: Record<ValueFormat, (valid: string) => string> = {
  "date-time": (v) => `2024-02-30${v.slice(10)}`,
  date: (v) => `2024-02-30${v.slice(10)}`,
  email: (v) => v.replace("@", "."),
  uri: (v) => v.replace(":", "/"),
  uuid: (v) => `${v.slice(0, -1)}g`,
  ipv4: (v) => `${v.slice(0, -1)}x`,
  ipv6: (v) => `${v.slice(0, -1)}g`,
  hostname: (v) => `${v.slice(0, -1)}_`,
  "uri-reference": (v) => `${v.slice(0, -1)} `,
  regex: (v) => `${v.slice(0, -1)}(`,
};

const made = new Map<string, string[]>();

/** Values made from the rules, best first (plain words fitted to the length, then the format's, then the pattern's). */
export function madeStrings(rules: StringRules): string[] {
  const key = JSON.stringify([rules.pattern, rules.minLength, rules.maxLength, rules.format, rules.secret]);
  let values = made.get(key);
  if (!values) made.set(key, (values = firstDistinct(make(rules), 200)));
  return values;
}

/**
 * The first `count` distinct values, drawing no more than it needs: the larger sizes of a pattern take seconds to draw
 * (strings of thousands of characters), and are seldom reached.
 */
function firstDistinct(values: Iterable<string>, count: number): string[] {
  const found = new Set<string>();
  for (const value of values) {
    found.add(value);
    if (found.size >= count) break;
  }
  return [...found];
}

/**
 * The first value made from the rules that `accepts` takes, drawing no more than it needs (the linker asks once per
 * parameter). Given the lengths every match of the pattern has, for a caller that needs a value, not the first:
 * plain words of the pattern's shortest length that the rules allow are tried before any draw. fast-check's first
 * draw of some patterns costs tens of milliseconds (`^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$`: an optional group of a
 * repeated class, 43 ms), where `examplexxxxxxxx` meets it.
 */
export function firstMadeString(
  rules: StringRules,
  accepts: (value: string) => boolean,
  patternLengths?: { min: number; max: number },
): string | undefined {
  if (patternLengths) {
    const length = Math.max(rules.minLength ?? 0, patternLengths.min, 1);
    const fitted =
      length <= Math.min(rules.maxLength ?? Infinity, patternLengths.max)
        ? stretch("example", length).find(accepts)
        : undefined;
    if (fitted !== undefined) return fitted;
  }
  for (const value of make(rules)) if (accepts(value)) return value;
  return undefined;
}

function* make(rules: StringRules): Generator<string> {
  const min = Math.max(rules.minLength ?? 1, rules.secret ? 8 : 1);
  const max = rules.maxLength ?? Math.max(min, 32);
  const format = formatOf(rules.format);
  if (format) {
    yield* FORMAT_VALUES[format];
    for (const n of [min, max]) {
      const value = ofFormatAndLength(format, n);
      if (value !== undefined) yield value;
    }
    return;
  }
  for (const s of ["example", "example-value-1"]) yield* stretch(s, Math.min(Math.max(s.length, min), max));
  if (rules.pattern) yield* patternValues(rules.pattern, min, max, rules.maxLength !== undefined);
}

/**
 * An address exactly `length` characters long: a local part of 64 at most (RFC 5321), then labels of 63 at most
 * before `example.com`.
 */
function emailOfLength(length: number): string {
  const tail = "example.com";
  let local = Math.min(64, length - tail.length - 1);
  let rest = length - local - 1 - tail.length;
  // One character left over can be no label of its own (a label and its dot are two): the local part gives one.
  if (rest === 1) {
    local -= 1;
    rest = 2;
  }
  const labels: string[] = [];
  while (rest > 0) {
    // Never one character left for the next label: this one is a character shorter then.
    const size = Math.min(63, rest - 1) - (rest - Math.min(63, rest - 1) - 1 === 1 ? 1 : 0);
    labels.push("x".repeat(size));
    rest -= size + 1;
  }
  return `${"x".repeat(local)}@${[...labels, tail].join(".")}`;
}

/** A value of `format` exactly `length` characters long, where the format has one. */
export function ofFormatAndLength(format: string, length: number): string | undefined {
  const f = formatOf(format);
  if (!f) return undefined;
  const fixed = FORMAT_VALUES[f].find((v) => v.length === length);
  if (fixed) return fixed;
  // Formats with a part of free length: the local part of an address, the path of a URI.
  if (f === "email" && length > "@example.com".length) return emailOfLength(length);
  // Shorter (a minLength of 6): one character before the @, a domain of two labels (x@xx.co).
  if (f === "email" && length >= "x@x.c".length)
    return `x@${"x".repeat(Math.max(1, length - 5))}.${length > 5 ? "co" : "c"}`;
  if (f === "uri" && length >= "https://example.com/".length)
    return `https://example.com/${"x".repeat(length - "https://example.com/".length)}`;
  // A date-time's fraction of a second is of any length: 2024-05-01T12:00:00.1…Z, or with an offset (25 characters).
  if (f === "date-time" && length === 25) return "2024-05-01T12:00:00+05:30";
  if (f === "date-time" && length >= 22) return `2024-05-01T12:00:00.${"1".repeat(length - 21)}Z`;
  if (f === "ipv4") return ipv4OfLength(length);
  if (f === "ipv6") return ipv6OfLength(length);
  if (f === "hostname") return hostnameOfLength(length);
  // Letters: a relative reference (a path of one segment) and a regular expression matching itself.
  if ((f === "uri-reference" || f === "regex") && length >= 1) return "x".repeat(length);
  return undefined;
}

/** Labels of one to 63 letters joined by dots, `length` characters in all (1 to 253). */
function hostnameOfLength(length: number): string | undefined {
  if (length < 1 || length > FORMAT_MAX_LENGTH.hostname) return undefined;
  const sizes: number[] = [];
  let left = length;
  for (; left > 0; left -= (sizes.at(-1) ?? 0) + 1) sizes.push(Math.min(63, left));
  // Room left for a dot and nothing after it: the last full label gives a letter to one more.
  if (left === 0) sizes.splice(-1, 1, 62, 1);
  return sizes.map((n) => "a".repeat(n)).join(".");
}

/** Four octets of one to three digits (1, 11, 111) joined, `length` characters in all (7 to 15). */
function ipv4OfLength(length: number): string | undefined {
  const digits = groupSizes(length - 3, 4, 1, 3);
  return digits?.map((n) => "1".repeat(n)).join(".");
}

/** An IPv6 address `length` characters long (2 to 45): groups after `::`, or six full groups and an IPv4 tail. */
function ipv6OfLength(length: number): string | undefined {
  if (length === 2) return "::";
  for (let groups = 1; groups <= 7; groups++) {
    const sizes = groupSizes(length - 2 - (groups - 1), groups, 1, 4);
    if (sizes) return `::${sizes.map((n) => "f".repeat(n)).join(":")}`;
  }
  for (let tail = 15; tail >= 7; tail--) {
    const sizes = groupSizes(length - tail - 6, 6, 1, 4);
    const v4 = ipv4OfLength(tail);
    if (sizes && v4) return `${sizes.map((n) => "f".repeat(n)).join(":")}:${v4}`;
  }
  return undefined;
}

/** `count` sizes from `min` to `max` that add up to `total`, the larger first; none when they cannot. */
function groupSizes(total: number, count: number, min: number, max: number): number[] | undefined {
  if (total < count * min || total > count * max) return undefined;
  const sizes: number[] = [];
  let left = total;
  for (let i = count; i > 0; i--) {
    const size = Math.min(max, left - (i - 1) * min);
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

function formatOf(format: string | undefined): ValueFormat | undefined {
  return format !== undefined && Object.hasOwn(FORMAT_VALUES, format) ? (format as ValueFormat) : undefined;
}

const SIZES = ["xsmall", "small", "medium", "large", "xlarge"] as const;
/**
 * The sizes at which fast-check repeats up to 1,000 and 10,000 times: drawn with no repetition longer than a stated
 * maxLength lets a value be (withRepetitionsAtMost). A host name's `(…{0,62}…\.)+` drew strings of up to 360,000
 * characters there, 9 s of CPU, only to cut each back to 64. The smaller sizes draw as they did: the same values.
 */
const CAPPED_SIZES = new Set<(typeof SIZES)[number]>(["large", "xlarge"]);

/**
 * Values the pattern matches, drawn by fast-check size by size (smallest
 * first), within `min` to `max` characters or else stretched or cut to them
 * (`^[a-z]+$` fits any length); within a size, the closest to a dozen
 * characters first. Where no maxLength states `max` (`stated` false), it is
 * only the plain words' length, raised to the shortest draw's: a pattern whose
 * every match is longer (`^id:[a-f0-9]{32}$`, 35) keeps its draws whole, where
 * cutting them to 32 left none that matched.
 */
function* patternValues(pattern: string, min: number, max: number, stated: boolean): Generator<string> {
  for (const size of SIZES) {
    const drawn = patternDraws(pattern, size, stated ? max : undefined);
    // A construct fast-check does not draw from (a lookaround): only the plain values are tried.
    if (!drawn) return;
    const bound = stated || !drawn.length ? max : Math.max(max, Math.min(...drawn.map((s) => [...s].length)));
    const fitted = drawn.flatMap((s) => {
      const n = [...s].length;
      return n >= min && n <= bound ? [s] : stretch(s, n < min ? min : bound);
    });
    yield* [...new Set(fitted)].sort((a, b) => Math.abs([...a].length - 12) - Math.abs([...b].length - 12));
  }
}

/**
 * The draws of a pattern at a size, kept for the process: they depend on
 * nothing else (a fixed seed), and a parameter's values are asked for many
 * lengths (the limit cases) and by both the linker and the suite, each of
 * which drew them again (most of `test --list`'s time on the repository).
 */
const draws = new Map<string, string[] | undefined>();

/** fast-check's draws of the pattern at `size`, none longer than `maxLength` allows at the CAPPED_SIZES. */
export function patternDraws(
  pattern: string,
  size: (typeof SIZES)[number],
  maxLength: number | undefined,
): string[] | undefined {
  const most = CAPPED_SIZES.has(size) ? maxLength : undefined;
  const key = `${size}\0${most}\0${pattern}`;
  if (draws.has(key)) return draws.get(key);
  let drawn: string[] | undefined;
  try {
    drawn = fc
      .sample(patternArbitrary(drawable(pattern, most), size), { seed: 7, numRuns: 40 })
      .filter((s) => s.trim() !== "");
  } catch {
    drawn = drawnLooser(pattern, size, most);
  }
  draws.set(key, drawn);
  return drawn;
}

/**
 * The pattern as drawn: star height two written out (drawablePattern), and where a maxLength states `most`, no
 * repetition drawn longer than it could be within it (withRepetitionsAtMost: what a larger size drew past it was only
 * cut back to it).
 */
function drawable(pattern: string, most: number | undefined): RegExp {
  const written = drawablePattern(pattern);
  return new RegExp(most === undefined ? written : withRepetitionsAtMost(written, most), "u");
}

/**
 * Draws of the pattern without the assertions fast-check cannot draw that the pattern itself accepts; where none is,
 * texts its lookaheads say a value holds (lookahead-draws.ts) that it accepts.
 */
function drawnLooser(pattern: string, size: (typeof SIZES)[number], most: number | undefined): string[] | undefined {
  const looser = withoutUndrawableAssertions(pattern);
  if (looser === undefined) return undefined;
  try {
    const whole = patternTest(pattern);
    const accepted = (texts: string[]) => texts.filter((s) => s.trim() !== "" && whole.test(s));
    const drawn = accepted(fc.sample(patternArbitrary(drawable(looser, most), size), { seed: 7, numRuns: 80 }));
    if (drawn.length) return drawn;
    const part = (p: string) => looseDraws(withoutUndrawableAssertions(p) ?? p, size, most, 40);
    return [...new Set(accepted(lookaheadCandidates(pattern, part)))];
  } catch {
    return undefined;
  }
}

/** fast-check's draws of a pattern holding no lookaround; none where it does not compile or draw. */
function looseDraws(pattern: string, size: (typeof SIZES)[number], most: number | undefined, runs: number): string[] {
  try {
    return fc.sample(patternArbitrary(drawable(pattern, most), size), { seed: 7, numRuns: runs });
  } catch {
    return [];
  }
}

/** `seed` made exactly `length` characters long in a few ways (its own characters first). */
export function stretch(seed: string, length: number): string[] {
  const chars = [...seed];
  if (chars.length === 0) return ["x".repeat(length)];
  if (chars.length >= length) return [chars.slice(0, length).join(""), chars.slice(chars.length - length).join("")];
  const missing = length - chars.length;
  const last = chars[chars.length - 1] ?? "x";
  const first = chars[0] ?? "x";
  // Plain letters first: a value at a length limit should not also test how much room encoding takes.
  return [seed + "x".repeat(missing), seed + last.repeat(missing), first.repeat(missing) + seed, "x".repeat(length)];
}

/**
 * Each seed made `length` characters long (stretch), then, for a pattern that fixes how a value starts and ends
 * (`^kms://…:[0-9]{1,5}/kms$`, which no padding at either end meets), the first seed with one of its characters
 * repeated, or a run of them cut, where it stands; then a part of a seed repeated (withGroupRepeated).
 */
export function* stretchings(seeds: readonly string[], length: number, inside: boolean): Generator<string> {
  for (const seed of seeds) yield* stretch(seed, length);
  const chars = [...(seeds[0] ?? "")];
  const change = length - chars.length;
  if (!inside || chars.length === 0 || change === 0) return;
  for (let i = 0; i < chars.length; i++) {
    // Within a run of one character, each place gives the same text.
    if (i > 0 && chars[i] === chars[i - 1]) continue;
    if (change > 0) yield [...chars.slice(0, i), ...Array(change).fill(chars[i]), ...chars.slice(i)].join("");
    else if (i - change <= chars.length) yield [...chars.slice(0, i), ...chars.slice(i - change)].join("");
  }
  // The first two seeds with a delimiter (the example, a value drawn from the pattern).
  const grouped = seeds.filter((seed) => /[^\p{L}\p{N}]/u.test(seed) && [...seed].length < length).slice(0, 2);
  for (const seed of grouped) yield* withGroupRepeated([...seed], length);
}

/**
 * A pattern of a repeated group whose parts are each bounded (`((?!-)[a-z0-9-]{0,62}[a-z0-9]\.)+…`: a domain's
 * labels of at most 63 characters, up to 253 in all), which no run of one repeated character meets: `chars` with one
 * of its parts ending at a delimiter (`example.`) repeated where it stands, the rest made up by one character repeated
 * at each place in turn.
 */
function* withGroupRepeated(chars: readonly string[], length: number): Generator<string> {
  let from = 0;
  for (let end = 0; end < chars.length; end++) {
    if (/[\p{L}\p{N}]/u.test(chars[end] ?? "")) continue;
    const unit = chars.slice(from, end + 1);
    from = end + 1;
    const copies = Math.floor((length - chars.length) / unit.length);
    if (unit.length < 2 || copies === 0) continue;
    const grown = [
      ...chars.slice(0, end + 1),
      ...Array.from({ length: copies }, () => unit).flat(),
      ...chars.slice(end + 1),
    ];
    const rest = length - grown.length;
    if (rest === 0) {
      yield grown.join("");
      continue;
    }
    // The rest at each place of the seed (the copies add no place of their own): as many tries as the seed is long,
    // however long the value.
    for (let i = 0; i < chars.length; i++) {
      if (i > 0 && chars[i] === chars[i - 1]) continue;
      const at = i <= end ? i : i + copies * unit.length;
      yield [...grown.slice(0, at), ...Array(rest).fill(grown[at]), ...grown.slice(at)].join("");
    }
  }
}

/** Simple regular expressions every reading compiles (ECMA-262 with or without `u`, PCRE, Python, RE2). */
const SIMPLE_PATTERNS = ["^example$", "example", "^[a-z]+$", "^[a-z0-9-]+\\.example\\.com$", "^v\\d+$", "a|b"];

/**
 * Text of `format: regex` (a regular expression), which a manifest cannot state and validators and mocks check
 * (ajv-formats compiles it as ECMA-262 with the `u` flag; Prism refused the suite's free text `( `): a simple
 * pattern, or letters and digits, which every reading takes as themselves. `min`/`max`: the text's length bounds.
 */
export function regexTexts(min: number, max: number): fc.Arbitrary<string> {
  const unit = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
  const plain = fc.string({ unit, minLength: min, maxLength: Math.max(min, max) });
  const patterns = SIMPLE_PATTERNS.filter((p) => p.length >= min && p.length <= max);
  return patterns.length ? fc.oneof(fc.constantFrom(...patterns), plain) : plain;
}
