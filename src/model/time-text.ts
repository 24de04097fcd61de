// OpenAPI's `format: time` (RFC 3339's full-time: `13:22:00`, `13:22:00.5Z`, `13:22:00+02:00`) as a pattern: a
// manifest cannot state the format, and validators and mocks check it (Prism refused the suite's `example`), so `add`
// drafts the pattern its values match, as it does for `format: duration` (duration-text.ts). The validators' language
// (ajv-formats: `^(\d\d):(\d\d):(\d\d)(\.\d+)?(z|[+-]\d\d(?::?\d\d)?)?$`, case-insensitive, hours to 23, minutes and
// seconds to 59), its ranges written out; 23:59:60, a leap second, left out.

/** An RFC 3339 full-time, its offset optional as the validators read `time`. */
export const TIME_PATTERN = String.raw`^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([zZ]|[+-]\d\d(:?\d\d)?)?$`;
