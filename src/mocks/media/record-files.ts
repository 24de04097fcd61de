// A success answer declared under file types alone whose schema is a record (`application/zip` and `text/plain` of
// an application descriptor object, `application/octet-stream` of an object, as some documents write a file): add
// drafts it a download of those types (import/draft/files.ts answersFile), and the record says what the file holds,
// not how its bytes are written. Prism writes no object as such a type, so the mock served the record as JSON
// (mock-answers.ts servedAsJsonInstead), under application/json, which the download rightly refused ("answered 200
// with application/json, not the file it declares") on every success case. The mock now serves a file of the declared
// type, made bytes, as it serves a file's own answer. A record under a text type is its JSON text, which the tool
// reads (mock-answers.ts jsonTextAnswer); YAML, CSV and XML write a record as text of their own (yaml-records.ts,
// csv-records.ts, xml-records.ts): each served so before this. An answer with a JSON type beside stays that JSON.
import { bareMediaType, isJsonMediaType, isStructuredSchema } from "../../load/media-types.js";
import { isFileType } from "../../link/files/files.js";
import { isStreamType } from "../../link/stream/streams.js";
import { isObject, resolved } from "../mock-form-bodies.js";
import { servedAsText } from "./text-examples.js";

type Json = Record<string, unknown>;

const TEXT = /^text\//i;

/** A type whose records are no file of it: a wildcard (any type, JSON among them), or a multipart reply's parts. */
const NO_FILE = /^(\*\/\*|[\w.+-]+\/\*|multipart\/)/i;

/** A 2xx answer of file types alone, each whose schema is a record served as a file of that type. */
export function withRecordFilesAsFiles(status: string, response: unknown, document: Json): unknown {
  if (!/^2(\d\d|XX)$/i.test(status) || !isObject(response) || !isObject(response.content)) return response;
  const types = Object.keys(response.content);
  // A stream of JSON values (`application/x-ndjson`) is read item by item (src/mocks/streams/), no file.
  const noFile = (t: string) =>
    isJsonMediaType(bareMediaType(t)) || !isFileType(t) || isStreamType(t) || NO_FILE.test(t.trim());
  if (types.some(noFile)) return response;
  // A record under text types alone is its JSON text, which the tool reads (mock-answers.ts jsonTextAnswer).
  if (types.every((t) => TEXT.test(t.trim()))) return response;
  let served: Json | undefined;
  for (const [type, media] of Object.entries(response.content)) {
    if (!isObject(media) || !isStructuredSchema(resolved(media.schema, document))) continue;
    const { schema: _record, example: _example, examples: _examples, ...rest } = media;
    const schema = TEXT.test(type.trim()) ? { type: "string" } : BYTES;
    // Named examples kept by name, each its record's JSON text as the file's bytes (text-examples.ts); else made bytes.
    const named = isObject(media.examples) && Object.keys(media.examples).length > 0 && media.example === undefined;
    const text = named ? servedAsText(media, document, (value) => JSON.stringify(value ?? {})) : undefined;
    served ??= { ...response.content };
    served[type] = { ...(text ?? rest), schema };
  }
  return served ? { ...response, content: served } : response;
}

const BYTES = { type: "string", format: "binary" };
