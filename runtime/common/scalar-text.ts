// A value written as text into a request (an address, a header, a form field, a part): a number in plain decimal
// notation. JavaScript writes 0.0000001 as `1e-7` and 1.5e21 as `1.5e+21`, which a decimal reader refuses (an
// upstream matching `^[0-9]+(\.[0-9]+)?$`); the digits are the same, the point moved. JSON bodies keep JSON's number.

/** The text a scalar goes as: a number in plain decimal notation, anything else as String writes it. */
export const scalarText = (value: unknown): string => (typeof value === "number" ? plainNumber(value) : String(value));

/** A number without an exponent: `1e-7` as `0.0000001`, `1.5e+21` as `1500000000000000000000`. */
export function plainNumber(n: number): string {
  const size = Math.abs(n);
  // JavaScript writes an exponent below 1e-6 and from 1e21 only: any other number (0, NaN, Infinity) as String does.
  if ((size >= 1e-6 && size < 1e21) || size === 0 || !Number.isFinite(n)) return String(n);
  const text = String(n);
  const e = text.indexOf("e");
  const sign = n < 0 ? "-" : "";
  const dot = text.indexOf(".");
  const whole = text.slice(sign.length, dot < 0 ? e : dot);
  const digits = whole + (dot < 0 ? "" : text.slice(dot + 1, e));
  const point = whole.length + Number(text.slice(e + 1)); // where the point falls among the digits
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
