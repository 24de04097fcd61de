// One parameter of a request judged: present when required, read as its
// style and explode say (or, described by `content`, parsed as its media
// type), no raw character its place and `allowReserved` forbid, an empty
// value only where `allowEmptyValue` lets it stand, and the value it reads
// as meeting its schema.
import { isJsonMediaType } from "../load/media-types.js";
import { type JudgedParam, type Node, pointerTo } from "./operations.js";
import { multiSegmentKind } from "../load/operations/multi-segment.js";
import { type Deep, inBracketForm, type RawPair, rawTexts, readDeepObject, readQuery } from "./query-read.js";
import { quoted, type JudgeRule, type Refusal } from "./refusal.js";
import type { SchemaChecker } from "./schema-check.js";
import { type RawRead, type ReadResult, readPathValue, readSimple } from "./style-read.js";
import {
  arrayOf,
  itemSchema,
  listAtOf,
  objectOf,
  propertySchema,
  scalarOf,
  type Shape,
  shapesOf,
} from "./text-values.js";
import { cookieValueProblem, decoded, rawProblem, shownChar } from "./uri-text.js";

export interface ParamContext {
  data: unknown;
  checker: SchemaChecker;
  /** The slots the credential goes in (`header:x-api-key`, `query:key`): their values are never quoted. */
  secret(place: string, name: string): boolean;
}

/**
 * What a request sent for one parameter: a path segment's raw text, a query parameter's pairs, a header's value, a
 * cookie's values (an exploded object's: the pairs of its fields, `entries`).
 */
export type Sent =
  | { in: "path"; raw: string }
  | { in: "query"; pairs: RawPair[] }
  | { in: "header"; raw: string }
  | { in: "cookie"; raws: string[]; entries?: [string, string][] };

/** What a parameter was judged to be: its refusals, or the value it reads as (undefined when not sent). */
export type ParamVerdict = { refusals: Refusal[]; value?: unknown };

export function judgeParam(p: JudgedParam, sent: Sent | undefined, ctx: ParamContext): ParamVerdict {
  const pointer = `/${p.in}/${p.name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  const shown =
    sent === undefined ? "" : ctx.secret(p.in, p.name) ? "(the credential, withheld)" : quoted(sentText(p, sent));
  const refuse = (rule: JudgeRule, message: string, at = p.at, sub = ""): Refusal[] => [
    {
      rule,
      at: pointerTo(at),
      pointer: pointer + sub,
      sent: shown,
      message: `${p.in} parameter "${p.name}": ${message}`,
    },
  ];
  if (sent === undefined || (sent.in === "query" && !sent.pairs.length))
    return { refusals: p.required ? refuse("required", "required by the document, and not sent") : [] };
  if (p.content) return judgeContent(p, sent, ctx, refuse);
  const schema = p.schema?.node;
  let first: Refusal[] | undefined;
  for (const shape of schema ? shapesOf(ctx.data, schema) : (["primitive"] as Shape[])) {
    const verdict = judgeShape(p, sent, shape, ctx, refuse);
    if (!verdict.refusals.length) return verdict;
    first ??= verdict.refusals;
  }
  return { refusals: first ?? [] };
}

type Refuse = (rule: JudgeRule, message: string, at?: (string | number)[], sub?: string) => Refusal[];

function judgeShape(p: JudgedParam, sent: Sent, shape: Shape, ctx: ParamContext, refuse: Refuse): ParamVerdict {
  const where = `${p.style}${p.explode ? ", explode true" : ", explode false"}`;
  const decode = (raw: string) =>
    sent.in === "path" || sent.in === "query"
      ? decoded(raw, sent.in === "query")
      : sent.in === "cookie"
        ? (decoded(raw, false) ?? raw)
        : raw;
  // A form object exploded whose fields hold objects or lists goes in bracket form (`input[a][b]=…`, as the runtime
  // and qs write it; OpenAPI leaves such a value undefined in form style): read so, its brackets syntax, not value.
  const bracketed =
    sent.in === "query" && p.style === "form" && p.explode && shape === "object" && inBracketForm(p, sent.pairs);
  if (sent.in === "query" && (p.style === "deepObject" || bracketed)) {
    const read = readDeepObject(p, sent.pairs, listAtOf(ctx.data, p.schema?.node));
    if ("miss" in read) return { refusals: refuse(read.miss.rule, `${read.miss.message} (style ${where})`) };
    const leaves: string[] = [];
    collectLeaves(read.deep, leaves);
    const bad = rawRefusal(p, leaves, refuse);
    if (bad) return { refusals: bad };
    const value = deepValue(ctx.data, p.schema?.node, read.deep, decode);
    if (value === undefined) return { refusals: refuse("percent-encoding", "a value's escapes are not UTF-8") };
    return { refusals: schemaRefusal(p, value, ctx, refuse), value };
  }
  const result = readOf(p, sent, shape, decode);
  if ("miss" in result) return { refusals: refuse(result.miss.rule, `${result.miss.message} (style ${where})`) };
  const read = result.read;
  const bad = rawRefusal(p, rawTexts(read), refuse);
  if (bad) return { refusals: bad };
  const value = readValue(ctx.data, p.schema?.node, read, decode);
  if (value === undefined) return { refusals: refuse("percent-encoding", "a value's escapes are not UTF-8") };
  if (sent.in === "query" && read.shape === "primitive" && read.text === "") {
    const miss = p.schema ? ctx.checker.check(value, p.schema.at) : undefined;
    if (!miss || p.allowEmptyValue) return { refusals: [], value };
    return {
      refusals: refuse(
        "allowEmptyValue",
        `sent empty (${p.name}=), which its schema refuses (${miss.message}) ` +
          `and the document does not allow (allowEmptyValue)`,
      ),
    };
  }
  return { refusals: schemaRefusal(p, value, ctx, refuse), value };
}

function readOf(p: JudgedParam, sent: Sent, shape: Shape, decode: (raw: string) => string | undefined): ReadResult {
  switch (sent.in) {
    case "path":
      return readPathValue(sent.raw, p.style, p.name, shape, p.explode, decode);
    case "query":
      return readQuery(p, sent.pairs, shape);
    case "header":
      return p.style === "simple"
        ? readSimple(sent.raw, shape, p.explode, true)
        : { miss: { rule: "style", message: `a header takes style simple, not ${JSON.stringify(p.style)}` } };
    case "cookie":
      if (p.style !== "form")
        return { miss: { rule: "style", message: `a cookie takes style form, not ${JSON.stringify(p.style)}` } };
      if (shape === "array" && p.explode) return { read: { shape, items: sent.raws } };
      // Exploded, an object's fields are the Cookie header's pairs (`k1=v1; k2=v2`) no other parameter names.
      if (shape === "object" && p.explode) return { read: { shape, entries: sent.entries ?? [] } };
      if (sent.raws.length !== 1)
        return {
          miss: {
            rule: "explode",
            message: `the cookie is sent ${sent.raws.length} times; with explode false its value is one`,
          },
        };
      return readSimple(sent.raws[0] as string, shape, false);
  }
}

/** The first raw character the parameter's place and `allowReserved` forbid, or `%2F` in a value spanning segments. */
function rawRefusal(p: JudgedParam, texts: string[], refuse: Refuse): Refusal[] | undefined {
  if (p.in === "header") return undefined;
  if (p.in === "cookie") return cookieRefusal(texts, refuse);
  const spanning = p.multiSegment !== undefined;
  // A link's value (`{+name}`, `allowReserved`, `x-ms-skip-url-encoding`): its `?` starts its own query.
  const link = p.multiSegment !== undefined && multiSegmentKind(p.multiSegment) !== true;
  for (const text of texts) {
    if (link && /%3F/i.test(text)) {
      return refuse(
        "x-multi-segment",
        `the value is a link whose reserved characters go as they are (the document marks it with ` +
          `${p.multiSegment}), so its "?" starts its own query; it was sent as %3F, which the service reads as ` +
          `part of one path segment instead of a path and a query`,
      );
    }
    if (spanning && /%2F/i.test(text)) {
      return refuse(
        "x-multi-segment",
        `the value spans path segments (the document marks it with ${p.multiSegment}), ` +
          `so its "/" go as they are; it was sent as %2F, which the service reads as one segment`,
      );
    }
    const problem = rawProblem(text, {
      delimiters: "",
      reserved: p.allowReserved || spanning,
      plusIsSpace: p.in === "query",
    });
    if (!problem) continue;
    if (problem.rule === "allowReserved") {
      return refuse(
        "allowReserved",
        `the reserved character ${shownChar(problem.char)} is sent raw inside a value; ` +
          `without allowReserved (the document leaves it false) it goes percent-encoded, ` +
          `and a raw one reads as ${p.in === "path" ? "part of the path's syntax" : "a separator"}`,
      );
    }
    return refuse(
      "percent-encoding",
      `${shownChar(problem.char)} is sent raw; RFC 3986 lets no URI hold it so (percent-encode it)`,
    );
  }
  return undefined;
}

/** The first cookie text holding a character no cookie value holds raw (uri-text.ts cookieValueProblem). */
function cookieRefusal(texts: string[], refuse: Refuse): Refusal[] | undefined {
  for (const text of texts) {
    const c = cookieValueProblem(text);
    if (c === undefined) continue;
    return refuse(
      "percent-encoding",
      c === "%"
        ? `a "%" is sent starting no percent-encoded triple; a cookie's own "%" goes percent-encoded (%25)`
        : `${shownChar(c)} is sent raw; RFC 6265 lets no cookie value hold it (percent-encode it, as style form does)`,
    );
  }
  return undefined;
}

/**
 * The value a read stands for, its texts decoded and typed by the schema; undefined when a text's escapes are not
 * UTF-8.
 */
function readValue(
  data: unknown,
  schema: Node | undefined,
  read: RawRead,
  decode: (raw: string) => string | undefined,
): unknown {
  if (read.shape === "primitive") {
    const text = decode(read.text);
    return text === undefined ? undefined : scalarOf(data, schema, text);
  }
  if (read.shape === "array") {
    const items = read.items.map(decode);
    return items.some((i) => i === undefined) ? undefined : arrayOf(data, schema, items as string[]);
  }
  const entries = read.entries.map(([k, v]) => [decode(k), decode(v)]);
  return entries.some(([k, v]) => k === undefined || v === undefined)
    ? undefined
    : objectOf(data, schema, entries as [string, string][]);
}

function collectLeaves(deep: Deep | undefined, out: string[]): void {
  if (typeof deep === "string") out.push(deep);
  else if (deep) for (const v of Object.values(deep)) collectLeaves(v, out);
}

function deepValue(data: unknown, schema: unknown, deep: Deep, decode: (raw: string) => string | undefined): unknown {
  if (typeof deep === "string") {
    const text = decode(deep);
    return text === undefined ? undefined : scalarOf(data, schema, text);
  }
  if (Array.isArray(deep)) {
    const items = itemSchema(data, schema);
    const out = deep.map((d) => deepValue(data, items, d, decode));
    return out.some((v) => v === undefined) ? undefined : out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(deep)) {
    const value = deepValue(data, propertySchema(data, schema, k), v, decode);
    if (value === undefined) return undefined;
    Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function schemaRefusal(p: JudgedParam, value: unknown, ctx: ParamContext, refuse: Refuse): Refusal[] {
  if (!p.schema) return [];
  const miss = ctx.checker.check(value, p.schema.at);
  const how = p.in === "query" && p.style === "form" && p.explode ? "" : ` (style ${p.style}, explode ${p.explode})`;
  return miss
    ? refuse(
        miss.rule ?? "schema",
        `reads as ${shortJson(value)}${how}, which its schema refuses: ${miss.message}`,
        p.schema.at,
        miss.path.map((s) => `/${s}`).join(""),
      )
    : [];
}

/**
 * A parameter described by `content`: its one value, as its media type writes it (JSON parsed), meeting that media
 * type's schema.
 */
function judgeContent(p: JudgedParam, sent: Sent, ctx: ParamContext, refuse: Refuse): ParamVerdict {
  const content = p.content as NonNullable<JudgedParam["content"]>;
  let raw: string;
  if (sent.in === "query") {
    if (sent.pairs.length !== 1)
      return {
        refusals: refuse(
          "content",
          `sent ${sent.pairs.length} times; a parameter described by content (${content.mediaType}) is one value`,
          content.at,
        ),
      };
    raw = sent.pairs[0]?.raw ?? "";
  } else raw = sent.in === "cookie" ? (sent.raws[0] ?? "") : sent.raw;
  const text = sent.in === "header" ? raw : decoded(raw, sent.in === "query");
  if (text === undefined) return { refusals: refuse("percent-encoding", "the value's escapes are not UTF-8") };
  let value: unknown = text;
  if (isJsonMediaType(content.mediaType)) {
    try {
      value = JSON.parse(text);
    } catch {
      return {
        refusals: refuse(
          "content",
          `the document describes it as ${content.mediaType}, and ${shortJson(text)} is not JSON`,
          content.at,
        ),
      };
    }
  }
  // Its media type's text, then percent-encoded whole: JSON's own `{`, `"`, `:` and `,` go encoded.
  if (sent.in === "query" || sent.in === "path") {
    const problem = rawProblem(raw, { delimiters: "", reserved: p.allowReserved, plusIsSpace: sent.in === "query" });
    if (problem)
      return {
        refusals: refuse(
          problem.rule === "allowReserved" ? "allowReserved" : "percent-encoding",
          `${shownChar(problem.char)} is sent raw inside its ${content.mediaType} value; it goes percent-encoded`,
        ),
      };
  }
  if (!content.schema) return { refusals: [], value };
  const miss = ctx.checker.check(value, content.schema.at);
  return miss
    ? {
        refusals: refuse(
          miss.rule ?? "schema",
          `its ${content.mediaType} value ${shortJson(value)} does not meet its schema: ${miss.message}`,
          content.schema.at,
          miss.path.map((s) => `/${s}`).join(""),
        ),
      }
    : { refusals: [], value };
}

function sentText(p: JudgedParam, sent: Sent): string {
  if (sent.in === "query")
    return sent.pairs.map((x) => (x.raw === undefined ? x.rawName : `${x.rawName}=${x.raw}`)).join("&");
  if (sent.in === "cookie")
    return sent.entries
      ? sent.entries.map(([k, v]) => `${k}=${v}`).join("; ")
      : sent.raws.map((r) => `${p.name}=${r}`).join("; ");
  if (sent.in === "header") return `${p.name}: ${sent.raw}`;
  return sent.raw;
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
