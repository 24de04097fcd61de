// The address a drafted provider's calls go to, from the document's
// `servers`: server.default (scheme, host and path of the first server), the
// other hosts the servers name or their host variables list (server.hosts),
// or, when the document names no host of its own, an address each call gives
// (server.param). Variables and other hosts are review notes.
import { withServerDefaults } from "../../common/url/server-defaults.js";
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { withServerScheme } from "../../link/server/server.js";
import { ownServer } from "../../link/server/operation-server.js";
import { type OwnTemplate, ownVariableParams } from "../../link/server/operation-template.js";
import { instanceNote, instanceParamName, ownInstanceParam } from "../../link/server/operation-instance.js";
import { templateVariables } from "../../link/server/server-variables.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import {
  draftServerVariables,
  variableParam,
  withMultiSegmentDefaults,
  withStandInPathDefaults,
  hostPart,
  hostVariables,
} from "../shapes/server-variables.js";
import {
  ownInstance,
  realBeyondMock,
  standInHost,
  templatedBeyondPlaceholder,
  withHttpsServers,
} from "../shapes/https-servers.js";

type Json = Record<string, unknown>;

/** The parameter a call names the API's address with, when the document gives none of its own. */
export const ADDRESS_PARAM = "instanceUrl";

/**
 * `server.default` (scheme, host and path) from the first server; other hosts
 * and variables are review notes. A first server that is relative (`/api/v1`,
 * a Swagger 2 `basePath` without `host`), or none at all (OpenAPI's `/`),
 * names no host: the API is wherever it is installed (a self-hosted service,
 * the origin the document is served from). Each call then names it, as
 * openapi-fetch's and Hey API's clients take a `baseUrl` from their user: an
 * address parameter (`server.param`), the relative path appended to it.
 */
export function draftServer(
  data: Json,
  notes: ReviewNote[],
): { server: Manifest["server"]; address?: Record<string, ManifestParam> } {
  const servers = publishedServers(data, notes);
  const addresses: URL[] = [];
  for (const s of servers) {
    if (typeof s?.url !== "string") continue;
    const url = withServerDefaults(s.url, s, (name) => name);
    try {
      addresses.push(new URL(url));
    } catch {
      // a relative address: no host to take
    }
  }
  // Variables in the first server: connection inputs (shapes/server-variables.ts), the other servers' hosts beside.
  const others = servers.slice(1).flatMap((s) => {
    try {
      return typeof s?.url === "string" ? [new URL(withServerDefaults(s.url, s, (name) => name))] : [];
    } catch {
      return [];
    }
  });
  const inputs = draftServerVariables(
    servers[0],
    hostNames(others.filter((a) => /^https?:$/.test(a.protocol)).map((a) => a.hostname)),
    notes,
  );
  if (inputs) return { server: inputs.server, address: inputs.params };
  const firstUrl = typeof servers[0]?.url === "string" ? servers[0].url : undefined;
  // Judged with the variables at their defaults: `{protocol}://{hostname}:{port}` is an absolute address, its defaults
  // the base URL a call may override.
  const firstFilled =
    firstUrl === undefined ? undefined : withServerDefaults(firstUrl, servers[0], (name) => `{${name}}`);
  const relative = firstFilled === undefined || !/^([a-z][a-z0-9+.-]*|\{[^}]+\}):\/\//i.test(firstFilled);
  const web = addresses.filter((a) => /^https?:$/.test(a.protocol));
  if (relative)
    return {
      server: instanceServer(firstUrl, web, hostsOf(web), notes),
      address: { [ADDRESS_PARAM]: instanceParam(firstUrl, web, hostsOf(web)) },
    };
  return absoluteServer(servers, addresses, web, notes);
}

/**
 * The document's servers, the first a template when one is; a server without a scheme (`//api.example.com`) names its
 * host: https taken (withServerScheme), as the link reads it.
 */
function publishedServers(data: Json, notes: ReviewNote[]): Json[] {
  const published = templateFirst((Array.isArray(data.servers) ? data.servers : []) as Json[], notes);
  const servers = published.map((s) => (typeof s?.url === "string" ? { ...s, url: withServerScheme(s.url) } : s));
  if (typeof published[0]?.url === "string" && published[0].url !== servers[0]?.url)
    notes.push({
      at: ["server", "default"],
      note: `the document's first server has no scheme (${published[0].url}): https taken`,
    });
  if (servers.length) servers[0] = withMultiSegmentDefaults(servers[0], notes) as Json;
  return servers;
}

/** The server of a document whose first server is an absolute address: its default, and the other hosts. */
function absoluteServer(
  servers: Json[],
  addresses: URL[],
  web: URL[],
  notes: ReviewNote[],
): { server: Manifest["server"]; address?: Record<string, ManifestParam> } {
  const firstUrl = typeof servers[0]?.url === "string" ? servers[0].url : undefined;
  const first = addresses[0];
  // A placeholder for the reader's own instance (`https://tyk.local`, `http://localhost:PORT`, `https://example.com`)
  // where no server names a real host: each call names the address, as for a relative server.
  const own = ownInstance(firstUrl, servers);
  if (own)
    return {
      server: instanceServer(own.path, [], [], notes, own.why),
      address: { [ADDRESS_PARAM]: instanceParam(own.path, [], [], own.placeholder) },
    };
  if (!first || !/^https?:$/.test(first.protocol)) {
    notes.push({
      at: ["server", "default"],
      note: "the document's first server is not an http(s) address: write the API's address",
    });
    return { server: { default: "https://api.example.invalid" } };
  }
  const origin = `${first.protocol}//${first.host}`;
  const base = first.pathname.replace(/\/+$/, "");
  if (first.protocol === "http:")
    notes.push({
      at: ["server", "default"],
      note: "the spec's server is http: the runtime sends the credential over https only (and http on loopback)",
    });
  const hostVariable = /^[^/]*\/\/\{([^}]+)\}(:[^/]*)?(\/|$)/.exec(firstUrl ?? "")?.[1];
  // A host variable whose default is no host a request could reach (`unknown`, one label that is not localhost), or a
  // variable in the host whose default is no value at all (`{accountName}.{environment}.example.com` at defaults
  // `{accountName}` and `{environment}`): each call names the address, as for a relative server
  // (`https://{index_host}`, one host per index; an account's own subdomain no host rule can cover).
  const unfilled = unfilledHostVariable(firstUrl, servers[0]);
  // A stand-in host (`your-instance.com`, `example.com`): each call names the address, as for a relative server.
  const standIn = hostVariable === undefined && !unfilled ? standInHost(first.hostname) : undefined;
  if (
    (hostVariable !== undefined && !first.hostname.includes(".") && first.hostname !== "localhost") ||
    unfilled ||
    standIn
  ) {
    const why =
      standIn ??
      (unfilled
        ? `the host has the server variable {${unfilled.name}}, whose default (${unfilled.shown}) is no value: the ` +
          `address is the document's ${JSON.stringify(hostPart(firstUrl))} with each account's own values`
        : `the host is the server variable {${hostVariable}}, whose default (${first.hostname}) is no address a ` +
          "request could reach");
    const placeholder = unfilled ? withValueDefaults(firstUrl ?? "", servers[0]) : undefined;
    return {
      server: instanceServer(base, web.slice(1), hostsOf(web.slice(1)), notes, why),
      address: { [ADDRESS_PARAM]: instanceParam(base, web.slice(1), hostsOf(web.slice(1)), placeholder) },
    };
  }
  if (hostVariable !== undefined)
    notes.push({
      at: ["server", "default"],
      note:
        `the host is the server variable {${hostVariable}}, here at its default: a call names the API's own address ` +
        "as baseUrl (allowHosts for a host other than loopback), or write server.param for an address each call " +
        "gives",
    });
  // The hosts a variable with an enum makes (`api.{region}.example.com`, one per region) are the provider's as much as
  // the default's.
  const enumerated = servers.flatMap(enumeratedHosts);
  const hosts = [...new Set([...hostsOf(addresses.slice(1)), ...hostNames(enumerated)])].filter(
    (h) => h !== first.hostname.toLowerCase(),
  );
  const named = hostVariables(firstUrl, servers[0]);
  const variables = named.map((v) => `{${v.name}} (${v.values.join(", ")})`).join(", ");
  if (hosts.length)
    notes.push({
      at: ["server", "hosts"],
      note: named.length
        ? `the host takes the server variable${named.length > 1 ? "s" : ""} ${variables}: server.default is at ` +
          `${named.length > 1 ? "their defaults" : "its default"}, the other hosts are the spec's too: the ` +
          "credential may go to them when a call names one as baseUrl"
        : "the other hosts the spec's servers name: the credential may go to them when a call names one",
    });
  // The server's path (`/api`) stays: it prefixes every operation's path, in the runtime and the mocks alike.
  return { server: { default: `${origin}${base}`, ...(hosts.length ? { hosts } : {}) } };
}

/** The host names of the addresses a request can reach by name. */
function hostsOf(list: URL[]): string[] {
  return hostNames(list.map((a) => a.hostname));
}

/** Host names a request can reach by name (no IP address, at least two labels), lower case, each once. */
function hostNames(hosts: string[]): string[] {
  return [...new Set(hosts.map((h) => h.toLowerCase()))].filter(
    (h) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h) && !/^\d+(\.\d+){3}$/.test(h),
  );
}

/** A default that names no value: none, empty, in braces or angle brackets as its own name is, or a null word. */
const NO_VALUE = /^(?:\{[^{}]*\}|<[^<>]*>|none|null|undefined|\s*)$/i;

/** The first variable in a server's host whose default is missing or NO_VALUE, and that default as shown. */
function unfilledHostVariable(
  url: string | undefined,
  server: Json | undefined,
): { name: string; shown: string } | undefined {
  const variables = (server?.variables ?? {}) as Record<string, Json>;
  for (const [, name = ""] of hostPart(url).matchAll(/\{([^{}]+)\}/g)) {
    const value = variables[name]?.default;
    if (value == null) return { name, shown: "none" };
    const shown = String(value).trim() ? String(value) : JSON.stringify(value);
    if (NO_VALUE.test(String(value))) return { name, shown };
  }
  return undefined;
}

/** `text` with each `{variable}` at its default where that is a value, the others left as `{variable}`. */
function withValueDefaults(text: string, server: Json | undefined): string {
  const variables = (server?.variables ?? {}) as Record<string, Json>;
  const valued = Object.entries(variables).filter(([, v]) => v?.default != null && !NO_VALUE.test(String(v.default)));
  return withServerDefaults(text, { variables: Object.fromEntries(valued) }, (name) => `{${name}}`);
}

/** At most this many hosts from one server's variables (a product of enums could be large). */
const MAX_ENUMERATED_HOSTS = 16;

/** Every host a server's host variables make: each listed value (`enum`) of each, the others at their defaults. */
function enumeratedHosts(server: Json): string[] {
  const url = typeof server?.url === "string" ? server.url : undefined;
  const listed = hostVariables(url, server);
  if (!listed.length) return [];
  let hosts = [hostPart(url).replace(/:[^:]*$/, "")];
  for (const { name, values } of listed)
    hosts = hosts.flatMap((h) => values.map((v) => h.replaceAll(`{${name}}`, v))).slice(0, MAX_ENUMERATED_HOSTS);
  return hosts.map((h) => withServerDefaults(h, server, (name) => name));
}

/**
 * The server of a document whose first server is relative (or absent): the address parameter, and the hosts its
 * absolute servers name.
 */
function instanceServer(
  relative: string | undefined,
  web: URL[],
  hosts: string[],
  notes: ReviewNote[],
  why?: string,
): Manifest["server"] {
  const path = (relative ?? "").replace(/\/+$/, "");
  const first = relative === undefined ? "missing (OpenAPI's default, /)" : `relative (${JSON.stringify(relative)})`;
  notes.push({
    at: ["server", "param"],
    note:
      `${why ?? `the document's first server is ${first}: no host of its own`}, ` +
      `so each call names the address (${ADDRESS_PARAM})${path ? `, and ${path} follows it` : ""}. The credential ` +
      "goes to loopback, server.hosts or a host the caller allows (allowHosts, --allow-host); an API at one public " +
      `address can have it as server.default${path ? ` (ending with ${path})` : ""} instead`,
  });
  if (hosts.length)
    notes.push({
      at: ["server", "hosts"],
      note:
        `the hosts of the document's other servers (${web.map((a) => a.origin).join(", ")}): the credential may go ` +
        "to them",
    });
  return { param: ADDRESS_PARAM, ...(hosts.length ? { hosts } : {}) };
}

/**
 * The address parameter: scheme and host (the document's relative path is appended), filled in by a person; its
 * placeholder `template` (the document's own address with its variables), else another server's origin.
 */
function instanceParam(relative: string | undefined, web: URL[], hosts: string[], template?: string): ManifestParam {
  const path = (relative ?? "").replace(/\/+$/, "");
  const placeholder =
    template?.replace(/^([^/]*\/\/[^/?#]*).*$/, "$1") ??
    web.find((a) => hosts.includes(a.hostname.toLowerCase()))?.origin;
  return {
    type: "string",
    format: "base-url",
    title: "Instance address",
    required: true,
    maxLength: 2048,
    visibility: "user-only",
    ...(placeholder ? { placeholder } : {}),
    description:
      "Where the API is: the scheme and host of its instance (https, or http on " +
      `loopback)${path ? `; ${path} is appended` : ""}.`,
  };
}

/**
 * The servers with a templated one first when the document's first names a placeholder host (`http://api.local`, a
 * name no request reaches, as archives write for a self-hosted product) and a later one has variables
 * (`http://{host}:{port}`): that one says where the API really is, and its variables are what a person fills in.
 * The placeholder is dropped, so that no credential is allowed to it. Otherwise the servers as they are.
 */
function templateFirst(servers: Json[], notes: ReviewNote[]): Json[] {
  const templated = templatedBeyondPlaceholder(servers);
  if (!templated) return servers;
  const first = servers[0];
  notes.push({
    at: ["server"],
    note:
      `the document's first server (${String(first?.url)}) is a placeholder no request reaches: drafted from its ` +
      `server ${JSON.stringify(templated.url)}, whose variables say where the API is`,
  });
  return [templated, ...servers.filter((s) => s !== templated && s !== first)];
}

/**
 * The cut's servers as the draft takes them: where the document's first server is a placeholder and a later one is
 * templated (templatedBeyondPlaceholder), that one first and the placeholder left out, since the link, the mocks and
 * the contract suite read a document's first server, and no credential may go to the placeholder; an http server of a
 * remote host taken over https (withHttpsServers: the runtime calls no other); and the first server's path variables
 * without a default a path carries given a stand-in one (withStandInPathDefaults). What changed, for the cut's header
 * and the review notes; nothing when the servers stand.
 */
export function withTakenServerFirst(cut: Json): { changed: string[]; notes: ReviewNote[] } {
  const servers = Array.isArray(cut.servers) ? (cut.servers as Json[]) : [];
  const templated = templatedBeyondPlaceholder(servers);
  const changed: string[] = [];
  const notes: ReviewNote[] = [];
  if (templated) {
    cut.servers = templateFirst(servers, notes);
    changed.push(
      `the server ${JSON.stringify(templated.url)} listed first, and the placeholder ` +
        `${JSON.stringify(servers[0]?.url)} (no request reaches it) left out`,
    );
  }
  // A mock listed first (a design tool's auto-mocking): the API's own server first, the mock left out, so that no
  // credential goes to it.
  const real = templated ? undefined : realBeyondMock(servers);
  if (real) {
    cut.servers = [real, ...servers.slice(1).filter((s) => s !== real)];
    const said = `the server ${JSON.stringify(real.url)} listed first, and the mock ${JSON.stringify(servers[0]?.url)}`;
    changed.push(`${said} left out`);
    notes.push({ at: ["server"], note: `${said} (described as a mock) left out: no credential goes to a mock` });
  }
  changed.push(...withHttpsServers(cut, notes));
  const standIns = withStandInPathDefaults((cut.servers as Json[] | undefined)?.[0]);
  for (const note of standIns)
    notes.push({ at: ["server", "variables"], note: `${note}; the parameter stays required, "example" its example` });
  return { changed: [...changed, ...standIns], notes };
}

// An operation's own address: OpenAPI 3 lets an operation, or its path item, name servers of its own (uploads on
// another host, a part of the API under another path), where its requests go: drafted as the operation's `server`
// (link/server/operation-server.ts reads it as generate will), or a note saying why it cannot be.
/** The operation's `server` when the document serves it elsewhere, with its note; nothing otherwise. */
export function draftOwnServer(
  data: unknown,
  path: string,
  method: string,
  name: string,
  at: (string | number)[],
  notes: ReviewNote[],
  fixedAddress: boolean,
  provider?: Manifest["server"],
): Pick<ManifestOperation, "server"> & { shared?: Record<string, ManifestParam> } {
  const own = ownServer(data, path, method);
  if (!own) return {};
  if ("template" in own && own.template) return draftOwnTemplate(own.template, name, at, notes, provider);
  if ("instance" in own) {
    const first = ((data as Json).servers as Json[] | undefined)?.[0]?.url;
    const param = instanceParamName(own.url, first, provider?.param);
    notes.push({ at: [...at, "server"], note: `${name} ${instanceNote(own, param)}` });
    return { server: { param }, ...(param === provider?.param ? {} : { shared: { [param]: ownInstanceParam(own) } }) };
  }
  // Where the manifest cannot state it (an address without a host; the provider's address a parameter or a template),
  // the calls go to the provider's address, as before the concept: said, so that a person writes what is meant.
  const unstated =
    "problem" in own ? own.problem : fixedAddress ? undefined : "the provider's address is not fixed (server.default)";
  if (unstated !== undefined || "problem" in own) {
    notes.push({
      at,
      note:
        `${name} names a server of its own, not drafted: ${unstated}. Its calls go to the provider's address: ` +
        "check that the service answers it there, or leave the operation out",
    });
    return {};
  }
  notes.push({
    at: [...at, "server"],
    note:
      `${name} names a server of its own (${own.url}), not the document's: its calls, and the credential, go to ` +
      "this address",
  });
  return { server: own.address };
}

/**
 * The operation's `server` when its own server has variables (link/server/operation-template.ts): the document's URL
 * and its variables, each a shared parameter a person fills in (the provider's where its template has the variable),
 * with the parameters it adds.
 */
function draftOwnTemplate(
  template: OwnTemplate,
  name: string,
  at: (string | number)[],
  notes: ReviewNote[],
  provider: Manifest["server"] | undefined,
): Pick<ManifestOperation, "server"> & { shared: Record<string, ManifestParam> } {
  const names = templateVariables(template.url);
  const variables = ownVariableParams(names, provider?.variables);
  const host = /^https?:\/\/([^/?#]*)/i.exec(template.url)?.[1] ?? "";
  const shared: Record<string, ManifestParam> = {};
  for (const variable of names) {
    if (provider?.variables?.[variable] !== undefined) continue;
    const where = host.includes(`{${variable}}`) ? "host" : "path";
    shared[variables[variable] ?? variable] = variableParam(variable, template.declared[variable] as Json, where);
  }
  notes.push({
    at: [...at, "server"],
    note:
      `${name} names a server of its own with variables (${template.url}): each call's address is made from it, ` +
      `each variable a connection input a person fills in (${Object.values(variables).join(", ")}), with the ` +
      "document's default and values; the credential goes only to the hosts it can make",
  });
  return { server: { url: template.url, variables }, shared };
}

/**
 * The name an operation's own server variable's parameter is shared under: its own, unless an operation drafted before
 * gives a parameter of its own that name (a path's `indexName` beside an index's host variable), then named for the
 * server (`serverIndexName`). An operation drafted after avoids the shared names itself (params.ts).
 */
export function sharedVariableName(name: string, own: ReadonlySet<string>): string {
  if (!own.has(name)) return name;
  const base = `server${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  let free = base;
  for (let i = 2; own.has(free); i++) free = `${base}${i}`;
  return free;
}
