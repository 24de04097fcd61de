// The query string read as OpenAPI's query styles write it: the pairs as
// sent, which of them each declared parameter owns (its name; the fields of
// an exploded form object; `name[…]` of a deepObject), and one parameter's
// pairs read into text items or pairs for one shape of value.
import type { JudgedParam } from "./operations.js";
import type { RawRead, ReadMiss, ReadResult } from "./style-read.js";
import type { Shape } from "./text-values.js";
import { decoded, splitRaw } from "./uri-text.js";

export interface RawPair {
  /** The name as sent, and decoded. */
  rawName: string;
  name: string;
  /** The value as sent (percent-encoded); undefined for a pair without `=`. */
  raw: string | undefined;
}

/** The pairs of a raw query (without its `?`); a name whose escapes are no UTF-8 is kept raw. */
export function queryPairs(search: string): RawPair[] {
  if (!search) return [];
  return search
    .split("&")
    .filter((s) => s !== "")
    .map((s) => {
      const eq = s.indexOf("=");
      const rawName = eq < 0 ? s : s.slice(0, eq);
      return { rawName, name: decoded(rawName, true) ?? rawName, raw: eq < 0 ? undefined : s.slice(eq + 1) };
    });
}

const miss = (rule: ReadMiss["rule"], message: string): { miss: ReadMiss } => ({ miss: { rule, message } });

/** Whether a pair belongs to a deepObject parameter: `name[…]`. */
export function isDeepPair(p: JudgedParam, pair: RawPair): boolean {
  return pair.name.startsWith(`${p.name}[`);
}

/**
 * Whether a form object exploded came in bracket form under its name: some field holds an object or a list
 * (`input[a][b]=…`; the runtime, as qs, then writes every field so). Flat fields alone go as `a=…`, and
 * `input[a]=…` alone is deepObject's writing, which form does not read.
 */
export function inBracketForm(p: JudgedParam, pairs: RawPair[]): boolean {
  return pairs.some((x) => isDeepPair(p, x) && /^\[[^\]]*\]\[/.test(x.name.slice(p.name.length)));
}

/**
 * The pairs of one query parameter read for one shape. `pairs`: those it
 * owns, in the order sent; for a form object exploded, its fields' pairs.
 */
export function readQuery(p: JudgedParam, pairs: RawPair[], shape: Shape): ReadResult {
  const style = p.style;
  const values = pairs.map((x) => x.raw);
  if (style === "deepObject") return { miss: { rule: "style", message: "read by readDeepObject" } };
  if (values.some((v) => v === undefined))
    return miss("style", `a pair without "=": the ${style} style writes ${p.name}= for an empty value`);
  const raws = values as string[];
  if (style === "form") {
    if (shape === "primitive")
      return raws.length === 1
        ? { read: { shape, text: raws[0] as string } }
        : miss(
            "explode",
            `sent ${raws.length} times (${p.name}=…&${p.name}=…), as an exploded array; ` +
              `the document's value is one ${p.name}=value`,
          );
    if (shape === "array") {
      if (p.explode) {
        const joined = raws.find((r) => r.includes(","));
        if (joined !== undefined && raws.length === 1)
          return miss(
            "explode",
            `one pair holding items separated by "," (${p.name}=${joined}), as explode false writes; ` +
              `the document says explode true: one ${p.name}=item pair per item`,
          );
        return { read: { shape, items: raws } };
      }
      if (raws.length !== 1)
        return miss(
          "explode",
          `${raws.length} pairs (${p.name}=…&${p.name}=…), as explode true writes; ` +
            `the document says explode false: one pair, its items separated by ","`,
        );
      // An empty list sends no pair (RFC 6570: it is undefined), so `ids=` is a list of one empty item.
      return { read: { shape, items: splitRaw(raws[0] as string, ",") } };
    }
    if (p.explode) return { read: { shape, entries: pairs.map((x) => [x.rawName, x.raw ?? ""] as [string, string]) } };
    if (raws.length !== 1)
      return miss("explode", `${raws.length} pairs; an object with explode false is one pair, ${p.name}=key,value,…`);
    const items = (raws[0] as string) === "" ? [] : splitRaw(raws[0] as string, ",");
    return entriesOf(items, shape, "explode false");
  }
  if (style === "spaceDelimited" || style === "pipeDelimited") {
    if (shape === "primitive") return miss("style", `${style} writes arrays and objects, not one value`);
    // OpenAPI defines these styles unexploded only: one pair, whatever `explode` says.
    if (raws.length !== 1)
      return miss(
        "explode",
        `${raws.length} pairs, as an exploded form writes; ${style} is one pair, ` +
          `its items separated by ${style === "spaceDelimited" ? '" " (%20)' : '"|" (%7C)'}`,
      );
    const raw = raws[0] as string;
    const delimiter = style === "spaceDelimited" ? "%20" : "%7C";
    if (style === "pipeDelimited" && raw.includes("|"))
      return miss(
        "percent-encoding",
        `a raw "|": pipeDelimited's separator goes percent-encoded (%7C), RFC 3986 has no raw "|" in a query`,
      );
    if (
      raw.includes(",") &&
      !new RegExp(delimiter, "i").test(raw) &&
      !(style === "spaceDelimited" && raw.includes("+"))
    ) {
      return miss(
        "style",
        `items separated by "," (as form writes them); ${style} separates them ` +
          `by ${style === "spaceDelimited" ? '" " (%20)' : '"|" (%7C)'}`,
      );
    }
    const items = raw === "" && shape === "object" ? [] : splitRaw(raw, delimiter, style === "spaceDelimited");
    return shape === "array" ? { read: { shape, items } } : entriesOf(items, shape, style);
  }
  return miss(
    "style",
    `a query parameter takes style form, spaceDelimited, pipeDelimited or deepObject, not ${JSON.stringify(style)}`,
  );
}

function entriesOf(items: string[], shape: Shape, what: string): ReadResult {
  if (items.length % 2)
    return miss("style", `an object as ${what} writes it is key,value pairs; ${items.length} parts is an odd count`);
  const entries: [string, string][] = [];
  for (let i = 0; i < items.length; i += 2) entries.push([items[i] as string, items[i + 1] as string]);
  return { read: { shape: shape as "object", entries } };
}

/** A nested value from bracketed names (`name[a][b]=…`, `name[0]=…`, `name[]=…`): leaves are raw texts. */
export type Deep = { [key: string]: Deep } | Deep[] | string;

/**
 * A deepObject parameter's pairs (`color[R]=100&color[G]=200`) as a nested
 * value of raw texts. OpenAPI defines one level of scalar fields; deeper
 * fields and arrays (`expand[0]=a`, `expand[]=a`) are read as the common
 * bracket convention writes them, unless the schema at that place says
 * (`listAt`): an object's keys are names, `4` and the empty one too, as
 * deepObject writes them.
 */
export function readDeepObject(
  p: JudgedParam,
  pairs: RawPair[],
  listAt?: (keys: string[]) => boolean | undefined,
): { deep: Deep } | { miss: ReadMiss } {
  if (!pairs.length) return { deep: {} };
  let root: Deep | undefined;
  for (const pair of pairs) {
    if (pair.raw === undefined)
      return miss("style", `a pair without "=" (${pair.rawName}): deepObject writes ${p.name}[key]=value`);
    // Brackets read after decoding (a client may escape them all: `a%5Bb%5D`), or else as sent, a key's own
    // brackets escaped (`filter[a%5Bb%5D]`: the key `a[b]`).
    const keys = bracketKeys(pair.name, p.name.length) ?? bracketKeys(pair.rawName, p.name.length, true);
    if (!keys) return miss("style", `${JSON.stringify(pair.name)} is not ${p.name}[key] as deepObject writes it`);
    const leaf = pair.raw;
    const set = (node: Deep | undefined, at: number): Deep | undefined => {
      const key = keys[at] as string;
      const last = at === keys.length - 1;
      const asList = listAt?.(keys.slice(0, at)) ?? (key === "" || /^\d+$/.test(key));
      let container: Deep = node ?? (asList ? [] : {});
      if (typeof container === "string") return undefined;
      // A list given a named key is an object whose keys are its indexes and that name (as qs reads `a[0]=x&a[b]=y`).
      if (Array.isArray(container) && !asList)
        container = Object.fromEntries([...container.entries()].filter(([, v]) => v !== undefined));
      if (Array.isArray(container)) {
        const index = key === "" ? container.length : Number(key);
        const next = last ? leaf : set(container[index], at + 1);
        if (next === undefined) return undefined;
        container[index] = next;
      } else {
        const next = last ? leaf : set(Object.hasOwn(container, key) ? container[key] : undefined, at + 1);
        if (next === undefined) return undefined;
        Object.defineProperty(container, key, { value: next, enumerable: true, writable: true, configurable: true });
      }
      return container;
    };
    const made = set(root, 0);
    if (made === undefined)
      return miss(
        "style",
        `${JSON.stringify(pair.name)} names a place another pair made a value or a list of another kind`,
      );
    root = made;
  }
  return { deep: root ?? {} };
}

/** What a read holds of raw text, for the raw-character check: every text of a read. */
export function rawTexts(read: RawRead): string[] {
  return read.shape === "primitive" ? [read.text] : read.shape === "array" ? read.items : read.entries.flat();
}

/** The keys of `name[a][b]` after the name's first `from` characters; undefined when it is not that form. */
function bracketKeys(name: string, from: number, decode = false): string[] | undefined {
  const keys: string[] = [];
  const brackets = /\[([^[\]]*)\]/gy;
  brackets.lastIndex = from;
  let m: RegExpExecArray | null;
  let end = from;
  while ((m = brackets.exec(name))) {
    keys.push(decode ? (decoded(m[1] as string, true) ?? (m[1] as string)) : (m[1] as string));
    end = brackets.lastIndex;
  }
  return keys.length && end === name.length ? keys : undefined;
}
