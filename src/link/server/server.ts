// `server`: where requests go — a fixed `default` address, or a `param`
// carrying the customer's own (type string, format base-url) — and `hosts`,
// the host patterns such an address may name besides the default's; and the
// base path of the document's server (`https://slack.com/api`: `/api`), which
// prefixes every operation's path wherever requests go: the default address
// carries it, and an address given at call time (the parameter, the `baseUrl`
// option of mocks and sandboxes) gets it appended.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { hostPatternProblem, isLoopback, matchesHost, providerHosts } from "@blockwright/runtime/internal/generate";
import type { ProviderEntry } from "../../model/surface-entry.js";
import type { LinkContext, Path } from "../context.js";
import type { OpenApiDocument } from "../../load/openapi-document.js";
import { linkLimits } from "../limits/limits.js";
import { checkServerVariables, templateServer } from "./server-variables.js";

/** Where requests go, what the upstream refuses to receive there, and how much of its replies a call reads. */
export function linkServer(ctx: LinkContext): ToolSpec["server"] {
  checkSecureAddress(ctx);
  checkAddressParam(ctx);
  checkServerHosts(ctx);
  checkBasePath(ctx);
  checkServerVariables(ctx);
  return serverOf(ctx);
}

/**
 * The server every tool carries (a fresh object each time: the IR holds no shared objects); an address template's
 * variables and hosts as server-variables.ts derives them.
 */
export function serverOf(ctx: LinkContext): ToolSpec["server"] {
  const server = linkedServer(ctx);
  const basePath = server && "path" in server ? server.path : "";
  const { url: _url, variables: _variables, ...fixed } = ctx.manifest.server;
  return { ...fixed, ...templateServer(ctx), ...(basePath ? { basePath } : {}), ...linkLimits(ctx) };
}

/** The document's server as a link reads it, by the credential's variable kept: read once, not once a tool. */
const linkedServers = new WeakMap<OpenApiDocument, Map<string | undefined, DocumentServer | undefined>>();

/**
 * The document's server as the link reads it (documentServer), read once a document and credential variable: every
 * tool carries it (serverOf), and reading it again for each was a tenth of a synthetic provider's server link
 * (docs/contributing/performance.md, scale12). The credential's variable (auth.variable) stays in the base path as
 * written: each call's credential fills it.
 */
function linkedServer(ctx: LinkContext): DocumentServer | undefined {
  const keep = ctx.manifest.auth.variable;
  let byKeep = linkedServers.get(ctx.doc);
  if (!byKeep) linkedServers.set(ctx.doc, (byKeep = new Map()));
  if (!byKeep.has(keep)) byKeep.set(keep, documentServer(ctx.doc.source.data, keep));
  return byKeep.get(keep);
}

/**
 * A server address as requests use it: one without a scheme (`//api.example.com`, a network-path reference)
 * names its host, with the scheme of wherever the document is read from; https, the one the runtime sends a
 * credential over.
 */
export function withServerScheme(url: string): string {
  return url.startsWith("//") ? `https:${url}` : url;
}

/**
 * The document's first server, its variables at their defaults: its origin (when absolute) and path ("" for none), or
 * why its path cannot be known.
 */
export type DocumentServer =
  | { url: string; origin?: string; path: string }
  | { url: string; problem: string; at: Path };

/**
 * The server requests go to, as the document declares it (OpenAPI 3
 * `servers[0]`; Swagger 2 is converted before). Undefined when it declares none.
 * `keep`: a variable left as written (`{token}`, the credential's: auth.variable).
 */
export function documentServer(document: unknown, keep?: string): DocumentServer | undefined {
  const servers = (document as { servers?: unknown } | null)?.servers;
  const first = Array.isArray(servers)
    ? (servers[0] as { url?: unknown; variables?: Record<string, { default?: unknown }> } | undefined)
    : undefined;
  if (typeof first?.url !== "string") return undefined;
  const url = first.url;
  const at: Path = ["servers", 0, "url"];
  const defaultOf = (name: string) => {
    const value = first.variables?.[name]?.default;
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  };
  // Variables with a default are filled in first: a server made of variables
  // (`{protocol}://{hostname}:{port}`) is an absolute address once filled, not a path.
  const fill = (text: string) =>
    text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (name === keep ? whole : (defaultOf(name) ?? whole)));
  // A variable that is the whole of what comes before the path (`{endpoint}/formrecognizer/v2.0`) is where the API is
  // installed, whatever its default says (`none`, a host without its scheme): not a part of the path.
  const host = /^\{([^{}]*)\}(?=\/|$)/.exec(url);
  const filled =
    host && host[1] !== keep && !/^[a-z][a-z0-9+.-]*:\/\//i.test(fill(host[0]))
      ? fill(url.slice(host[0].length))
      : fill(withServerScheme(url));
  const origin = /^([a-z][a-z0-9+.-]*|\{[^{}]*\}):\/\/[^/?#]*/i.exec(filled)?.[0];
  let path = filled.slice(origin?.length ?? 0);
  if (/[?#]/.test(path))
    return {
      url,
      problem: `server ${JSON.stringify(url)} has a query or fragment, which no request address can carry`,
      at,
    };
  const unknown = [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]).find((name) => name !== keep);
  if (unknown !== undefined)
    return {
      url,
      problem:
        `the path of server ${JSON.stringify(url)} has variable {${unknown}} without a default: ` +
        `its base path cannot be known`,
      at,
    };
  // A variable's default that starts with a slash after the one before it (`https://host/{basePath}`, default `/api`)
  // is one slash: the address the document means, which requests go to.
  path = path.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  if (path && !path.startsWith("/")) path = `/${path}`;
  return { url, ...(origin ? { origin: origin.replace(/\{([^{}]*)\}/g, (_, name: string) => name) } : {}), path };
}

/**
 * The document's server path is honoured, never dropped: `server.default`
 * names it (the package's base URL is the live one), and an address
 * parameter gets it appended. One the linker cannot read is refused.
 */
function checkBasePath(ctx: LinkContext): void {
  const server = linkedServer(ctx);
  if (!server) return;
  if ("problem" in server) {
    ctx.failInDocument("BW2019", server.at, server.problem);
    return;
  }
  const { default: address } = ctx.manifest.server;
  if (address === undefined) return;
  const given = address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").replace(/\/+$/, "");
  if (given === server.path) return;
  const wanted = `${address.slice(0, address.length - given.length).replace(/\/+$/, "")}${server.path}`;
  ctx.fail(
    "BW2018",
    ["server", "default"],
    server.path
      ? `${ctx.openapiName}'s server ${JSON.stringify(server.url)} has the path ${server.path}, ` +
          `which prefixes every operation's path: write it here (${JSON.stringify(wanted)})`
      : `${ctx.openapiName}'s server ${JSON.stringify(server.url)} has no path, but ${JSON.stringify(address)} ` +
          `has ${given}: write the path in ${ctx.openapiName}'s server (or its operations' paths), ` +
          `where mocks and the contract suite read it`,
    "value",
  );
}

/**
 * `server.default` and `server.url` over https, or http to a loopback host: the runtime calls no other address
 * (DECISIONS: base addresses), so a manifest naming one linked and made a package whose every call was refused
 * before it left; only a mock's loopback address ever answered it. A host that is one variable (an instance address
 * each connection gives) is checked when the call gives it.
 */
function checkSecureAddress(ctx: LinkContext): void {
  for (const key of ["default", "url"] as const) {
    const problem = insecureAddress(ctx.manifest.server[key]);
    if (problem) ctx.fail("BW2018", ["server", key], problem, "value");
  }
}

/** Why an address is one the runtime never calls (http to a host other than loopback); undefined for any other. */
export function insecureAddress(address: unknown): string | undefined {
  const m = typeof address === "string" ? /^http:\/\/([^/?#]*)/i.exec(address) : null;
  if (!m) return undefined;
  const host = (m[1] ?? "").replace(/:[^:\]]*$/, "").toLowerCase();
  if (isLoopback(host) || /^\{[^{}]+\}$/.test(host)) return undefined;
  return (
    `${JSON.stringify(address)} is http to a host other than loopback, which the runtime never calls (https only, ` +
    `http to loopback hosts): write ${JSON.stringify(`https://${(address as string).slice("http://".length)}`)}`
  );
}

/**
 * Why an instance address parameter is not `required: true`: a call is refused without an address already (naming the
 * parameter), and one that stands for it (a base address given at call time, a flow's token naming the instance) would
 * be refused for want of the parameter.
 */
export const REQUIRED_ADDRESS =
  "is asked only where no address stands for it (a baseUrl given at call time, a flow's token naming the " +
  "instance): a call with none is refused naming it; it must not be required: true";

function checkAddressParam(ctx: LinkContext): void {
  const { param } = ctx.manifest.server;
  if (param === undefined) return;
  const p = ctx.manifest.params?.[param];
  if (!p) {
    ctx.fail("BW2018", ["server", "param"], `parameter "${param}" must be declared under the shared "params"`, "value");
  } else if (p.format !== "base-url" || p.type !== "string") {
    ctx.fail(
      "BW2018",
      ["params", param],
      `the address parameter "${param}" must be type: string with format: base-url`,
    );
  }
}

/**
 * `server.hosts`: names, not IP addresses; and the address parameter's
 * placeholder and example, which users copy, must name a host the runtime
 * lets the credential go to.
 */
function checkServerHosts(ctx: LinkContext): void {
  const { param, hosts } = ctx.manifest.server;
  hosts?.forEach((pattern, i) => {
    const problem = hostPatternProblem(pattern);
    if (problem) ctx.fail("BW2018", ["server", "hosts", i], `${problem}, got ${JSON.stringify(pattern)}`, "value");
  });
  const p = param === undefined ? undefined : ctx.manifest.params?.[param];
  if (param === undefined || !p || !hosts) return;
  for (const key of ["placeholder", "example"] as const) {
    const value = p[key];
    if (typeof value !== "string") continue;
    let host: string;
    try {
      host = new URL(value).hostname;
    } catch {
      continue;
    }
    if (!hosts.some((pattern) => matchesHost(pattern, host)))
      ctx.fail(
        "BW2018",
        ["params", param, key],
        `${JSON.stringify(value)} names host ${host}, which server.hosts (${hosts.join(", ")}) does not allow`,
        "value",
      );
  }
}

/**
 * The hosts an address given at call time may name (the default's and `server.hosts`): one fewer refuses addresses that
 * worked.
 */
export const hostsSurface: ProviderEntry<string[], "hostRemoved" | "hostAdded"> = {
  scope: "provider",
  subject: "hosts",
  legacy: true,
  changes: {
    hostRemoved: { level: "breaking", rule: "host no longer allowed (addresses there are refused)" },
    hostAdded: { level: "minor", rule: "host allowed" },
  },
  // An operation's own server (operation-server.ts) names a host its credential goes to as well.
  record: (ir) => ({
    hosts: [
      ...new Set(
        [ir.server, ...ir.operations.map((o) => o.tool.server)].flatMap((server) => providerHosts({ server })),
      ),
    ],
  }),
  read: (s) => s.hosts,
  diff(a, b, report) {
    // Surfaces before issue 24 have no hosts: nothing to compare.
    if (!a || !b) return;
    for (const h of a) if (!b.includes(h)) report("hostRemoved", { from: h });
    for (const h of b) if (!a.includes(h)) report("hostAdded", { to: h });
  },
};
