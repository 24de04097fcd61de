// A multipart/form-data body (RFC 7578) read into its parts, each with its
// own headers: fetch's FormData reader keeps no part's Content-Type but a
// file's, nor any other header of a part, which the document's `encoding`
// (contentType, headers) speaks of.

export interface Part {
  /** The part's headers, names lowercased. */
  headers: Map<string, string>;
  name: string;
  filename?: string;
  /** The part's Content-Type, when it gives one (RFC 7578: text/plain otherwise). */
  contentType?: string;
  bytes: Buffer;
}

/** The parts of a body, or what is wrong with it. */
export function multipartParts(body: Uint8Array, contentType: string): Part[] | string {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return `its Content-Type (${contentType}) names no boundary`;
  const data = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${mark}`);
  let at = data.indexOf(delimiter);
  if (at < 0) return `no part begins with --${mark}`;
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (data.subarray(at, at + 2).toString() === "--") return parts;
    const headersStart = data.indexOf("\r\n", at);
    if (headersStart < 0) return "a part's boundary line does not end";
    const headersEnd = data.indexOf("\r\n\r\n", headersStart);
    if (headersEnd < 0) return "a part's headers do not end with an empty line";
    const headers = new Map<string, string>();
    const lines =
      headersStart === headersEnd
        ? []
        : data
            .subarray(headersStart + 2, headersEnd)
            .toString("utf8")
            .split("\r\n");
    for (const line of lines) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = data.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headersEnd + 4);
    if (next < 0) return "the body does not end with its closing boundary";
    const disposition = headers.get("content-disposition") ?? "";
    const name = dispositionParam(disposition, "name");
    if (!/^form-data\b/i.test(disposition) || name === undefined)
      return `a part has no Content-Disposition: form-data with a name (${JSON.stringify(disposition)})`;
    const filename = dispositionParam(disposition, "filename");
    const type = headers.get("content-type");
    parts.push({
      headers,
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(type ? { contentType: type } : {}),
      bytes: data.subarray(headersEnd + 4, next),
    });
    at = next + 2;
  }
}

function dispositionParam(disposition: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(disposition);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2];
}
