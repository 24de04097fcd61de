// A parameter's raw text read as its style and explode say (OpenAPI 3.1.1's
// style table), for one shape of value — a primitive, an array or an object —
// into text items or key-value pairs, split on the style's delimiters before
// any decoding. What does not read so is the style's refusal, in words that
// say what the bytes look like instead.
import type { JudgeRule } from "./refusal.js";
import type { Shape } from "./text-values.js";
import { splitRaw } from "./uri-text.js";

/**
 * Raw text read into parts (still percent-encoded): one text for a primitive, items for an array, pairs for an object.
 */
export type RawRead =
  | { shape: "primitive"; text: string }
  | { shape: "array"; items: string[] }
  | { shape: "object"; entries: [string, string][] };

export interface ReadMiss {
  rule: JudgeRule;
  message: string;
}

export type ReadResult = { read: RawRead } | { miss: ReadMiss };

const miss = (rule: JudgeRule, message: string): { miss: ReadMiss } => ({ miss: { rule, message } });

/** Items as `k,v,k,v` pairs; undefined for an odd count. */
function pairsOf(items: string[]): [string, string][] | undefined {
  if (items.length % 2) return undefined;
  const out: [string, string][] = [];
  for (let i = 0; i < items.length; i += 2) out.push([items[i] as string, items[i + 1] as string]);
  return out;
}

/** `k=v` items as pairs; undefined when one has no `=`. */
function assignmentsOf(items: string[]): [string, string][] | undefined {
  const out: [string, string][] = [];
  for (const item of items) {
    const eq = item.indexOf("=");
    if (eq < 0) return undefined;
    out.push([item.slice(0, eq), item.slice(eq + 1)]);
  }
  return out;
}

/** Items or pairs from a list of raw texts (already split on the style's separator). */
function listed(shape: Shape, items: string[], explode: boolean, what: string): ReadResult {
  if (shape === "array") return { read: { shape, items } };
  if (shape === "primitive")
    return items.length === 1
      ? { read: { shape, text: items[0] as string } }
      : miss("style", `${items.length} parts where ${what} writes one value`);
  const entries = explode ? assignmentsOf(items) : pairsOf(items);
  if (!entries)
    return miss(
      explode ? "explode" : "style",
      explode
        ? `an object with explode true writes each field as key=value; a part has no "="`
        : `an object with explode false writes key,value pairs; ${items.length} parts is an odd count`,
    );
  return { read: { shape, entries } };
}

/** `simple` (a path or header value): `blue`, `blue,black`, `R,100,G,200` or, exploded, `R=100,G=200`. */
export function readSimple(raw: string, shape: Shape, explode: boolean, trim = false): ReadResult {
  if (shape === "primitive") return { read: { shape, text: trim ? raw.trim() : raw } };
  const items = raw === "" ? [] : splitRaw(raw, ",").map((i) => (trim ? i.trim() : i));
  if (shape === "object" && explode && items.some((i) => !i.includes("=")))
    return miss(
      "explode",
      `an object with explode true writes key=value,key=value; got ${items.length} parts without "="`,
    );
  if (shape === "object" && !explode && items.length && items.every((i) => i.includes("=")))
    return miss(
      "explode",
      `an object with explode false writes key,value,key,value; key=value pairs are what explode true writes`,
    );
  return listed(shape, items, explode, "simple");
}

/** `label` (a path value): `.blue`, `.blue,black` or `.blue.black`, `.R,100,G,200` or `.R=100.G=200`. */
export function readLabel(raw: string, shape: Shape, explode: boolean): ReadResult {
  if (!raw.startsWith("."))
    return miss(
      "style",
      `label style starts the value with "."; this one starts ${raw ? JSON.stringify(raw[0]) : "empty"}`,
    );
  const rest = raw.slice(1);
  if (shape === "primitive") return { read: { shape, text: rest } };
  // Unexploded, a "." past the first is an item's own: RFC 6570 leaves "." (unreserved) unencoded, so `.zq.a,zqb` is
  // the items zq.a and zqb. What explode true would write instead reads as other items, which the values' checks see.
  const items = rest === "" ? [] : splitRaw(rest, explode ? "." : ",");
  if (explode && rest.includes(",") && !rest.includes("."))
    return miss(
      "explode",
      `items separated by "," are what explode false writes; the document says explode true (each item after ` +
        `its own ".")`,
    );
  return listed(shape, items, explode, "label");
}

/**
 * `matrix` (a path value): `;color=blue`, `;color=blue,black` or `;color=blue;color=black`, `;color=R,100,G,200` or
 * `;R=100;G=200`.
 */
export function readMatrix(
  raw: string,
  name: string,
  shape: Shape,
  explode: boolean,
  decode: (raw: string) => string | undefined,
): ReadResult {
  if (!raw.startsWith(";"))
    return miss(
      "style",
      `matrix style starts the value with ";${name}="; this one starts ${raw ? JSON.stringify(raw[0]) : "empty"}`,
    );
  const parts = raw.slice(1).split(";");
  if (shape === "object" && explode) {
    const entries = assignmentsOf(parts);
    return entries
      ? { read: { shape, entries } }
      : miss("explode", `an object with explode true writes ;key=value for each field`);
  }
  const values: string[] = [];
  for (const part of parts) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    if (decode(key) !== name)
      return miss("style", `matrix style names the parameter in each part (;${name}=…); got ${JSON.stringify(key)}`);
    values.push(eq < 0 ? "" : part.slice(eq + 1));
  }
  if (shape === "array" && explode) return { read: { shape, items: values } };
  if (values.length !== 1)
    return miss(
      "explode",
      `${values.length} ;${name}= parts are what explode true writes for an array; the document says ` +
        (shape === "array" ? 'explode false (one part, items separated by ",")' : "one value"),
    );
  const value = values[0] as string;
  if (shape === "primitive") return { read: { shape, text: value } };
  return listed(shape, value === "" ? [] : splitRaw(value, ","), false, "matrix");
}

/** A path value by its style. */
export function readPathValue(
  raw: string,
  style: string,
  name: string,
  shape: Shape,
  explode: boolean,
  decode: (raw: string) => string | undefined,
): ReadResult {
  if (style === "label") return readLabel(raw, shape, explode);
  if (style === "matrix") return readMatrix(raw, name, shape, explode, decode);
  if (style !== "simple")
    return miss("style", `a path parameter takes style simple, label or matrix, not ${JSON.stringify(style)}`);
  if (raw.startsWith(";") && raw.slice(1).startsWith(`${name}`))
    return miss("style", `the value starts ";${name}", as matrix style writes; the document says simple`);
  return readSimple(raw, shape, explode);
}
