// Stand-ins for environment values a mock run lacks. The plain one,
// `mock-placeholder-NAME`, says what it is; but a parameter may only take
// values of a pattern (a key that starts `sk_test_`, a token of 24
// characters): then the stand-in is made from the pattern, with the word
// `placeholder` in it where the pattern leaves room, so that the run reaches
// the mock instead of stopping at validation.
//
// The generator reads the usual subset of a regular expression: literals and
// escapes, `.`, classes with ranges (negated too), `\d \w \s`, groups
// (the first alternative taken), quantifiers, anchors and look-arounds
// (skipped). It is checked against the pattern itself: a value it cannot make
// falls back to the plain stand-in, which validation then refuses by name.
// Hand-written (a hundred lines) where a random-string library would add a
// dependency to the runtime and could not put the label in.
import { compiled } from "../validate/validate-params.js";

export interface PlaceholderRules {
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

const LABEL = "placeholder";

/**
 * A clearly labelled stand-in for a missing environment value in mock runs, within the parameter's rules when it can
 * be.
 */
export function placeholderFor(name: string, spec: PlaceholderRules): string {
  if (spec.format === "base-url") return `https://placeholder-${name.toLowerCase().replace(/_/g, "-")}.invalid`;
  const plain = `mock-placeholder-${name}`;
  const candidates = [plain, ...(spec.pattern ? [fromPattern(spec.pattern)] : []), fitted(plain, spec)];
  return candidates.find((c): c is string => c !== undefined && fits(c, spec)) ?? plain;
}

function fits(value: string, spec: PlaceholderRules): boolean {
  const length = [...value].length;
  if (spec.minLength !== undefined && length < spec.minLength) return false;
  if (spec.maxLength !== undefined && length > spec.maxLength) return false;
  return !spec.pattern || compiled(spec.pattern).test(value);
}

/** The plain stand-in cut or padded to the parameter's length limits. */
function fitted(plain: string, spec: PlaceholderRules): string {
  const cut = spec.maxLength !== undefined ? plain.slice(0, spec.maxLength) : plain;
  return spec.minLength !== undefined && cut.length < spec.minLength
    ? cut + "x".repeat(spec.minLength - cut.length)
    : cut;
}

type CharTest = (c: string) => boolean;
type Node = { set: CharTest; min: number; max: number } | { group: Node[][]; min: number; max: number };

/**
 * A value the pattern matches, with the label in the first run of characters long enough to hold it; undefined if the
 * pattern is beyond the subset.
 */
export function fromPattern(pattern: string): string | undefined {
  try {
    const state = { label: true };
    return generate(new Parser(pattern).alternatives(), state);
  } catch {
    return undefined;
  }
}

// Letters first (lower, then upper), then digits: the plainest text a class allows.
const POOL = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~"];
const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i));

function generate(alternatives: Node[][], state: { label: boolean }): string {
  let out = "";
  for (const node of alternatives[0] ?? []) {
    if ("group" in node) {
      for (let i = 0; i < node.min; i++) out += generate(node.group, state);
      continue;
    }
    const filler = POOL.find(node.set) ?? PRINTABLE.find(node.set);
    if (filler === undefined) throw new Error("a class nothing printable matches");
    const label = [LABEL, LABEL.toUpperCase()].find((l) => [...l].every(node.set));
    if (state.label && label && node.max >= label.length) {
      state.label = false;
      out += label + filler.repeat(Math.max(0, node.min - label.length));
    } else out += filler.repeat(node.min);
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly source: string) {}

  alternatives(): Node[][] {
    const alternatives: Node[][] = [this.sequence()];
    while (this.source[this.i] === "|") {
      this.i++;
      alternatives.push(this.sequence());
    }
    return alternatives;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.i < this.source.length && this.source[this.i] !== "|" && this.source[this.i] !== ")") {
      const c = this.source.charAt(this.i++);
      if (c === "^" || c === "$") continue;
      let atom: Omit<Node, "min" | "max"> | undefined;
      if (c === "(") {
        const lookaround =
          this.source.startsWith("?=", this.i) ||
          this.source.startsWith("?!", this.i) ||
          this.source.startsWith("?<=", this.i) ||
          this.source.startsWith("?<!", this.i);
        if (this.source.startsWith("?:", this.i)) this.i += 2;
        else if (this.source.startsWith("?<", this.i) && !lookaround) this.i = this.source.indexOf(">", this.i) + 1;
        const group = this.alternatives();
        if (this.source[this.i++] !== ")") throw new Error("unclosed group");
        if (!lookaround) atom = { group };
      } else if (c === "[") atom = { set: this.charClass() };
      else if (c === "\\") atom = this.escape();
      else if (c === ".") atom = { set: (x: string) => x !== "\n" };
      else atom = { set: (x: string) => x === c };
      const [min, max] = this.quantifier();
      if (atom) nodes.push({ ...atom, min, max } as Node);
    }
    return nodes;
  }

  private quantifier(): [number, number] {
    const c = this.source[this.i];
    let range: [number, number] = [1, 1];
    if (c === "*") range = [0, Infinity];
    else if (c === "+") range = [1, Infinity];
    else if (c === "?") range = [0, 1];
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.i));
      if (!m) return range;
      this.i += m[0].length;
      const min = Number(m[1]);
      range = [min, m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity];
      if (this.source[this.i] === "?") this.i++;
      return range;
    } else return range;
    this.i++;
    if (this.source[this.i] === "?") this.i++;
    return range;
  }

  private escape(): Omit<Node, "min" | "max"> | undefined {
    const c = this.source.charAt(this.i++);
    const set = CLASS_ESCAPES[c];
    if (set) return { set };
    if (c === "b" || c === "B") return undefined;
    if (/[1-9]/.test(c)) throw new Error("a back-reference");
    return { set: (x: string) => x === c };
  }

  private charClass(): CharTest {
    const negated = this.source[this.i] === "^";
    if (negated) this.i++;
    const tests: CharTest[] = [];
    let first = true;
    while (this.i < this.source.length && (this.source[this.i] !== "]" || first)) {
      first = false;
      let c = this.source.charAt(this.i++);
      if (c === "\\") {
        const e = this.source.charAt(this.i++);
        const set = CLASS_ESCAPES[e];
        if (set) {
          tests.push(set);
          continue;
        }
        c = e;
      }
      if (this.source[this.i] === "-" && this.source[this.i + 1] !== "]" && this.i + 1 < this.source.length) {
        this.i++;
        let end = this.source.charAt(this.i++);
        if (end === "\\") end = this.source.charAt(this.i++);
        const [from, to] = [c.codePointAt(0) ?? 0, end.codePointAt(0) ?? 0];
        tests.push((x) => (x.codePointAt(0) ?? -1) >= from && (x.codePointAt(0) ?? -1) <= to);
      } else {
        const literal = c;
        tests.push((x) => x === literal);
      }
    }
    if (this.source[this.i++] !== "]") throw new Error("unclosed class");
    return negated ? (x) => !tests.some((t) => t(x)) : (x) => tests.some((t) => t(x));
  }
}

const CLASS_ESCAPES: Record<string, CharTest> = {
  d: (x) => /\d/.test(x),
  D: (x) => !/\d/.test(x),
  w: (x) => /\w/.test(x),
  W: (x) => !/\w/.test(x),
  s: (x) => /\s/.test(x),
  S: (x) => !/\s/.test(x),
};
