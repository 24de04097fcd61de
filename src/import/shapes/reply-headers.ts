// The headers a success answer declares, drafted as outputs: the `Location` of
// a 201, a count of every item (`X-Total-Count`), a request id, an ETag. A
// header that says how the body is framed or cached, sets a cookie, or is read
// by a concept of its own (paging's Link, the rate limits') is left out.
import type { ManifestOutput } from "../../load/precompiled/manifest-types.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { valueAt } from "../../load/json-ref.js";
import { camelCase } from "../../model/naming.js";

type Json = Record<string, unknown>;

/**
 * Headers no workflow reads as a result: the body's framing and caching, connection management, cookies, and those
 * paging or the rate limits read.
 */
const NOT_AN_OUTPUT = new RegExp(
  "^(content-(type|length|encoding|language|disposition|range|security-policy)|transfer-encoding|" +
    "connection|keep-alive|date|server|vary|cache-control|expires|pragma|age|set-cookie|" +
    "strict-transport-security|access-control-.*|x-(content-type-options|frame-options|xss-protection)|" +
    "link|retry-after|(x-)?rate-?limit(-.*)?|x-ratelimit-.*)$",
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
    // Every header is read as text (a count too): a header the answer may leave out is optional.
    outputs[key] = {
      type: "string",
      from: `$response.header.${name}`,
      ...(header.required === true ? {} : { optional: true }),
      description: said.length > 200 ? `${said.slice(0, 199)}…` : said,
    };
    names.push(name);
  }
  return { outputs, names };
}
