// Two canonical requests compared field by field: the method, the path, each
// query key, the headers that matter (the credential's, those the operation
// declares, the media type), and the body by JSON pointer, form key or
// multipart part. Headers a library adds for itself (its user agent,
// telemetry, retries) are not the operation's and are not compared.
import type { CanonicalBody, CanonicalRequest } from "./canonical.js";

export interface Difference {
  /** `method`, `path`, `query ?key`, `header name`, `media type`, `body /pointer`, `form key`, `part name`. */
  at: string;
  /** What Blockwright sent there (undefined: nothing). */
  blockwright?: string;
  /** What the SDK sent there (undefined: nothing). */
  sdk?: string;
}

/** The headers compared besides the media type: the credential's, and any the operation declares (lowercased names). */
export interface HeaderChoice {
  names: string[];
}

const show = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/** A credential header as a server reads it: the scheme's case does not matter, a basic pair is decoded. */
function credentialValue(value: string): string {
  const m = /^(\S+)\s+(.*)$/.exec(value.trim());
  if (!m) return value;
  const scheme = (m[1] as string).toLowerCase();
  if (scheme === "basic") return `basic ${Buffer.from(m[2] as string, "base64").toString("utf8")}`;
  return `${scheme} ${m[2]}`;
}

function byKey(where: string, a: [string, string][], b: [string, string][], out: Difference[]): void {
  const keys = [...new Set([...a.map((p) => p[0]), ...b.map((p) => p[0])])].sort();
  for (const key of keys) {
    const left = a.filter((p) => p[0] === key).map((p) => p[1]);
    const right = b.filter((p) => p[0] === key).map((p) => p[1]);
    if (show(left) === show(right)) continue;
    out.push({
      at: `${where} ${key}`,
      ...(left.length ? { blockwright: left.length === 1 ? left[0] : show(left) } : {}),
      ...(right.length ? { sdk: right.length === 1 ? right[0] : show(right) } : {}),
    });
  }
}

/** A JSON value's leaves by pointer (an empty object or list is a leaf). */
function leaves(value: unknown, pointer = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === "object" && Object.keys(value).length) {
    for (const [k, v] of Object.entries(value))
      leaves(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
  } else out.set(pointer || "/", value);
  return out;
}

function bodies(a: CanonicalBody, b: CanonicalBody, out: Difference[]): void {
  if (a.kind !== b.kind) {
    out.push({ at: "body", blockwright: describeBody(a), sdk: describeBody(b) });
    return;
  }
  if (a.kind === "json" && b.kind === "json") {
    const left = leaves(a.value);
    const right = leaves(b.value);
    for (const pointer of [...new Set([...left.keys(), ...right.keys()])].sort()) {
      const l = left.get(pointer);
      const r = right.get(pointer);
      if (show(l) === show(r)) continue;
      out.push({
        at: `body ${pointer}`,
        ...(left.has(pointer) ? { blockwright: show(l) } : {}),
        ...(right.has(pointer) ? { sdk: show(r) } : {}),
      });
    }
  } else if (a.kind === "form" && b.kind === "form") byKey("form", a.pairs, b.pairs, out);
  else if (a.kind === "multipart" && b.kind === "multipart") {
    const fields = (parts: typeof a.parts) =>
      parts.flatMap(
        (p) =>
          [
            [p.name, p.value],
            ...(p.filename !== undefined ? [[`${p.name} (file name)`, p.filename]] : []),
            ...(p.contentType ? [[`${p.name} (content type)`, p.contentType]] : []),
          ] as [string, string][],
      );
    byKey("part", fields(a.parts), fields(b.parts), out);
  } else if (show(a) !== show(b)) out.push({ at: "body", blockwright: describeBody(a), sdk: describeBody(b) });
}

export function describeBody(body: CanonicalBody): string {
  switch (body.kind) {
    case "none":
      return "no body";
    case "json":
      return `JSON ${show(body.value).slice(0, 200)}`;
    case "form":
      return `form ${new URLSearchParams(body.pairs).toString().slice(0, 200)}`;
    case "multipart":
      return `multipart (${body.parts.map((p) => p.name).join(", ")})`;
    case "bytes":
      return body.text !== undefined
        ? `bytes ${JSON.stringify(body.text.slice(0, 200))}`
        : `${body.length} bytes, sha256 ${body.sha256}`;
    case "unreadable":
      return `${body.mediaType} that does not parse: ${body.text.slice(0, 200)}`;
  }
}

/** Every difference between what Blockwright and the SDK sent for the same logical call. */
export function compareRequests(
  blockwright: CanonicalRequest,
  sdk: CanonicalRequest,
  headers: HeaderChoice,
): Difference[] {
  const out: Difference[] = [];
  if (blockwright.method !== sdk.method) out.push({ at: "method", blockwright: blockwright.method, sdk: sdk.method });
  const path = (r: CanonicalRequest) => `/${r.path.join("/")}`;
  if (path(blockwright) !== path(sdk)) out.push({ at: "path", blockwright: path(blockwright), sdk: path(sdk) });
  byKey("query", blockwright.query, sdk.query, out);
  // A media type is compared where there is a body (a library may label an empty one either way).
  if ((blockwright.body.kind !== "none" || sdk.body.kind !== "none") && blockwright.mediaType !== sdk.mediaType)
    out.push({
      at: "media type",
      ...(blockwright.mediaType ? { blockwright: blockwright.mediaType } : {}),
      ...(sdk.mediaType ? { sdk: sdk.mediaType } : {}),
    });
  for (const name of [...new Set(["authorization", ...headers.names.map((n) => n.toLowerCase())])].sort()) {
    if (name === "content-type") continue;
    const read = (v: string | undefined) =>
      v === undefined
        ? undefined
        : name === "authorization" || name === "proxy-authorization"
          ? credentialValue(v)
          : v.trim();
    const l = read(blockwright.headers[name]);
    const r = read(sdk.headers[name]);
    if (l !== r)
      out.push({
        at: `header ${name}`,
        ...(l !== undefined ? { blockwright: l } : {}),
        ...(r !== undefined ? { sdk: r } : {}),
      });
  }
  bodies(blockwright.body, sdk.body, out);
  return out;
}
