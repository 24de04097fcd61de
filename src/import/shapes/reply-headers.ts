// The headers a success answer declares, drafted as outputs: the `Location` of
// a 201, a count of every item (`X-Total-Count`), a request id, an ETag. A
// header that says how the body is framed or cached, sets a cookie, or is read
// by a concept of its own (paging's Link, the rate limits'), or tells of the path the answer
// took (a CDN's, a browser policy's) is left out. Each is typed as its schema says (link/outputs/header-place.ts).
import type { ManifestOutput } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import { valueAt } from "../../load/json-ref.js";
import { camelCase } from "../../model/naming.js";

type Json = Record<string, unknown>;

/**
 * Headers no workflow reads as a result: the body's framing and caching, connection management, cookies, those paging
 * or the rate limits read, and those of the path the answer took rather than of the API, which a document converted
 * from recorded traffic declares: a CDN's or a proxy's (`CF-RAY`, `X-Cache`, `Via`, `X-Amz-Cf-Id`), a browser's
 * security and reporting policies (`Expect-CT`, `NEL`, `Report-To`, `Referrer-Policy`), the server's stack
 * (`X-Powered-By`).
 */
const NOT_AN_OUTPUT = new RegExp(
  "^(content-(type|length|encoding|language|disposition|range|security-policy(-report-only)?)|transfer-encoding|" +
    "connection|keep-alive|date|server|vary|cache-control|expires|pragma|age|set-cookie|" +
    "strict-transport-security|access-control-.*|x-(content-type-options|frame-options|xss-protection)|" +
    "link|retry-after|(x-)?rate-?limit(-.*)?|x-ratelimit-.*|" +
    "cf-.*|x-amz-cf-.*|via|alt-svc|x-cache(-.*)?|x-served-by|x-timer|x-powered-by|x-aspnet(mvc)?-version|" +
    "expect-ct|nel|report-to|reporting-endpoints|referrer-policy|permissions-policy|feature-policy|" +
    "cross-origin-(opener|embedder|resource)-policy|x-dns-prefetch-control|x-download-options|" +
    "x-permitted-cross-domain-policies|p3p)$",
  "i",
);

/**
 * Outputs for the headers the operation's success answer declares (the body's answer, else its lowest 2xx), named apart
 * from `taken`.
 */
export function headerOutputs(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  taken: Record<string, unknown>,
): { outputs: Record<string, ManifestOutput>; names: string[] } {
  const status = doc.bodyResponse(op)?.status ?? op.responses.map((r) => r.status).find((s) => /^2\d\d$/.test(s));
  const outputs: Record<string, ManifestOutput> = {};
  const names: string[] = [];
  if (status === undefined) return { outputs, names };
  let headers: Json = {};
  try {
    const raw = valueAt(doc.source.data, [...op.location, "responses", status]) as Schema | undefined;
    const response = raw ? doc.resolve(raw) : undefined;
    headers = (response?.headers ?? {}) as Json;
  } catch {
    return { outputs, names };
  }
  for (const [name, declared] of Object.entries(headers)) {
    if (NOT_AN_OUTPUT.test(name) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) continue;
    let header: Schema;
    try {
      header = doc.resolve(declared as Schema);
    } catch {
      continue;
    }
    const base = camelCase(name.replace(/^x-/i, "")) || "header";
    let key = `metadata.${/^[A-Za-z_]/.test(base) ? base : `h${base}`}`;
    for (let i = 2; key in taken || key in outputs; i++) key = `metadata.${base}${i}`;
    const said =
      typeof header.description === "string" && header.description.trim()
        ? header.description.trim()
        : `The ${name} header of the ${status} answer.`;
    // A header is of the type its schema says (a count a number, read from its text by the runtime), else its text;
    // a header the answer may leave out is optional.
    outputs[key] = {
      type: headerOutputType(doc, header),
      from: `$response.header.${name}`,
      ...(header.required === true ? {} : { optional: true }),
      description: said.length > 200 ? `${said.slice(0, 199)}…` : said,
    };
    names.push(name);
  }
  return { outputs, names };
}

/** The output type of a header whose schema is a number, an integer or a boolean; a text's for any other. */
function headerOutputType(doc: OpenApiDocument, header: Schema): "string" | "number" | "boolean" {
  let type: unknown;
  try {
    type = header.schema === undefined ? undefined : typeOf(doc.flatten(header.schema as Schema));
  } catch {
    return "string"; // a $ref that names nothing
  }
  return type === "integer" || type === "number" ? "number" : type === "boolean" ? "boolean" : "string";
}
