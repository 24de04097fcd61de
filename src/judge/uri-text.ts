// The characters of a URI as the judge reads them (RFC 3986): which may
// stand raw in a value, how a value is split on its style's delimiters
// before it is decoded (OpenAPI 3.1.1 Appendix C: split first, then
// percent-decode, so that an item's own `,` sent as `%2C` stays in the item),
// and the decoding itself.

/**
 * RFC 3986 §2.2: the reserved characters, which a value sends percent-encoded unless `allowReserved` (or a
 * multi-segment path value) lets them through.
 */
export const RESERVED = ":/?#[]@!$&'()*+,;=";
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/**
 * Reserved characters no value may hold raw even under `allowReserved`: they end the query or mean something to the
 * form encoding (Appendix C).
 */
const NEVER_RAW_IN_QUERY = "#&=+[]";

/** A character of a raw value the judge refuses, and why. */
export interface RawProblem {
  char: string;
  /**
   * `allowReserved`: a reserved character sent raw; `percent-encoding`: one a URI cannot hold raw, or a broken `%`
   * triple.
   */
  rule: "allowReserved" | "percent-encoding";
}

export interface RawRules {
  /** Characters the style puts between the parts of a value (`,` for a list), raw by design. */
  delimiters: string;
  /** The reserved characters may go raw (`allowReserved`, a multi-segment path value). */
  reserved: boolean;
  /** In a query or a form, `+` is a space (the form encoding's own use of it). */
  plusIsSpace: boolean;
}

/** The first character of `raw` a value of these rules cannot hold as it is, if any. */
export function rawProblem(raw: string, rules: RawRules): RawProblem | undefined {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === "%") {
      if (!/^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3)))
        return { char: raw.slice(i, i + 3), rule: "percent-encoding" };
      i += 2;
      continue;
    }
    if (UNRESERVED.test(c) || rules.delimiters.includes(c)) continue;
    if (c === "+" && rules.plusIsSpace) continue;
    if (RESERVED.includes(c)) {
      if (!rules.reserved) return { char: c, rule: "allowReserved" };
      // allowReserved still sends these encoded: a query cannot hold them raw, or the form encoding gives them a
      // meaning.
      if (rules.plusIsSpace && NEVER_RAW_IN_QUERY.includes(c)) return { char: c, rule: "percent-encoding" };
      continue;
    }
    return { char: c, rule: "percent-encoding" };
  }
  return undefined;
}

/**
 * Percent-decoded text (and `+` as a space where the form encoding says so); undefined when the escapes are not UTF-8.
 */
export function decoded(raw: string, plusIsSpace: boolean): string | undefined {
  try {
    return decodeURIComponent(plusIsSpace ? raw.replaceAll("+", " ") : raw);
  } catch {
    return undefined;
  }
}

/**
 * A raw value split on a delimiter before decoding. `delimiter` is the raw
 * text between parts: `,` or `;`, or a percent-encoded one (`%20`, `%7C`),
 * matched in either letter case; `alsoPlus`, a `+` (a space) separates too.
 */
export function splitRaw(raw: string, delimiter: string, alsoPlus = false): string[] {
  if (delimiter.startsWith("%")) {
    return raw.split(new RegExp(`${delimiter}${alsoPlus ? "|\\+" : ""}`, "i"));
  }
  return raw.split(delimiter);
}

/** A character as a message shows it: printable as it is, else its code point. */
export function shownChar(c: string): string {
  return /^[\x21-\x7e]+$/.test(c)
    ? `"${c}"`
    : `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * The first character a cookie parameter's value cannot hold raw, if any: one outside RFC 6265's cookie-octets (a
 * space, `"`, `,`, `;`, `\`, a control character, one past ASCII; a value wholly in double quotes read inside them),
 * or a `%` that starts no triple. OpenAPI writes a cookie in style form (RFC 6570), percent-encoded, so that a service
 * that decodes cookies reads back the text given.
 */
export function cookieValueProblem(raw: string): string | undefined {
  const text = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return NOT_COOKIE_VALUE.exec(text)?.[0];
}

const NOT_COOKIE_VALUE = /%(?![0-9A-Fa-f]{2})|[^\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/u;
