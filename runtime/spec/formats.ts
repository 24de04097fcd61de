// The string formats a parameter may declare (`format`), each checked before
// any request. `base-url` is the address a call is sent to (validate-params
// checks it apart); the others are OpenAPI's formats of the same name, as
// strict as the JSON Schema validators upstreams and mocks use (a value
// accepted here is never refused there for its format).

export type StringFormat =
  | "base-url"
  | "date-time"
  | "date"
  | "email"
  | "uri"
  | "uuid"
  | "ipv4"
  | "ipv6"
  | "hostname"
  | "uri-reference"
  | "regex";

/** The formats a value is checked against here (base-url aside), with what each means in an error. */
export const VALUE_FORMATS = {
  "date-time": "an RFC 3339 date-time with a time zone, such as 2024-05-01T12:00:00Z",
  date: "an RFC 3339 full date, such as 2024-05-01",
  email: "an email address, such as someone@example.com",
  uri: "an absolute URI, such as https://example.com/page",
  uuid: "a UUID, such as 123e4567-e89b-42d3-a456-426614174000",
  ipv4: "an IPv4 address in dotted decimal, such as 192.0.2.1",
  ipv6: "an IPv6 address, such as 2001:db8::1",
  hostname: "a host name of dot-separated labels of letters, digits and hyphens, such as api.example.com",
  "uri-reference": "a URI reference, absolute or relative, such as ../items/1 or https://example.com/page",
  regex: "a regular expression, such as ^[a-z]+$",
} as const;

export type ValueFormat = keyof typeof VALUE_FORMATS;

/**
 * The longest value of each format: a parameter sent in the address or a
 * header needs a bound, and a format gives one (a date-time's fraction of a
 * second is cut at nanoseconds; an email address at RFC 5321's 254; a URI
 * at the 2048 characters browsers and servers commonly take; an IPv6
 * address with an IPv4 tail at 45; a host name at RFC 1123's 253; a URI
 * reference as a URI). A regular expression has no bound of its own.
 */
export const FORMAT_MAX_LENGTH: Record<ValueFormat, number> = {
  "date-time": 35,
  date: 10,
  email: 254,
  uri: 2048,
  uuid: 36,
  ipv4: 15,
  ipv6: 45,
  hostname: 253,
  "uri-reference": 2048,
  regex: Number.POSITIVE_INFINITY,
};

/**
 * The shortest value of each format, as its rule reads (a UUID is always 36
 * characters, a date 10): a minLength below it admits no value of its length,
 * as a document's `minLength: 32` for a UUID's form without hyphens.
 */
export const FORMAT_MIN_LENGTH: Record<ValueFormat, number> = {
  "date-time": 20,
  date: 10,
  email: 5,
  uri: 2,
  uuid: 36,
  ipv4: 7,
  ipv6: 2,
  hostname: 1,
  // The empty reference (the document itself) and the empty expression (matches everywhere) are of their formats.
  "uri-reference": 0,
  regex: 0,
};

export function isValueFormat(format: string | undefined): format is ValueFormat {
  return format !== undefined && Object.hasOwn(VALUE_FORMATS, format);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d{1,9})?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
// The HTML living standard's address (the same as ajv-formats' fast email), local part and host checked apart:
// atoms of the local part joined by dots, then the host's labels.
const EMAIL_ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const HOST_LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const EMAIL = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${HOST_LABEL}\\.)+${HOST_LABEL}$`, "i");
// Labels of up to 63 letters, digits and hyphens (none at either end) joined by dots, 253 characters at most, without
// the trailing dot one of the mocks' validators (ajv-formats) takes and the other (@cfworker/json-schema) does not.
const HOSTNAME = new RegExp(`^(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*$`, "i");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Four decimal octets, no leading zero (as the JSON Schema validators read ipv4).
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
// A URI (RFC 3986): a scheme, then only characters a URI may hold (anything else must be percent-encoded).
const URI = /^[a-z][a-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/i;

// A URI reference (RFC 3986 section 4.1: a URI, or a relative reference): the mocks' validator's reading of the format
// (ajv-formats 2.1.1, MIT), which @cfworker/json-schema's is, character for character.
const URI_REFERENCE = new RegExp(
  [
    String.raw`^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:`,
    `(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0`,
    `-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4}`,
    `)?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-`,
    String.raw`f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?`,
    String.raw`)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}`,
    String.raw`|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?`,
    String.raw`:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|`,
    String.raw`%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._`,
    String.raw`~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9`,
    String.raw`\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?`,
    String.raw`:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2}`,
    `)*)?$`,
  ].join(""),
  "i",
);

/**
 * A regular expression as every validator the mocks and upstreams use reads one: ECMAScript with the `u` flag
 * (@cfworker/json-schema, ajv-formats 3) and without it (ajv-formats 2, Prism's), and no `\Z` (an anchor of other
 * languages both refuse).
 */
function isRegex(value: string): boolean {
  if (/[^\\]\\Z/.test(value)) return false;
  try {
    new RegExp(value);
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` is of `format`. */
export function matchesFormat(format: ValueFormat, value: string): boolean {
  switch (format) {
    case "date":
      return validDate(DATE.exec(value));
    case "date-time":
      return validDate(DATE_TIME.exec(value));
    case "email":
      // RFC 5321 §4.5.3.1.1: a local part of 64 octets at most (the JSON Schema validators hold it so).
      return value.length <= FORMAT_MAX_LENGTH.email && EMAIL.test(value) && value.lastIndexOf("@") <= 64;
    case "uuid":
      return UUID.test(value);
    case "uri":
      return URI.test(value) && !/%(?![0-9a-f]{2})/i.test(value) && canParse(value);
    case "ipv4":
      return IPV4.test(value);
    case "ipv6":
      return isIpv6(value);
    case "hostname":
      return HOSTNAME.test(value);
    case "uri-reference":
      return URI_REFERENCE.test(value);
    case "regex":
      return isRegex(value);
  }
}

/**
 * RFC 4291's text forms: eight groups of one to four hex digits, fewer
 * around one `::` standing for the groups left out, the last two groups
 * possibly an IPv4 address. No zone (`%eth0`): not part of the format.
 */
function isIpv6(value: string): boolean {
  const halves = value.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  const last = groups.at(-1);
  const tail = last?.includes(".") && (halves.length === 1 || halves[1] !== "") ? last : undefined;
  if (tail !== undefined && !IPV4.test(tail)) return false;
  const hex = tail === undefined ? groups : groups.slice(0, -1);
  if (!hex.every((g) => HEX_GROUP.test(g))) return false;
  const count = hex.length + (tail === undefined ? 0 : 2);
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** A year, month and day that name a day of the calendar (no 30 February). */
function validDate(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

function canParse(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a value of `format` must be, when `value` is not one (the runtime's support `formats`, exported as
 * `valueFormats`).
 */
export function formatProblem(format: ValueFormat, value: string): string | undefined {
  return matchesFormat(format, value) ? undefined : VALUE_FORMATS[format];
}
