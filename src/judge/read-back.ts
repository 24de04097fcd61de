// What a service reads a request as, held against what the tool was given:
// where the bytes sent are a valid value of another meaning (`tags=a%2Cb`
// reads as the one item "a,b"; `.blue` as the text ".blue" in simple style),
// the judge refuses nothing, and only this comparison finds the mistake. The
// contract suite's `request` cases ask here for every parameter they send.
import { isDeepStrictEqual } from "node:util";
import { getAtPointer, type ParamSpec, parsePointer, splitList, type WireSpec } from "@blockwright/runtime/internal";
import { declaredParameter, type OpenApiDocument } from "../load/openapi-document.js";
import type { OpenApiRequestBody } from "../load/openapi-types.js";
import { type JudgeOptions, type RequestJudge, requestJudge, type SentRequest } from "./judge.js";
import type { JudgedRead } from "./refusal.js";
import { sentAsRun } from "./body/xml-shared-items.js";

const judges = new WeakMap<OpenApiDocument, Map<string, RequestJudge>>();

/**
 * The judge of a document for these options, made once (its schemas are registered once); one document has one
 * manifest's `covered`.
 */
export function documentJudge(document: OpenApiDocument, options: JudgeOptions): RequestJudge {
  const key = `${options.basePath ?? ""} ${options.credential} ${options.covered ? "covered" : ""}`;
  let byOptions = judges.get(document);
  if (!byOptions) judges.set(document, (byOptions = new Map()));
  let judge = byOptions.get(key);
  if (!judge) byOptions.set(key, (judge = requestJudge(document, options)));
  return judge;
}

/** A parameter the service reads otherwise than it was given: in words, with the rule that writes it. */
export interface MisRead {
  param: string;
  message: string;
}

/**
 * A parameter sent, as given (`want`). `sharedXmlItems`: an XML list whose items' element name another list beside it
 * shares (body/xml-shared-items.ts), read intact when its items are a run of those read.
 */
export interface ReadBackParam {
  spec: ParamSpec;
  wire: WireSpec;
  want: unknown;
  sharedXmlItems?: boolean;
}

/**
 * Each parameter's value as the service reads the request (by the document's
 * rules), against `want` (the value given, as the wire should carry it; a
 * file is not compared). `wire`: where each parameter went (a route's own).
 */
export function misReadings(
  judge: RequestJudge,
  request: SentRequest,
  document: OpenApiDocument,
  operation: string,
  params: ReadBackParam[],
): MisRead[] {
  // Read as the operation that sent it: another's more literal path may match the same address.
  const judgement = judge(request, operation);
  if (judgement.refusals.length) return []; // refused: the mock's judge already failed the case
  // A path that reads several ways reads as the values given where any of its readings does (the first one's words).
  const first = misReadingsOf(judgement.read, request, document, operation, params);
  if (first.length === 0) return first;
  const read = judgement.alsoRead?.some((r) => misReadingsOf(r, request, document, operation, params).length === 0);
  return read ? [] : first;
}

function misReadingsOf(
  judged: JudgedRead,
  request: SentRequest,
  document: OpenApiDocument,
  operation: string,
  params: ReadBackParam[],
): MisRead[] {
  const op = document.operations.get(operation);
  const out: MisRead[] = [];
  for (const { spec, wire, want: given, sharedXmlItems } of params) {
    if (spec.type === "file") continue;
    let want = given;
    let read: unknown;
    let where: string;
    let styled = false;
    if (wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie") {
      // A field of an object query parameter (`of`): that field of the object the service reads.
      const of = wire.in === "query" ? wire.of : undefined;
      const name = of ? of.name : wire.name;
      const key = `${wire.in}:${wire.in === "header" ? name.toLowerCase() : name}`;
      if (!judged.params.has(key)) continue;
      read = judged.params.get(key);
      if (of) read = isRecord(read) && Object.hasOwn(read, of.field) ? read[of.field] : undefined;
      const declared = op ? declaredParameter(op, wire.in, name) : undefined;
      const rule =
        declared?.content !== undefined
          ? `content ${declared.content}`
          : `style ${declared?.style ?? (wire.in === "query" ? "form" : "simple")}, ` +
            `explode ${declared?.explode ?? (declared?.style ?? (wire.in === "query" ? "form" : "simple")) === "form"}`;
      where = `${wire.in} parameter "${name}"${of ? `'s field "${of.field}"` : ""} (${rule})`;
      styled = declared?.content === undefined && declared?.style !== "deepObject";
      // A list in one string (`separator`) at a place styled as a list: its items are what the service reads
      // (runtime/call/wire-request.ts writes them so).
      if (spec.separator !== undefined && typeof want === "string" && Array.isArray(read))
        want = splitList(want, spec.separator);
    } else if (wire.in === "body") {
      if (judged.body === undefined) continue;
      try {
        read = wire.pointer === "" ? judged.body : getAtPointer(judged.body, parsePointer(wire.pointer));
      } catch {
        read = undefined;
      }
      // A body object's other fields: those of the object the tool was given, beside the named ones there.
      if (wire.otherFields && isRecord(read) && isRecord(want))
        read = Object.fromEntries(Object.keys(want).map((k) => [k, (read as Record<string, unknown>)[k]]));
      where = `body field "${wire.pointer || "/"}"${wire.otherFields ? "'s other fields" : ""}`;
      styled = byFormStyle(op?.requestBody, wire.pointer);
    } else continue;
    // A link's own query is the address's first pairs: the path reads its part before them.
    want = linkPathPart(want, wire, request.url);
    const run = sharedXmlItems === true && Array.isArray(read) && Array.isArray(want) && sentAsRun(read, want);
    if (!same(read, want) && !(styled && oneItemAlike(read, want)) && !run)
      out.push({
        param: spec.name,
        message: `${spec.name}: the service reads ${where} as ${shown(read)}; the tool was given ${shown(given)}`,
      });
  }
  return out;
}

/**
 * A link's value (`multiSegment` reserved or as-given: its reserved characters sent as they are) as the path reads it:
 * its part before its own query, where that query leads the address's (runtime/http/path-link.ts); else the value.
 */
export function linkPathPart(want: unknown, wire: WireSpec, url: string): unknown {
  const link = wire.in === "path" && (wire.multiSegment === "reserved" || wire.multiSegment === "as-given");
  const mark = link && typeof want === "string" ? want.indexOf("?") : -1;
  if (mark < 0) return want;
  const text = want as string;
  // The address's query as sent, an empty one's "?" too (URL's `search` drops it).
  const search = url.includes("?") ? url.slice(url.indexOf("?")) : "";
  return decodedOr(search).startsWith(decodedOr(text.slice(mark))) ? text.slice(0, mark) : want;
}

function decodedOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Whether a body field is written by a query style: a top-level field of a form or multipart body whose encoding
 * gives no `contentType` alone (that is content: JSON's list is no text) and no deepObject (OpenAPI's Encoding Object).
 */
function byFormStyle(body: OpenApiRequestBody | undefined, pointer: string): boolean {
  const [name, ...deeper] = parsePointer(pointer);
  if (!body || (body.encoding !== "form" && body.encoding !== "multipart") || name === undefined || deeper.length)
    return false;
  const e = Object.hasOwn(body.fields, name) ? body.fields[name] : undefined;
  const byContent =
    e?.contentType !== undefined && e.style === undefined && e.explode === undefined && e.allowReserved === undefined;
  return !byContent && e?.style !== "deepObject";
}

/**
 * Whether the value read is a list of one item, the value given: every style but deepObject writes a list of one as
 * its item alone (`tag=a`, `a`, `.a`, `;tag=a`), so that where the schema takes both (`oneOf: [string, array of
 * strings]`) the bytes are a reading of each, and the service's is the value given as well.
 */
function oneItemAlike(read: unknown, want: unknown): boolean {
  return Array.isArray(read) && read.length === 1 && !Array.isArray(want) && same(read[0], want);
}

/** Equal as the wire carries them, at every depth: a number or boolean read from text equals its text. */
function same(read: unknown, want: unknown): boolean {
  const [a, b] = [plain(read), plain(want)];
  if (isDeepStrictEqual(a, b)) return true;
  // An empty list or object sends no pair in a query or a form: nothing is what a service reads of it.
  if (a === undefined && ((Array.isArray(b) && !b.length) || (isRecord(b) && !Object.keys(b).length))) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(b);
    return Object.keys(a).length === keys.length && keys.every((k) => Object.hasOwn(a, k) && same(a[k], b[k]));
  }
  if (a === null || b === null || a === undefined || b === undefined || typeof a === "object" || typeof b === "object")
    return false;
  // A number read against the text it was written as: the runtime writes plain decimal notation, whose text is not
  // the number's shortest where that is exponential (5e-324 as `0.000…5`): the same number.
  if (typeof a === "number" && typeof b === "string" && b.trim() !== "" && Number(b) === a) return true;
  return String(a) === String(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function shown(value: unknown): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
