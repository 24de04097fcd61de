// How a model's file address is fetched (a call given `fileHosts`: validate/file-hosts.ts says why). Its host is
// checked by its text first; then, on Node, a name is resolved and every address it has checked (DNS that points a
// public-looking name at 10.0.0.5), and the file is fetched over a connection made to those addresses: node:http(s)
// with a `lookup` that answers them, so the name is not resolved again (DNS answering the check one address and the
// fetch another, rebinding, reaches nothing). TLS still verifies the certificate against the name. Not pinned: a
// request Node itself sends through a proxy (NODE_USE_ENV_PROXY), whose `lookup` is asked for the proxy's host, the
// proxy resolving the file's; undici's fetch is not used here because pinning it needs an Agent of the undici
// package (`connect.lookup`), which Node does not expose.
//
// Elsewhere (browsers, edge runtimes, Deno, Bun) there is no resolver to ask, or no connection the runtime can hold
// to an address: the checks are by the name alone, and the call's fetch resolves it. A `fileHosts.fetch` of the
// caller's own is used as given, after the check: it resolves the name again itself. A name resolved and checked on
// Node is fetched over the pinned connection, not the call's fetch (a client's, which would resolve it again).
import type { Failure } from "../../http/errors.js";
import type { FetchLike } from "../../http/transport.js";
import {
  addressKind,
  fileHostIssue,
  isAllowedFileHost,
  isIpHost,
  modelFileIssue,
  type FileHosts,
  type ResolvedAddress,
} from "../../validate/file-hosts.js";

/**
 * The fetch for a model's file at `url`, or why it may not be fetched (refused before any request). `hosts`: the
 * allowed hosts (allowedFileHosts); `timeoutMs`: how long a pinned connection may stay silent; `callFetch`: the
 * call's fetch, used where no connection is pinned (an IP literal, an allowed host, no resolver).
 */
export async function modelFileFetch(
  param: string,
  url: URL,
  fileHosts: FileHosts,
  hosts: readonly string[],
  timeoutMs: number,
  callFetch: FetchLike,
): Promise<{ fetch: FetchLike } | { failure: Failure }> {
  const issue = modelFileIssue(param, url, hosts);
  if (issue) return { failure: { type: "validation", ...issue } };
  const own = fileHosts.fetch ?? callFetch;
  const host = url.hostname.replace(/\.+$/, "");
  // An allowed host is the person's to judge; an IP literal was checked as it is and is connected to as it is.
  if (isAllowedFileHost(hosts, host) || isIpHost(host)) return { fetch: own };
  const node = nodeModules();
  const lookup = fileHosts.lookup ?? (node ? systemLookup(node.dns) : undefined);
  if (!lookup) return { fetch: own };
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch (e) {
    const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
    const why = typeof code === "string" ? code : typeof message === "string" ? message : String(e);
    return {
      failure: {
        type: "network",
        param,
        message: `${param}: the file's host ${host} could not be resolved (${why})`,
        retryable: true,
      },
    };
  }
  if (!addresses.length)
    return {
      failure: { type: "network", param, message: `${param}: the file's host ${host} has no address`, retryable: true },
    };
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (kind)
      return { failure: { type: "validation", ...fileHostIssue(param, host, `it resolves to ${address}, ${kind}`) } };
  }
  if (fileHosts.fetch || !node) return { fetch: own };
  return { fetch: pinnedFetch(addresses, timeoutMs, node) };
}

/** The system's resolver (getaddrinfo: /etc/hosts included), every address of the name. */
function systemLookup(dns: NodeDns): (host: string) => Promise<readonly ResolvedAddress[]> {
  return (host) => dns.promises.lookup(host, { all: true, verbatim: true });
}

/**
 * A fetch of GET requests (a file's: no body) whose connections go to `addresses` only: node:http(s) asks its
 * `lookup` for the host's addresses, and it answers these. Exported for the test that shows it: a name no resolver
 * knows (.invalid) reached at the address given.
 */
export function pinnedFetch(
  addresses: readonly ResolvedAddress[],
  timeoutMs: number,
  node: NodeModules | undefined = nodeModules(),
): FetchLike {
  if (!node) throw new Error("a pinned connection needs Node's http modules");
  const lookup: PinnedLookup = (_host, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    const first = usable[0];
    if (!first) callback(new Error(`no checked IPv${family} address`));
    else if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const http = request.url.startsWith("https:") ? node.https : node.http;
      const headers = Object.fromEntries(request.headers);
      const sent = http.request(
        request.url,
        { method: request.method, headers, lookup, signal: request.signal, timeout: timeoutMs },
        (res) => {
          const answer = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            answer.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 205 || status === 304;
          if (empty) res.resume();
          try {
            resolve(new Response(empty ? null : node.stream.Readable.toWeb(res), { status, headers: answer }));
          } catch (e) {
            res.destroy();
            reject(e);
          }
        },
      );
      sent.on("timeout", () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      sent.on("error", reject);
      sent.end();
    });
}

// ---- Node's modules, where the runtime runs on Node -----------------------------------------------------------

type PinnedLookup = (
  host: string,
  options: { family?: number | string; all?: boolean },
  callback: (error: Error | null, address?: string | readonly ResolvedAddress[], family?: number) => void,
) => void;

interface NodeDns {
  promises: {
    lookup(host: string, options: { all: true; verbatim: boolean }): Promise<ResolvedAddress[]>;
  };
}

interface NodeResponse {
  statusCode?: number;
  rawHeaders: string[];
  resume(): void;
  destroy(): void;
}

interface NodeHttp {
  request(
    url: string,
    options: {
      method: string;
      headers: Record<string, string>;
      lookup: PinnedLookup;
      signal: AbortSignal;
      timeout: number;
    },
    onResponse: (res: NodeResponse) => void,
  ): { on(event: string, listener: (e: Error) => void): void; destroy(e: Error): void; end(): void };
}

export interface NodeModules {
  dns: NodeDns;
  http: NodeHttp;
  https: NodeHttp;
  stream: { Readable: { toWeb(readable: NodeResponse): ReadableStream<Uint8Array> } };
}

/**
 * Node's resolver and http modules (process.getBuiltinModule: no import, so bundles for browsers stay free of them);
 * undefined on other runtimes, whose node:http may not honour `lookup` (Bun) or whose fetch is not node:http's.
 */
function nodeModules(): NodeModules | undefined {
  const g = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown }; Bun?: unknown; Deno?: unknown };
  const proc = g.process;
  if (!proc?.getBuiltinModule || g.Bun !== undefined || g.Deno !== undefined) return undefined;
  const get = (id: string) => proc.getBuiltinModule?.(id);
  return {
    dns: get("node:dns") as NodeDns,
    http: get("node:http") as NodeHttp,
    https: get("node:https") as NodeHttp,
    stream: get("node:stream") as NodeModules["stream"],
  };
}
