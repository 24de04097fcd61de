// A default or an example a document writes as the text a request carries rather than as the value it stands for: a
// list parameter's example as its style serialises it (`"id1,id2,id3"` for a query list of `style: form, explode:
// false`, `"1|2"` for a `pipeDelimited` one: load/examples/written-lists.ts), a boolean's default as the text `"true"`
// or `"false"`, a number's as its text (`"10"`). Drafted as the value's type (a list, a boolean, a number), each was
// left out as not of it ("does not pass the drafted limits"); read as written, it is the value the document means, kept
// with a review note saying so; a list of enumerated texts sent item by item whose example joins its values with
// commas (or is one of them), the list of those values. Only where the text reads so and the value read passes the
// drafted limits (each item of a list its items' type and limits); else the note as before.
import { exampleSeparator, listSeparator, readWrittenList } from "../../../load/examples/written-lists.js";
import { shortText } from "../../plain-text.js";

/** What a default or an example is read by: where the value goes and how its style writes it. */
export interface WrittenPlace {
  name: string;
  place: "path" | "query" | "header" | "cookie" | "body";
  /** The parameter's `style` and `explode`, as the document gives them. */
  written?: { style?: unknown; explode?: unknown };
  /** Whether the list's items are enumerated (an `include` list of named relations), so commas part their names. */
  enumItems?: boolean;
}

/**
 * The value a default or an example (`what`) written as text stands for, where it reads so and `fits` (the drafted
 * limits) takes it, with a review note; else the value as given.
 */
export function readAsWritten(
  value: unknown,
  input: WrittenPlace,
  param: { type: string; jsonType?: string },
  fits: (value: unknown) => boolean,
  note: (text: string) => void,
  what: "default" | "example",
): unknown {
  if (typeof value !== "string" || fits(value)) return value;
  const shown = shortText(JSON.stringify(value), 80);
  if (param.type === "boolean" && (value === "true" || value === "false")) {
    note(`the spec writes the ${what} as the text ${shown}: read as the boolean ${value}`);
    return value === "true";
  }
  // A number written as its text (swagger-php's `per_page` default `"10"`): read only where the text is the number
  // exactly as JSON writes it (`"10"`, `"2.5"`; not `"10.0"`, `"1e3"` or `" 10"`) and it passes the drafted limits
  // (an integer's, `"2.5"` not).
  if (param.type === "number" && value !== "" && JSON.stringify(Number(value)) === value && fits(Number(value))) {
    note(`the spec writes the ${what} as the text ${shown}: read as the number ${value}`);
    return Number(value);
  }
  const list = param.type === "json" && param.jsonType === "array";
  const place = { in: input.place, ...input.written };
  const separator = list ? exampleSeparator(place, input.enumItems === true) : undefined;
  // A list of enumerated texts whose style sends each item apart (a query's `include`, exploded) with its example
  // written as its values joined by commas (`"artists,albums"`), or as one of them (`"albums"`): the list they name.
  const joined = listSeparator(place) === undefined;
  const read = separator === undefined ? undefined : readWrittenList(value, separator, fits);
  if (read === undefined) return value;
  const style = input.written?.style ?? (input.place === "path" || input.place === "header" ? "simple" : "form");
  const how = !joined
    ? `its ${String(style)} style sends it`
    : read.length > 1
      ? "its values joined by commas"
      : "one value";
  note(
    `the spec writes the ${what} of the list ${input.name} as ${how}, ${shown}: read as the list ` +
      shortText(JSON.stringify(read), 80),
  );
  return read;
}
