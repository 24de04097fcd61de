// A path whose first segment is where the call goes, on a server that is not it (draft/paths/path-notes.ts reads it:
// a parameter whose example is a whole address, or a host name it is called an endpoint's, `/{sellerEndpoint}/orders`;
// a host name written out, `/{account}.shop.example/api/orders`): OpenAPI's path template sends the value as one
// escaped segment under the document's server, so the call never reached that address. The segment is the
// operation's own server (`servers`), which the manifest, the runtime, the mocks and the judge already take
// (link/server/operation-server.ts): a host written out is a fixed address; one with a variable in its first label
// an address template (`https://{account}.shop.example`, the variable a connection input); a whole address, or a
// host no rule can bound, the address each connection gives (an instance address, `format: base-url`,
// `visibility: user-only`: a person sets it, never a model or a call's input, and the credential goes there only
// when its host is loopback or one the caller allows). The operation keeps the rest of its path. Where the rest is
// another chosen or published operation's method and path (two addresses serving one path), its key ends in a
// fragment naming its address (`/orders/{id}/cancel#sellerEndpoint`), as documents hold two operations of one method
// and path apart; only where even that key is taken is the letter kept, with a note. A run of the document steps.
import { followLocalRefs } from "../../load/json-ref.js";
import { pathAddress, type PathAddress } from "../draft/paths/path-notes.js";
import { STAND_IN } from "../shapes/server-variables.js";
import type { SelectedOperation } from "./select-operations.js";
import { OPERATION_METHODS } from "../../load/openapi-types.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
/** A path as routed: each template its braces alone, so `/o/{id}` and `/o/{orderId}` are one path. */
const routed = (method: string, path: string) => `${method} ${path.replace(/\{[^{}]*\}/g, "{}")}`;

/** The operation's own server for its path's first segment, and the path parameters it takes. */
function serverOf(found: PathAddress, declared: (name: string) => Json | undefined): { server: Json; taken: string[] } {
  if ("host" in found) {
    const names = [...found.host.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? "");
    const variables = Object.fromEntries(
      names.map((name) => {
        const p = declared(name) ?? {};
        const schema = object(p.schema);
        const value = p.example ?? schema.example ?? schema.default;
        const described = typeof p.description === "string" ? { description: p.description } : {};
        const listed = Array.isArray(schema.enum) ? { enum: schema.enum.map(String) } : {};
        // Its value is the caller's to give (the credential follows it): the document's is an example, no default.
        return [name, { default: String(value ?? name), [STAND_IN]: true, ...listed, ...described }];
      }),
    );
    return { server: { url: `https://${found.host}`, ...(names.length ? { variables } : {}) }, taken: names };
  }
  const host = found.value.replace(/^https?:\/\//i, "").replace(/[/?#].*$/, "");
  const p = declared(found.param) ?? {};
  const described = typeof p.description === "string" ? { description: p.description } : {};
  return {
    server: { url: `https://{${found.param}}`, variables: { [found.param]: { default: host, ...described } } },
    taken: [found.param],
  };
}

/** The address a path's first segment names, as a fragment tells two keys apart by it: its parameter, or its host. */
const addressName = (found: PathAddress) =>
  "host" in found ? found.host.replace(/[{}]/g, "") : found.param.replace(/[^\w.~-]/g, "");

interface Move {
  path: string;
  method: string;
  to: string;
  server: Json;
  taken: string[];
  found: PathAddress;
}

/** `paths` with each moved operation at the rest of its path, its own server and its parameters but the address's. */
function withMoves(doc: Json, paths: Json, moved: readonly Move[]): Json {
  const copied: Json = { ...paths };
  for (const m of moved) {
    const item = object(copied[m.path]);
    const op = object(item[m.method]);
    const shared = (Array.isArray(item.parameters) ? item.parameters : []) as unknown[];
    const own = (Array.isArray(op.parameters) ? op.parameters : []) as unknown[];
    const notTaken = (raw: unknown) => {
      const p = object(followLocalRefs(doc, raw));
      return !(p.in === "path" && m.taken.includes(String(p.name)));
    };
    const key = (raw: unknown) => {
      const p = object(followLocalRefs(doc, raw));
      return `${String(p.in)} ${String(p.name)}`;
    };
    // The path item's parameters move with the operation, those it declares again its own.
    const ownKeys = new Set(own.map(key));
    const inherited = shared.filter((raw) => !ownKeys.has(key(raw)));
    const { [m.method]: _gone, ...rest } = item;
    if (OPERATION_METHODS.some((k) => rest[k] !== undefined)) copied[m.path] = rest;
    else delete copied[m.path];
    const target = object(copied[m.to]);
    copied[m.to] = {
      ...target,
      [m.method]: { ...op, parameters: [...inherited, ...own].filter(notTaken), servers: [m.server] },
    };
  }
  return copied;
}

/**
 * The document with each chosen operation whose path's first segment is its address served there (its own `servers`,
 * the rest of its path), the chosen operations with their new paths, the notes and what changed, for the cut's header.
 */
export function withPathAddressServers(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; chosen?: SelectedOperation[]; notes: string[]; added: string[] } {
  const paths = object(doc.paths);
  const moves: Move[] = [];
  for (const { path, method } of chosen) {
    const item = object(paths[path]);
    const op = object(item[method]);
    if (Array.isArray(op.servers) || Array.isArray(item.servers)) continue;
    const found = pathAddress(doc, path, op);
    if (found === undefined) continue;
    const declared = (name: string) => {
      const all = [
        ...(Array.isArray(op.parameters) ? op.parameters : []),
        ...(Array.isArray(item.parameters) ? item.parameters : []),
      ];
      return all.map((raw) => object(followLocalRefs(doc, raw))).find((p) => p.in === "path" && p.name === name);
    };
    const to = path.slice(found.first.length + 1) || "/";
    moves.push({ path, method, to, ...serverOf(found, declared), found });
  }
  if (!moves.length) return { notes: [], added: [] };
  // Two addresses serving one method and path: neither moved.
  const count = new Map<string, number>();
  const moving = new Set(moves.map((m) => `${m.method} ${m.path}`));
  for (const [path, item] of Object.entries(paths))
    for (const method of OPERATION_METHODS)
      if (object(item)[method] !== undefined && !moving.has(`${method} ${path}`))
        count.set(routed(method, path), (count.get(routed(method, path)) ?? 0) + 1);
  for (const m of moves) count.set(routed(m.method, m.to), (count.get(routed(m.method, m.to)) ?? 0) + 1);
  // Two addresses serving one method and path: each moved to a key told apart by a fragment naming its address
  // (`/orders/{id}/cancel#sellerEndpoint`), which no request carries (load/operation-index.ts requestPath): the judge,
  // the mocks and the suite read such keys of one method and path as two operations.
  const apart = moves.filter((m) => (count.get(routed(m.method, m.to)) ?? 0) > 1);
  for (const m of apart) m.to = `${m.to}#${addressName(m.found)}`;
  for (const m of apart) count.set(routed(m.method, m.to), (count.get(routed(m.method, m.to)) ?? 0) + 1);
  const kept = apart.filter((m) => (count.get(routed(m.method, m.to)) ?? 0) > 1);
  const moved = moves.filter((m) => !kept.includes(m));
  const copied = withMoves(doc, paths, moved);
  const shown = (m: Move) => `${m.method.toUpperCase()} ${m.path}`;
  const notes: string[] = [];
  if (moved.length)
    notes.push(
      `openapi.yaml serves ${moved.map((m) => `${shown(m)} at ${String(m.server.url)} as ${m.to}`).join(", ")}: ` +
        "each path's first segment was where the call goes, which OpenAPI's path template sent as one escaped " +
        "segment of the document's server; each is the operation's own server now, an address of variables a " +
        "connection input (given once per connection, over https; never set by a model or a call)" +
        (apart.length > kept.length
          ? "; where two addresses serve one method and path, each key ends in a fragment naming its address " +
            "(#name), which no request carries, so that the document holds both"
          : ""),
    );
  if (kept.length)
    notes.push(
      `openapi.yaml keeps ${kept.map(shown).join(", ")} as written: without the address in its first segment, each ` +
        "is the same method and path as another operation (two addresses serving one path), which one document " +
        "cannot hold; take them in providers of their own",
    );
  return {
    document: { ...doc, paths: copied },
    chosen: chosen.map((c) => {
      const m = moved.find((x) => x.path === c.path && x.method === c.method);
      return m ? { ...c, path: m.to } : c;
    }),
    notes,
    added: moved.map(
      (m) => `${shown(m)} as ${m.to} at its own server ${String(m.server.url)} (its path's first segment)`,
    ),
  };
}
