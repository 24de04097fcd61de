// A multipart/form-data body written part by part (RFC 7578), where FormData cannot write it: a text part of a type of
// its own, a text holding a line break (FormData makes it CRLF), or a part with headers of its own (OpenAPI's
// `encoding.<field>.headers`: FormData writes none but Content-Disposition and a file's Content-Type).
import { ownOf } from "../../common/own.js";

const OCTET_STREAM = "application/octet-stream";

/** A multipart body written here, and its Content-Type naming the boundary. */
export interface WrittenMultipart {
  blob: Blob;
  contentType: string;
}

/**
 * Parts written as RFC 7578 says (names quoted as the HTML form encoding quotes them, text as given: RFC 7578 asks no
 * line break of a value be changed), files streamed from their Blobs; each part of a field given headers carries them
 * after its Content-Type (values checked before as a header's: no line break, string-places.ts).
 */
export function writtenMultipart(
  parts: readonly [string, string | Blob, string?][],
  partHeaders?: Readonly<Record<string, Readonly<Record<string, string>>>>,
): WrittenMultipart {
  const random = new Uint8Array(12);
  globalThis.crypto.getRandomValues(random);
  const boundary = `----blockwright${[...random].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  const quoted = (text: string) => text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
  const chunks: BlobPart[] = [];
  for (const [name, value, filename] of parts) {
    const type = value instanceof Blob ? value.type || (filename === undefined ? "" : OCTET_STREAM) : "";
    const own = Object.entries(ownOf(partHeaders, name) ?? {})
      .map(([header, text]) => `${header}: ${text}\r\n`)
      .join("");
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"` +
      `${filename === undefined ? "" : `; filename="${quoted(filename)}"`}\r\n` +
      `${type ? `Content-Type: ${type}\r\n` : ""}${own}\r\n`;
    chunks.push(head, value, "\r\n");
  }
  chunks.push(`--${boundary}--\r\n`);
  return { blob: new Blob(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
