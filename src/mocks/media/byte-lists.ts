// A file's bytes written as a list of bytes (`image/jpeg: {type: array, items: {type: string, format: byte}}`, how
// springfox writes Java's `byte[]`; load/media-types.ts isByteListMedia) is served and read by the mock as the binary
// string it stands for: Prism made a JSON list of base64 texts of it, served as `application/json`, which the runtime
// rightly refused as no file ("answered 200 with application/json, not the file it declares"), and held a request's
// bytes to a list, which no bytes are.
import { OPERATION_METHODS } from "../../load/openapi-document.js";
import { isByteListMedia } from "../../load/media-types.js";
import { isObject, resolved } from "../mock-form-bodies.js";

type Json = Record<string, unknown>;

/** In place: each operation's request body and answers whose content is a list of bytes, as a binary string. */
export function withByteListsAsFiles(document: Json): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    const path = resolved(item, document);
    if (!isObject(path)) continue;
    for (const method of OPERATION_METHODS) {
      const op = path[method];
      if (!isObject(op)) continue;
      asFiles(resolved(op.requestBody, document), document);
      if (isObject(op.responses)) for (const r of Object.values(op.responses)) asFiles(resolved(r, document), document);
    }
  }
}

function asFiles(holder: unknown, document: Json): void {
  if (!isObject(holder) || !isObject(holder.content)) return;
  for (const [type, media] of Object.entries(holder.content)) {
    if (!isObject(media)) continue;
    const schema = resolved(media.schema, document);
    if (!isObject(schema) || !isByteListMedia(type, schema)) continue;
    const description = typeof schema.description === "string" ? { description: schema.description } : {};
    media.schema = { type: "string", format: "binary", ...description };
    // An example of the list (base64 texts) is no file's bytes: the mock makes some.
    delete media.example;
    delete media.examples;
  }
}
