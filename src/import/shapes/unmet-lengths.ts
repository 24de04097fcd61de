// A string schema whose format and lengths no value meets together (`format: uuid` with `minLength: 64`: a UUID is
// 36 characters). Every value a call could send is refused by one of them, so generate stops (BW2014) and a mock
// refuses every request. The format names the kind of value the service takes; a bound no value of that kind meets
// is the likelier slip: add leaves out of the cut it writes the fewest bounds that make the format admit values (the
// lower, else the upper, else both), and says so.
import { isValueFormat } from "@blockwright/runtime/internal";
import { rewriteEachObject } from "./cut-walk.js";
import { admitsValue } from "./unmet-formats.js";

type Json = Record<string, unknown>;
type Bound = "minLength" | "maxLength";

/** The bounds to leave out of a format's schema so that values of the format meet it; undefined when none need. */
function unmetBounds(schema: Json): Bound[] | undefined {
  const { format } = schema;
  if (typeof format !== "string" || !isValueFormat(format) || schema.pattern !== undefined) return undefined;
  if (Array.isArray(schema.enum) || (schema.type !== undefined && schema.type !== "string")) return undefined;
  const lengths = {
    ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
    ...(typeof schema.maxLength === "number" ? { maxLength: schema.maxLength } : {}),
  };
  if (Object.keys(lengths).length === 0 || admitsValue({ format, ...lengths }) || !admitsValue({ format }))
    return undefined;
  const without = (bounds: Bound[]) =>
    Object.fromEntries(Object.entries(lengths).filter(([k]) => !bounds.includes(k as Bound)));
  const tries: Bound[][] = [["minLength"], ["maxLength"]];
  return (
    tries.find((bounds) => bounds.some((b) => b in lengths) && admitsValue({ format, ...without(bounds) })) ?? [
      "minLength",
      "maxLength",
    ]
  );
}

/**
 * The cut without the lengths its formats' values cannot meet (changed in place); each place changed, as
 * `components.parameters.JobId.schema (minLength 64; format uuid)`.
 */
export function withoutUnmetLengths(cut: Json): string[] {
  return rewriteEachObject(cut, (schema) => {
    const bounds = unmetBounds(schema);
    if (bounds === undefined) return undefined;
    const left = bounds.filter((b) => b in schema).map((b) => `${b} ${schema[b]}`);
    for (const b of bounds) delete schema[b];
    return `${left.join(", ")}; format ${schema.format}`;
  });
}
