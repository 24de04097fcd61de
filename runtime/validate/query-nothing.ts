// A query value its style writes as no pair at all: an object or a list holding no text, number, boolean or null at
// any depth (`{}`, `{address: {}}`, `[]`), in bracket form (deepObject) or spread as its own pairs (form, exploded).
// The request then lacks the parameter, so that such a value counts as not given (validate-params.ts), as a list of
// no items does: a required parameter is refused, and a cross-field rule is not met by it. The one exception is the
// object with no field in a style writing it whole (form not exploded, space or pipe delimited): `name=`, a pair.
// call/form-body.ts writes the pairs; form-body.test.ts holds the two to the same answer.
import type { WireSpec } from "../spec/tool-types.js";

/** Whether `value`, sent at `wire`, puts no pair in the query (above); false for any other place. */
export function writesNoPair(wire: WireSpec, value: unknown): boolean {
  if (wire.in !== "query" || wire.escape || wire.encoding?.json || value === null || typeof value !== "object")
    return false;
  if (holdsScalar(value)) return false;
  const { style = "form", explode = true } = wire.encoding ?? {};
  return (
    Array.isArray(value) ||
    style === "deepObject" ||
    (style === "form" && explode) ||
    Object.values(value).some((v) => v !== undefined)
  );
}

/** Whether a scalar (or null) sits anywhere in `value`: walked with a stack, so that no depth overflows a call. */
function holdsScalar(value: object): boolean {
  // Most values given hold one at the top (`{city: "x"}`): found with no list made.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (i in value && scalar(value[i])) return true;
  } else for (const key in value) if (scalar((value as Record<string, unknown>)[key])) return true;
  const stack: unknown[] = [value];
  while (stack.length) {
    const next = stack.pop();
    if (next === null || typeof next !== "object") return true;
    if (Array.isArray(next)) {
      // A hole sends nothing (the writer's forEach skips it); an item that is undefined is written as empty text.
      next.forEach((item) => {
        stack.push(item);
      });
      continue;
    }
    for (const item of Object.values(next)) if (item !== undefined) stack.push(item);
  }
  return false;
}

/** A value a pair writes as text (null as empty text); an undefined field writes nothing. */
const scalar = (v: unknown): boolean => v === null || (v !== undefined && typeof v !== "object");
