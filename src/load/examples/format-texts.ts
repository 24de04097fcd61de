// The texts of formats as the mocks' validator (Prism's, ajv-formats) reads them, one record each for every reader:
// the examples check and the request judge register them as formats (openapi-examples.ts), and add drafts
// them as patterns, which the link places in JSON values and the suite draws from (model/format-aliases.ts).

/**
 * OpenAPI's `format: time` (RFC 3339's full-time: `13:22:00`, `13:22:00.5Z`, `13:22:00+02:00`) as a pattern: a
 * manifest cannot state the format, and validators and mocks check it (Prism refused the suite's `example`). The
 * validators' language (ajv-formats: `^(\d\d):(\d\d):(\d\d)(\.\d+)?(z|[+-]\d\d(?::?\d\d)?)?$`, case-insensitive, hours
 * to 23, minutes and seconds to 59), its ranges written out; 23:59:60, a leap second, left out. Its offset optional as
 * the validators read `time`.
 */
export const TIME_PATTERN = String.raw`^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([zZ]|[+-]\d\d(:?\d\d)?)?$`;

/**
 * OpenAPI's `format: byte`: base64 text (RFC 4648 section 4: the standard alphabet, groups of four, the last padded),
 * ajv-formats' pattern held to the whole text: ajv-formats reads it line by line (its pattern is multiline), which
 * passes a text of several lines one of which is base64; base64 has no line breaks (RFC 4648 3.1).
 */
export const BASE64_PATTERN = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

/**
 * An HTTP date (OpenAPI's format registry's `http-date`, AutoRest's `date-time-rfc1123`: an `ocp-date` or
 * `If-Modified-Since` header) as RFC 9110 section 5.6.7 says a sender writes one, the IMF-fixdate: `Sun, 06 Nov 1994
 * 08:49:37 GMT`, names as written (the grammar's are case-sensitive), hours to 23, minutes and seconds to 59; its
 * obsolete forms (RFC 850's, asctime's), which only recipients must take, left out. A manifest cannot state the format,
 * so add drafts it as this pattern.
 */
export const HTTP_DATE_PATTERN =
  "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (0[1-9]|[12]\\d|3[01]) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) " +
  "\\d{4} ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d GMT$";

/** The positive whole numbers of at most `max`'s value, in decimal without leading zeros, as a regular expression. */
function positiveUpTo(max: string): string {
  const n = max.length;
  const shorter = n > 1 ? [`[1-9]\\d{0,${n - 2}}`] : [];
  const sameLength: string[] = [];
  for (let i = 0; i < n; i++) {
    const low = i === 0 ? 1 : 0;
    const high = Number(max[i]) - 1;
    if (high < low) continue;
    const rest = n - i - 1;
    const digit = low === high ? String(low) : `[${low}-${high}]`;
    sameLength.push(`${max.slice(0, i)}${digit}${rest > 1 ? `\\d{${rest}}` : rest ? "\\d" : ""}`);
  }
  return [...shorter, ...sameLength, max].join("|");
}

/**
 * A whole number written as decimal text, between `min` (`0` or a negative number) and `max`: `0`, no sign on a
 * positive number, no leading zeros, each bound's digits written out so a text past it never matches.
 */
function decimalTextPattern(min: string, max: string): string {
  const negative = min.startsWith("-") ? [`-(?:${positiveUpTo(min.slice(1))})`] : [];
  return `^(?:0|${positiveUpTo(max)}${negative.length ? `|${negative[0]}` : ""})$`;
}

/**
 * A string of an integer format (`type: string, format: int64`): protobuf's JSON mapping writes a 64-bit integer (and
 * grpc-gateway, gnostic and other protobuf converters a 32-bit one where asked) as decimal text, so a converted
 * document types it a string and keeps the integer's format. The text's range is the format's.
 */
export const INTEGER_TEXT_PATTERNS: Readonly<Record<string, string>> = {
  int32: decimalTextPattern("-2147483648", "2147483647"),
  uint32: decimalTextPattern("0", "4294967295"),
  int64: decimalTextPattern("-9223372036854775808", "9223372036854775807"),
  uint64: decimalTextPattern("0", "18446744073709551615"),
};
