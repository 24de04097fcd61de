// Data written as a JavaScript literal in a package's index.js: its tools, block and shared values, laid out as
// JSON.stringify(value, null, 2) lays out JSON, a nested value equal to a shared one written as its name.
import { codeLiteral, escapeInvisibles } from "./code-text.js";

/**
 * A TypeScript literal of plain data, laid out like JSON.stringify(value,
 * null, 2); a nested value equal to one of `names` is written as that name.
 */
export function literal(value: unknown, names?: SharedNames, indent = ""): string {
  const out: string[] = [];
  writeLiteral(out, value, names, indent);
  return out.join("");
}

/**
 * literal's text as parts pushed onto `out`, joined once: joined at each level of nesting, a deep value's text was
 * copied once per level (a package's tools, about a third of its emit).
 */
function writeLiteral(out: string[], value: unknown, names: SharedNames | undefined, indent: string): void {
  if (value !== null && typeof value === "object") {
    const found = names ? names.lookup(value, !indent) : null;
    if (typeof found === "string") {
      out.push(found);
      return;
    }
    // No named value in it: JSON.stringify's own layout is this one, at a fraction of the walk's cost and garbage (the
    // walk below was a third of a package's entry).
    const whole = found === null ? plainLiteral(value, indent) : undefined;
    if (whole !== undefined) {
      out.push(whole);
      return;
    }
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) out.push("[]");
    else {
      for (let i = 0; i < value.length; i++) {
        out.push(i ? ",\n" : "[\n", inner);
        writeLiteral(out, value[i], names, inner);
      }
      out.push("\n", indent, "]");
    }
    return;
  }
  if (value !== null && typeof value === "object") {
    let empty = true;
    const record = value as Record<string, unknown>;
    // `for…in`: Object.entries made an array of pairs and an iterator's results at each object.
    for (const k in record) {
      const v = record[k];
      if (v === undefined || !Object.hasOwn(record, k)) continue;
      // `"__proto__": v` in an object literal sets the prototype; a computed key defines the property, as the data has
      // it.
      out.push(empty ? "{\n" : ",\n", inner, k === "__proto__" ? `[${codeLiteral(k)}]` : codeLiteral(k), ": ");
      empty = false;
      writeLiteral(out, v, names, inner);
    }
    out.push(empty ? "{}" : `\n${indent}}`);
    return;
  }
  out.push(codeLiteral(value));
}

/**
 * writeLiteral's text of JSON data `value` that holds no named value, by JSON.stringify: the same keys in the same
 * order, `undefined` members left out, each line after the first indented by `indent`. Undefined when a key is
 * `__proto__`, which the walk writes as a computed key (in an object literal, `"__proto__": v` sets the prototype).
 */
function plainLiteral(value: object, indent: string): string | undefined {
  const depth = indent.length / 2;
  // Indented by its nesting: the value inside `depth` one-key objects, cut out of their text (a JSON text has no raw
  // line break but between its members, so this is each line break followed by `indent`). A replace of each line
  // break copied the text again (a whole published API's tools: a third of this function).
  let wrapped: unknown = value;
  const even = Number.isInteger(depth) && indent === "  ".repeat(depth);
  if (even) for (let d = 0; d < depth; d++) wrapped = { "": wrapped };
  const whole = JSON.stringify(wrapped, null, 2);
  const [head, tail] = even ? wrapperCut(depth) : [0, 0];
  const text = whole.slice(head, whole.length - tail);
  if (text.includes('"__proto__"')) return undefined;
  return escapeInvisibles(even || !indent ? text : text.replaceAll("\n", `\n${indent}`));
}

/** Where a value's text starts in the text of `depth` one-key objects around it, and how much follows it. */
function wrapperCut(depth: number): readonly [number, number] {
  let cut = WRAPPER_CUTS[depth];
  if (cut === undefined) {
    let wrapper: unknown = 0;
    for (let d = 0; d < depth; d++) wrapper = { "": wrapper };
    const text = JSON.stringify(wrapper, null, 2);
    const at = text.indexOf("0");
    WRAPPER_CUTS[depth] = cut = [at, text.length - at - 1];
  }
  return cut;
}

const WRAPPER_CUTS: (readonly [number, number])[] = [];

/**
 * The names of a package's shared values, found by the JSON text of a value.
 * Each named value's text is taken once (the IR is not changed while a package is emitted).
 */
export class SharedNames {
  private readonly texts = new WeakMap<object, string>();
  private readonly names = new Map<string, string>();
  /** Whether a named value is a list. */
  private lists = false;
  /** The named texts by their first HEAD characters (a shorter one whole): where one may start in a text. */
  private readonly heads = new Map<string, string[]>();
  /** The lengths of those heads, each once. */
  private readonly headLengths = new Set<number>();
  /** Whether a named text starts otherwise than a JSON object or list does: each is then looked for in turn. */
  private unbracketed = false;

  json(value: object): string {
    let text = this.texts.get(value);
    if (text === undefined) this.texts.set(value, (text = JSON.stringify(value)));
    return text;
  }

  add(value: object, name: string): void {
    const text = this.json(value);
    if (!this.names.has(text)) {
      const head = String(text).slice(0, HEAD);
      const same = this.heads.get(head);
      if (same) same.push(text);
      else this.heads.set(head, [text]);
      this.headLengths.add(head.length);
      if (typeof text !== "string" || (text[0] !== "{" && text[0] !== "[")) this.unbracketed = true;
    }
    this.names.set(text, name);
    if (Array.isArray(value)) this.lists = true;
  }

  /**
   * The name of `value` (not asked of the `outer` value, which is declared, not referred to); else null when no value
   * in it is named, undefined when one may be. A value equal to a named one has its JSON text, and that text is in
   * the text of every value holding it.
   */
  lookup(value: object, outer: boolean): string | null | undefined {
    if (!this.names.size) return null;
    // The outer value is not named, nor is a list when no named value is one: the walk asks of each member instead,
    // and no text of the whole is made (a package's tools hold named values: most would be made for nothing).
    if (outer || (!this.lists && Array.isArray(value))) return undefined;
    // Not kept as json()'s are: a walk asks of each value once.
    const text = this.texts.get(value) ?? JSON.stringify(value);
    const name = this.names.get(text);
    if (name !== undefined) return name;
    return this.holdsNamed(text) ? undefined : null;
  }

  /**
   * Whether a named text is in `text`. Each named text is a JSON object or list, so it can start only where `text`
   * has a `{` or a `[`: only there are the heads looked up (a whole published API's thousands of shared values each
   * looked for in every value's text was a tenth of its generate).
   */
  private holdsNamed(text: string): boolean {
    if (this.unbracketed) {
      for (const named of this.names.keys()) if (text.includes(named)) return true;
      return false;
    }
    for (let at = 0; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c !== OPEN_BRACE && c !== OPEN_BRACKET) continue;
      for (const length of this.headLengths) {
        if (at + length > text.length) continue;
        const named = this.heads.get(text.slice(at, at + length));
        if (named?.some((n) => text.startsWith(n, at))) return true;
      }
    }
    return false;
  }
}

/** How many characters of a named text index it (SharedNames.heads). */
const HEAD = 24;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
