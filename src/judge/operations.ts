// The operations of an OpenAPI document as the judge reads them: each with
// its parameters as written (style, explode, allowReserved, allowEmptyValue,
// `content`, the markers of a path value spanning segments), its request
// body and its security, every one with the place in the document it is at
// (a refusal names it), and the path template it answers on.
import { formatPointer } from "@blockwright/runtime/internal";
import { followLocalRefs, valueAt } from "../load/json-ref.js";
import { ownServer, servedPath } from "../link/server/operation-server.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { expressionNames, keyQueryPair, operationRef, routePath } from "../load/operation-index.js";
import { type MultiSegmentMarker, multiSegmentMarker } from "../load/operations/multi-segment.js";
import { followRefs } from "../load/source-place.js";
import { requirementApart } from "../load/security-schemes.js";
import { type PathTemplate, pathTemplate } from "./path-template.js";
import { type IndexedTemplate, reachableFrom, type SegmentIndex, segmentIndex } from "../common/segment-index.js";

export type Node = Record<string, unknown>;
export type Path = (string | number)[];

export type ParamPlace = "path" | "query" | "header" | "cookie";

export interface JudgedParam {
  name: string;
  in: ParamPlace;
  required: boolean;
  /** Where the parameter object is (its `$ref` followed). */
  at: Path;
  style: string;
  explode: boolean;
  allowReserved: boolean;
  allowEmptyValue: boolean;
  /** Why its value may hold `/` (OpenAPI forbids it): the mark the document uses. */
  multiSegment?: MultiSegmentMarker;
  /** A parameter described by a schema: its place (its `$ref`s followed) and the schema itself. */
  schema?: { at: Path; node: Node };
  /** A parameter described by `content`: its one media type and that media type's schema. */
  content?: { mediaType: string; at: Path; schema?: { at: Path; node: Node } };
}

export interface JudgedBody {
  required: boolean;
  /** Where the request body object is (its `$ref` followed). */
  at: Path;
  /** Its media types as written (ranges such as `image/*` included), each with its media type object. */
  content: { mediaType: string; at: Path; node: Node }[];
}

export interface JudgedOperation {
  name: string;
  method: string;
  path: string;
  at: Path;
  template: PathTemplate;
  params: JudgedParam[];
  body?: JudgedBody;
  /**
   * Its security requirements (its own, else the document's): alternatives, each the schemes needed together; undefined
   * when none is declared.
   */
  security?: string[][];
  /** Where they are written: the operation, or the document's top. */
  securityAt: Path;
  /** The media types its responses declare, any status, as written (accept-check.ts holds the Accept to them). */
  answers: string[];
}

const DEFAULT_STYLE: Record<ParamPlace, string> = { path: "simple", query: "form", header: "simple", cookie: "form" };

/** Every operation of the document. */
export function documentOperations(data: unknown): JudgedOperation[] {
  const doc = (data ?? {}) as Node;
  const schemes = (((doc.components ?? {}) as Node).securitySchemes ?? {}) as Record<string, unknown>;
  const out: JudgedOperation[] = [];
  for (const [path, rawItem] of Object.entries((doc.paths ?? {}) as Node)) {
    const item = followLocalRefs(data, rawItem);
    if (!item) continue;
    const itemAt = followRefs(data, ["paths", path, ""]).slice(0, -1);
    for (const method of OPERATION_METHODS) {
      const op = item[method] as Node | undefined;
      if (!op || typeof op !== "object") continue;
      const at = [...itemAt, method];
      const params = new Map<string, JudgedParam>();
      const add = (list: unknown, listAt: Path) => {
        if (!Array.isArray(list)) return;
        list.forEach((_, i) => {
          const p = judgedParam(data, [...listAt, "parameters", i], path);
          // An operation's own parameter replaces the path item's of the same place and name.
          if (p) params.set(`${p.in}:${p.in === "header" ? p.name.toLowerCase() : p.name}`, p);
        });
      };
      add(item.parameters, itemAt);
      add(op.parameters, at);
      const security = requirements(op.security === undefined ? doc.security : op.security, schemes);
      out.push({
        name: operationRef(method, path, op.operationId),
        method: method.toUpperCase(),
        path,
        at,
        template: pathTemplate(routePath(path)),
        params: [...params.values()],
        ...(op.requestBody ? { body: judgedBody(data, [...at, "requestBody"]) } : {}),
        ...(security ? { security } : {}),
        securityAt: op.security === undefined ? [] : at,
        answers: answerTypes(data, op.responses),
      });
    }
  }
  return out;
}

/** The media types an operation's responses declare (a response given by `$ref` followed), each once. */
function answerTypes(data: unknown, responses: unknown): string[] {
  const types = new Set<string>();
  for (const raw of Object.values((responses ?? {}) as Node)) {
    const content = (followLocalRefs(data, raw) as Node | undefined)?.content;
    if (content && typeof content === "object") for (const type of Object.keys(content)) types.add(type);
  }
  return [...types];
}

function judgedParam(data: unknown, listed: Path, path: string): JudgedParam | undefined {
  const at = followRefs(data, [...listed, ""]).slice(0, -1);
  const p = valueAt(data, at) as Node | undefined;
  if (!p || typeof p.name !== "string" || !["path", "query", "header", "cookie"].includes(String(p.in)))
    return undefined;
  // A path parameter the path key places in its query (`/current?station={station}`) is that query pair's value.
  const pair = p.in === "path" ? keyQueryPair(path, p.name) : undefined;
  // A path parameter its path never names (OpenAPI forbids it) is none a request carries: nothing to judge.
  if (p.in === "path" && pair === undefined && !expressionNames(path).includes(p.name)) return undefined;
  const place = pair === undefined ? (p.in as ParamPlace) : "query";
  const style = pair === undefined && typeof p.style === "string" ? p.style : DEFAULT_STYLE[place];
  const explode = pair === undefined && typeof p.explode === "boolean" ? p.explode : style === "form";
  const content = contentOf(data, at, p);
  const schema = p.schema !== undefined ? schemaAt(data, [...at, "schema"]) : undefined;
  const multiSegment = place === "path" ? multiSegmentMarker(p, path) : undefined;
  return {
    name: pair ?? p.name,
    in: place,
    required: place === "path" || p.required === true,
    at,
    style,
    explode,
    allowReserved: p.allowReserved === true,
    allowEmptyValue: p.allowEmptyValue === true,
    ...(multiSegment ? { multiSegment } : {}),
    ...(schema ? { schema } : {}),
    ...(content ? { content } : {}),
  };
}

function contentOf(data: unknown, at: Path, p: Node): JudgedParam["content"] {
  const content = p.content as Node | undefined;
  const mediaType = content && typeof content === "object" ? Object.keys(content)[0] : undefined;
  if (mediaType === undefined) return undefined;
  const mediaAt = [...at, "content", mediaType];
  const media = valueAt(data, mediaAt) as Node | undefined;
  const schema = media?.schema !== undefined ? schemaAt(data, [...mediaAt, "schema"]) : undefined;
  return { mediaType, at: mediaAt, ...(schema ? { schema } : {}) };
}

function judgedBody(data: unknown, listed: Path): JudgedBody | undefined {
  const at = followRefs(data, [...listed, ""]).slice(0, -1);
  const body = valueAt(data, at) as Node | undefined;
  if (!body) return undefined;
  const content = Object.keys((body.content ?? {}) as Node).map((mediaType) => ({
    mediaType,
    at: [...at, "content", mediaType],
    node: (valueAt(data, [...at, "content", mediaType]) ?? {}) as Node,
  }));
  return { required: body.required === true, at, content };
}

/** A schema's place (its `$ref`s followed) and the schema there. */
export function schemaAt(data: unknown, path: Path): { at: Path; node: Node } | undefined {
  const at = followRefs(data, [...path, ""]).slice(0, -1);
  const node = valueAt(data, at);
  return node !== null && typeof node === "object"
    ? { at, node: node as Node }
    : typeof node === "boolean"
      ? { at, node: node ? {} : { not: {} } }
      : undefined;
}

function requirements(security: unknown, schemes: Record<string, unknown>): string[][] | undefined {
  if (security && typeof security === "object" && !Array.isArray(security) && Object.keys(security).length === 0)
    return [[]];
  if (!Array.isArray(security)) return undefined;
  // A requirement no request can meet whole (two credentials in Authorization) as the link reads it: one per scheme.
  return security.flatMap((r) => requirementApart(Object.keys((r ?? {}) as Node), schemes));
}

/** A place in the document as a JSON pointer with the `#` of a reference (`#/paths/~1items/get/parameters/0`). */
export function pointerTo(path: Path): string {
  return `#${formatPointer(path.map(String))}`;
}

/**
 * Operations served under one path: the one the judge is given (the document's server's), or the one their own server
 * names (link/server/operation-server.ts: an upload host's `/api/2.0`), so that a request is routed among the
 * operations served where it was sent, and one sent under another operation's path is refused.
 */
export interface ServedGroup {
  base: string;
  under: RegExp;
  operations: JudgedOperation[];
}

/** The operations grouped by the path they are served under, the longest path first; `base` first among equals. */
export function servedUnder(data: unknown, operations: JudgedOperation[], base: string): ServedGroup[] {
  const groups = new Map<string, JudgedOperation[]>([[base, []]]);
  for (const op of operations) {
    const own = ownServer(data, op.path, op.method);
    const at = servedPath(own, base);
    groups.set(at, [...(groups.get(at) ?? []), op]);
  }
  return [...groups]
    .map(([path, ops]) => ({ base: path, under: basePattern(path), operations: ops }))
    .sort((a, b) => b.base.length - a.base.length);
}

/**
 * The server's path as a pattern of the paths under it: a `{variable}` left in it (the credential's, auth.variable) is
 * any one segment; its literal text as written or as a URL writes it on the wire (`/Your API URL` goes as
 * `/Your%20API%20URL`: a request's path is matched as sent, undecoded).
 */
export function basePattern(base: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const escaped = base
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      if (/^\{[^{}]+\}$/.test(part)) return "[^/]+";
      const sent = asUrlWritesPath(part);
      return sent === part ? literal(part) : `(?:${literal(part)}|${literal(sent)})`;
    })
    .join("");
  return new RegExp(`^${escaped}(?=/|$)`);
}

/** A piece of a path as WHATWG's URL parser writes it (a space, a quote, non-ASCII text percent-encoded). */
function asUrlWritesPath(text: string): string {
  try {
    // Behind a prefix of its own: the piece read as the inside of a path, whatever it starts with.
    return new URL(`http://h/x/${text}`).pathname.slice("/x/".length);
  } catch {
    return text;
  }
}

// The operations a request's path can reach, of those the judge routes among (judge.ts `route`), by the index of their
// paths' segments common/segment-index.ts keeps (the mocks' router uses it too): trying every operation's template for
// each request made a run's routing grow with operations × requests. A template's segment holding an expression
// matches any segment (its value never holds `/`), a literal one only the same raw text (the judge matches the path as
// sent, undecoded); an operation with a value spanning segments may match paths of any count, so every request is
// offered it. The operations found keep their order: the route's verdict over them is its verdict over all, as no
// other operation's template matches the path.
const indexes = new WeakMap<readonly JudgedOperation[], SegmentIndex>();

/** Of `operations`, those whose template may match `path` (a path as sent: `/` first), in their order. */
export function reachingOperations(operations: readonly JudgedOperation[], path: string): JudgedOperation[] {
  if (!path.startsWith("/")) return [...operations];
  let index = indexes.get(operations);
  if (!index) indexes.set(operations, (index = segmentIndex(operations.map(indexedTemplate))));
  return reachableFrom(index, path.split("/").slice(1)).map((at) => operations[at] as JudgedOperation);
}

/** An operation's template as the index reads it (common/segment-index.ts `IndexedTemplate`). */
export function indexedTemplate(op: JudgedOperation): IndexedTemplate {
  if (op.params.some((p) => p.in === "path" && p.multiSegment)) return undefined;
  const [first] = op.template.parts;
  if (typeof first !== "string" || !first.startsWith("/")) return undefined;
  // Each segment's text, and whether an expression is in it; the text before the first `/` is empty.
  const segments: { text: string; expression: boolean }[] = [];
  for (const part of op.template.parts) {
    if (typeof part !== "string") {
      (segments.at(-1) as { expression: boolean }).expression = true;
      continue;
    }
    const [head = "", ...rest] = part.split("/");
    const current = segments.at(-1);
    if (current) current.text += head;
    for (const text of rest) segments.push({ text, expression: false });
  }
  return segments.map((s) => (s.expression ? undefined : s.text));
}
