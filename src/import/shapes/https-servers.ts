// A server the document names over http on a host of the internet. The runtime sends a request to a remote host over
// https only (http on loopback), so a draft that kept such a server could make no call at all: every real request was
// refused before it left ("must use https"), while every contract case, sent to a mock on loopback, passed. 455 of the
// directory's 2,639 documents list one first: 413 beside its https twin (AWS's, converted from its models, list
// `http://` then `https://` for every endpoint), the rest alone. add keeps the https twin where the document gives one,
// and otherwise takes the same address over https, with a note to check the service answers there. Loopback hosts,
// IP addresses, placeholders (`.local`, `.example`) and a host that is one variable (an instance address a person
// gives) are left as they are.
import { isIpLiteral, isLoopback } from "@blockwright/runtime/internal";
import type { ShapeNote } from "./client-credentials.js";

type Json = Record<string, unknown>;

/** Names no request reaches on the internet: special-use top-level domains (RFC 6761, 6762's `.local`, RFC 2606). */
export const PLACEHOLDER_HOST = /\.(local|invalid|example|test|localhost)\.?$/i;

/** The host of an http address (port left out; variables kept), or undefined when the address is not http. */
function httpHost(url: string): string | undefined {
  const m = /^http:\/\/([^/?#]*)/i.exec(url);
  if (!m) return undefined;
  return (m[1] ?? "").replace(/:[^:\]]*$/, "");
}

/** A host of the internet: a dotted name, not all variables, not loopback, an IP address or a placeholder. */
function remoteHost(host: string): boolean {
  // The runtime's own reading of a host: what it calls over http (loopback) and what no pattern may name (an IP).
  const name = host.toLowerCase();
  if (isLoopback(name) || isIpLiteral(name) || PLACEHOLDER_HOST.test(name)) return false;
  const labels = host.split(".");
  return labels.length > 1 && labels.some((l) => l !== "" && !/^\{[^{}]+\}$/.test(l));
}

/**
 * The cut's servers with each http server of a remote host replaced by https (changed in place): dropped where the
 * document lists its https twin (the same address otherwise), else its scheme changed, with a note. What changed, for
 * the cut's header.
 */
export function withHttpsServers(cut: Json, notes: ShapeNote[]): string[] {
  if (!Array.isArray(cut.servers)) return [];
  const servers = cut.servers as Json[];
  const urls = new Set(servers.map((s) => s?.url).filter((u): u is string => typeof u === "string"));
  const changed: string[] = [];
  const kept: Json[] = [];
  for (const server of servers) {
    const url = typeof server?.url === "string" ? server.url : undefined;
    const host = url === undefined ? undefined : httpHost(url);
    if (url === undefined || host === undefined || !remoteHost(host)) {
      kept.push(server);
      continue;
    }
    const secure = `https://${url.slice("http://".length)}`;
    if (urls.has(secure)) {
      changed.push(`the server ${JSON.stringify(url)} left out for its https twin`);
      continue;
    }
    kept.push({ ...server, url: secure });
    urls.add(secure);
    changed.push(`the server ${JSON.stringify(url)} taken over https`);
    notes.push({
      at: ["server"],
      note:
        `the document names the server ${JSON.stringify(url)} over http only: the runtime sends requests to a ` +
        "remote host over https only, so it is drafted as https: check that the service answers there",
    });
  }
  cut.servers = kept;
  return changed;
}
