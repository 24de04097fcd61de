// The captured request itself, checked against the OpenAPI document: Prism
// accepts unknown query keys and any credential, so what it cannot see is
// checked here — the method and path of the operation (under the server's path), only query keys and
// headers the spec declares, the credential exactly where the security
// scheme puts it and nowhere else, and the body's content type.
import { basicToken, chooseWay, type CredentialSpec, wayCredentials, encodeForm, itemAt, rawBody, styledPairs, parsePointer, type BodySpec, type ParamSpec, type ToolSpec, type WireSpec } from "@blockwright/runtime/internal";
import { bareMediaType, type OpenApiDocument, type OpenApiOperation, sendsFieldsAsPairs, typeOf } from "../load/openapi-document.js";
import { routePath } from "../load/operation-index.js";
import { check, fail, json, same } from "./call.js";
import { documentJudge } from "../judge/read-back.js";
import { basePattern } from "../judge/judge.js";
import type { Exchange } from "./exchange.js";
import type { Input } from "./values.js";
import { at, setAt } from "./json-path.js";
import { credentialOf, type SecurityScheme } from "../load/openapi-document.js";

/** The operation a request was sent to: the tool's own or one of its routes'. */
export function operationOf(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument): { op: OpenApiOperation; path: Record<string, string>; wire: Record<string, WireSpec> } {
  const tried: string[] = [];
  // Operations' paths are relative to the document's server path, which every request carries (server.basePath).
  const base = tool.server.basePath ?? "";
  // A variable left in it (the credential's, auth.variable) is one segment, never shown.
  const under = basePattern(base).exec(ex.url.pathname)?.[0].length;
  if (under === undefined || ex.url.pathname.length === under) fail(`${ex.method} ${ex.url.pathname} is not under the server's path ${base}`);
  const pathname = ex.url.pathname.slice(under);
  for (const target of [{ operationId: tool.operationId, wire: {} as Record<string, WireSpec> }, ...tool.routes]) {
    const op = doc.operations.get(target.operationId);
    if (!op) continue;
    tried.push(`${op.method} ${op.path}`);
    const spanning = new Set(
      tool.params.flatMap((p) => ((target.wire[p.name] ?? p.wire).in === "path" && ((target.wire[p.name] ?? p.wire) as { multiSegment?: true }).multiSegment ? [(target.wire[p.name] ?? p.wire) as { name: string }] : []).map((w) => w.name)),
    );
    const path = matchPath(routePath(op.path).replace(/\{\+/g, "{"), pathname, spanning);
    if (path && op.method === ex.method) return { op, path, wire: target.wire };
  }
  return fail(`${ex.method} ${base}${pathname} is none of the tool's operations (${tried.join(", ")})`);
}

/** Every check of the captured request; `input` is what the tool was given. */
export function checkRequest(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, input: Input): void {
  const { op } = operationOf(ex, tool, doc);

  const declaredQuery = new Set(op.parameters.filter((p) => p.in === "query").map((p) => p.name));
  // The fixed query pairs a path key holds (`/services?funcs=news`) are the operation's own.
  for (const key of new URLSearchParams(op.path.slice(routePath(op.path).length + 1)).keys()) declaredQuery.add(key);
  const declaredHeaders = new Set(op.parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()));
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
  if (tool.idempotency && ex.method !== "GET") declaredHeaders.add(tool.idempotency.header.toLowerCase());
  // An object sent as its fields (form style, exploded: the query's default) declares those fields, and any key when it is open.
  let anyKey = false;
  for (const p of op.parameters) {
    if (!sendsFieldsAsPairs(p)) continue;
    const schema = doc.flatten(p.schema);
    if (typeOf(schema) !== "object" && !schema.properties) continue;
    for (const field of Object.keys((schema.properties ?? {}) as object)) declaredQuery.add(field);
    if (schema.additionalProperties !== false) anyKey = true;
  }
  for (const key of new Set(ex.url.searchParams.keys())) {
    // A deepObject value's keys are its name with brackets: `expand[0]`, `created[gte]`.
    check(anyKey || declaredQuery.has(key) || declaredQuery.has(key.replace(/\[.*$/, "")), () => `query key ${key} is not declared by ${op.operationId} (declared: ${[...declaredQuery].join(", ") || "none"})${fieldOfStyled(doc, op, key)}`);
  }
  const media = requestMediaTypes(doc, op);
  for (const [name] of ex.headers) {
    // OpenAPI ignores Accept and Content-Type header parameters: media types are declared, not these.
    if (name === "content-type" || name === "accept") continue;
    check(declaredHeaders.has(name), () => `header ${name} is not declared by ${op.operationId} (declared: ${[...declaredHeaders].join(", ") || "none"})`);
  }

  // The body and its content type.
  const contentType = ex.headers.get("content-type");
  if (ex.rawBody) {
    check(media.length > 0, `${op.operationId} declares no request body, but one was sent`);
    check(contentType !== null && media.some((m) => inRange(m, bareMediaType(contentType))), () => `content type ${json(contentType)} is not one ${op.operationId} declares (${media.join(", ")})`);
  } else {
    check(!op.requestBody?.required, `${op.operationId} requires a request body, none was sent`);
    // Unless the document declares Content-Type as a parameter of its own (then a bodiless call may carry it).
    check(contentType === null || declaredHeaders.has("content-type"), () => `content type ${contentType} sent without a body`);
  }

  checkCredential(ex, tool, doc, op, input);
}

/** Where an undeclared query key is a field of a declared object parameter written in another style: that style, as a hint. */
function fieldOfStyled(doc: OpenApiDocument, op: OpenApiOperation, key: string): string {
  const owner = op.parameters.find((p) => p.in === "query" && !sendsFieldsAsPairs(p) && Object.hasOwn((doc.flatten(p.schema).properties ?? {}) as object, key));
  if (!owner) return "";
  const style = owner.content !== undefined ? `content ${owner.content}` : `style ${owner.style ?? "form"}, explode ${owner.explode ?? (owner.style ?? "form") === "form"}`;
  return `: a field of "${owner.name}", which the document writes in ${style}${owner.style === "deepObject" ? ` (${owner.name}[${key}]=…)` : ""}`;
}

/**
 * The credentials where the security requirement in use puts them, in full,
 * and the first nowhere else. The requirement in use is the operation's that
 * names exactly the schemes of the way the call gave (a call gives one of
 * several alternatives; a combination sends all of its credentials).
 */
function checkCredential(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, op: OpenApiOperation, input: Input): void {
  const way = chooseWay(tool.auth, input);
  const credential = input[way.param];
  if (typeof credential !== "string") return;
  const requirements = (op.requirements ?? []).filter((r) => r.length);
  // A parameter the caller gave may contain the credential's text (a random draw: a cookie beginning with the
  // key): then it is theirs to send, and where the credential went cannot be told from where the text is.
  // (A text value as it is: JSON would escape a `"` the credential holds, and not find it.)
  const givenElsewhere = Object.entries(input).some(([name, value]) => name !== way.param && value !== undefined && (typeof value === "string" ? value : JSON.stringify(value)).includes(credential));
  // A credential of the address (auth.variable): no security scheme can say it; in the path, once, and nowhere else.
  if (way.type === "path") return checkPathCredential(ex, credential, givenElsewhere);
  if (!requirements.length) {
    if (givenElsewhere) return;
    // No credential at all: the one the call was given goes nowhere.
    const sentIn = [...ex.headers].find(([, v]) => v.includes(credential))?.[0] ?? (decodeURIComponent(ex.url.href).includes(credential) ? "the address" : ex.rawBody.includes(credential) ? "the body" : undefined);
    return check(sentIn === undefined, () => `${op.operationId} declares no security requirement (security: ${JSON.stringify(op.requirements)}), yet the credential was sent (${sentIn})`);
  }
  const credentials = wayCredentials(way);
  const inUse = requirements.find((r) => r.length === credentials.length && credentials.every((c) => r.some((name) => placesLike(doc.securitySchemes[name], c))));
  const offered = requirements.map((r) => r.join(" + ")).join(", ");
  if (!inUse) return fail(`the credentials sent (${credentials.map(describeCredential).join(" + ")}) meet none of ${op.operationId}'s security requirements (${offered})`);
  const placed: string[] = [];
  for (const c of credentials) {
    const value = String(c === credentials[0] ? credential : input[c.param]);
    const slot = foundAt(ex, c, value, input);
    const choice = requirements.length > 1 ? `; ${op.operationId} accepts ${offered}, the call gave this one` : "";
    check(slot !== undefined, () => `the credential is not where ${inUse.join(" + ")} puts it (${inUse.map((n) => describeScheme(doc, n)).join("; ")}${choice})`);
    placed.push(slot as string);
  }
  const where = placed[0] as string;
  if (givenElsewhere) return;
  for (const [name, value] of ex.headers) {
    if (name === where) continue;
    check(!value.includes(credential), `the credential also appears in header ${name}`);
  }
  const query = new URLSearchParams(ex.url.search);
  if (where.startsWith("?")) query.delete(where.slice(1));
  check(!decodeURIComponent(ex.url.pathname).includes(credential) && ![...query.values()].some((v) => v.includes(credential)), "the credential also appears in the address");
  check(!ex.rawBody.includes(credential), "the credential also appears in the body");
}

/** A credential the address carries (auth.variable): one path segment of the request is it, and no header, query value or body holds it. */
function checkPathCredential(ex: Exchange, credential: string, givenElsewhere: boolean): void {
  const segments = ex.url.pathname.split("/").map((s) => decodeURIComponent(s));
  check(segments.filter((s) => s.includes(credential)).length === 1, "the credential is not in the address's path once, where auth.variable puts it");
  if (givenElsewhere) return;
  for (const [name, value] of ex.headers) check(!value.includes(credential), `the credential also appears in header ${name}`);
  check(![...new URLSearchParams(ex.url.search).values()].some((v) => v.includes(credential)), "the credential also appears in the query");
  check(!ex.rawBody.includes(credential), "the credential also appears in the body");
}

/** Whether a declared scheme puts a credential where `c` does (any OAuth 2 or bearer scheme: `Authorization: Bearer`). */
function placesLike(s: SecurityScheme | undefined, c: CredentialSpec): boolean {
  const placement = s ? credentialOf(s) : undefined;
  if (!placement || placement.type !== c.type) return false;
  if (placement.type === "bearer" || placement.type === "basic" || c.type === "bearer" || c.type === "basic") return true;
  return placement.type === "header" ? placement.name.toLowerCase() === c.name.toLowerCase() : placement.name === c.name;
}

/** Where the request carries credential `c` with `value`, exactly once: a header's name, `?key`, or `cookie`; undefined when it does not. */
function foundAt(ex: Exchange, c: CredentialSpec, value: string, input: Input): string | undefined {
  switch (c.type) {
    case "bearer":
      return ex.headers.get("authorization") === `Bearer ${value}` ? "authorization" : undefined;
    case "basic":
      return ex.headers.get("authorization") === `Basic ${basicToken(String(input[c.user] ?? ""), value)}` ? "authorization" : undefined;
    case "header":
      // After the text the manifest says the API wants before it (auth.prefix), which no security scheme can say.
      return ex.headers.get(c.name) === (c.prefix ?? "") + value ? c.name.toLowerCase() : undefined;
    case "query":
      return ex.url.searchParams.getAll(c.name).length === 1 && ex.url.searchParams.get(c.name) === value ? `?${c.name}` : undefined;
    case "cookie": {
      const pairs = (ex.headers.get("cookie") ?? "").split(";").map((x) => x.trim());
      return pairs.filter((x) => x.startsWith(`${c.name}=`)).length === 1 && pairs.includes(`${c.name}=${encodeURIComponent(value)}`) ? "cookie" : undefined;
    }
  }
}

function describeCredential(c: CredentialSpec): string {
  return c.type === "bearer" ? "Authorization: Bearer" : c.type === "basic" ? "Authorization: Basic" : `${c.type} ${c.name}${c.type === "header" && c.prefix !== undefined ? ` after ${JSON.stringify(c.prefix)}` : ""}`;
}

function describeScheme(doc: OpenApiDocument, name: string): string {
  const s = doc.securitySchemes[name];
  if (!s) return `${name}: not declared`;
  if (s.type === "http") return `${name}: Authorization: ${s.scheme ?? "?"} <credential>`;
  if (credentialOf(s)?.type === "bearer") return `${name}: Authorization: Bearer <${s.type} access token>`;
  return `${name}: ${s.in} ${s.name}`;
}

/** The value a parameter has in the captured request, as the wire carries it (undefined when absent). */
export function sentValue(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, param: ParamSpec): unknown {
  const { path, wire: routeWire } = operationOf(ex, tool, doc);
  const wire = routeWire[param.name] ?? param.wire;
  switch (wire.in) {
    case "path": {
      const raw = path[wire.name];
      return raw === undefined ? undefined : decodeURIComponent(raw);
    }
    case "query": {
      const all = ex.url.searchParams.getAll(wire.name);
      return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
    }
    case "header":
      return ex.headers.get(wire.name) ?? undefined;
    case "cookie": {
      // The pair of the Cookie header with its name, its value percent-decoded as the runtime encoded it.
      const pair = (ex.headers.get("cookie") ?? "")
        .split(";")
        .map((x) => x.trim())
        .find((x) => x.startsWith(`${wire.name}=`));
      return pair === undefined ? undefined : decodeURIComponent(pair.slice(wire.name.length + 1));
    }
    case "body": {
      const segments = parsePointer(wire.pointer);
      if (!isForm(tool)) return at(ex.body, segments);
      // A form body as the service reads it, by the document's encoding (a JSON-encoded field, a list in one pair).
      const read = judgedBody(ex, tool, doc);
      if (read !== undefined) return at(read, segments);
      // A form body: the value under its bracket key (`address[city]`), as text.
      const all = new URLSearchParams(ex.rawBody).getAll(segments.map((s, i) => (i ? `[${s}]` : s)).join(""));
      return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
    }
    default:
      return undefined;
  }
}

/** What the wire should carry for a given (normalised) parameter value. */
export function expectedWire(wire: WireSpec, value: unknown): unknown {
  if (wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie") return withEscapes(String(value), wire.escape);
  if (wire.in === "body") {
    if (wire.split)
      return String(value)
        .split(wire.split.separator)
        .map((s) => s.trim())
        .filter(Boolean);
    if (wire.wrapUnlessKey && value && typeof value === "object" && !Array.isArray(value) && !(wire.wrapUnlessKey in value)) return { [wire.wrapUnlessKey]: value };
  }
  return value;
}

/** The parameter's value reached the wire where its placement says, unchanged. */
export function expectSent(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, param: ParamSpec, value: unknown): void {
  const { wire: routeWire } = operationOf(ex, tool, doc);
  const wire = routeWire[param.name] ?? param.wire;
  // Before any text is made of the value (an object drawn without a prototype has no text).
  if (wire.in === "query" && ((value !== null && typeof value === "object") || wire.encoding?.json)) {
    // An array or object in the query, or any value the document JSON-encodes (`content`, a string quoted): the pairs
    // its style makes (`expand[0]=a`, `tags=a,b`, `q="fox"`) are all sent.
    const sent = [...ex.url.searchParams].map(([k, v]) => `${k}=${v}`);
    for (const pair of styledPairs(wire.name, value, wire.encoding).map(([k, v]) => `${k}=${v}`)) {
      const i = sent.indexOf(pair);
      check(i >= 0, () => `${param.name} as sent (query): ${json(pair)} is not among the pairs sent (${json(sent)})`);
      sent.splice(i, 1);
    }
    return;
  }
  if (wire.in === "body" && tool.body?.encoding === "binary" && param.type === "file" && (value instanceof Blob || value instanceof Uint8Array)) {
    // A raw body is the file's bytes: as many as it has, under the type its media type gives it.
    const blob = value instanceof Blob ? value : new Blob([value as BlobPart], { type: param.contentType ?? "application/octet-stream" });
    const type = rawBody(tool, tool.body, new Map([[param.name, [{ blob, filename: param.name }]]]))?.contentType;
    same({ type: ex.headers.get("content-type") ?? undefined, bytes: new TextEncoder().encode(ex.rawBody).byteLength }, { type, bytes: blob.size }, `${param.name} as sent (the whole body)`);
    return;
  }
  const styled = wire.in === "body" && tool.body?.encoding === "multipart" ? styledPart(tool.body, wire.pointer) : undefined;
  if (styled && wire.in === "body") {
    // A multipart field whose encoding sets a style: the pairs its style makes (`meta[colour]`), each a part, are all sent.
    const parts = (ex.body ?? {}) as Record<string, unknown>;
    const sent = Object.entries(parts).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}=${typeof x === "string" ? x : json(x)}`));
    // FormData writes every line break of a text part as CRLF (the HTML form encoding).
    for (const pair of styledPairs(styled.name, value, styled.encoding).map(([k, v]) => `${k}=${v.replace(/\r\n|\r|\n/g, "\r\n")}`)) {
      const i = sent.indexOf(pair);
      check(i >= 0, () => `${param.name} as sent (multipart part): ${json(pair)} is not among the parts sent (${json(sent)})`);
      sent.splice(i, 1);
    }
    return;
  }
  // A path or header value in a style (label, matrix, a list or an object): the request judge reads it back (kinds/request.ts).
  if ((wire.in === "path" || wire.in === "header" || wire.in === "cookie") && (wire.encoding !== undefined || (value !== null && typeof value === "object"))) return;
  const got = sentValue(ex, tool, doc, param);
  const want = tool.body?.encoding === "multipart" && wire.in === "body" ? multipartPart(param, value) : expectedWire(wire, value);
  if (wire.in === "body" && isForm(tool)) {
    // A form body is text pairs: the ones the value makes, as the spec's encoding writes them, are all sent.
    const placed: Record<string, unknown> = {};
    setAt(placed, parsePointer(wire.pointer), want);
    const sent = [...new URLSearchParams(ex.rawBody)].map(([k, v]) => `${k}=${v}`);
    for (const pair of [...new URLSearchParams(encodeForm(placed, tool.body.fields))].map(([k, v]) => `${k}=${v}`)) {
      const i = sent.indexOf(pair);
      check(i >= 0, () => `${param.name} as sent (form body): ${json(pair)} is not among the pairs sent (${json(sent)})`);
      sent.splice(i, 1);
    }
    return;
  }
  if (wire.in === "body" && wire.pointer === "" && want && typeof want === "object" && !Array.isArray(want)) {
    // A whole-body parameter: its members are in the body (other parameters may add more).
    for (const [k, v] of Object.entries(want)) same((got as Record<string, unknown> | undefined)?.[k], v, `body member ${k} of ${param.name}`);
    return;
  }
  same(got, want, `${param.name} as sent (${wire.in}${"name" in wire ? ` ${wire.name}` : wire.in === "body" ? ` ${wire.pointer || "/"}` : ""})`);
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

/** `/v1/things/{id}` against `/v1/things/42` → `{id: "42"}` (raw, still percent-encoded); a `spanning` name takes several segments. */
function matchPath(template: string, pathname: string, spanning: ReadonlySet<string> = new Set()): Record<string, string> | undefined {
  const names: string[] = [];
  const source = template
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      if (!/^\{[^{}]+\}$/.test(part)) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(part.slice(1, -1));
      return spanning.has(part.slice(1, -1)) ? "(.+)" : "([^/]+)";
    })
    .join("");
  const match = new RegExp(`^${source}$`).exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, itemAt(match, i + 1)]));
}

function withEscapes(value: string, replacements: Record<string, string> | undefined): string {
  let out = value;
  for (const [from, to] of Object.entries(replacements ?? {})) out = out.split(from).join(to);
  return out;
}

/** The body as the request judge reads it by the document's rules (src/judge/), when it reads without refusal. */
function judgedBody(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument): unknown {
  const judge = documentJudge(doc, { basePath: tool.server.basePath ?? "", credential: "form" });
  const judgement = judge({ method: ex.method, url: ex.url.href, headers: ex.headers, ...(ex.rawBody ? { body: new TextEncoder().encode(ex.rawBody) } : {}) });
  return judgement.read.body;
}

/** The tool sends its body form-encoded (application/x-www-form-urlencoded). */
/** What a multipart part carries for a value (exchange.ts reads parts so): a file's name, type and size; JSON as its text; the rest as text. */
export function multipartPart(param: ParamSpec, value: unknown): unknown {
  // A list of files: a part each (one alone reads back as that part).
  if (param.type === "file" && Array.isArray(value)) {
    const parts = value.map((file) => multipartPart({ ...param, multiple: false }, file));
    return parts.length === 1 ? parts[0] : parts;
  }
  if (param.type === "file" && typeof Blob !== "undefined" && value instanceof Blob) {
    return { filename: value instanceof File ? value.name : param.name, type: value.type || param.contentType || "application/octet-stream", bytes: value.size };
  }
  if (param.type === "file" && value instanceof Uint8Array) return { filename: param.name, type: param.contentType ?? "application/octet-stream", bytes: value.byteLength };
  // A list of scalars is one part per item (an empty list, none), as multipartBody writes it.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    const items = value.map((v) => String(v).replace(/\r\n|\r|\n/g, "\r\n"));
    return items.length === 0 ? undefined : items.length === 1 ? items[0] : items;
  }
  // FormData writes every line break of a text part as CRLF (the HTML form encoding).
  return (value !== null && typeof value === "object" ? JSON.stringify(value) : String(value)).replace(/\r\n|\r|\n/g, "\r\n");
}

/** The field a body pointer names when it is a multipart field whose encoding sets a style (written as a form's pairs, runtime/call/files/file-inputs.ts), not a JSON part. */
function styledPart(body: BodySpec, pointer: string): { name: string; encoding: NonNullable<BodySpec["fields"]>[string] } | undefined {
  const segments = parsePointer(pointer);
  const name = segments[0];
  const encoding = segments.length === 1 && name !== undefined && body.fields && Object.hasOwn(body.fields, name) ? body.fields[name] : undefined;
  return name !== undefined && encoding && !encoding.json ? { name, encoding } : undefined;
}

function isForm(tool: ToolSpec): tool is ToolSpec & { body: BodySpec } {
  return tool.body?.encoding === "form";
}
