// A server the document names over http on a host of the internet. The runtime sends a request to a remote host over
// https only (http on loopback), so a draft that kept such a server could make no call at all: every real request was
// refused before it left ("must use https"), while every contract case, sent to a mock on loopback, passed. 455 of the
// directory's 2,639 documents list one first: 413 beside its https twin (AWS's, converted from its models, list
// `http://` then `https://` for every endpoint), the rest alone. add keeps the https twin where the document gives one,
// and otherwise takes the same address over https, with a note to check the service answers there; a placeholder
// (`.local`, `.example`) or an IP address too, with a note to give the instance's https address. Loopback hosts and a
// host that is one variable (an instance address a person gives) are left as they are.
// A document whose only servers are placeholders for the reader's own instance (`.local`, loopback, example.com) names
// no API's address: the draft takes an instance address each call names (ownInstance, read by draft/server.ts).
import { isIpLiteral, isLoopback } from "@blockwright/runtime/internal";
import type { ShapeNote } from "./client-credentials.js";
import { withServerScheme } from "../../link/server/server.js";

type Json = Record<string, unknown>;

/** Names no request reaches on the internet: special-use top-level domains (RFC 6761, 6762's `.local`, RFC 2606). */
export const PLACEHOLDER_HOST = /\.(local|invalid|example|test|localhost)\.?$/i;
// The bare domains kept for documentation (RFC 2606): a document naming one as its server names no API.
const EXAMPLE_DOMAIN = /^(www\.)?example\.(com|net|org)\.?$/i;

/**
 * A host that stands for the reader's own (`your-dokploy-instance.com`, `yourdomain.com`, `my-server.com`, or the bare
 * `example.com`): no API's address, so no credential may go to it by default. Its reason, or undefined.
 */
export function standInHost(host: string): string | undefined {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const standIn = (l: string) => /^(your|my)([-_]|(domain|server|host|instance|site|app|company|org)(\b|[-_]))/.test(l);
  // The domains kept for documentation (RFC 2606: `example.com`, `.net`, `.org`) are no API's either.
  if (EXAMPLE_DOMAIN.test(host))
    return `the host (${labels.join(".")}) is a name kept for examples (RFC 2606), no API's`;
  return labels.length > 1 && labels.slice(0, -1).some(standIn)
    ? `the host (${labels.join(".")}) stands for the reader's own address, no API's`
    : undefined;
}

/** The host of an http address (port left out; variables kept), or undefined when the address is not http. */
function httpHost(url: string): string | undefined {
  const m = /^http:\/\/([^/?#]*)/i.exec(url);
  if (!m) return undefined;
  return (m[1] ?? "").replace(/:[^:\]]*$/, "");
}

/**
 * A host the runtime calls over https only: any but loopback (called over http, a mock's) and a host that is all
 * variables (an instance address a person gives). A placeholder (`zq.local`) and an IP address of a network are such
 * hosts too: the link refuses http to them (BW2018), so a draft keeping them did not link.
 */
function httpsOnly(host: string): boolean {
  // The runtime's own reading of a host: what it calls over http (loopback).
  if (isLoopback(host.toLowerCase())) return false;
  return host.split(".").some((l) => l !== "" && !/^\{[^{}]+\}$/.test(l));
}

/**
 * A host no request reaches over the internet: a placeholder name, a name of one label (a network's), or an IP
 * address (of a network, not loopback).
 */
function ownNetwork(host: string): boolean {
  return (
    PLACEHOLDER_HOST.test(host) || EXAMPLE_DOMAIN.test(host) || !host.includes(".") || isIpLiteral(host.toLowerCase())
  );
}

/**
 * The cut's servers with each http server of a remote host replaced by https (changed in place): dropped where the
 * document lists its https twin (the same address otherwise), else its scheme changed, with a note. The servers an
 * operation or its path item names of its own too: its calls, and the credential, go there. What changed, for the
 * cut's header.
 */
export function withHttpsServers(cut: Json, notes: ShapeNote[]): string[] {
  const changed: string[] = [];
  if (Array.isArray(cut.servers)) cut.servers = securedList(cut.servers as Json[], "", changed, notes);
  const paths = cut.paths !== null && typeof cut.paths === "object" ? (cut.paths as Record<string, unknown>) : {};
  for (const [path, item] of Object.entries(paths)) {
    if (item === null || typeof item !== "object") continue;
    for (const holder of [item as Json, ...Object.values(item as Json)]) {
      if (holder === null || typeof holder !== "object" || !Array.isArray((holder as Json).servers)) continue;
      const own = holder as Json;
      own.servers = securedList(own.servers as Json[], ` (${path}'s own)`, changed, notes);
    }
  }
  return changed;
}

/** One list of servers with its http servers of remote hosts secured, as withHttpsServers says; `of` names whose. */
function securedList(servers: readonly Json[], of: string, changed: string[], notes: ShapeNote[]): Json[] {
  const urls = new Set(servers.map((s) => s?.url).filter((u): u is string => typeof u === "string"));
  const kept: Json[] = [];
  for (const server of servers) {
    const url = typeof server?.url === "string" ? server.url : undefined;
    const host = url === undefined ? undefined : httpHost(url);
    const schemeVariable = url === undefined ? undefined : httpSchemeVariable(server, url);
    if (schemeVariable) {
      kept.push(schemeVariable.secured);
      changed.push(`the server ${JSON.stringify(url)}${of} taken over https (its ${schemeVariable.name}'s default)`);
      notes.push({
        at: ["server"],
        note:
          `the document names the server ${JSON.stringify(url)}${of} with ${schemeVariable.name} defaulting to ` +
          "http: the runtime sends requests to a host other than loopback over https only, so its default is drafted " +
          "as https: check that the service answers there",
      });
      continue;
    }
    if (url === undefined || host === undefined || !httpsOnly(host)) {
      kept.push(server);
      continue;
    }
    const secure = `https://${url.slice("http://".length)}`;
    if (urls.has(secure)) {
      changed.push(`the server ${JSON.stringify(url)}${of} left out for its https twin`);
      continue;
    }
    kept.push({ ...server, url: secure });
    urls.add(secure);
    changed.push(`the server ${JSON.stringify(url)}${of} taken over https`);
    notes.push({
      at: ["server"],
      note: ownNetwork(host)
        ? `the document names the server ${JSON.stringify(url)}${of} over http, a placeholder or an address of a ` +
          "network: the runtime sends requests to a host other than loopback over https only, so it is drafted as " +
          "https: give your instance's https address"
        : `the document names the server ${JSON.stringify(url)}${of} over http only: the runtime sends requests to ` +
          "a remote host over https only, so it is drafted as https: check that the service answers there",
    });
  }
  return kept;
}

/**
 * A server whose scheme is a variable defaulting to http (`{protocol}://{hostname}`) on a host the runtime calls over
 * https only: the server with that default https (its enum, if it lists one, must offer it); else undefined.
 */
function httpSchemeVariable(server: Json, url: string): { name: string; secured: Json } | undefined {
  const scheme = /^\{([^{}]+)\}:\/\//.exec(url);
  const variables = server.variables as Record<string, Json | undefined> | undefined;
  const name = scheme?.[1];
  const variable = name === undefined ? undefined : variables?.[name];
  if (!scheme || name === undefined || !variable || String(variable.default).toLowerCase() !== "http") return undefined;
  if (Array.isArray(variable.enum) && !variable.enum.includes("https")) return undefined;
  // The host as a call reaches it: each variable at its default (one without stays a variable: a person gives it).
  const host = httpHost(`http://${url.slice(scheme[0].length)}`)?.replace(/\{([^{}]+)\}/g, (whole, inner: string) => {
    const fallback = variables?.[inner]?.default;
    return typeof fallback === "string" && fallback ? fallback : whole;
  });
  if (host === undefined || !httpsOnly(host)) return undefined;
  return { name, secured: { ...server, variables: { ...variables, [name]: { ...variable, default: "https" } } } };
}

// A server its document describes as a mock ("SwaggerHub API Auto Mocking", "papiNet Mock Server"): a stand-in that
// answers made-up data, no place for a caller's credential.
const MOCK_SERVER = /\bmock(s|ing|ed)?\b/i;

/**
 * The server the draft takes when the document's first server is described as a mock and a later one is not (the
 * API's own address, listed after the mock a design tool added first), if it does.
 */
export function realBeyondMock(servers: Json[]): Json | undefined {
  const mock = (s: Json | undefined) => typeof s?.description === "string" && MOCK_SERVER.test(s.description);
  if (!mock(servers[0])) return undefined;
  return servers.find((s) => typeof s?.url === "string" && !mock(s));
}

/** The templated server the draft takes when the document's first server is a placeholder host, if it does. */
export function templatedBeyondPlaceholder(servers: Json[]): Json | undefined {
  const first = servers[0];
  let host: string | undefined;
  try {
    host =
      typeof first?.url === "string" && !/\{/.test(first.url)
        ? new URL(withServerScheme(first.url)).hostname
        : undefined;
  } catch {
    host = undefined;
  }
  if (host === undefined || !PLACEHOLDER_HOST.test(host)) return undefined;
  return servers.find(
    (s) =>
      typeof s?.url === "string" && /\{[^{}]+\}/.test(s.url) && s.variables !== null && typeof s.variables === "object",
  );
}

/**
 * A host that stands for the reader's own instance: loopback (the runtime's reading), a `.local` (RFC 6762) or
 * `.localhost` name, or example.com (RFC 2606). Not `.test` or `.example`, which tests' own servers use.
 */
function instancePlaceholder(host: string): boolean {
  const name = host.toLowerCase();
  return isLoopback(name) || /\.(local|localhost)\.?$/.test(name) || EXAMPLE_DOMAIN.test(name);
}

/**
 * The first server when it is a placeholder for the reader's own instance and no server names a real host: why (the
 * address quoted), the path after its host, and the placeholder its input shows (its scheme and host, a port word
 * such as `PORT` left out). Undefined otherwise.
 */
export function ownInstance(
  firstUrl: string | undefined,
  servers: Json[],
): { why: string; path: string; placeholder?: string } | undefined {
  const parts = (url: unknown) =>
    typeof url === "string" ? /^(https?:\/\/)([^/:?#]+)(?::([^/?#]*))?([^?#]*)/i.exec(url) : null;
  const m = parts(firstUrl);
  if (!m || /\{/.test(m[2] ?? "") || !instancePlaceholder(m[2] ?? "")) return undefined;
  // A real host among the servers is where the API is: the first stays the default, as before.
  if (servers.some((s) => !instancePlaceholder(parts(s?.url)?.[2] ?? ""))) return undefined;
  const port = /^\d+$/.test(m[3] ?? "") ? `:${m[3]}` : "";
  return {
    why:
      `the document's only address (${JSON.stringify(firstUrl)}) ` +
      (EXAMPLE_DOMAIN.test(m[2] ?? "")
        ? "is a name kept for examples (RFC 2606), no API's address"
        : "is a placeholder for your own instance, no API's address"),
    path: (m[4] ?? "").replace(/\/+$/, ""),
    placeholder: `${m[1]?.toLowerCase()}${m[2]?.toLowerCase()}${port}`,
  };
}
