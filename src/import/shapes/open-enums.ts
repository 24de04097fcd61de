// An enum its document marks open: AutoRest's `x-ms-enum` with `modelAsString: true` (hundreds of the directory's
// Azure documents) says the values listed are the known ones, not all: the service takes others (new ones in later
// API versions), and the document's own examples use them (`segment: [operation/name]` beside an enum of
// `browser`, `city`…). Read as JSON Schema, the enum refused those values: add refused its draft's example
// (BW2009), the package would refuse what the service takes, and a mock or the judge every other value. add leaves
// such an enum out of the cut it writes, keeps its values in the schema's description as the known ones (and in the
// mark's `values`, which the draft offers as a parameter's `knownValues`), and says so. A one-value enum (a union
// shape's tag) is left as it is.
import { isJson, rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** How many known values the description lists before it says how many more. */
const LISTED = 20;

function isOpenEnum(schema: Json): boolean {
  const marked = schema["x-ms-enum"];
  return (
    Array.isArray(schema.enum) &&
    schema.enum.length > 1 &&
    schema.enum.every((v) => typeof v === "string") &&
    (schema.type === undefined || schema.type === "string") &&
    isJson(marked) &&
    marked.modelAsString === true
  );
}

/** The known values as a sentence for the schema's description. */
function knownValues(values: string[]): string {
  const listed = values.slice(0, LISTED).join(", ");
  const more = values.length > LISTED ? ` and ${values.length - LISTED} more` : "";
  return `Known values (the service takes others too): ${listed}${more}.`;
}

/**
 * The cut with each enum its document marks open left out, its values said in the description (changed in place);
 * each place changed, as `components.parameters.Segment.schema.items (16 known values)`.
 */
export function withoutOpenEnums(cut: Json): string[] {
  return rewriteEachObject(cut, (schema) => {
    if (!isOpenEnum(schema)) return undefined;
    const values = schema.enum as string[];
    delete schema.enum;
    // The values kept as the mark's own known values (AutoRest's `values`), where it lists none: the draft offers
    // them beside any other text (a parameter's `knownValues`).
    const mark = schema["x-ms-enum"] as Json;
    if (!Array.isArray(mark.values)) mark.values = values.map((value) => ({ value }));
    const said = knownValues(values);
    const own = typeof schema.description === "string" ? schema.description.trim() : "";
    // A description ending without a stop gets one, so the known values read as a sentence of their own.
    schema.description = own ? `${own}${/[.!?:;]$/u.test(own) ? "" : "."} ${said}` : said;
    return `${values.length} known values`;
  });
}
