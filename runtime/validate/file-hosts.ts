// Where a model's file address may lead: the public internet only, unless the
// person running the tools allows more (`fileHosts: { allow }`). A file
// parameter fetches its address from the host that runs the tools, inside its
// network; a model steered by a document it read could name the cloud's
// metadata service (169.254.169.254), a database's admin page (10.0.0.5) or an
// intranet name, and the bytes would be uploaded to the vendor. A user's own
// call (a workflow, the client, `blockwright call`) gives no `fileHosts` and
// is not held to this: its addresses are its own.
//
// Checked here, before any request, from the address alone: an IP literal (the
// WHATWG URL parser has already written 0x7f.1, 2130706433 and ::ffff:a00:5 as
// 127.0.0.1 and [::ffff:a00:5]) outside the public unicast ranges, and names
// that are the local network's: localhost, single labels, and the suffixes
// RFC 6762 (appendix G) and RFC 8375 name. What a name resolves to is checked
// where the file is opened (call/files/model-files.ts), on Node.
//
// The ranges are ipaddr.js's (IANA's special-purpose registries, kept up to
// date there): a small, dependency-free library that parses every form a
// resolver answers (zone ids, mapped and embedded IPv4) rather than a table of
// our own that would have to.
import ipaddr from "ipaddr.js";
import type { Issue } from "../common/issue.js";
import type { FetchLike } from "../http/transport.js";
import { matchesHost } from "../http/hosts.js";

/** How far a model's file addresses may reach (ExecuteOptions.fileHosts); given, its addresses are a model's. */
export interface FileHosts {
  /**
   * Hosts beyond the public internet a model's file address may name: `files.corp.example`, `*.corp.example` (one
   * label more), an IP address (`10.0.0.5`, `[fd00::5]`), or `*` for any host (every address, as a user's own call).
   */
  allow?: readonly string[];
  /**
   * Resolves a name to its addresses, each of which is checked (default on Node: the system's resolver, as
   * `dns.lookup` does; tests and resolvers of one's own give theirs). Not used elsewhere: no resolver there.
   */
  lookup?: (hostname: string) => Promise<readonly ResolvedAddress[]>;
  /**
   * The fetch a model's files are fetched with. Default: for a name resolved and checked on Node, a connection of the
   * runtime's own made to the addresses checked; otherwise (an IP address, an allowed host, other runtimes) the
   * call's `fetch`. One of your own resolves a name again itself: its connection is not held to the checked addresses.
   */
  fetch?: FetchLike;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Suffixes of names that only a local network resolves (RFC 6762 appendix G, RFC 8375 home.arpa, RFC 6761). */
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "intranet", "private", "corp", "home", "lan", "home.arpa"];

/** Why an address (as a resolver or URL.hostname writes it) is not on the public internet; undefined when it is. */
export function addressKind(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process(): an IPv4-mapped IPv6 address (::ffff:10.0.0.5) as the IPv4 address it is.
    ip = ipaddr.process(address.replace(/^\[|\]$/g, ""));
  } catch {
    return "not an IP address";
  }
  // As text: the typings name fewer ranges than the library gives (deprecatedSiteLocal, discard, ...).
  switch (ip.range() as string) {
    case "unicast":
      return undefined;
    case "loopback":
      return "a loopback address";
    case "private":
    case "uniqueLocal":
    case "deprecatedSiteLocal":
      return "a private address";
    case "linkLocal":
      return "a link-local address";
    case "carrierGradeNat":
      return "a shared address (carrier-grade NAT)";
    case "unspecified":
      return "the unspecified address";
    case "multicast":
    case "broadcast":
      return "a multicast or broadcast address";
    case "6to4":
    case "teredo":
    case "rfc6052":
    case "rfc6145":
      return "an IPv6 address that carries an IPv4 one";
    default:
      return "a reserved address";
  }
}

/** Whether a host (URL.hostname, its trailing dot left out) is an IP literal. */
export function isIpHost(host: string): boolean {
  return host.startsWith("[") || ipaddr.IPv4.isValidFourPartDecimal(host);
}

/** Why a host name or IP literal (URL.hostname) is not on the public internet, by its text alone. */
export function hostKind(hostname: string): string | undefined {
  const host = hostname.replace(/\.+$/, "");
  if (isIpHost(host)) return addressKind(host);
  if (!host.includes("."))
    return host === "localhost" ? "a loopback name" : "a single-label name (the local network's)";
  const suffix = LOCAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix === "localhost") return "a loopback name";
  return suffix ? `a name under .${suffix} (the local network's)` : undefined;
}

const PATTERN_RULE =
  "must be a host name (files.example.com), a wildcard for one label of one (*.example.com), an IP address, or *";

/** The allowed hosts as URL.hostname writes them, or the problem with the first that is none (param `fileHosts`). */
export function allowedFileHosts(fileHosts: FileHosts): { hosts: string[] } | { issue: Issue } {
  const hosts: string[] = [];
  for (const pattern of fileHosts.allow ?? []) {
    const host = typeof pattern === "string" ? normalHost(pattern) : undefined;
    if (host === undefined) {
      const got = typeof pattern === "string" ? JSON.stringify(pattern.slice(0, 100)) : typeof pattern;
      return { issue: { param: "fileHosts", rule: "format", message: `fileHosts: allow ${PATTERN_RULE}, got ${got}` } };
    }
    hosts.push(host);
  }
  return { hosts };
}

/** A pattern as URL.hostname writes a host (lower case, IPv6 in brackets), or undefined when it is no host. */
function normalHost(pattern: string): string | undefined {
  if (pattern === "*") return pattern;
  const wild = pattern.startsWith("*.") ? "*." : "";
  const rest = pattern.slice(wild.length);
  // A port (host:443, which URL would drop as https's own) or a path is no host.
  if (rest === "" || /[/?#@\s]/.test(rest) || (rest.includes(":") && !/^\[?[0-9a-f:.]+\]?$/i.test(rest)))
    return undefined;
  try {
    const url = new URL(`https://${ipaddr.IPv6.isValid(rest) ? `[${rest}]` : rest}`);
    if (url.host !== url.hostname) return undefined;
    const host = url.hostname.replace(/\.+$/, "");
    return wild && isIpHost(host) ? undefined : wild + host;
  } catch {
    return undefined;
  }
}

/** Whether the person running the tools allows `host` (URL.hostname): `*`, the host, or a wildcard over it. */
export function isAllowedFileHost(hosts: readonly string[], hostname: string): boolean {
  const host = hostname.replace(/\.+$/, "");
  return hosts.some((pattern) => pattern === "*" || matchesHost(pattern, host));
}

/** The refusal of a model's file address at `host` of `kind` (the parameter, the rule, the host: nothing else). */
export function fileHostIssue(param: string, host: string, kind: string): Issue {
  const shown = JSON.stringify(host.replace(/\.+$/, "").slice(0, 100));
  return {
    param,
    rule: "host",
    message:
      `${param}: a model's file address must be on the public internet, got host ${shown.slice(1, -1)} (${kind}); ` +
      `the person running the tools can allow it (fileHosts: { allow: [${shown}] }, or ` +
      `BLOCKWRIGHT_FILE_HOSTS=${shown.slice(1, -1)} for blockwright mcp)`,
  };
}

/**
 * The refusal of a model's file address by its text (its host an IP literal or a local name), before anything is
 * resolved or fetched; undefined when the host may be public or is allowed.
 */
export function modelFileIssue(param: string, url: URL, hosts: readonly string[]): Issue | undefined {
  if (isAllowedFileHost(hosts, url.hostname)) return undefined;
  const kind = hostKind(url.hostname);
  return kind ? fileHostIssue(param, url.hostname, kind) : undefined;
}

/** The first of a model's file addresses (one, or a list) whose host is not public by its text, nor allowed. */
export function modelFileValueIssue(param: string, value: unknown, fileHosts: FileHosts): Issue | undefined {
  const allowed = allowedFileHosts(fileHosts);
  if ("issue" in allowed) return allowed.issue;
  for (const address of Array.isArray(value) ? value : [value]) {
    let url: URL;
    try {
      url = new URL(address as string);
    } catch {
      continue; // not an address: the tool's validation says so
    }
    const issue = modelFileIssue(param, url, allowed.hosts);
    if (issue) return issue;
  }
  return undefined;
}
