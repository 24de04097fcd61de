// Request bodies as `application/x-www-form-urlencoded`, following
// OpenAPI's encoding rules per top-level field (`style`, `explode`), and
// query parameters holding an array or an object by the same rules
// (OpenAPI's query styles are the form field styles):
//
//   form, explode (the default)  tags=a&tags=b      an object spreads: k1=v1&k2=v2
//   form, no explode             tags=a,b           an object: meta=k1,v1,k2,v2
//   spaceDelimited / pipeDelimited  tags=a b / tags=a|b   (arrays)
//   deepObject                   address[city]=Paris&metadata[k]=v, arrays indexed: tags[0]=a
//   a JSON content type          to=["a","b"]       (encoding contentType: the value's JSON text, one field)
//
// Values nested deeper than a style describes keep the bracket form
// (`items[0][price]=…`). null is sent as an empty value (how form APIs clear a
// field); booleans and numbers as their text. The pairs are serialised by
// URLSearchParams, the WHATWG form encoder (spaces as `+`, brackets
// percent-encoded).
import { ownValue, setOwn } from "../common/own.js";
import type { FormFieldEncoding } from "../spec/tool-types.js";

type Pairs = [string, string][];

export function encodeForm(body: unknown, fields: Record<string, FormFieldEncoding> = {}): string {
  const pairs: Pairs = [];
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined) continue;
      const encoding = (ownValue(fields, name) as FormFieldEncoding | undefined) ?? { style: "form" as const, explode: true };
      field(pairs, name, value, encoding);
    }
  }
  return new URLSearchParams(pairs).toString();
}

/**
 * The `name=value` pairs of one value as OpenAPI's `style`/`explode` say
 * (the rules above), for a form field or a query parameter; names unencoded.
 */
export function styledPairs(name: string, value: unknown, encoding: FormFieldEncoding = { style: "form", explode: true }): [string, string][] {
  const pairs: Pairs = [];
  field(pairs, name, value, encoding);
  return pairs;
}

function field(pairs: Pairs, name: string, value: unknown, { style, explode, json }: FormFieldEncoding): void {
  if (json) {
    pairs.push([name, JSON.stringify(value)]);
    return;
  }
  if (style === "deepObject" || !isStructured(value)) {
    nested(pairs, name, value);
    return;
  }
  if (Array.isArray(value)) {
    if (value.some(isStructured)) return nested(pairs, name, value);
    const items = value.map(text);
    if (style === "spaceDelimited") pairs.push([name, items.join(" ")]);
    else if (style === "pipeDelimited") pairs.push([name, items.join("|")]);
    else if (explode)
      items.forEach((item) => {
        pairs.push([name, item]); // forEach, not for…of: a sparse array's holes send nothing
      });
    else pairs.push([name, items.join(",")]);
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.some(([, v]) => isStructured(v))) return nested(pairs, name, value);
  if (explode) for (const [k, v] of entries) pairs.push([k, text(v)]);
  else pairs.push([name, entries.flatMap(([k, v]) => [k, text(v)]).join(",")]);
}

/** Bracket form: `name[key]=…`, `name[0]=…`, recursively. */
function nested(pairs: Pairs, name: string, value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      nested(pairs, `${name}[${i}]`, item); // forEach, not for…of: a sparse array's holes send nothing
    });
  } else if (isStructured(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) if (item !== undefined) nested(pairs, `${name}[${key}]`, item);
  } else {
    pairs.push([name, text(value)]);
  }
}

function isStructured(value: unknown): boolean {
  return value !== null && typeof value === "object";
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * An array or object in the query, written as its style says:
 * `expand[0]=a&expand[1]=b` for deepObject, `tags=a&tags=b` exploded,
 * `tags=a,b` not. The keys the value brings are percent-encoded, the
 * brackets between them not (as the spec's own names are sent).
 */
function placeStyled(query: Record<string, unknown>, name: string, value: object, encoding: FormFieldEncoding | undefined): void {
  for (const [pairName, text] of styledPairs(name, value, encoding)) {
    const key = pairName.startsWith(name) ? name + pairName.slice(name.length).replace(/[^[\]]+/g, encodeURIComponent) : pairName.replace(/[^[\]]+/g, encodeURIComponent);
    // A key the value brings (`__proto__` too) is an own key of the query, never its prototype.
    const present = ownValue(query, key) as string | string[] | undefined;
    setOwn(query, key, present === undefined ? text : Array.isArray(present) ? [...present, text] : [present, text]);
  }
}

/** The form encoding as a part of the runtime's support (call/support.ts `form`). */
export const formEncoding = { encodeForm, placeStyled };
