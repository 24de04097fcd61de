// The strict request judge: a request as it goes on the wire (method, the
// address fetch serialises, headers, body bytes) held against the OpenAPI
// document exactly — the operation its method and path name; each parameter
// present when required and serialised as its `style`, `explode`,
// `allowReserved`, `allowEmptyValue` or `content` says; the body in a declared
// media type, its `encoding` kept, meeting its schema at every depth; and
// the credential where the security scheme puts it. Each refusal names the
// rule, where the document writes it, where in the request and the bytes
// sent. The contract suite's mocks (src/mocks/mock-judge.ts), `test` through
// them, and `verify` (src/verify/live-fetch.ts) all ask it.
//
// Why our own: Prism's deserialisers (in the bundled @stoplight/prism-http)
// decode before they split (`a%2Cb` reads as two items), keep the last of
// repeated pairs where one is due, and read an unexploded form list from
// whatever pairs come; openapi-backend and the express validators read the
// query through a qs-style parser the same way; none checks allowReserved,
// a part's Content-Type or a `content` parameter's media type. The styles
// are a table (OpenAPI 3.1.1 §4.8.12.4, Appendix C and E), written here;
// JSON Schema is @cfworker/json-schema over the document's own schemas,
// registered as the example check registers them.
import { isBodyFramingHeader, TRANSPORT_BY_FETCH } from "../load/ignored-headers.js";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { fixedKeyPairs } from "../load/operation-index.js";
import { judgeAccept } from "./accept-check.js";
import { judgeBody } from "./body/body-check.js";
import {
  basePattern,
  documentOperations,
  type JudgedOperation,
  type JudgedParam,
  pointerTo,
  reachingOperations,
  type ServedGroup,
  servedUnder,
} from "./operations.js";
import { judgeParam, type ParamContext, type Sent } from "./param-check.js";
import { inBracketForm, isDeepPair, queryPairs, type RawPair } from "./query-read.js";
import { describeRefusal, type Judgement, quoted, type Refusal } from "./refusal.js";
// A query pair the document does not declare is not refused: a service ignores it, and a next page's address
// the service gave may carry its own (`$skiptoken`); the contract suite's request cases check the tool's own keys.
import { schemaChecker } from "./schema-check.js";
import { judgeSecurity } from "./security-check.js";
import { propertySchema, shapesOf } from "./text-values.js";

export { basePattern, describeRefusal, type Judgement, type Refusal };

/** A request as it goes on the wire. */
export interface SentRequest {
  method: string;
  /** The absolute address as fetch serialises it. */
  url: string;
  headers: Headers;
  body?: Uint8Array;
}

export interface JudgeOptions {
  /** The path the document's server puts before every operation's path (`/api`). */
  basePath?: string;
  /**
   * `present`: a request without the credential its operation needs is refused; `form`: only one sent in a form its
   * scheme does not take (a mock answers a missing one 401, as the service does).
   */
  credential: "present" | "form";
  /**
   * The parameters the credential covers (the manifest's `auth.covers`, the credential's own slots): the credential is
   * judged in their place.
   */
  covered?: (slot: { in: string; name: string }) => boolean;
}

/** Header parameters OpenAPI ignores (their definitions SHALL be ignored, §4.8.12.2). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** `as`: the operation that sent the request (its name, as JudgedOperation's), read as it where its path matches. */
export type RequestJudge = (request: SentRequest, as?: string) => Judgement;

export function requestJudge(document: OpenApiDocument, options: JudgeOptions): RequestJudge {
  const data = document.source.data;
  const operations = documentOperations(data);
  const checker = schemaChecker(document);
  const schemes = document.securitySchemes;
  const base = (options.basePath ?? "").replace(/\/+$/, "");
  const groups = servedUnder(data, operations, base);
  return (request, as) => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}${url.search}`;
    const method = request.method.toUpperCase();
    const found = routed(groups, as, method, url.pathname);
    if (found === undefined)
      return refused(line, "route", "#/servers/0/url", `the path does not start with the server's path ${base}`);
    if ("problem" in found) return refused(line, "route", "#/paths", found.problem);
    const reached = byCarriedRequired(carryingKeyPairs(found, url.searchParams), (p) =>
      options.covered?.(p)
        ? false
        : p.in === "header"
          ? !IGNORED_HEADERS.has(p.name.toLowerCase()) && Boolean(headerOf(request.headers, p.name))
          : p.in === "query"
            ? url.searchParams.getAll(p.name).some(Boolean)
            : p.in === "cookie" && (cookieValues(request.headers.get("cookie")).get(p.name) ?? []).some(Boolean),
    );
    // Templates alike but for their expressions' names (`/things/{id}`, `/things/{slug}`) all match: the request is
    // held against each, and the one it meets best answers (the first of a tie, in byCarriedRequired's order).
    return metBest(reached, ({ op, values }) => judgeAgainst(op, values, url, request));
  };

  function judgeAgainst(
    op: JudgedOperation,
    values: Record<string, string>,
    url: URL,
    request: SentRequest,
  ): Judgement {
    const slots = credentialSlots(op, schemes);
    const ctx: ParamContext = {
      data,
      checker,
      secret: (place, name) => slots.has(`${place}:${place === "header" ? name.toLowerCase() : name}`),
    };
    const refusals: Refusal[] = [];
    const read = new Map<string, unknown>();
    const pairs = queryPairs(url.search.slice(1));
    const owned = ownedPairs(op, pairs, data, slots);
    const cookies = cookieValues(request.headers.get("cookie"));
    const spread = spreadCookies(op, cookies, slots, data);
    for (const p of op.params) {
      // A header OpenAPI ignores, or one of the body's framing the transport writes (load/ignored-headers.ts), is not
      // the call's to send: add drafts none.
      if ((p.in === "header" && IGNORED_HEADERS.has(p.name.toLowerCase())) || isBodyFramingHeader(p)) continue;
      if (options.covered?.(p)) continue;
      const verdict = judgeParam(p, sentFor(p, values, owned.get(p), request.headers, cookies, spread), ctx);
      refusals.push(...verdict.refusals);
      if (verdict.value !== undefined)
        read.set(`${p.in}:${p.in === "header" ? p.name.toLowerCase() : p.name}`, verdict.value);
    }
    const body = judgeBody(op.body, [...op.at, "requestBody"], request.headers.get("content-type"), request.body, {
      data,
      checker,
      ...(options.covered ? { covered: options.covered } : {}),
    });
    refusals.push(...body.refusals);
    const has = (place: string, name: string) =>
      place === "query"
        ? pairs.some((x) => x.name === name && (x.raw ?? "") !== "")
        : (cookies.get(name)?.length ?? 0) > 0;
    refusals.push(...judgeAccept(request.headers.get("accept"), op.answers, pointerTo([...op.at, "responses"])));
    refusals.push(
      ...judgeSecurity(
        op.security,
        schemes,
        { header: (n) => headerOf(request.headers, n), query: (n) => has("query", n), cookie: (n) => has("cookie", n) },
        op.securityAt,
        options.credential,
      ),
    );
    return {
      operation: op.name,
      refusals,
      read: { params: read, path: values, ...(body.value !== undefined ? { body: body.value } : {}) },
    };
  }
}

/**
 * Of the readings reached, the one the request meets best (the first of a tie), and where it meets the document, the
 * same operation's other readings that meet it too (`alsoRead`): only those are judged once one has met it.
 */
function metBest<T extends { op: JudgedOperation }>(reached: T[], judge: (reading: T) => Judgement): Judgement {
  let best: Judgement | undefined;
  const alsoRead: Judgement["read"][] = [];
  for (const reading of reached) {
    if (best?.refusals.length === 0 && best.operation !== reading.op.name) break;
    const judged = judge(reading);
    if (best?.refusals.length === 0) {
      if (judged.refusals.length === 0) alsoRead.push(judged.read);
    } else if (!best || judged.refusals.length < best.refusals.length) best = judged;
  }
  return alsoRead.length ? { ...(best as Judgement), alsoRead } : (best as Judgement);
}

function refused(line: string, rule: Refusal["rule"], at: string, message: string): Judgement {
  return { refusals: [{ rule, at, pointer: "/", sent: quoted(line), message }], read: { params: new Map(), path: {} } };
}

/**
 * The operations a method and path name (the most literal templates, as OpenAPI matches `/pets/mine` before
 * `/pets/{id}`; several when templates differ only in their expressions' names), with the raw text of each path
 * expression.
 */
/**
 * The operations a request reaches, among those served under a path it starts with (the longest first); the first
 * group's problem when none is reached; undefined when it starts with none of those paths.
 */
function routed(
  groups: ServedGroup[],
  as: string | undefined,
  method: string,
  path: string,
): ReturnType<typeof route> | undefined {
  let first: ReturnType<typeof route> | undefined;
  for (const { under, operations } of groups) {
    const at = under.exec(path)?.[0].length;
    if (at === undefined) continue;
    const rest = path.slice(at) || "/";
    const found = asSent(operations, as, method, rest) ?? route(operations, method, rest);
    if (!("problem" in found)) return found;
    first ??= found;
  }
  return first;
}

function route(
  operations: JudgedOperation[],
  method: string,
  path: string,
): { op: JudgedOperation; values: Record<string, string> }[] | { problem: string } {
  let best: { op: JudgedOperation; values: Record<string, string> }[] = [];
  const methods = new Set<string>();
  // Only the operations whose template may match (the rest would match nothing), in their order.
  for (const op of reachingOperations(operations, path)) {
    const spanning = new Set(op.params.filter((p) => p.in === "path" && p.multiSegment).map((p) => p.name));
    // Several readings when expressions share a segment (`{id}.{format}`): each is judged.
    const readings = op.template.matches(path, spanning);
    if (!readings.length) continue;
    methods.add(op.method);
    if (op.method !== method) continue;
    const top = best[0]?.op.template.literal ?? -1;
    if (op.template.literal > top) best = [];
    if (op.template.literal >= top) best.push(...readings.map((values) => ({ op, values })));
  }
  if (best.length) return best;
  if (methods.size) return { problem: `the document declares ${[...methods].join(", ")} on this path, not ${method}` };
  return { problem: `no path of the document matches ${JSON.stringify(path.slice(0, 200))}` };
}

/**
 * The readings of the path as the operation that sent it, where its template matches: a value spanning segments
 * (`/{denyAssignmentId}` given a whole resource id) also matches another operation's more literal path, whose
 * parameters of the same names mean other parts of it. Undefined where no operation is named, or its path does not
 * match.
 */
function asSent(
  operations: JudgedOperation[],
  name: string | undefined,
  method: string,
  path: string,
): { op: JudgedOperation; values: Record<string, string> }[] | undefined {
  const op = name === undefined ? undefined : operations.find((o) => o.name === name && o.method === method);
  if (!op) return undefined;
  const spanning = new Set(op.params.filter((p) => p.in === "path" && p.multiSegment).map((p) => p.name));
  const readings = op.template.matches(path, spanning);
  return readings.length ? readings.map((values) => ({ op, values })) : undefined;
}

/**
 * Of the operations routed to, those whose path key's fixed query pairs (`/rest?method=photos.get`) the request
 * carries, the keys with the most such pairs: several keys of one path and method are told apart by them alone. Where
 * no key's pairs are all carried, every one (the request is judged against each).
 */
function carryingKeyPairs<T extends { op: JudgedOperation }>(found: T[], query: URLSearchParams): T[] {
  const carried = (op: JudgedOperation) => {
    const pairs = fixedKeyPairs(op.path);
    return pairs.every(([name, value]) => query.getAll(name).includes(value)) ? pairs.length : -1;
  };
  const top = Math.max(...found.map((f) => carried(f.op)));
  return top < 0 ? found : found.filter((f) => carried(f.op) === top);
}

/**
 * The operations routed to, where several are (keys of one method and path told apart by a fragment,
 * `/blobs/{digest}#mode=chunk` beside `/blobs/{digest}`), those whose required header, query and cookie parameters the
 * request carries the most of first (`carried`, each with a value: an empty one is none; stable): of those the request
 * meets alike, the operation a `Range` tells apart takes the requests that send it, which the other, declaring none,
 * would take as well. A request that meets the other only (a `fields` the one requiring it allows no value of) is
 * still the other's: the fewest refusals choose first.
 */
function byCarriedRequired<T extends { op: JudgedOperation }>(found: T[], carried: (p: JudgedParam) => boolean): T[] {
  if (found.length < 2) return found;
  const first = requiredOf(found[0]?.op as JudgedOperation);
  // Operations requiring the same (an X-Amz-Target API's, each its header): told apart by the judgement alone.
  if (found.every((f) => requiredOf(f.op) === first)) return found;
  const counts = new Map<JudgedOperation, number>();
  for (const { op } of found)
    if (!counts.has(op)) counts.set(op, op.params.filter((p) => p.required && p.in !== "path" && carried(p)).length);
  return [...found].sort((a, b) => (counts.get(b.op) ?? 0) - (counts.get(a.op) ?? 0));
}

const required = new WeakMap<JudgedOperation, string>();

/** The places and names of an operation's required header, query and cookie parameters, as one text (kept). */
function requiredOf(op: JudgedOperation): string {
  let names = required.get(op);
  if (names === undefined) {
    const own = op.params.filter((p) => p.required && p.in !== "path");
    names = own
      .map((p) => `${p.in}:${p.in === "header" ? p.name.toLowerCase() : p.name}`)
      .sort()
      .join("\n");
    required.set(op, names);
  }
  return names;
}

/** The slots the operation's credentials go in (`header:x-api-key`, `query:key`, `cookie:session`). */
function credentialSlots(op: JudgedOperation, schemes: OpenApiDocument["securitySchemes"]): Set<string> {
  const slots = new Set<string>();
  for (const requirement of op.security ?? []) {
    for (const name of requirement) {
      const s = schemes[name];
      if (s?.type === "apiKey" && s.name && s.in)
        slots.add(`${s.in}:${s.in === "header" ? s.name.toLowerCase() : s.name}`);
      else if (s) slots.add("header:authorization");
    }
  }
  return slots;
}

interface Owned {
  get(p: JudgedParam): RawPair[];
  claimed: Set<RawPair>;
}

/**
 * Which query pairs each parameter owns: its name's (a deepObject's
 * `name[…]`); an exploded form object, the pairs of its fields (any the other
 * parameters leave, when it takes more than its listed fields); the
 * credential, its own.
 */
function ownedPairs(op: JudgedOperation, pairs: RawPair[], data: unknown, slots: Set<string>): Owned {
  const claimed = new Set<RawPair>();
  const byParam = new Map<JudgedParam, RawPair[]>();
  const take = (p: JudgedParam, test: (x: RawPair) => boolean) => {
    const mine = pairs.filter((x) => !claimed.has(x) && test(x));
    for (const x of mine) claimed.add(x);
    byParam.set(p, [...(byParam.get(p) ?? []), ...mine]);
  };
  const query = op.params.filter((p) => p.in === "query");
  const spread = (p: JudgedParam) =>
    !p.content &&
    p.style === "form" &&
    p.explode &&
    p.schema !== undefined &&
    shapesOf(data, p.schema.node)[0] === "object";
  for (const p of query)
    if (!spread(p)) take(p, (x) => (p.style === "deepObject" && !p.content ? isDeepPair(p, x) : x.name === p.name));
  for (const pair of pairs) if (slots.has(`query:${pair.name}`) && !claimed.has(pair)) claimed.add(pair);
  // A spread object's fields that hold objects or lists go in bracket form under its name (`input[a][b]=…`).
  for (const p of query.filter(spread)) if (inBracketForm(p, pairs)) take(p, (x) => isDeepPair(p, x));
  // A field of one that holds objects or lists, in bracket form under the field's own name (`list[0][a]=…`: the
  // object's fields at the query's top level, as form explode writes them, a field's insides as qs does): the object's
  // pairs read as that form under its name (`name[list][0][a]`), its plain fields with them.
  for (const p of query.filter(spread)) {
    const head = (x: RawPair) => x.name.slice(0, Math.max(0, x.name.indexOf("[")));
    const field = (key: string) => key !== "" && propertySchema(data, p.schema?.node, key, true) !== undefined;
    const mine = pairs.filter((x) => !claimed.has(x) && (field(head(x)) || field(x.name)));
    if (!mine.some((x) => field(head(x)))) continue;
    for (const x of mine) claimed.add(x);
    const under = (x: RawPair) => `${p.name}[${head(x) || x.name}]${head(x) ? x.name.slice(head(x).length) : ""}`;
    byParam.set(p, [...(byParam.get(p) ?? []), ...mine.map((x) => ({ ...x, name: under(x) }))]);
  }
  for (const p of query.filter(spread))
    take(p, (x) => propertySchema(data, p.schema?.node, x.name, true) !== undefined);
  for (const p of query.filter(spread)) take(p, (x) => propertySchema(data, p.schema?.node, x.name) !== undefined);
  return { get: (p) => byParam.get(p) ?? [], claimed };
}

function sentFor(
  p: JudgedParam,
  path: Record<string, string>,
  pairs: RawPair[],
  headers: Headers,
  cookies: Map<string, string[]>,
  spread: Map<JudgedParam, Sent | undefined>,
): Sent | undefined {
  if (p.in === "path") return Object.hasOwn(path, p.name) ? { in: "path", raw: path[p.name] as string } : undefined;
  if (p.in === "query") return { in: "query", pairs };
  if (p.in === "header") {
    const value = headerOf(headers, p.name);
    // fetch's own value of a transport header (Accept-Encoding) where the call gave none: no value of the parameter.
    const lower = p.name.toLowerCase();
    if (value === null) return undefined;
    if (!p.required && Object.hasOwn(TRANSPORT_BY_FETCH, lower) && value === TRANSPORT_BY_FETCH[lower])
      return undefined;
    return { in: "header", raw: value };
  }
  if (spread.has(p)) return spread.get(p);
  const raws = cookies.get(p.name);
  return raws?.length ? { in: "cookie", raws } : undefined;
}

/** An HTTP token: what a header's name is (RFC 9110 §5.1). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The request's value of a header the document declares; null for a name no request can carry (`""`, a space in it:
 * no HTTP token), which fetch's Headers would throw on.
 */
function headerOf(headers: Headers, name: string): string | null {
  return TOKEN.test(name) ? headers.get(name) : null;
}

/**
 * What each cookie object in style form, exploded (form's default), was sent as: its fields are pairs of the Cookie
 * header of their own, those no other cookie parameter, nor a credential, names.
 */
function spreadCookies(
  op: JudgedOperation,
  cookies: Map<string, string[]>,
  slots: Set<string>,
  data: unknown,
): Map<JudgedParam, Sent | undefined> {
  const out = new Map<JudgedParam, Sent | undefined>();
  const spread = (p: JudgedParam) =>
    p.in === "cookie" && !p.content && p.style === "form" && p.explode && p.schema !== undefined
      ? shapesOf(data, p.schema.node)[0] === "object"
      : false;
  for (const p of op.params.filter(spread)) {
    const named = (name: string) =>
      slots.has(`cookie:${name}`) || op.params.some((q) => q !== p && q.in === "cookie" && q.name === name);
    const entries = [...cookies]
      .filter(([name]) => !named(name))
      .flatMap(([name, raws]) => raws.map((raw): [string, string] => [name, raw]));
    out.set(p, entries.length ? { in: "cookie", raws: [], entries } : undefined);
  }
  return out;
}

/** The Cookie header's pairs, by name (a name sent twice keeps both values). */
function cookieValues(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of (header ?? "").split(";")) {
    const text = pair.trim();
    const eq = text.indexOf("=");
    if (eq <= 0) continue;
    const name = text.slice(0, eq).trim();
    out.set(name, [...(out.get(name) ?? []), text.slice(eq + 1).trim()]);
  }
  return out;
}
