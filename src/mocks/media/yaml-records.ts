// A success answer declared as YAML (`application/yaml`, `text/yaml`, `…+yaml`) whose schema is a record or a list
// (an OpenAPI definition served as YAML, `{type: object}`, its example the YAML text) is the file it says: drafted a
// download (import/draft/files.ts answersFile), whose declared types are YAML's. The mock serves it as YAML text (its
// example's text as written, else its example or a record written as YAML) under its YAML type. Prism writes no object
// as YAML, so the mock served the record as JSON (mock-answers.ts servedAsJsonInstead), under application/json, which
// the download rightly refused ("answered 200 with application/json, not the file it declares") on every success case.
// Read as a file, not as a record: reading YAML into a record would put a YAML parser in every generated client.
import { stringify } from "yaml";
import { isStructuredSchema } from "../../load/media-types.js";
import { isObject, resolved } from "../mock-form-bodies.js";
import { servedAsText } from "./text-examples.js";

type Json = Record<string, unknown>;

/** A YAML media type, parameters aside. */
const YAML_TYPE = /^\s*(?:(?:text|application)\/(?:x-)?ya?ml|[\w.-]+\/[\w.-]+\+ya?ml)\s*(;|$)/i;

/** Whether a media type is YAML's, whose records the mock writes as YAML text (not as their JSON text). */
export const isYamlType = (type: string): boolean => YAML_TYPE.test(type);

/** A 2xx answer with each YAML type whose schema is a record or a list served as YAML text. */
export function withYamlRecordsAsText(status: string, response: unknown, document: Json): unknown {
  if (!/^2(\d\d|XX)$/i.test(status) || !isObject(response) || !isObject(response.content)) return response;
  let served: Json | undefined;
  for (const [type, media] of Object.entries(response.content)) {
    const schema = isObject(media) ? resolved(media.schema, document) : undefined;
    if (!YAML_TYPE.test(type) || !isObject(media) || !isStructuredSchema(schema)) continue;
    const made = isObject(schema) && schema.type === "array" ? ["zq"] : { zq: "zq" };
    served ??= { ...response.content };
    // Each named example as YAML text under its name (text-examples.ts).
    served[type] = servedAsText(media, document, (example) => stringify(example ?? made)) ?? media;
  }
  return served ? { ...response, content: served } : response;
}
