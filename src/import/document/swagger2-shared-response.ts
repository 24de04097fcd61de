// A Swagger 2.0 shared response (`$ref: "#/responses/Binary"`) is converted
// once, under the document's media types (`produces`); an operation that
// produces others (`image/jpeg` where the document says JSON) needs it written
// out under its own, else its answer is read as JSON (swagger2.ts).
import { isJson as isObject } from "../shapes/cut-walk.js";

type Json = Record<string, unknown>;

const mediaTypes = (v: unknown): string =>
  (Array.isArray(v) ? v : typeof v === "string" ? [v] : []).filter((t) => typeof t === "string").join("\n");

/** The shared response `ref` names, when it has a schema and the operation produces other media types than `doc`. */
export function sharedResponseToWriteOut(ref: string, produces: readonly string[], doc: Json): Json | undefined {
  const prefix = "#/responses/";
  if (!ref.startsWith(prefix) || produces.join("\n") === mediaTypes(doc.produces)) return undefined;
  const name = ref.slice(prefix.length).replace(/~1/g, "/").replace(/~0/g, "~");
  const found = isObject(doc.responses) ? doc.responses[name] : undefined;
  return isObject(found) && typeof found.$ref !== "string" && found.schema !== undefined ? found : undefined;
}
