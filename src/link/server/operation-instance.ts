// An operation's own server whose host no rule can bound: all of it a variable (`{protocol}://{hostname}`, a
// self-hosted console beside the public API), or a variable amid it without listed values
// (`https://rnb.{environment}.com.br`). The address is the customer's own, as the provider's `server.param` is: the
// operation's `server` writes `param`, a shared parameter (type string, format base-url, user-only) holding the scheme
// and host of the customer's instance, given once per connection; the server's path follows it. The credential goes
// there only when the host is loopback or one the caller allows (allowHosts, --allow-host): never to a host a model or
// a call's input chose on its own. Before it, such a call went to the document's example host (`https://HOSTNAME`).
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { ManifestOperation, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { camelCase } from "../../model/naming.js";
import type { LinkContext, Path } from "../context.js";
import { documentServer, REQUIRED_ADDRESS } from "./server.js";

type Json = Record<string, unknown>;

/** An operation's own server whose host is the customer's: its URL as written, and its path at the defaults. */
export interface OwnInstance {
  url: string;
  path: string;
  /** The scheme and host at the variables' defaults, when they are a host a request can reach. */
  placeholder?: string;
}

/** A variable's default that names no value (none, in braces or angle brackets, a null word). */
const NO_VALUE = /^(?:\{[^{}]*\}|<[^<>]*>|none|null|undefined)$/i;

/**
 * The instance shape of an operation's first own server (scheme `{variable}` taken as https), when its host has a
 * variable no host rule can bound (hostRuleProblem); undefined otherwise, or when its path cannot be known.
 */
export function ownInstance(server: Json): OwnInstance | undefined {
  const url = String(server.url);
  const declared = (
    server.variables !== null && typeof server.variables === "object" ? server.variables : {}
  ) as Record<string, { enum?: unknown[]; default?: unknown }>;
  // A variable whose default starts with a slash (`https://api.example.com{basePath}`) is the path, not the host.
  const pathDefault = (whole: string, name: string) => {
    const value = declared[name]?.default;
    return typeof value === "string" && value.startsWith("/") ? value : whole;
  };
  const absolute = url.replace(/^(?:\{[^{}]+\}:)?\/\//, "https://").replace(/\{([^{}]+)\}/g, pathDefault);
  const host = /^https?:\/\/([^/?#]*)/i.exec(absolute)?.[1];
  if (host === undefined || !/\{[^{}]+\}/.test(host)) return undefined;
  if (hostRuleProblem(absolute, declared) === undefined) return undefined;
  const read = documentServer({ servers: [{ ...server, url: absolute }] });
  if (!read || "problem" in read) return undefined;
  const valued = Object.values(declared).every((v) => v?.default != null && !NO_VALUE.test(String(v.default)));
  const origin = read.origin?.toLowerCase() ?? "";
  const placeholder = valued && /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/.test(origin) ? origin : undefined;
  return { url, path: read.path, ...(placeholder ? { placeholder } : {}) };
}

/**
 * Why no host rule can be derived from a server URL with variables (server-variables.ts derivedHosts, on the document's
 * enums), if none can: a variable that is the whole host, or one outside the first label without listed values.
 */
export function hostRuleProblem(
  url: string,
  declared: Record<string, { enum?: unknown[] } | undefined>,
): string | undefined {
  const host = (/^https?:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "").replace(/:[^:.]*$/, "");
  const [first = "", ...rest] = host.split(".");
  const listed = (v: string) => Array.isArray(declared[v]?.enum) && (declared[v]?.enum?.length ?? 0) > 0;
  const inRest = [...rest.join(".").matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? "");
  const inFirst = [...first.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? "");
  if (!inRest.length && !inFirst.length) return undefined;
  if (!rest.length)
    return (
      `the operation's server ${JSON.stringify(url)} is all variable in its host: no host rule can say where its ` +
      "credential may go"
    );
  const unlisted = inRest.find((v) => !listed(v));
  const firstOk = inFirst.every(listed) || /^(?:\{[^{}]+\}|[A-Za-z0-9-])+$/.test(first);
  if (unlisted === undefined && firstOk) return undefined;
  return (
    `the operation's server ${JSON.stringify(url)} has {${unlisted ?? inFirst[0]}} in its host without ` +
    "listed values (enum), outside its first label: no host rule can say where its credential may go"
  );
}

/** The name an operation's instance address is drafted under, unless it takes the provider's or its host's. */
export const INSTANCE_PARAM = "instanceUrl";

/** The shared parameter an operation's instance address is drafted as: the customer's scheme and host. */
export function ownInstanceParam(own: OwnInstance): ManifestParam {
  return {
    type: "string",
    format: "base-url",
    title: "Instance address",
    // Shared, so every tool has it: required only where an operation is served there (the runtime's refusal).
    required: false,
    maxLength: 2048,
    visibility: "user-only",
    ...(own.placeholder ? { placeholder: own.placeholder } : {}),
    description:
      `Where the operations served at ${own.url} are: the scheme and host of your instance (https, or http on ` +
      `loopback)${own.path ? `; ${own.path} is appended` : ""}. A call of those operations without it is refused.`,
  };
}

/** The tool's server for an operation whose own server's host is the customer's, checked against `server.param`. */
export function instanceOwnServer(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  own: OwnInstance,
  server: ToolSpec["server"],
): ToolSpec["server"] {
  const written = mop.server;
  const param = typeof written === "object" && "param" in written ? written.param : undefined;
  if (param === undefined)
    return (
      ctx.fail(
        "BW2018",
        written === undefined ? [...at, "operationId"] : [...at, "server"],
        `operation "${op.operationId}" is served at its own server ${JSON.stringify(own.url)} in ` +
          `${ctx.openapiName}, whose host is each customer's own (no host rule can bound it): write server: ` +
          `{param: ${INSTANCE_PARAM}}, a shared parameter (type: string, format: base-url, visibility: user-only) ` +
          "holding the scheme and host of the customer's instance",
        "value",
      ) ?? server
    );
  const p = ctx.manifest.params?.[param];
  const where = [...at, "server", "param"];
  if (!p)
    return (
      ctx.fail("BW2018", where, `parameter "${param}" must be declared under the shared "params"`, "value") ?? server
    );
  let failed = false;
  const fail = (rule: string, key: string) => {
    failed = true;
    ctx.fail("BW2018", ["params", param, ...(key ? [key] : [])], `the instance address parameter "${param}" ${rule}`);
  };
  if (p.type !== "string" || p.format !== "base-url") fail("must be type: string with format: base-url", "format");
  if (p.visibility !== "user-only")
    fail("decides where the credential goes: it must be visibility: user-only (a person, not a model, sets it)", "");
  if (p.secret) fail("is an address, no secret: it must not be secret: true", "secret");
  if (p.wire) fail("is the address, not sent as itself: it takes no wire placement", "wire");
  // The provider's own address parameter, which its document's server takes too, is held by the provider's rules (a
  // call to any of its tools asks it); another is asked only by the operations that name it.
  if (p.required && param !== ctx.manifest.server.param) fail(REQUIRED_ADDRESS, "required");
  if (failed) return server;
  const { default: _d, param: _p, basePath: _b, template: _t, variables: _v, hosts: _h, ...rest } = server;
  // The path at its defaults follows the address, and the mocks serve the operation under it (servedParts).
  return { ...rest, param, ...(own.path ? { basePath: own.path } : {}) };
}

/**
 * The shared parameter an operation's instance address is drafted as: the provider's address parameter where the
 * document's first server has the same host (`{hostname}` of both), a host that is one variable named an address
 * its name (`{sellerEndpoint}`), else `instanceUrl`, or, for a host with fixed
 * labels before its variables (`rnb.{environment}.com.br`), those labels' name (`rnbUrl`), so that two hosts of one
 * document are two addresses.
 */
export function instanceParamName(url: string, documentUrl: unknown, providerParam: string | undefined): string {
  const hostOf = (text: string) => /^(?:[a-z]+:|\{[^{}]+\}:)?\/\/([^/?#]*)/i.exec(text)?.[1]?.toLowerCase();
  const host = hostOf(url) ?? "";
  if (providerParam !== undefined && typeof documentUrl === "string" && hostOf(documentUrl) === host)
    return providerParam;
  // A host that is one variable named an address (`{sellerEndpoint}`): its own name, so that two are two inputs.
  const named = /^(?:[a-z]+:|\{[^{}]+\}:)?\/\/\{([A-Za-z_][A-Za-z0-9_]*)\}(?=[/?#]|$)/i.exec(url)?.[1];
  if (named !== undefined && /endpoint|url$|uri$|address/i.test(named) && named !== providerParam) return named;
  const fixed = host.split(".").findIndex((label) => label.includes("{"));
  const before = host.split(".").slice(0, Math.max(fixed, 0)).join("-");
  const name = before ? `${camelCase(before)}Url` : INSTANCE_PARAM;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name !== providerParam ? name : `operationInstanceUrl`;
}

/** The review note of an operation drafted with an instance address (after its name). */
export function instanceNote(own: OwnInstance, param: string): string {
  return (
    `names a server of its own whose host is each customer's own (${own.url}): its calls go to the address ` +
    `${param} gives${own.path ? ` (${own.path} appended)` : ""}, over https (http on loopback), given once per ` +
    "connection; the credential goes there only when its host is loopback or one the caller allows (allowHosts, " +
    "--allow-host)"
  );
}

/**
 * The tool's parameters, the provider's address parameter (`server.param`) and its template's variables
 * (`server.variables`), and the other operations' own addresses' parameters, not required where the operation is
 * served elsewhere (its own address, template or instance address, or the provider's) that does not use them: a call
 * of it takes no provider address, and refusing it for want of one refused every call (the contract suite's too, and
 * `call --base-url` of an instance operation asked for a tenant's name).
 */
export function withOwnAddress(ctx: LinkContext, server: ToolSpec["server"], params: ParamSpec[]): ParamSpec[] {
  const provider = ctx.manifest.server.param;
  const used = new Set([...(server.param ? [server.param] : []), ...Object.values(server.variables ?? {})]);
  // Another operation's own address (its template's variables, its instance address) is no input of this one either.
  const others = ownAddressNames(ctx.manifest.operations);
  const unused = new Set(
    [...(provider === undefined ? [] : [provider]), ...Object.values(ctx.manifest.server.variables ?? {})].filter(
      (name) => !used.has(name),
    ),
  );
  // Of the others', an address's parameters only (not sent as themselves): an own path value of that name stays.
  const elsewhere = new Set(others.filter((name) => !used.has(name)));
  if (!unused.size && !elsewhere.size) return params;
  const relaxed = (p: ParamSpec) => unused.has(p.name) || (elsewhere.has(p.name) && p.wire.in === "server");
  return params.map((p) => (p.required && relaxed(p) ? { ...p, required: false } : p));
}

/** Each manifest's operations' own address parameters, read once per manifest, not once per operation linked. */
const ownAddresses = new WeakMap<object, readonly string[]>();

/** The parameters the operations' own servers take (an instance address, a template's variables), in order. */
function ownAddressNames(operations: Record<string, ManifestOperation | undefined> | undefined): readonly string[] {
  if (!operations) return [];
  const known = ownAddresses.get(operations);
  if (known) return known;
  const names = Object.values(operations).flatMap((op) => {
    const own = op?.server;
    if (typeof own !== "object" || own === null) return [];
    return "param" in own && own.param !== undefined ? [own.param] : Object.values(own.variables ?? {});
  });
  ownAddresses.set(operations, names);
  return names;
}
