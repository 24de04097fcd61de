// An operation's own address: OpenAPI 3 lets an operation, or its path item, name servers of its own (uploads on
// another host, a part of the API under another path), and its requests go to the first of them. The manifest writes
// it (the operation's `server`), checked against the document as server.default is; the tool's server is then that
// address and its path, so that the call, and the credential, go there: a host the document names for this operation,
// and nowhere else new. An address given at call time (baseUrl) still overrides, with this path appended.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import { OPERATION_METHODS } from "../../load/openapi-document.js";
import { inRouteOrder } from "../../load/operation-index.js";
import { documentServer, insecureAddress, withServerScheme } from "./server.js";
import { type OwnTemplate, templateOwnServer } from "./operation-template.js";
import { hostRuleProblem, instanceOwnServer, type OwnInstance, ownInstance } from "./operation-instance.js";

type Json = Record<string, unknown>;

/**
 * An operation's own server read: its address (variables at their defaults) and path, and, when it has variables, the
 * template they make (operation-template.ts), or why it cannot be taken.
 */
export type OwnServer =
  | { url: string; address: string; path: string; at: Path; template?: OwnTemplate }
  | (OwnInstance & { at: Path; instance: true })
  | { problem: string; at: Path };

/**
 * The first server the operation names of its own (else its path item), when it differs from the document's first;
 * undefined when it names none. A relative one (`/v3`) is on the document's host. `path` and `method`: the operation's
 * key under `paths` and its method, as written.
 */
export function ownServer(data: unknown, path: string, method: string): OwnServer | undefined {
  const paths = ((data as Json | null)?.paths ?? {}) as Json;
  const item = paths[path] as Json | undefined;
  const m = method.toLowerCase();
  const op = item?.[m] as Json | undefined;
  const [list, at]: [unknown, Path] = Array.isArray(op?.servers)
    ? [op.servers, ["paths", path, m, "servers"]]
    : [item?.servers, ["paths", path, "servers"]];
  const first = Array.isArray(list) ? (list[0] as Json | undefined) : undefined;
  if (typeof first?.url !== "string") return undefined;
  const top = documentServer(data);
  if (top && withServerScheme(top.url) === withServerScheme(first.url)) return undefined;
  // A host no rule can bound is the customer's own (operation-instance.ts), whatever the document's address is.
  const instance = ownInstance(first);
  if (instance) return { ...instance, at: [...at, 0, "url"], instance: true };
  const template = ownTemplate(first);
  const unbound = template && hostRuleProblem(template.url, template.declared);
  if (unbound) return { problem: unbound, at: [...at, 0, "url"] };
  // Beside a document's address of variables (the provider's a template or a parameter), an operation's own server is
  // not taken: its calls, the mock and the judge stay at the provider's address, and `add` says so in a note.
  if (top && /\{[^}]*\}/.test(top.url) && !template)
    return {
      problem: "the document's own address is made of variables, which an operation's server is not combined with",
      at: [...at, 0, "url"],
    };
  const read = documentServer({ servers: [first] });
  if (!read) return undefined;
  if ("problem" in read) return { problem: read.problem, at: [...at, 0, "url"] };
  const origin = read.origin ?? (top && "origin" in top ? top.origin : undefined);
  if (!origin || !/^https?:\/\/[^{}]+$/i.test(origin))
    return {
      problem:
        `the operation's server ${JSON.stringify(first.url)} names no host a request can reach (a relative address ` +
        "on a document without one, or a host variable): write it as an address",
      at: [...at, 0, "url"],
    };
  const address = `${origin}${read.path}`;
  return { url: first.url, address, path: read.path, at: [...at, 0, "url"], ...(template ? { template } : {}) };
}

/**
 * The path an operation is served under by the mocks and the judge: its own server's (a template's variables in the
 * path kept as `{name}`, so that whatever value the shared parameter holds is routed: the variable's default differs
 * between operations, `/.{environment}.com.br/api`, and a call sends the one value its parameter has), else `base`.
 */
export function servedPath(own: OwnServer | undefined, base: string): string {
  if (!own || !("path" in own)) return base;
  const templated = ("template" in own ? own.template : undefined)?.url
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "")
    .replace(/\/+$/, "");
  return templated && /\{[^{}]+\}/.test(templated) ? templated : own.path;
}

/** The template of a server whose address has variables (an absolute http(s) URL with a host), else undefined. */
function ownTemplate(server: Json): OwnTemplate | undefined {
  const url = withServerScheme(String(server.url));
  if (!/\{[^{}]+\}/.test(url) || !/^https?:\/\/[^/?#]+/i.test(url)) return undefined;
  const declared = (server.variables !== null && typeof server.variables === "object" ? server.variables : {}) as Json;
  return { url, declared: declared as OwnTemplate["declared"] };
}

/** The tool's server: the provider's, or the operation's own address when the document names one for it. */
export function operationServer(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  server: ToolSpec["server"],
): ToolSpec["server"] {
  const own = ownServer(ctx.doc.source.data, String(op.location[1]), String(op.location[2]));
  if (own && "instance" in own) return instanceOwnServer(ctx, at, mop, op, own, server);
  if (own && "template" in own && own.template)
    return templateOwnServer(ctx, at, mop, op, { template: own.template, path: servedPath(own, "") }, server);
  if (own && "address" in own && typeof mop.server === "object")
    return (
      ctx.fail(
        "BW2018",
        [...at, "server", "url"],
        `${ctx.openapiName}'s server for operation "${op.operationId}" has no variables: write server: ` +
          JSON.stringify(own.address),
        "value",
      ) ?? server
    );
  // A template written where the document's server has none is refused above, or below where it names none.
  const written = typeof mop.server === "object" ? JSON.stringify(mop.server) : mop.server?.replace(/\/+$/, "");
  if (!own) {
    if (written !== undefined)
      ctx.fail(
        "BW2018",
        [...at, "server"],
        `operation "${op.operationId}" names no server of its own in ${ctx.openapiName}: its requests go to the ` +
          "provider's address; remove server here",
      );
    return server;
  }
  // An own server the manifest cannot state (no host, or the provider's address not fixed) may go unwritten: its calls
  // go to the provider's address, as `add` says in a note. Written, it is refused.
  if ("problem" in own)
    return written === undefined ? server : (ctx.failInDocument("BW2019", own.at, own.problem) ?? server);
  if (written === undefined && server.default === undefined) return server;
  if (written === undefined)
    return (
      ctx.fail(
        "BW2018",
        [...at, "operationId"],
        `operation "${op.operationId}" is served at its own server ${JSON.stringify(own.url)} in ` +
          `${ctx.openapiName}, not at the provider's address: write server: ${JSON.stringify(own.address)}`,
        "value",
      ) ?? server
    );
  if (written !== own.address)
    return (
      ctx.fail(
        "BW2018",
        [...at, "server"],
        `${ctx.openapiName}'s server for operation "${op.operationId}" is ${JSON.stringify(own.url)}: write ` +
          `${JSON.stringify(own.address)} (its scheme, host and path, which prefixes the operation's path)`,
        "value",
      ) ?? server
    );
  // The operation's calls, and its credential, go there: over https, or http to loopback, as the provider's do.
  const insecure = insecureAddress(written);
  if (insecure) return ctx.fail("BW2018", [...at, "server"], insecure, "value") ?? server;
  if (server.default === undefined)
    return (
      ctx.fail(
        "BW2018",
        [...at, "server"],
        "an operation's own server needs the provider's fixed address (server.default): one made of an address " +
          "parameter or of server variables is not combined with it",
      ) ?? server
    );
  const { basePath: _documentPath, ...rest } = server;
  return { ...rest, default: own.address, ...(own.path ? { basePath: own.path } : {}) };
}

// A path item as a mock serves it: under the document's server path, or, for the operations whose own server names
// another (an upload host's `/api/2.0`), under that one, as the service serves them, so that a call sent where the
// document says is answered and one sent under the document's path is not (mocks/mock-document.ts).

/**
 * The path item split by the path each of its operations is served under (`base` where none names its own): the item
 * as it is when all are served under `base`; else each part with its operations only, their servers left out (where
 * they are served is in the key).
 */
export function servedParts(document: unknown, path: string, item: unknown, base: string): [string, unknown][] {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return [[base, item]];
  const under = new Map<string, string[]>();
  for (const method of OPERATION_METHODS) {
    if (!(method in item)) continue;
    const own = ownServer(document, path, method);
    const at = servedPath(own, base);
    under.set(at, [...(under.get(at) ?? []), method]);
  }
  if (under.size <= 1 && (under.size === 0 || under.has(base))) return [[base, item]];
  const { servers: _, ...fields } = item as Json;
  const shared = Object.fromEntries(Object.entries(fields).filter(([k]) => !OPERATION_METHODS.includes(k as never)));
  return [...under].map(([at, methods]) => [
    at,
    {
      ...shared,
      ...Object.fromEntries(
        methods.map((m) => {
          const { servers: __, ...op } = (item as Json)[m] as Json;
          return [m, op];
        }),
      ),
    },
  ]);
}

/** The path items in the order a mock routes them (inRouteOrder), each split by where its operations are served. */
export function servedInRouteOrder(document: unknown, paths: Record<string, unknown>, base: string) {
  return inRouteOrder(paths).flatMap(([path, whole]) =>
    servedParts(document, path, whole, base).map(([under, item]) => [path, item, under] as const),
  );
}
