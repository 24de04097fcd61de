// An answer in CSV read as records (the tool's answerText `{csv}`, the link's: a success declared only as CSV whose
// schema is a record or a list of records): RFC 4180 text, its header row naming the fields, each later row a record
// whose values are typed by the row schema's field (numbers, booleans; any other a text). Written here rather than
// taken from a package: the parsers that carry no dependency of their own weigh kilobytes in every generated client
// (the bundle ceilings, contract-tests/packages), for some thirty lines of a grammar that has not changed since 2005.
/** The type of a CSV answer's field (answerText `{csv}`): what its cells are read as (spec/tool-types.ts takes it). */
export type CsvCell = "string" | "number" | "integer" | "boolean";

/**
 * The records of a CSV text: the header's names (one matching a declared field but for case, spaces, `_` and `-`
 * read as that field: `Payment Amount` is `paymentAmount`), each row's values typed by `fields` (a number or boolean
 * that does not read as one kept as its text, for the output check and the caller to see). An empty cell of a field
 * not a text is left out; a blank line is no record.
 */
export function csvRecords(text: string, fields: Readonly<Record<string, CsvCell>>): Record<string, unknown>[] {
  const [header = [], ...rows] = csvRows(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const byKey = new Map(Object.keys(fields).map((name) => [fieldKey(name), name]));
  const names = header.map((h) => (Object.hasOwn(fields, h) ? h : (byKey.get(fieldKey(h)) ?? h)));
  return rows
    .filter((row) => row.length > 1 || row[0] !== "")
    .map((row) =>
      Object.fromEntries(
        names.flatMap((name, i) => {
          const cell = row[i] ?? "";
          const type = Object.hasOwn(fields, name) ? fields[name] : "string";
          if (type === "string") return [[name, cell]];
          return cell === "" ? [] : [[name, typedCell(cell, type)]];
        }),
      ),
    );
}

/** A name as a header may spell it: no case, no spaces, `_` or `-`. */
function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

/** A cell's value as its field's type says, or its text where it is not one. */
function typedCell(cell: string, type: CsvCell | undefined): unknown {
  const trimmed = cell.trim();
  if (type === "boolean") return /^true$/i.test(trimmed) ? true : /^false$/i.test(trimmed) ? false : cell;
  if (!NUMBER.test(trimmed)) return cell;
  const n = Number(trimmed);
  return type === "integer" && !Number.isInteger(n) ? cell : n;
}

/** A decimal number as CSV writes one (no hex, no `Infinity`, which Number would read). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The rows of an RFC 4180 text, each a list of its cells; a quoted cell may hold commas, doubled quotes, breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const end = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== "," && c !== "\n" && c !== "\r")) cell += c;
    else if (c === ",") end();
    else {
      if (c === "\r" && text[i + 1] === "\n") i++;
      end();
      rows.push(row);
      row = [];
    }
  }
  if (cell !== "" || row.length) {
    end();
    rows.push(row);
  }
  return rows;
}
