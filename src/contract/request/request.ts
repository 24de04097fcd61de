// The captured request itself, checked against the OpenAPI document: Prism
// accepts unknown query keys and any credential, so what it cannot see is
// checked here — the method and path of the operation (under the server's path), only query keys and
// headers the spec declares, the credential exactly where the security
// scheme puts it and nowhere else, and the body's content type.
// What a parameter reached the wire as: sent-value.ts; the credential's place: credential-check.ts.
import { CALL_AGENT, type ToolSpec, type WireSpec, itemAt } from "@blockwright/runtime/internal";
import {
  bareMediaType,
  credentialOf,
  type OpenApiDocument,
  type OpenApiOperation,
  sendsFieldsAsPairs,
  typeOf,
} from "../../load/openapi-document.js";
import { basePattern } from "../../judge/judge.js";
import { withLiteralsAsSent } from "../../judge/path-literals.js";
import { pathTemplate } from "../../judge/path-template.js";
import { FORM_MEDIA_TYPE } from "../../load/media-types.js";
import { routePath } from "../../load/operation-index.js";
import { check, fail, json } from "../call.js";
import type { Exchange } from "../exchange.js";
import type { Input } from "../inputs/values.js";
import { at } from "../json-path.js";
import { checkCredential } from "./credential-check.js";
import { SIGNATURE_HEADERS, signedWay } from "./signature-check.js";

/** The operation a request was sent to: the tool's own or one of its routes'. */
export function operationOf(
  ex: Exchange,
  tool: ToolSpec,
  doc: OpenApiDocument,
): {
  op: OpenApiOperation;
  path: Record<string, string>;
  wire: Record<string, WireSpec>;
  /**
   * Every way the path splits into its expressions' raw texts (path-template.ts), for a segment of several: all of
   * them, up to READINGS_SOUGHT.
   */
  readings(): Record<string, string>[];
} {
  const tried: string[] = [];
  // Operations' paths are relative to the document's server path, which every request carries (server.basePath).
  const base = tool.server.basePath ?? "";
  // A variable left in it (the credential's, auth.variable) is one segment, never shown.
  const under = basePattern(base).exec(ex.url.pathname)?.[0].length;
  if (under === undefined || ex.url.pathname.length === under)
    fail(`${ex.method} ${ex.url.pathname} is not under the server's path ${base}`);
  const pathname = ex.url.pathname.slice(under);
  for (const target of [
    { operationId: tool.operationId, wire: Object.create(null) as Record<string, WireSpec> },
    ...tool.routes,
  ]) {
    const op = doc.operations.get(target.operationId);
    if (!op) continue;
    tried.push(`${op.method} ${op.path}`);
    const spanning = new Set(
      tool.params.flatMap((p) =>
        ((target.wire[p.name] ?? p.wire).in === "path" &&
        ((target.wire[p.name] ?? p.wire) as { multiSegment?: true }).multiSegment
          ? [(target.wire[p.name] ?? p.wire) as { name: string }]
          : []
        ).map((w) => w.name),
      ),
    );
    const template = routePath(op.path).replace(/\{\+/g, "{");
    const path = matchPath(template, pathname, spanning);
    if (path && op.method === ex.method)
      return {
        op,
        path,
        wire: target.wire,
        readings: () => pathTemplate(template).matches(pathname, spanning, READINGS_SOUGHT),
      };
  }
  return fail(`${ex.method} ${base}${pathname} is none of the tool's operations (${tried.join(", ")})`);
}

/**
 * Readings of a path sought for a value sent (a bound on a path whose segments are many and long: two touching
 * expressions in a segment of n characters read n + 1 ways).
 */
const READINGS_SOUGHT = 4096;

/**
 * Whether a query key is a declared name, or one followed by bracket segments: a deepObject value's keys are its name
 * with brackets (`expand[0]`, `created[gte]`), a name that ends in brackets itself (`field[]`) among them
 * (`field[][0]`: an item of its list written as brackets), and a segment holds an object's key as it is, brackets
 * too (`filter[filter[name_eq]]`: a key `filter[name_eq]`, as a document's example of the wire keys gives it).
 */
function bracketsOfDeclared(key: string, declared: ReadonlySet<string>): boolean {
  if (declared.has(key)) return true;
  for (let at = key.indexOf("["); at > 0; at = key.indexOf("[", at + 1))
    if (declared.has(key.slice(0, at)) && bracketSegments(key.slice(at))) return true;
  return false;
}

/** Whether a text is bracket segments alone (`[a][b[c]]`), each closed where its brackets balance. */
function bracketSegments(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (depth === 0 && c !== "[") return false;
    depth += c === "[" ? 1 : c === "]" ? -1 : 0;
  }
  return depth === 0;
}

/** Every check of the captured request; `input` is what the tool was given. */
export function checkRequest(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, input: Input): void {
  const { op } = operationOf(ex, tool, doc);

  const declaredQuery = new Set(op.parameters.filter((p) => p.in === "query").map((p) => p.name));
  // The fixed query pairs a path key holds (`/services?funcs=news`) are the operation's own.
  for (const key of new URLSearchParams(op.path.slice(routePath(op.path).length + 1)).keys()) declaredQuery.add(key);
  const declaredHeaders = new Set(op.parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()));
  // Cookie parameters go in the Cookie header (OpenAPI's in: cookie), each pair held to its parameter (sent-value.ts).
  if (op.parameters.some((p) => p.in === "cookie")) declaredHeaders.add("cookie");
  const schemes = (op.security ?? []).flatMap((name) => doc.securitySchemes[name] ?? []);
  for (const s of schemes) {
    if (s.type === "apiKey" && s.in === "query" && s.name) declaredQuery.add(s.name);
    if (s.type === "apiKey" && s.in === "header" && s.name) declaredHeaders.add(s.name.toLowerCase());
    if (s.type === "http" || credentialOf(s)?.type === "bearer") declaredHeaders.add("authorization");
    if (s.type === "apiKey" && s.in === "cookie") declaredHeaders.add("cookie");
  }
  // Headers the manifest declares itself, which link accepts without a spec parameter: its constants
  // (an API version every call sends) and its idempotency header (on every request but a GET).
  for (const c of tool.constants) if (c.in === "header") declaredHeaders.add(c.name.toLowerCase());
  // A signed request's own headers (auth.sigv4): the signature, its date, the session token, the body's hash.
  if (signedWay(tool, input)) for (const name of SIGNATURE_HEADERS) declaredHeaders.add(name);
  if (tool.idempotency && ex.method !== "GET") declaredHeaders.add(tool.idempotency.header.toLowerCase());
  // An object sent as its fields (form style, exploded: the query's default) declares those fields, and any key when it
  // is open.
  let anyKey = false;
  for (const p of op.parameters) {
    if (!sendsFieldsAsPairs(p)) continue;
    const schema = doc.flatten(p.schema);
    if (typeOf(schema) !== "object" && !schema.properties) continue;
    for (const field of Object.keys((schema.properties ?? {}) as object)) declaredQuery.add(field);
    if (schema.additionalProperties !== false) anyKey = true;
  }
  // A link's own query (a path value whose reserved characters go as they are: multiSegment reserved, as-given) is the
  // value's: its keys as the input gives them.
  for (const p of tool.params) {
    const value = input[p.name];
    const link = p.wire.in === "path" && (p.wire.multiSegment === "reserved" || p.wire.multiSegment === "as-given");
    if (link && typeof value === "string" && value.includes("?"))
      for (const key of new URLSearchParams(value.slice(value.indexOf("?") + 1)).keys()) declaredQuery.add(key);
  }
  for (const key of new Set(ex.url.searchParams.keys())) {
    check(
      anyKey || bracketsOfDeclared(key, declaredQuery),
      () =>
        `query key ${key} is not declared by ${op.operationId} (declared: ` +
        `${[...declaredQuery].join(", ") || "none"})${fieldOfStyled(doc, op, key)}`,
    );
  }
  const media = requestMediaTypes(doc, op);
  for (const [name] of ex.headers) {
    // OpenAPI ignores Accept and Content-Type header parameters: media types are declared, not these.
    if (name === "content-type" || name === "accept") continue;
    // The runtime's own User-Agent, said where no parameter sets one (node-agent.ts): who calls, as every client says.
    if (name === "user-agent" && !declaredHeaders.has(name) && ex.headers.get(name) === CALL_AGENT) continue;
    check(
      declaredHeaders.has(name),
      () =>
        `header ${name} is not declared by ${op.operationId} (declared: ${[...declaredHeaders].join(", ") || "none"})`,
    );
  }

  // The body and its content type.
  const contentType = ex.headers.get("content-type");
  // A required form of no field goes empty, typed as a form the operation declares: a body.
  const emptyForm =
    !ex.rawBody &&
    op.requestBody?.required === true &&
    contentType !== null &&
    bareMediaType(contentType) === FORM_MEDIA_TYPE &&
    media.some((m) => bareMediaType(m) === FORM_MEDIA_TYPE);
  if (ex.rawBody || emptyForm) {
    check(media.length > 0, `${op.operationId} declares no request body, but one was sent`);
    check(
      contentType !== null && media.some((m) => inRange(m, bareMediaType(contentType))),
      () => `content type ${json(contentType)} is not one ${op.operationId} declares (${media.join(", ")})`,
    );
  } else {
    check(!op.requestBody?.required, `${op.operationId} requires a request body, none was sent`);
    // Unless the document declares Content-Type as a parameter of its own (then a bodiless call may carry it).
    check(
      contentType === null || declaredHeaders.has("content-type"),
      () => `content type ${contentType} sent without a body`,
    );
  }

  checkCredential(ex, tool, doc, op, input);
}

/**
 * Where an undeclared query key is a field of a declared object parameter written in another style: that style, as a
 * hint.
 */
function fieldOfStyled(doc: OpenApiDocument, op: OpenApiOperation, key: string): string {
  const owner = op.parameters.find(
    (p) =>
      p.in === "query" &&
      !sendsFieldsAsPairs(p) &&
      Object.hasOwn((doc.flatten(p.schema).properties ?? {}) as object, key),
  );
  if (!owner) return "";
  const style =
    owner.content !== undefined
      ? `content ${owner.content}`
      : `style ${owner.style ?? "form"}, explode ${owner.explode ?? (owner.style ?? "form") === "form"}`;
  return (
    `: a field of "${owner.name}", which the document writes in ` +
    `${style}${owner.style === "deepObject" ? ` (${owner.name}[${key}]=…)` : ""}`
  );
}

function requestMediaTypes(doc: OpenApiDocument, op: OpenApiOperation): string[] {
  const raw = at(doc.source.data, op.location.map(String)) as { requestBody?: Record<string, unknown> } | undefined;
  if (!raw?.requestBody) return [];
  const body = doc.resolve(raw.requestBody);
  return Object.keys((body.content ?? {}) as object).map((k) => k.toLowerCase());
}

/** A media type the document declares (`image/png`) or a range it names (`image/*`, or any type) takes this one. */
function inRange(declared: string, sent: string): boolean {
  const bare = bareMediaType(declared);
  if (bare === sent || bare === "*/*") return true;
  return bare.endsWith("/*") && sent.startsWith(bare.slice(0, -1));
}

/**
 * `/v1/things/{id}` against `/v1/things/42` → `{id: "42"}` (raw, still percent-encoded); a `spanning` name takes
 * several segments.
 */
function matchPath(
  template: string,
  pathname: string,
  spanning: ReadonlySet<string> = new Set(),
): Record<string, string> | undefined {
  const names: string[] = [];
  const source = template
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      // Literal text as the address carries it: a quote in it is sent `%22` (path-literals.ts).
      if (!/^\{[^{}]+\}$/.test(part)) return withLiteralsAsSent(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(part.slice(1, -1));
      return spanning.has(part.slice(1, -1)) ? "(.+)" : "([^/]+)";
    })
    .join("");
  const match = new RegExp(`^${source}$`).exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, itemAt(match, i + 1)]));
}
