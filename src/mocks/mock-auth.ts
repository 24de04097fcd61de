// What Prism's security check gets wrong: it reads an `Authorization: Basic`
// credential as malformed when the password holds a colon (it splits the
// decoded text at every colon), though RFC 7617 splits at the first only.
// The mock hands Prism the same credential with the password's colons
// replaced: Prism checks the header's shape, never the password.
import type { RequestListener } from "node:http";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { requirementApart } from "../load/security-schemes.js";

export function withBasicPasswords(listener: RequestListener): RequestListener {
  return (req, res) => {
    const header = req.headers.authorization;
    const match = typeof header === "string" ? /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
    if (match?.[1]) {
      const text = Buffer.from(match[1], "base64").toString("utf8");
      const at = text.indexOf(":");
      if (at >= 0 && text.indexOf(":", at + 1) >= 0) {
        const shaped = `${text.slice(0, at)}:${text.slice(at + 1).replaceAll(":", "_")}`;
        req.headers.authorization = `Basic ${Buffer.from(shaped, "utf8").toString("base64")}`;
      }
    }
    listener(req, res);
  };
}

/** The HTTP schemes Prism's security check knows; another it passes unchecked (a warning), credential or none. */
const PRISM_HTTP_SCHEMES = new Set(["basic", "bearer", "digest"]);

/**
 * `document` (a mock's copy) with each HTTP scheme of another name (`zq-hmac-sha256`, whose credentials the caller
 * gives) served to Prism as a key in Authorization: Prism then answers a request without it 401, as the service does;
 * the request judge holds its form (the scheme's name before the credentials) to the document as published.
 */
export function withNamedHttpSchemes<T>(document: T): T {
  const schemes = (document as { components?: { securitySchemes?: Record<string, unknown> } }).components
    ?.securitySchemes;
  if (!schemes) return document;
  for (const [name, scheme] of Object.entries(schemes)) {
    const s = scheme as { type?: unknown; scheme?: unknown } | null;
    if (s?.type === "http" && typeof s.scheme === "string" && !PRISM_HTTP_SCHEMES.has(s.scheme.toLowerCase()))
      schemes[name] = { type: "apiKey", in: "header", name: "Authorization" };
  }
  return document;
}

/**
 * `document` (a mock's copy) with each security requirement as the link reads it (requirementApart): one whose schemes
 * put two credentials in Authorization, which no request carries, served as one requirement per scheme, so that Prism
 * answers the request the tool sends as the request judge does.
 */
export function withRequirementsApart<T>(document: T): T {
  const doc = document as { components?: { securitySchemes?: Record<string, unknown> }; paths?: unknown } & {
    security?: unknown;
  };
  const schemes = doc.components?.securitySchemes ?? {};
  const apart = (security: unknown) =>
    Array.isArray(security)
      ? security.flatMap((r) =>
          r && typeof r === "object"
            ? requirementApart(Object.keys(r), schemes).map((names) =>
                Object.fromEntries(names.map((n) => [n, (r as Record<string, unknown>)[n]])),
              )
            : [r],
        )
      : security;
  if (doc.security !== undefined) doc.security = apart(doc.security);
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, unknown> | null>))
    for (const method of OPERATION_METHODS) {
      const op = item?.[method] as { security?: unknown } | undefined;
      if (op && typeof op === "object" && op.security !== undefined) op.security = apart(op.security);
    }
  return document;
}
