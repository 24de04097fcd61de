// A value written as text into a request (an address, a header, a form field, a part): a number in plain decimal
// notation. JavaScript writes 0.0000001 as `1e-7` and 1.5e21 as `1.5e+21`, which a decimal reader refuses (an
// upstream matching `^[0-9]+(\.[0-9]+)?$`); the digits are the same, the point moved. JSON bodies keep JSON's number.

/** The text a scalar goes as: a number in plain decimal notation, anything else as String writes it. */
export const scalarText = (value: unknown): string => (typeof value === "number" ? plainNumber(value) : String(value));

/** A number without an exponent: `1e-7` as `0.0000001`, `1.5e+21` as `1500000000000000000000`. */
export function plainNumber(n: number): string {
  const [mantissa = "", exponent] = String(n).split("e");
  if (!exponent) return mantissa; // NaN and Infinity have none either
  const sign = n < 0 ? "-" : "";
  const [whole = "", fraction = ""] = mantissa.slice(sign.length).split(".");
  const digits = whole + fraction;
  const point = whole.length + Number(exponent); // where the point falls among the digits
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
