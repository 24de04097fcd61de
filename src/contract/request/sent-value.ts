// What a parameter reached the wire as, in a captured request (a path segment, a query value or the pairs of its
// style, a header, a cookie, a body field as the request judge reads it, a multipart part), and the check that it is
// what the tool was given, placed as the manifest says.
import {
  type BodySpec,
  cookieValueOctets,
  encodeForm,
  type ParamSpec,
  parsePointer,
  percentDecoded,
  partType,
  rawBody,
  scalarText,
  styledPairs,
  type ToolSpec,
  type WireSpec,
  ownOf,
} from "@blockwright/runtime/internal";
import { joinsSlash, textBefore } from "@blockwright/runtime/internal/generate";
import type { OpenApiDocument } from "../../load/openapi-document.js";
import type { Judgement } from "../../judge/judge.js";
import { documentJudge, linkPathPart } from "../../judge/read-back.js";
import { keyQueryPair } from "../../load/operation-index.js";
import { BASE64_PATTERN } from "../../load/examples/format-texts.js";
import { check, json, same } from "../call.js";
import type { Exchange } from "../exchange.js";
import { at, setAt } from "../json-path.js";
import { operationOf } from "./request.js";
import { credentialFieldsIn, withFieldsWritten } from "../inputs/sendable-values.js";
import { sentAsRun, sharedXmlItems } from "../../judge/body/xml-shared-items.js";

/** The value a parameter has in the captured request, as the wire carries it (undefined when absent). */
export function sentValue(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, param: ParamSpec): unknown {
  const { op, path, wire: routeWire } = operationOf(ex, tool, doc);
  const wire = ownOf(routeWire, param.name) ?? param.wire;
  switch (wire.in) {
    case "path": {
      // Two expressions in one segment (`{id}.{format}`): the text splits several ways, and the service reads the split
      // that meets the document, as the request judge does.
      const read = SHARED_SEGMENT.test(op.path) ? judged(ex, tool, doc) : undefined;
      const raw = (read?.refusals.length === 0 ? read.read.path[wire.name] : undefined) ?? path[wire.name];
      if (raw !== undefined) return decodeURIComponent(raw);
      // A path parameter the path key places in its own query (`/rides?page={page}`): that query pair.
      const pair = keyQueryPair(tool.path, wire.name);
      return pair === undefined ? undefined : (ex.url.searchParams.get(pair) ?? undefined);
    }
    case "query": {
      const all = ex.url.searchParams.getAll(wire.name);
      return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
    }
    case "header":
      return ex.headers.get(wire.name) ?? undefined;
    case "cookie": {
      // The value of the Cookie header's pair with its name, percent-decoded as a service that decodes cookies reads
      // it; expectSent holds a plain one to its octets as sent.
      const raw = cookieValue(ex, wire.name);
      return raw === undefined ? undefined : percentDecoded(raw);
    }
    case "body": {
      const segments = parsePointer(wire.pointer);
      // One text: the body as it is (a text such as `0` or `true` is no JSON value).
      if (tool.body?.encoding === "text") return segments.length ? undefined : ex.rawBody;
      if (!isForm(tool) && tool.body?.encoding !== "xml") return at(ex.body, segments);
      // A form (or XML) body as the service reads it, by the document's encoding (a JSON-encoded field, a list in one
      // pair; XML by its `xml` objects).
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

/**
 * A body JSON value with the credential as the request carries it at the places inside it (auth.alsoSends, a key in an
 * object beside other fields): the call writes it there over the value given, and the credential check
 * (credential-check.ts) holds what it wrote to the credential given.
 */
export function withCredentialAsSent(ex: Exchange, tool: ToolSpec, wire: WireSpec, param: ParamSpec, value: unknown) {
  const inside = wire.in === "body" ? credentialFieldsIn(param, tool) : [];
  if (!inside.length || wire.in !== "body") return value;
  let out = value;
  for (const path of inside) {
    const sent = at(ex.body, [...parsePointer(wire.pointer), ...path]);
    if (typeof sent === "string") out = withFieldsWritten(out, [path], sent);
  }
  return out;
}

/** What the wire should carry for a given (normalised) parameter value. */
export function expectedWire(wire: WireSpec, value: unknown): unknown {
  // A reserved-allowing query value sends its own percent-encoded triples as they are: read as what they encode.
  // A number as the runtime writes it (plain decimal notation, runtime/common/scalar-text.ts).
  if (wire.in === "query" && wire.encoding?.reserved)
    return percentDecoded(withEscapes(scalarText(value), wire.escape));
  if (wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie")
    return withEscapes(scalarText(value), wire.escape);
  if (wire.in === "body") {
    if (wire.split)
      return String(value)
        .split(wire.split.separator)
        .map((s) => s.trim())
        .filter(Boolean);
    if (
      wire.wrapUnlessKey &&
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      !(wire.wrapUnlessKey in value)
    )
      return { [wire.wrapUnlessKey]: value };
  }
  return value;
}

/** The parameter's value reached the wire where its placement says, unchanged. */
export function expectSent(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument, param: ParamSpec, value: unknown): void {
  const { wire: routeWire } = operationOf(ex, tool, doc);
  const wire = ownOf(routeWire, param.name) ?? param.wire;
  // Before any text is made of the value (an object drawn without a prototype has no text).
  if (wire.in === "query" && ((value !== null && typeof value === "object") || wire.encoding?.json)) {
    // An array or object in the query, or any value the document JSON-encodes (`content`, a string quoted): the pairs
    // its style makes (`expand[0]=a`, `tags=a,b`, `q="fox"`) are all sent.
    const sent = [...ex.url.searchParams].map(([k, v]) => `${k}=${v}`);
    const pairs = styledPairs(wire.name, value, wire.encoding).map(([k, v]) => `${k}=${v}`);
    expectAmong(pairs, sent, `${param.name} as sent (query)`, "pairs");
    return;
  }
  if (
    wire.in === "body" &&
    // A raw body, or a JSON body's raw form (`raw`: the file sent instead of the JSON).
    (tool.body?.encoding === "binary" || tool.body?.raw !== undefined) &&
    param.type === "file" &&
    (value instanceof Blob || value instanceof Uint8Array)
  ) {
    expectRawBody(ex, tool as ToolSpec & { body: BodySpec }, param, value);
    return;
  }
  const styled =
    wire.in === "body" && tool.body?.encoding === "multipart" ? styledPart(tool.body, wire.pointer) : undefined;
  if (styled && wire.in === "body") {
    // A multipart field whose encoding sets a style: the pairs its style makes (`meta[colour]`), each a part, are all
    // sent.
    const parts = (ex.body ?? {}) as Record<string, unknown>;
    const sent = Object.entries(parts).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((x) => `${k}=${typeof x === "string" ? x : json(x)}`),
    );
    // A text part goes as given, its line breaks too (runtime/call/files/file-inputs.ts).
    const pairs = styledPairs(styled.name, value, styled.encoding).map(([k, v]) => `${k}=${v}`);
    expectAmong(pairs, sent, `${param.name} as sent (multipart part)`, "parts");
    return;
  }
  // A path or header value in a style (label, matrix, a list or an object): the request judge reads it back
  // (kinds/request.ts).
  if (
    (wire.in === "path" || wire.in === "header" || wire.in === "cookie") &&
    (wire.encoding !== undefined || (value !== null && typeof value === "object"))
  )
    return;
  const want = wantedValue(tool, wire, param, withCredentialAsSent(ex, tool, wire, param, value));
  if (wire.in === "cookie" && typeof want === "string") {
    // A plain cookie value goes as RFC 6265's cookie-octets (runtime/call/form-body.ts): the pair as sent, which a
    // service that does not decode cookies reads as it is (a base64 token's `+/=`, not `%2B%2F%3D`).
    same(cookieValue(ex, wire.name), cookieValueOctets(want), `${param.name} as sent (cookie ${wire.name})`);
    return;
  }
  const got = wire.in === "path" ? sentInPath(ex, tool, doc, param, wire, want) : sentValue(ex, tool, doc, param);
  if (wire.in === "body" && isForm(tool)) {
    // A form body is text pairs: the ones the value makes, as the spec's encoding writes them, are all sent.
    // At pointer "" the value is the whole form (a body of several shapes, one parameter holding it).
    const pointer = parsePointer(wire.pointer);
    const placed: Record<string, unknown> = pointer.length ? {} : { ...(want as Record<string, unknown>) };
    if (pointer.length) setAt(placed, pointer, want);
    const sent = [...new URLSearchParams(ex.rawBody)].map(([k, v]) => `${k}=${v}`);
    const pairs = [...new URLSearchParams(encodeForm(placed, tool.body.fields))].map(([k, v]) => `${k}=${v}`);
    expectAmong(pairs, sent, `${param.name} as sent (form body)`, "pairs");
    return;
  }
  if (wire.in === "body" && wire.pointer === "" && want && typeof want === "object" && !Array.isArray(want)) {
    // A whole-body parameter: its members are in the body (other parameters may add more).
    for (const [k, v] of Object.entries(want))
      same(
        got !== null && typeof got === "object" && Object.hasOwn(got, k)
          ? (got as Record<string, unknown>)[k]
          : undefined,
        v,
        `body member ${k} of ${param.name}`,
      );
    return;
  }
  // An unwrapped XML list whose items share their element name with another list beside it: the elements say not
  // which list each is, so the read gives each list all of them; the value went intact when its items are a run of
  // them, in order.
  if (wire.in === "body" && Array.isArray(got) && Array.isArray(want) && sharedXmlItems(tool, wire.pointer))
    if (sentAsRun(got, want)) return;
  same(
    got,
    want,
    `${param.name} as sent ` +
      `(${wire.in}${"name" in wire ? ` ${wire.name}` : wire.in === "body" ? ` ${wire.pointer || "/"}` : ""})`,
  );
}

/** A raw body is the file's bytes (`value`): checked by their count and the type the body's media type gives them. */
function expectRawBody(
  ex: Exchange,
  tool: ToolSpec & { body: BodySpec },
  param: ParamSpec,
  value: Blob | Uint8Array,
): void {
  // A raw body is the file's bytes: as many as it has, under the type its media type gives it; base64 text of them
  // where the document says so (as many characters as encode that many bytes, of base64's alphabet).
  const blob =
    value instanceof Blob
      ? value
      : new Blob([value as BlobPart], { type: param.contentType ?? "application/octet-stream" });
  const body = tool.body.raw ? { ...tool.body, ...tool.body.raw } : tool.body;
  const type = rawBody(tool, body, new Map([[param.name, [{ blob, filename: param.name }]]]))?.contentType;
  const base64 = tool.body.contentEncoding === "base64";
  same(
    {
      type: ex.headers.get("content-type") ?? undefined,
      bytes: new TextEncoder().encode(ex.rawBody).byteLength,
      ...(base64 ? { base64: new RegExp(BASE64_PATTERN).test(ex.rawBody) } : {}),
    },
    { type, bytes: base64 ? 4 * Math.ceil(blob.size / 3) : blob.size, ...(base64 ? { base64: true } : {}) },
    `${param.name} as sent (the whole body${base64 ? ", base64 text" : ""})`,
  );
}

/** Each of `pairs` is among those `sent`, each sent one matched once (a value may repeat a pair). */
function expectAmong(pairs: string[], sent: string[], what: string, noun: "pairs" | "parts"): void {
  for (const pair of pairs) {
    const i = sent.indexOf(pair);
    check(i >= 0, () => `${what}: ${json(pair)} is not among the ${noun} sent (${json(sent)})`);
    sent.splice(i, 1);
  }
}

function withEscapes(value: string, replacements: Record<string, string> | undefined): string {
  let out = value;
  for (const [from, to] of Object.entries(replacements ?? {})) out = out.split(from).join(to);
  return out;
}

/**
 * A path value as the path reads. Where two expressions touch in its segment (`{id}{ext}`), or where its value may
 * span segments (`{parent}/{type}`, both holding `/`), nothing on the wire marks where one value ends: the text reads
 * several ways that each meet the document, the judge's is one of them, and the value went intact when a reading of
 * the path gives it.
 */
function sentInPath(
  ex: Exchange,
  tool: ToolSpec,
  doc: OpenApiDocument,
  param: ParamSpec,
  wire: Extract<WireSpec, { in: "path" }>,
  want: unknown,
): unknown {
  // An as-given link's own leading "/" after the template's is joined with it (runtime/http/path-link.ts): the path
  // holds the rest.
  const joined =
    typeof want === "string" && joinsSlash(want, wire.multiSegment, textBefore(tool.path, wire.name))
      ? want.slice(1)
      : want;
  if (joined !== want)
    return sentInPath(ex, tool, doc, param, wire, joined) === joined ? want : sentValue(ex, tool, doc, param);
  // A link's (multiSegment reserved, as-given) own query leads the address's query: its path part read as any other.
  const path = linkPathPart(want, wire, ex.url.href);
  if (path !== want)
    return sentInPath(ex, tool, doc, param, wire, path) === path ? want : sentValue(ex, tool, doc, param);
  const got = sentValue(ex, tool, doc, param);
  if (got === want) return got;
  const { op, readings } = operationOf(ex, tool, doc);
  const name = wire.name;
  const segment = op.path.split("/").find((s) => s.includes(`{${name}}`) || s.includes(`{+${name}}`));
  if (segment === undefined || !(/\}\{/.test(segment) || wire.multiSegment)) return got;
  return readings().some((r) => r[name] !== undefined && safeDecoded(r[name]) === want) ? want : got;
}

function safeDecoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** A path template with two expressions in one segment. */
const SHARED_SEGMENT = /\}[^/{}]*\{/;

/** The body as the request judge reads it by the document's rules (src/judge/), when it reads without refusal. */
function judgedBody(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument): unknown {
  return judged(ex, tool, doc).read.body;
}

/** The request as the request judge reads it by the document's rules. */
function judged(ex: Exchange, tool: ToolSpec, doc: OpenApiDocument): Judgement {
  const judge = documentJudge(doc, { basePath: tool.server.basePath ?? "", credential: "form" });
  const judgement = judge({
    method: ex.method,
    url: ex.url.href,
    headers: ex.headers,
    ...(ex.rawBody ? { body: new TextEncoder().encode(ex.rawBody) } : {}),
  });
  return judgement;
}

/**
 * What a multipart part carries for a value (exchange.ts reads parts so): a file's name, type and size; JSON as its
 * text; the rest as text.
 */
export function multipartPart(param: ParamSpec, value: unknown, json: boolean | "whole" = false): unknown {
  // A list of files: a part each (one alone reads back as that part).
  if (param.type === "file" && Array.isArray(value)) {
    const parts = value.map((file) => multipartPart({ ...param, multiple: false }, file));
    return parts.length === 1 ? parts[0] : parts;
  }
  if (param.type === "file" && typeof Blob !== "undefined" && value instanceof Blob) {
    const filename = value instanceof File ? value.name : param.name;
    return { filename, type: partType(value.type, param.contentType, filename), bytes: value.size };
  }
  if (param.type === "file" && value instanceof Uint8Array)
    return { filename: param.name, type: partType("", param.contentType, param.name), bytes: value.byteLength };
  // A list is one part per item (an empty list, none), as multipartBody writes it; a field the document encodes as
  // JSON, each its JSON, or the list's JSON as one part where its schema may be another kind than a list.
  const text = json ? (v: unknown) => JSON.stringify(v) : partText;
  if (Array.isArray(value) && json !== "whole") {
    const items = value.map(text);
    return items.length === 0 ? undefined : items.length === 1 ? items[0] : items;
  }
  return text(value);
}

/**
 * Whether the tool's multipart body encodes its field `key` as JSON (its `encoding` a JSON `contentType`): "whole"
 * where its schema may be another kind than a list, so a list goes as one part.
 */
export function jsonPart(tool: ToolSpec, key: string | undefined): boolean | "whole" {
  const fields = tool.body?.fields;
  const field = key !== undefined && fields && Object.hasOwn(fields, key) ? fields[key] : undefined;
  return field?.json === true ? (field.items ? true : "whole") : false;
}

/**
 * A value's part as read back: an object its JSON, a number in plain decimal notation (as the runtime writes a text
 * part, runtime/common/scalar-text.ts); a text as given, its line breaks too.
 */
const partText = (value: unknown): string =>
  value !== null && typeof value === "object" ? JSON.stringify(value) : scalarText(value);

/**
 * The field a body pointer names when it is a multipart field whose encoding sets a style (written as a form's pairs,
 * runtime/call/files/file-inputs.ts), not a JSON part.
 */
function styledPart(
  body: BodySpec,
  pointer: string,
): { name: string; encoding: NonNullable<BodySpec["fields"]>[string] } | undefined {
  const segments = parsePointer(pointer);
  const name = segments[0];
  const encoding =
    segments.length === 1 && name !== undefined && body.fields && Object.hasOwn(body.fields, name)
      ? body.fields[name]
      : undefined;
  return name !== undefined && encoding && !encoding.json ? { name, encoding } : undefined;
}

/** The tool sends its body form-encoded (application/x-www-form-urlencoded). */
function isForm(tool: ToolSpec): tool is ToolSpec & { body: BodySpec } {
  return tool.body?.encoding === "form";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Blob);
}

/** What the value is sent as: a multipart body's part (a whole body's members, a part each), else as placed. */
function wantedValue(tool: ToolSpec, wire: ParamSpec["wire"], param: ParamSpec, value: unknown): unknown {
  if (tool.body?.encoding !== "multipart" || wire.in !== "body") return expectedWire(wire, value);
  if (wire.pointer !== "" || !isRecord(value))
    return multipartPart(param, value, jsonPart(tool, parsePointer(wire.pointer)[0]));
  // A null member is no part.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, v === null ? undefined : multipartPart(param, v, jsonPart(tool, k))]),
  );
}

/** The value of the Cookie header's pair with this name, as sent (undefined when there is none). */
function cookieValue(ex: Exchange, name: string): string | undefined {
  const pair = (ex.headers.get("cookie") ?? "")
    .split(";")
    .map((x) => x.trim())
    .find((x) => x.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}
