// How a manifest names an operation of an OpenAPI document: by its
// operationId, or as `METHOD /path`. Published documents often give no
// operationId (hand-written ones, older versions of a vendor's), and a
// newer version may add ids the older lacked: the method and path name the
// operation either way, as they do for Prism and for upstream's comparison.

/**
 * The path a request to an operation reaches: its key up to a `#` (`/tags/{arn}#tagKeys`, which a document uses to
 * hold two operations of one method and path apart): a fragment never leaves in a request (RFC 3986 §3.5).
 */
export function requestPath(key: string): string {
  const at = key.indexOf("#");
  return at < 0 ? key : key.slice(0, at);
}

/**
 * The `{name}`s a key holds only after its `#` (`/send/#env/v1/partners/{partnerId}`): in the fragment, which no
 * request carries (RFC 3986 §3.5), so no call can send them; none where the fragment holds none (`/tags/{arn}#keys`).
 */
export function fragmentOnlyParams(key: string): string[] {
  const at = key.indexOf("#");
  if (at < 0) return [];
  const before = key.slice(0, at);
  return [...key.slice(at).matchAll(/\{([^{}]+)\}/g)]
    .map((m) => m[1] as string)
    .filter((name) => !before.includes(`{${name}}`));
}

/**
 * The path a router matches a request to the operation by: its request path up to a `?` (`/services?funcs=news`, a
 * key holding fixed query pairs, which every request to it sends; runtime/http/transport.ts writes its own query after
 * them).
 */
export function routePath(key: string): string {
  const path = requestPath(key);
  const at = path.indexOf("?");
  return at < 0 ? path : path.slice(0, at);
}

/**
 * The path a mock serves a key holding its own query or a fragment at (`/rest?method=photos.get` →
 * `/rest/~method=photos.get`, `/#X-Amz-Target=Zq.Create` → `/~X-Amz-Target=Zq.Create`): several keys share one path
 * and method and are told apart by those pairs, or by the parameters a fragment stands for (a header of one allowed
 * value), which a router matching the path before the `?` or `#` cannot do (the mock's judge, which reads them, sends
 * each request on to its key's path). A pair that holds a parameter is written by its name alone (`/history/~city_id`,
 * no template expression) where several of the document's keys share the path (`shared`, sharedRoutePaths:
 * `/history?city_id={city_id}` beside `/history?zip={zip}`, told apart by which parameter the request carries); a key
 * alone on its path (`/rides?page={page}`) is its own.
 */
export function servedKeyPath(
  key: string,
  shared: ReadonlySet<string> = new Set(),
  alike: ReadonlySet<string> = new Set(),
): string {
  const path = requestPath(key);
  const at = path.indexOf("?");
  const route = routePath(key);
  const own =
    at < 0
      ? []
      : path
          .slice(at + 1)
          .split("&")
          .filter((pair) => pair !== "")
          .flatMap((pair) => {
            if (!/\{[^{}]*\}/.test(pair)) return [pair];
            return shared.has(route) ? [(pair.split("=")[0] ?? "").replace(/[{}]/g, "")] : [];
          });
  const hash = key.indexOf("#");
  // A character a router or URI template reads (`{`, `?`, `%`, a space) written encoded, as a request would.
  if (hash >= 0 && hash < key.length - 1)
    own.push(key.slice(hash + 1).replace(/[^\w.~=&!$'()*+,;:@-]/g, encodeURIComponent));
  // A template alike another but for its expressions' names: told apart by those names (alikeRoutePaths).
  if (alike.has(route))
    own.push(
      `@${expressionNames(route)
        .map((name) => name.replace(/[^\w.~=!$'()*+;:@-]/g, encodeURIComponent))
        .join(",")}`,
    );
  if (!own.length) return key;
  // One segment: a `/` in a value is written encoded (a router splits the path before it decodes a segment).
  return `${route.replace(/\/$/, "")}/~${own.join("&").replaceAll("/", "%2F")}`;
}

/**
 * The paths in the order a mock gives them to Prism, whose router scores each path by the request's segments (a
 * literal one equal: 1; one holding an expression: 0.5, whatever else it holds) and of the same score takes the one
 * written last: `/v1/category-list.{format}` and `/v1/{id}.{format}` score the same for `/v1/category-list.json`, and a
 * document writing the list first had that request routed to the other ("id must be integer"). As OpenAPI matches a
 * concrete path before a templated one, the one with the most literal text is the one the request names: last. Stable.
 */
export function inRouteOrder<T>(paths: Record<string, T>): [string, T][] {
  const literal = (path: string) => path.replace(/\{[^}]*\}/g, "").length;
  return Object.entries(paths)
    .map((entry, index) => ({ entry, index, weight: literal(entry[0]) }))
    .sort((a, b) => a.weight - b.weight || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The paths (routePath) several of `keys` share: where a key's parameter pairs give it a served path of its own. */
export function sharedRoutePaths(keys: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const key of new Set(keys)) {
    const route = routePath(key);
    if (seen.has(route)) shared.add(route);
    seen.add(route);
  }
  return shared;
}

/**
 * The paths (routePath) of `keys` alike but for their expressions' names (`/{seller}/orders/{id}/cancel` beside
 * `/{market}/orders/{orderId}/cancel`): a router takes the one written last for a request to either (Prism does, and
 * checked the other's requests against its rules); the request judge holds a request against each and tells which it
 * meets, and the mock serves each at a path of its own (servedKeyPath), where the judge sends the request on.
 */
export function alikeRoutePaths(keys: Iterable<string>): Set<string> {
  const byShape = new Map<string, Set<string>>();
  for (const key of keys) {
    const route = routePath(key);
    const shape = route.replace(/\{[^{}]*\}/g, "{}");
    byShape.set(shape, (byShape.get(shape) ?? new Set()).add(route));
  }
  return new Set([...byShape.values()].filter((routes) => routes.size > 1).flatMap((routes) => [...routes]));
}

/** Each of `keys` at the path a mock serves it at (servedKeyPath, the keys sharing a path or alike found in them). */
export function servedKeyPaths(keys: Iterable<string>): (key: string) => string {
  const all = [...keys];
  const shared = sharedRoutePaths(all);
  const alike = alikeRoutePaths(all);
  return (key) => servedKeyPath(key, shared, alike);
}

/** A served path without the mark telling its template from those alike it (`/a/{id}/~@id` → `/a/{id}`). */
export function withoutAlikeMark(path: string): string {
  return path.replace(/\/~@[^/]*$/, "");
}

/** The names of a template's expressions, in order, without a reserved expansion's `+`. */
export function expressionNames(template: string): string[] {
  return [...template.matchAll(/\{\+?([^{}]*)\}/g)].map((m) => m[1] as string);
}

/** The fixed query pairs a path key holds (`/rest?method=photos.get&v=2`), names and values decoded. */
export function fixedKeyPairs(key: string): [string, string][] {
  return [...new URLSearchParams(fixedKeyQuery(key).join("&"))];
}

/** The pairs of a key's own query that hold no parameter (`method=photos.get`, not `page={page}`), as written. */
function fixedKeyQuery(key: string): string[] {
  const path = requestPath(key);
  const at = path.indexOf("?");
  if (at < 0) return [];
  return path
    .slice(at + 1)
    .split("&")
    .filter((pair) => pair !== "" && !/\{[^{}]*\}/.test(pair));
}

/**
 * The name of the query pair a path key's own query (`/rides?page={page}`, a key some documents write) gives a path
 * parameter's value, if it does: the request carries the parameter there, as a query pair.
 */
export function keyQueryPair(key: string, name: string): string | undefined {
  const query = key.split("?")[1];
  if (query === undefined) return undefined;
  for (const written of query.split("&")) {
    const [pair, value] = written.split("=");
    if (pair && value === `{${name}}`) return pair;
  }
  return undefined;
}

export function operationRef(method: string, path: string, operationId?: unknown): string {
  return ownOperationId(operationId) ?? `${method.toUpperCase()} ${path}`;
}

/** An operation's operationId where it names one: an empty text names none (the method and path then do). */
export function ownOperationId(operationId: unknown): string | undefined {
  return typeof operationId === "string" && operationId.trim() !== "" ? operationId : undefined;
}

const METHOD_AND_PATH = /^([A-Z]+) (\/.*)$/;

/**
 * Operations by name (operationRef). A lookup by `METHOD /path` also finds
 * an operation that has an operationId, so that a manifest written against
 * a version without ids still links once the document gives them.
 */
export class OperationIndex<T extends { method: string; path: string }> extends Map<string, T> {
  override get(name: string): T | undefined {
    const own = super.get(name);
    if (own !== undefined) return own;
    const at = METHOD_AND_PATH.exec(name);
    if (!at) return undefined;
    for (const op of this.values()) if (op.method.toUpperCase() === at[1] && op.path === at[2]) return op;
    return undefined;
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A path item whose key places path parameters in its own query (`/rides?page={page}`): each such parameter is
 * that query pair, as the request carries it (the mocks' Prism, routing on the path before the `?`, required it of
 * the path).
 */
export function withKeyQueryParameters(path: string, item: unknown): unknown {
  if (!isNode(item) || !path.includes("?")) return item;
  const moved = (list: unknown) =>
    Array.isArray(list)
      ? list.map((p) => {
          const pair = isNode(p) && p.in === "path" ? keyQueryPair(path, String(p.name)) : undefined;
          if (pair === undefined) return p;
          const { style: _style, explode: _explode, ...rest } = p as Node;
          return { ...rest, in: "query", name: pair, required: true };
        })
      : list;
  const out: Node = { ...item, ...(item.parameters ? { parameters: moved(item.parameters) } : {}) };
  for (const method of METHODS)
    if (isNode(item[method]) && item[method].parameters)
      out[method] = { ...item[method], parameters: moved(item[method].parameters) };
  return out;
}

/**
 * A path template whose expressions name parameters by any text but braces (OpenAPI's path templating: `{id:}`,
 * `{a.b}`), with each name that is not letters, digits, `_` and `-` written in those alone (each other character as
 * `_` and its UTF-8 bytes in hex; `id:` as `id_3A`, and a `_` more while that names another expression), in the key
 * and in its path parameters (`resolve` follows a parameter's `$ref`): Prism reads a template as RFC 6570 does (a `:`
 * starts a prefix modifier, a `.` or `*` is an operator; a `%` escape its router decodes) and then asks a request for a
 * path value it never read.
 */
export function withPlainTemplateNames(
  path: string,
  item: unknown,
  resolve: (value: unknown) => unknown,
): { path: string; item: unknown } {
  const names = [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] as string);
  const plainNames = new Map<string, string>();
  for (const name of names) {
    if (/^[-\w]*$/.test(name)) continue;
    let plain = name.replace(/[^-\w]/gu, (c) =>
      [...new TextEncoder().encode(c)].map((b) => `_${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
    );
    while (names.includes(plain) || [...plainNames.values()].includes(plain)) plain += "_";
    plainNames.set(name, plain);
  }
  if (!plainNames.size || !isNode(item)) return { path, item };
  const named = (list: unknown) =>
    Array.isArray(list)
      ? list.map((raw) => {
          const p = resolve(raw);
          const plain = isNode(p) && p.in === "path" ? plainNames.get(String(p.name)) : undefined;
          return plain === undefined ? raw : { ...(p as Node), name: plain };
        })
      : list;
  const out: Node = { ...item, ...(item.parameters ? { parameters: named(item.parameters) } : {}) };
  for (const method of METHODS)
    if (isNode(item[method]) && item[method].parameters)
      out[method] = { ...item[method], parameters: named(item[method].parameters) };
  return { path: path.replace(/\{([^{}]*)\}/g, (_m, name: string) => `{${plainNames.get(name) ?? name}}`), item: out };
}
