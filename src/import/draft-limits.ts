// The limits of a drafted string or number parameter, read from its schema:
// lengths, a pattern ECMAScript can compile, bounds (an exclusive one as the
// next value past it), and the enum values of the parameter's type.
import type { ManifestParam } from "../load/precompiled/manifest-types.js";
import type { Schema } from "../load/openapi-document.js";

export function stringLimits(s: Schema, param: ManifestParam, note: (text: string) => void): void {
  if (typeof s.minLength === "number") param.minLength = s.minLength;
  if (typeof s.maxLength === "number") param.maxLength = s.maxLength;
  if (typeof s.pattern === "string") {
    try {
      new RegExp(s.pattern, "u");
      param.pattern = s.pattern;
    } catch (e) {
      note(`the spec's pattern ${JSON.stringify(s.pattern)} is not an ECMAScript regular expression (${(e as Error).message}): left out, and generate will ask for it`);
    }
  }
  if (Array.isArray(s.enum)) {
    const values = [...new Set(s.enum.filter((v) => typeof v === "string"))];
    // An empty string (which some APIs take to mean "unset") is no value to the runtime: it never sends one.
    if (values.includes("")) note('the spec\'s enum allows "" (to clear the value, in some APIs), which the runtime treats as no value and never sends: left out of enum');
    const sent = values.filter((v) => v !== "");
    if (sent.length) param.enum = sent;
  }
}

export function numberLimits(s: Schema, param: ManifestParam, note: (text: string) => void): void {
  const integer = param.integer === true;
  // An exclusive bound is the next value past it: for integers, the next integer; for other numbers, the linker works it out from the spec.
  const bound = (value: unknown, exclusive: unknown, up: boolean): number | undefined => {
    const limit = typeof exclusive === "number" ? exclusive : typeof value === "number" ? value : undefined;
    if (limit === undefined) return undefined;
    if (exclusive !== true && typeof exclusive !== "number") return limit;
    if (integer) return up ? Math.floor(limit) + 1 : Math.ceil(limit) - 1;
    param.limitsFromSpec = true;
    return undefined;
  };
  const minimum = bound(s.minimum, s.exclusiveMinimum, true);
  const maximum = bound(s.maximum, s.exclusiveMaximum, false);
  if (minimum !== undefined) param.minimum = minimum;
  if (maximum !== undefined) param.maximum = maximum;
  if (typeof s.multipleOf === "number" && s.multipleOf > 0) param.multipleOf = s.multipleOf;
  if (param.limitsFromSpec) note("an exclusive bound of the spec is taken as it is (limitsFromSpec)");
  if (Array.isArray(s.enum)) {
    const values = [...new Set(s.enum.filter((v) => typeof v === "number"))];
    if (values.length) param.enum = values;
  }
}
