// A list parameter's example written as the text its style sends (`"id1,id2,id3"` for a query list of `style: form,
// explode: false`, `"1|2"` for a `pipeDelimited` one, `"a,b"` for a path or header list): JSON Schema reads it as a
// text, not the list its schema says, and generate left it out with a warning (add's draft, that it does not pass the
// drafted limits). Read as the style writes it, split by the style's separator, each item a text or, where every item
// reads as one, a number or a boolean; the reading is kept only where the list read meets the schema (the example
// walker's check, add's drafted limits), else the example is what it was.
import { valueAt } from "../json-ref.js";

/** A parameter as its `in`, `style` and `explode` say how a list of it is written. */
export interface ListPlace {
  in?: unknown;
  style?: unknown;
  explode?: unknown;
}

/** The separator a list's one text is written with in its place and style, if it is written as one text. */
export function listSeparator(p: ListPlace): string | undefined {
  if (p.in === "path" || p.in === "header") return p.style === undefined || p.style === "simple" ? "," : undefined;
  if (p.in !== "query" && p.in !== "cookie") return undefined;
  if (p.style === "spaceDelimited" && p.in === "query") return " ";
  if (p.style === "pipeDelimited" && p.in === "query") return "|";
  return (p.style === undefined || p.style === "form") && p.explode === false ? "," : undefined;
}

/**
 * The separator a list's example written as one text is read with: its style's (listSeparator), or, for a list of
 * enumerated texts its style sends item by item (an exploded query `include`), a comma, its values joined so
 * (`"artists,albums"`, or one of them alone): each part is then one of its values, or the reading is not kept.
 */
export function exampleSeparator(p: ListPlace, enumItems: boolean): string | undefined {
  const own = listSeparator(p);
  return own ?? (enumItems && (p.in === "query" || p.in === "cookie") ? "," : undefined);
}

/** A JSON number as text (`12`, `-1.5`, `2e3`). */
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * The list a text written with `separator` stands for, the first reading `meets` takes (its items as texts; as
 * numbers, or booleans, where every item reads as one); undefined when none does.
 */
export function readWrittenList(
  text: string,
  separator: string,
  meets: (list: unknown[]) => boolean,
): unknown[] | undefined {
  if (text === "") return undefined;
  const items = text.split(separator);
  const readings: unknown[][] = [items];
  if (items.every((i) => NUMBER_TEXT.test(i))) readings.push(items.map(Number));
  if (items.every((i) => i === "true" || i === "false")) readings.push(items.map((i) => i === "true"));
  return readings.find(meets);
}

/** A place of the example walk (walk-place.ts): its file and path. */
interface Place {
  file: string;
  path: readonly (string | number)[];
}

/**
 * Of the checks of parameter `p` (the example walk's, example-walker.ts), those of its own example and its own
 * schema's, marked with the separator its style writes a list with, where it writes one as one text.
 */
export function markWrittenLists(
  p: Place & { value: unknown },
  checks: readonly { example: Place; separator?: string }[],
  enumItems = false,
): void {
  const separator = exampleSeparator((p.value ?? {}) as ListPlace, enumItems);
  if (separator === undefined || !checks.length) return;
  const own = [`${p.path.join("/")}/example`, `${p.path.join("/")}/schema/example`];
  for (const c of checks)
    if (c.example.file === p.file && own.includes(c.example.path.join("/"))) c.separator = separator;
}

/**
 * The example at `path` of `data`, a text written with `separator`, put in its place as the list it stands for
 * where that `meets` its schema; whether it was (counted in `read`: a bundle made from the files before is made again).
 */
export function readListInPlace(
  data: unknown,
  path: readonly (string | number)[],
  text: unknown,
  separator: string | undefined,
  meets: (list: unknown[]) => boolean,
  read?: { lists: number },
): boolean {
  if (separator === undefined || typeof text !== "string" || path.at(-1) !== "example") return false;
  const owner = valueAt(data, path.slice(0, -1));
  if (owner === null || typeof owner !== "object" || Array.isArray(owner)) return false;
  const list = readWrittenList(text, separator, meets);
  if (list === undefined) return false;
  (owner as Record<string, unknown>).example = list;
  if (read) read.lists++;
  return true;
}
