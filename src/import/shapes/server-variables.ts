// A document's first server with variables, drafted as connection inputs
// rather than one fixed host: a tenant's subdomain, a region, a port or a
// version become `server.url` and `server.variables` (link/server-variables.ts),
// each variable a parameter a person fills in with the document's default and
// enum; a variable that is the whole host or address (`{server}/api/v1`, a
// self-hosted service) becomes the instance address parameter (`server.param`,
// format base-url), its default the document's when it is an address. A
// variable the document uses without declaring it is drafted with no default,
// and said. Where no host rule can be derived (a variable inside the host
// without listed values), undefined: the caller drafts the default's host.
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { camelCase } from "../../model/naming.js";
import type { ShapeNote } from "./client-credentials.js";

type Json = Record<string, unknown>;

/** The parameter a call names the API's address with (draft/server.ts's too). */
const ADDRESS_PARAM = "instanceUrl";

/** What a variable's value may be, by where it is in the address. */
const LABEL = "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$";
const PORT = "^[0-9]{1,5}$";
// A path segment's characters that need no percent-encoding (RFC 3986 pchar: unreserved, ":" and "@"; a bot token
// such as `123456:ABC-DEF` is one segment). The runtime sends ":" and "@" of a path variable as they are.
const SEGMENT = "^[A-Za-z0-9._~:@-]+$";

export interface ServerVariablesDraft {
  server: Manifest["server"];
  params: Record<string, ManifestParam>;
}

/**
 * The server of a document whose first server has variables: an address template and its inputs, or the instance
 * address parameter when a variable is the whole host; undefined when it has none, or none this can draft.
 * `hosts`: other hosts the document's servers name.
 */
export function draftServerVariables(
  first: Json | undefined,
  hosts: readonly string[],
  notes: ShapeNote[],
): ServerVariablesDraft | undefined {
  const url =
    typeof first?.url === "string" ? (first.url.startsWith("//") ? `https:${first.url}` : first.url) : undefined;
  if (url === undefined || !/\{[^{}]+\}/.test(url)) return undefined;
  const declared = (first?.variables !== null && typeof first?.variables === "object" ? first.variables : {}) as Record<
    string,
    Json
  >;
  const origin = /^(https?:\/\/|\{[^{}]+\}:\/\/)?([^/?#]*)/i.exec(url);
  const host = (origin?.[2] ?? "").replace(/:[^:.]*$/, "");
  const named = [...new Set([...url.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? ""))];
  const undeclared = named.filter((v) => !Object.hasOwn(declared, v));
  if (undeclared.length)
    notes.push({
      at: ["server"],
      note:
        `the document's server ${JSON.stringify(url)} uses ${undeclared.map((v) => `{${v}}`).join(", ")} without ` +
        `declaring ${undeclared.length > 1 ? "them" : "it"} (OpenAPI wants each in variables): drafted with no ` +
        "default, a value each call's connection gives",
    });
  const route = draftRoute(url, declared);
  if (route === "instance") return instance(url, declared, hosts, notes);
  if (route === undefined) return undefined;
  const labels = host.split(".");
  const inHost = named.filter((v) => host.includes(`{${v}}`));
  const listed = (v: string) => {
    const values = declared[v]?.enum;
    return Array.isArray(values) && values.length > 0;
  };
  const params: Record<string, ManifestParam> = {};
  const variables: Record<string, string> = {};
  const taken = new Set<string>();
  for (const name of named) {
    let param = camelCase(name) || "serverVariable";
    if (!/^[A-Za-z_]/.test(param)) param = `v${param}`;
    for (let i = 2; taken.has(param) || param === ADDRESS_PARAM; i++) param = `${camelCase(name)}${i}`;
    taken.add(param);
    variables[name] = param;
    const where = host.includes(`{${name}}`) ? "host" : (origin?.[2] ?? "").includes(`{${name}}`) ? "port" : "path";
    params[param] = variableParam(name, declared[name], where);
  }
  const derived = inHost.every(listed)
    ? "each host the listed values make"
    : `any ${labels.slice(1).join(".")} subdomain (*.${labels.slice(1).join(".")})`;
  notes.push({
    at: ["server", "url"],
    note:
      `the document's server ${JSON.stringify(url)} has variables (${named.map((n) => `{${n}}`).join(", ")}): ` +
      "drafted as the address template, each variable a connection input a person fills in " +
      `(${Object.values(variables).join(", ")}), with the document's default and values; the credential goes to ` +
      `${inHost.length ? derived : "its host"} only`,
  });
  return { server: { url, variables, ...(hosts.length ? { hosts: [...hosts] } : {}) }, params };
}

/**
 * How a templated server is drafted: the instance address when the whole address, its scheme or its host is a
 * variable (the customer's own instance); an address template when the hosts it may name can be derived (its host
 * variables list their values, or one is the host's first label); else undefined (the default's host is drafted).
 */
function draftRoute(url: string, declared: Record<string, Json>): "instance" | "template" | undefined {
  const origin = /^(https?:\/\/|\{[^{}]+\}:\/\/)?([^/?#]*)/i.exec(url);
  const scheme = origin?.[1] ?? "";
  const host = (origin?.[2] ?? "").replace(/:[^:.]*$/, "");
  if (!/^https?:\/\//i.test(scheme) || /^\{[^{}]+\}$/.test(host)) return "instance";
  const labels = host.split(".");
  const inHost = [...new Set([...host.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? ""))];
  const listed = (v: string) => {
    const values = declared[v]?.enum;
    return Array.isArray(values) && values.length > 0;
  };
  // Variables making up the first label with letters, digits and hyphens (`{instance}-be.example.com`, a tenant's
  // host), the others listing their values: any one label there, as the link derives its hosts (derivedHosts).
  const [first = "", ...rest] = labels;
  const inFirst = inHost.filter((v) => first.includes(`{${v}}`));
  const firstLabel =
    inFirst.length > 0 &&
    labels.length >= 3 &&
    /^(?:\{[^{}]+\}|[A-Za-z0-9-])+$/.test(first) &&
    inHost.every((v) => (inFirst.includes(v) ? !rest.join(".").includes(`{${v}}`) : listed(v)));
  return inHost.every(listed) || firstLabel ? "template" : undefined;
}

/** The host names a variable lists (`enum: [api-sandbox.zq.test, api.zq.test]`), when each of its values is one. */
function listedHosts(declared: Json | undefined): string[] {
  const values = Array.isArray(declared?.enum) ? (declared.enum as unknown[]) : [];
  const host = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$/;
  return values.length && values.every((v) => typeof v === "string" && host.test(v)) ? (values as string[]) : [];
}

/**
 * The mark of a server variable whose default the cut wrote in (withStandInPathDefaults): the draft reads it as no
 * default, the variable's parameter required, the written value its example.
 */
export const STAND_IN = "x-blockwright-stand-in";

/** The value a stand-in default is: one path segment, which the mocks and the contract suite put there. */
const STAND_IN_VALUE = "example";

/**
 * The first server's path variables without a default a path can carry (none, or a placeholder such as
 * `{tenant}`, itself in braces), of a server drafted as an address template, each given one in place (`example`,
 * marked STAND_IN): the link, the mocks and the contract suite read the base path from the document's first server at
 * its defaults, which must be known; the draft leaves the variable's parameter required, a value each connection
 * gives. What was written, for the cut's header and the review notes.
 */
export function withStandInPathDefaults(server: Json | undefined): string[] {
  const url = server?.url;
  if (typeof url !== "string" || !server) return [];
  const declared = (
    server.variables !== null && typeof server.variables === "object" ? server.variables : {}
  ) as Record<string, Json>;
  if (draftRoute(withScheme(url), declared) !== "template") return [];
  const path = withScheme(url).replace(/^https?:\/\/[^/?#]*/i, "");
  const changed: string[] = [];
  for (const name of new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? ""))) {
    const variable = declared[name];
    const value = variable?.default;
    // Segments and their slashes (one segment, or several: withMultiSegmentDefaults writes those in), or none.
    const carried =
      (typeof value === "string" || typeof value === "number") && /^[A-Za-z0-9._~:@/-]*$/.test(String(value));
    if (carried || Array.isArray(variable?.enum)) continue;
    declared[name] = { ...(variable ?? {}), default: STAND_IN_VALUE, [STAND_IN]: true };
    changed.push(
      `the server variable {${name}} of the path ${
        value === undefined ? "has no default" : `has the default ${JSON.stringify(value)}, which no path carries`
      }: its default written as "${STAND_IN_VALUE}" (marked ${STAND_IN}), the value the mocks and the contract ` +
        "suite put there",
    );
  }
  if (changed.length) server.variables = declared;
  return changed;
}

function withScheme(url: string): string {
  return url.startsWith("//") ? `https:${url}` : url;
}

/**
 * The server with each path variable whose default spans segments (`{basePath}`, default `/api/v1`) written in as
 * that default, said in a note, when the server has no other variable: a variable's value fills one segment (the
 * runtime percent-encodes a `/`), so no value a person gives could stand for it. Otherwise the server as it is.
 */
export function withMultiSegmentDefaults(server: Json | undefined, notes: ShapeNote[]): Json | undefined {
  const url = server?.url;
  const declared = (
    server?.variables !== null && typeof server?.variables === "object" ? server.variables : {}
  ) as Record<string, Json>;
  const parts = typeof url === "string" ? /^((?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*)(\/.*)$/i.exec(url) : null;
  if (!server || !parts) return server;
  const [, origin = "", path = ""] = parts;
  const spans = Object.keys(declared).filter((name) => {
    const value = declared[name]?.default;
    return (
      path.includes(`{${name}}`) &&
      !origin.includes(`{${name}}`) &&
      !Array.isArray(declared[name]?.enum) &&
      typeof value === "string" &&
      value.includes("/") &&
      value.split("/").every((piece) => piece === "" || new RegExp(SEGMENT).test(piece))
    );
  });
  // Only when no other variable is left: a server.url template must be the document's as written
  // (link/server-variables.ts).
  if (!spans.length || [...String(url).matchAll(/\{([^{}]+)\}/g)].some((m) => !spans.includes(m[1] ?? "")))
    return server;
  let written = path;
  for (const name of spans) written = written.split(`{${name}}`).join(String(declared[name]?.default));
  const filled = `${origin}${written.replace(/\/{2,}/g, "/")}`;
  notes.push({
    at: ["server"],
    note:
      `the document's server ${JSON.stringify(url)} has ${spans.map((n) => `{${n}}`).join(", ")} standing for ` +
      `several segments of the path: written in as the default (${filled}), which one segment's value could not ` +
      "replace",
  });
  const { variables: _written, ...rest } = server;
  return { ...rest, url: filled };
}

/**
 * A variable's parameter: a string a person fills in, its values as the document lists them, else bounded as its place
 * in the address allows.
 */
export function variableParam(
  name: string,
  declared: Json | undefined,
  where: "host" | "port" | "path",
): ManifestParam {
  const values = Array.isArray(declared?.enum)
    ? [
        ...new Set(
          (declared.enum as unknown[]).filter((v) => typeof v === "string" || typeof v === "number").map(String),
        ),
      ]
    : [];
  const pattern = where === "host" ? LABEL : where === "port" ? PORT : SEGMENT;
  const fallback = declared?.default;
  const defaultValue = typeof fallback === "string" || typeof fallback === "number" ? String(fallback) : undefined;
  // A default the cut wrote in (withStandInPathDefaults) is no value of the API: the parameter is required.
  const standIn = declared?.[STAND_IN] === true;
  const fits =
    !standIn &&
    defaultValue !== undefined &&
    (values.length ? values.includes(defaultValue) : new RegExp(pattern).test(defaultValue));
  const said =
    typeof declared?.description === "string" && declared.description.trim()
      ? declared.description.trim().replace(/\s+/g, " ")
      : `The {${name}} of the API's address ` +
        `(${where === "host" ? "a part of its host" : where === "port" ? "its port" : "a segment of its path"}).`;
  return {
    type: "string",
    title: name,
    ...(fits ? { default: defaultValue } : { required: true }),
    ...(standIn && defaultValue !== undefined ? { example: defaultValue } : {}),
    ...(values.length ? { enum: values } : { pattern, maxLength: where === "host" ? 63 : where === "port" ? 5 : 256 }),
    visibility: "user-only",
    description: said.length > 400 ? `${said.slice(0, 399)}…` : said,
  };
}

/**
 * A variable that is the whole host or address: the instance address parameter, its default the document's address when
 * it is one, the path after it.
 */
function instance(
  url: string,
  declared: Record<string, Json>,
  hosts: readonly string[],
  notes: ShapeNote[],
): ServerVariablesDraft | undefined {
  const filled = url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = declared[name]?.default;
    return typeof value === "string" || typeof value === "number" ? String(value) : whole;
  });
  const at = /^(https?:\/\/[^/?#{}]+)([^?#]*)$/i.exec(filled);
  const path = (at ? at[2] : /^\{[^{}]+\}(\/[^?#]*)?$/.exec(url)?.[1]) ?? "";
  // The path must be known: a variable in it without a default leaves it to a person to write.
  if (/[{}]/.test(path)) return undefined;
  let address: string | undefined;
  try {
    const parsed = at ? new URL(at[1] ?? "") : undefined;
    const loopback = parsed ? /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(parsed.hostname) : false;
    address =
      parsed &&
      (parsed.protocol === "https:" || (parsed.protocol === "http:" && loopback)) &&
      (parsed.hostname.includes(".") || loopback)
        ? parsed.origin
        : undefined;
  } catch {
    address = undefined;
  }
  const base = path.replace(/\/+$/, "");
  const byDefault = address
    ? `, default the document's ${address}`
    : ", with no default: the document gives no address";
  notes.push({
    at: ["server", "param"],
    note:
      `the document's server ${JSON.stringify(url)} is wherever the API is installed (a variable is its whole ` +
      "host): drafted as the instance address, a connection input " +
      `(${ADDRESS_PARAM})${byDefault}${base ? `, ${base} appended` : ""}. ` +
      "The credential goes to loopback, server.hosts or a host the caller allows (allowHosts, --allow-host)",
  });
  // The default's own host among the hosts the credential may go to, beside the other servers': the placeholder names
  // it, and a link refuses a placeholder whose host server.hosts leaves out.
  // A whole-host variable that lists the hosts it may be (a sandbox and a production host) names the provider's own.
  const whole = /^https?:\/\/\{([^{}]+)\}(?:[/?#]|$)/i.exec(url)?.[1];
  const listed = whole !== undefined ? listedHosts(declared[whole]) : [];
  const known = [...hosts, ...listed];
  const allowed = known.length && address ? [...new Set([new URL(address).hostname, ...known])] : [...new Set(known)];
  return {
    server: { param: ADDRESS_PARAM, ...(allowed.length ? { hosts: allowed } : {}) },
    params: {
      [ADDRESS_PARAM]: {
        type: "string",
        format: "base-url",
        title: "Instance address",
        ...(address ? { default: address } : { required: true }),
        maxLength: 2048,
        visibility: "user-only",
        ...(address ? { placeholder: address } : {}),
        description:
          "Where the API is installed: the scheme and host of its instance (https, or http on " +
          `loopback)${base ? `; ${base} is appended` : ""}.`,
      },
    },
  };
}

/** The host part of a server's address as written, its `{variables}` and port included (`api.{region}.example.com`). */
export function hostPart(url: string | undefined): string {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/]*)/i.exec(url ?? "")?.[1] ?? "";
}

/** The variables in a server's host that list their values (`enum`), with those values. */
export function hostVariables(url: string | undefined, server: Json | undefined): { name: string; values: string[] }[] {
  const host = hostPart(url);
  const variables = (server?.variables ?? {}) as Record<string, Json>;
  return [...new Set([...host.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ""))].flatMap((name) => {
    const values = Array.isArray(variables[name]?.enum)
      ? (variables[name].enum as unknown[]).filter((v): v is string => typeof v === "string")
      : [];
    return values.length ? [{ name, values }] : [];
  });
}
