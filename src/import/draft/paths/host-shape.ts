// When a path's first segment can be a host name written out (`/{account}.shop.example.com.br/api/orders`), which the
// path-address reading (path-notes.ts `pathAddress`) takes as where the call goes. A dotted name is not enough: a
// Connect or gRPC-gateway document's paths are `/<package>.<Service>/<Method>` (`/acme.rpc.v1.OrderService/Get`) on a
// declared server, and reading `acme.rpc.v1.OrderService` as a host sent every call, and its credential, to a made-up
// host while the mocks, serving every path whatever its server, passed every case. A host is read only where the
// segment has a DNS name's shape (RFC 1035's labels): labels of letters, digits and hyphens, neither first nor last a
// hyphen, at most 63 characters each, 253 in all, a last label that can be a top-level domain (letters, or an IDN's
// `xn--`), a variable standing for a whole label; written in lower case, as host names are written, where a capital
// is a name of code (a service, a class: `OrderService`). And a document whose first server is a real address (not a
// placeholder, a stand-in or a loopback host) and whose every path begins with a dotted name is an RPC document, not
// a list of hosts: its server is kept, the path whole (an all lower-case service name passes the shape).
import { isIpLiteral, isLoopback } from "@blockwright/runtime/internal";
import { PLACEHOLDER_HOST, standInHost } from "../../shapes/https-servers.js";

type Json = Record<string, unknown>;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain: letters (`com`, `br`), or an internationalised one's ASCII form (`xn--p1ai`). */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const VARIABLE = /^\{[^{}]+\}$/;

/** Whether `text` has a DNS name's shape: two or more labels, lower case, a variable a whole label but the last. */
export function dnsNameShaped(text: string): boolean {
  if (text.length > 253) return false;
  const labels = text.split(".");
  const top = labels.pop() ?? "";
  return labels.length > 0 && TOP_LEVEL.test(top) && labels.every((l) => VARIABLE.test(l) || LABEL.test(l));
}

/** A path's first segment of three or more dotted names: a host written out, or a package and its service. */
const dotted = (path: string) => (path.split("/")[1] ?? "").split(".").filter((l) => l !== "").length >= 3;

const rpcDocuments = new WeakMap<Json, boolean>();

/**
 * Whether the document's first server is a real address (http or https, a host of the internet, no variable in it)
 * and every path of the document begins with a dotted name: its paths name services under that server, not hosts.
 */
export function dottedPathsUnderRealServer(data: Json): boolean {
  const known = rpcDocuments.get(data);
  if (known !== undefined) return known;
  const paths = Object.keys((data.paths ?? {}) as Json);
  const servers = Array.isArray(data.servers) ? (data.servers as Json[]) : [];
  const url = typeof servers[0]?.url === "string" ? servers[0].url : "";
  const answer = paths.length > 0 && paths.every(dotted) && realHost(url);
  rpcDocuments.set(data, answer);
  return answer;
}

/** Whether an address's host is one of the internet a request can reach: not a placeholder, stand-in or loopback. */
function realHost(url: string): boolean {
  const host = /^https?:\/\/(?:[^/?#@]*@)?([^/?#]+)/i.exec(url)?.[1]?.replace(/:\d*$/, "").toLowerCase();
  if (host === undefined || host.includes("{") || !host.includes(".")) return false;
  return !(PLACEHOLDER_HOST.test(host) || standInHost(host) || isLoopback(host) || isIpLiteral(host));
}
