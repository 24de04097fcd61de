// `server.url` and `server.variables`: an address made of the document's
// server URL and its variables (`https://{subdomain}.example.com/api/v1`), each
// variable a connection input — a shared parameter a person fills in (its
// default and enum the document's). The hosts the credential may go to are
// derived from the template, never made up: a variable that is the host's first
// label allows `*.` and the fixed rest; one with listed values, each host they
// make. The runtime fills the template per call (runtime/call/instance-address.ts)
// and holds the address to those hosts (hosts.ts).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { hostPatternProblem } from "@blockwright/runtime/internal/generate";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { ProviderEntry } from "../../model/surface-entry.js";
import type { Surface } from "../../model/surface-format.js";
import type { LinkContext, Path } from "../context.js";

declare module "../../model/surface-format.js" {
  interface Surface {
    /** The address template (manifest `server.url`), when the address is made of server variables. */
    serverUrl?: string;
  }
}

/**
 * At most this many hosts from the listed values of a template's host variables (a product of enums could be large).
 */
const MAX_HOSTS = 16;

/** The `{variable}` names of a template, in order, each once. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? ""))];
}

/**
 * Whether a parameter holds a server variable's value (a connection input, not sent as itself): of the provider's
 * address template, or of an operation's own (operation-template.ts), or an operation's instance address
 * (operation-instance.ts).
 */
export function isServerVariable(ctx: LinkContext, name: string): boolean {
  let names = variableParams.get(ctx.manifest);
  if (!names) {
    const own = Object.values(ctx.manifest.operations).map((op) => op.server);
    names = new Set([
      ...Object.values(ctx.manifest.server.variables ?? {}),
      // An operation's own instance address (operation-instance.ts) is a connection input too.
      ...own.flatMap((server) =>
        typeof server !== "object" ? [] : server.param ? [server.param] : Object.values(server.variables ?? {}),
      ),
    ]);
    variableParams.set(ctx.manifest, names);
  }
  return names.has(name);
}

/** The parameters holding server variables, per manifest: read once, not once per operation and parameter. */
const variableParams = new WeakMap<object, Set<string>>();

/**
 * The template's part of the IR's server: the template, its variables' parameters, and the hosts derived from it (with
 * `server.hosts`).
 */
export function templateServer(ctx: LinkContext): Pick<ToolSpec["server"], "template" | "variables" | "hosts"> {
  const { url, variables, hosts } = ctx.manifest.server;
  if (url === undefined) return {};
  const derived = derivedHosts(ctx, url);
  const all = [...new Set([...derived.hosts, ...(hosts ?? [])])];
  return { template: url, variables: { ...variables }, ...(all.length ? { hosts: all } : {}) };
}

/** The checks of `server.url` and `server.variables`, once per provider. */
export function checkServerVariables(ctx: LinkContext): void {
  const { url, variables = {} } = ctx.manifest.server;
  if (url === undefined) {
    if (ctx.manifest.server.variables)
      ctx.fail(
        "BW2018",
        ["server", "variables"],
        "server variables fill the address template server.url, which this server does not have",
        "key",
      );
    return;
  }
  const servers = (
    ctx.doc.source.data as {
      servers?: { url?: unknown; variables?: Record<string, { enum?: unknown[]; default?: unknown }> }[];
    }
  ).servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  // A server without a scheme (`//api.example.com`) is https (server.ts withServerScheme).
  const written =
    typeof first?.url === "string" ? (first.url.startsWith("//") ? `https:${first.url}` : first.url) : undefined;
  if (written !== url) {
    ctx.fail(
      "BW2018",
      ["server", "url"],
      `server.url must be ${ctx.openapiName}'s first server URL as written (` +
        `${written === undefined ? "it has none" : JSON.stringify(written)}), where mocks and the contract suite ` +
        `read it`,
      "value",
    );
    return;
  }
  // The credential's variable (auth.variable) is filled by the credential, not by a parameter of server.variables.
  const credential = ctx.manifest.auth.variable;
  const named = templateVariables(url).filter((name) => name !== credential);
  if (credential !== undefined && Object.hasOwn(variables, credential))
    ctx.fail(
      "BW2018",
      ["server", "variables", credential],
      `{${credential}} is filled by the credential (auth.variable): server.variables leaves it out`,
      "key",
    );
  for (const name of named) {
    if (!Object.hasOwn(variables, name))
      ctx.fail(
        "BW2018",
        ["server", "variables"],
        `the address template has variable {${name}}: name the parameter that fills it (variables: {${name}: <param>})`,
        "key",
      );
  }
  for (const [name, param] of Object.entries(variables)) {
    const at = ["server", "variables", name];
    if (!named.includes(name)) {
      if (name === credential) continue;
      ctx.fail(
        "BW2018",
        at,
        `{${name}} is no variable of the address template ${JSON.stringify(url)} (its variables: ${named.join(", ")})`,
        "key",
      );
      continue;
    }
    checkVariableParam(ctx, name, param, first?.variables?.[name], at);
  }
  // The hosts, once every variable has its input (a missing one is reported above).
  if (named.every((name) => Object.hasOwn(variables, name))) derivedHosts(ctx, url, true);
}

/**
 * A variable's parameter: shared, a string a person fills in (user-only), not sent as itself, bounded by an enum or a
 * pattern, its values among the document's.
 */
export function checkVariableParam(
  ctx: LinkContext,
  variable: string,
  name: string,
  declared: { enum?: unknown[]; default?: unknown } | undefined,
  where: Path,
): void {
  const p: ManifestParam | undefined = ctx.manifest.params?.[name];
  const at = ["params", name];
  if (!p) {
    ctx.fail(
      "BW2018",
      where,
      `parameter "${name}" (server variable {${variable}}) must be declared under the shared "params"`,
      "value",
    );
    return;
  }
  if (p.type !== "string")
    ctx.fail(
      "BW2018",
      [...at, "type"],
      `parameter "${name}" fills server variable {${variable}}: it must be a string, got ${p.type}`,
      "value",
    );
  if (p.wire)
    ctx.fail(
      "BW2018",
      [...at, "wire"],
      `parameter "${name}" fills server variable {${variable}} of the address: it takes no wire placement`,
    );
  if (p.visibility !== "user-only")
    ctx.fail(
      "BW2018",
      at,
      `parameter "${name}" fills server variable {${variable}}, which decides where the credential goes: ` +
        `it must be visibility: user-only (a person, not a model, sets it)`,
    );
  if (p.secret)
    ctx.fail(
      "BW2018",
      at,
      `parameter "${name}" fills server variable {${variable}} of the address, which is no secret: ` +
        `it must not be secret: true`,
    );
  if (p.enum === undefined && p.pattern === undefined)
    ctx.fail(
      "BW2018",
      at,
      `parameter "${name}" fills server variable {${variable}}: it must declare an enum or a pattern, ` +
        `so that a value cannot change the address's shape`,
    );
  const listed = Array.isArray(declared?.enum) ? declared.enum.map(String) : undefined;
  const outside = listed && p.enum ? p.enum.filter((v) => !listed.includes(String(v))) : [];
  if (outside.length)
    ctx.fail(
      "BW2006",
      [...at, "enum"],
      `${JSON.stringify(outside)} ${outside.length > 1 ? "are" : "is"} not among the values ${ctx.openapiName}` +
        ` lists for server variable {${variable}} (${listed?.join(", ")})`,
      "value",
    );
  if (listed && p.enum === undefined)
    ctx.fail(
      "BW2006",
      at,
      `${ctx.openapiName} lists the values of server variable {${variable}} (${listed.join(", ")}): ` +
        `declare them as the enum of "${name}"`,
    );
}

/**
 * The hosts a template's address may have: its host when no variable is in it; `*.` and the fixed rest for a
 * variable that is the host's first label; each host the listed values (the parameters' enums) make. A variable
 * elsewhere in the host without listed values, or one that is the whole host, is refused when `report` is set.
 */
export function derivedHosts(
  ctx: LinkContext,
  url: string,
  report = false,
  variables: Record<string, string> = ctx.manifest.server.variables ?? {},
  at: Path = ["server", "url"],
): { hosts: string[] } {
  const host = (/^https?:\/\/([^/?#]*)/.exec(url)?.[1] ?? "").replace(/:[^:.]*$/, "").toLowerCase();
  const inHost = templateVariables(host);
  const fail = (message: string) => {
    if (report) ctx.fail("BW2018", at, message, "value");
    return { hosts: [] };
  };
  if (!inHost.length) return { hosts: [host] };
  const enumOf = (v: string) => ctx.manifest.params?.[variables[v] ?? ""]?.enum?.map(String);
  const labels = host.split(".");
  if (labels.length === 1)
    return fail(
      `the host of ${JSON.stringify(url)} is all variable: the address is the customer's own, ` +
        `which server.param (format: base-url) carries`,
    );
  if (inHost.every((v) => enumOf(v) !== undefined)) {
    let hosts = [host];
    for (const v of inHost)
      hosts = hosts
        .flatMap((h) => (enumOf(v) ?? []).map((value) => h.replaceAll(`{${v}}`, value.toLowerCase())))
        .slice(0, MAX_HOSTS);
    const bad = hosts.find((h) => hostPatternProblem(h) !== undefined);
    return bad === undefined
      ? { hosts }
      : fail(`the listed values of the host's variables make ${JSON.stringify(bad)}, which is no host name`);
  }
  // Variables in the first label (`{index}-{project}.svc.example.com`) make any one label there: `*.` and the rest,
  // whose own variables each list their values (one wildcard a value).
  const [firstLabel = "", ...rest] = labels;
  const inFirst = templateVariables(firstLabel);
  const inRest = templateVariables(rest.join("."));
  if (
    inFirst.length &&
    /^(?:\{[^{}]+\}|[a-z0-9-])+$/.test(firstLabel) &&
    inRest.every((v) => !inFirst.includes(v) && enumOf(v) !== undefined)
  ) {
    let hosts = [rest.join(".")];
    for (const v of inRest)
      hosts = hosts
        .flatMap((h) => (enumOf(v) ?? []).map((value) => h.replaceAll(`{${v}}`, value.toLowerCase())))
        .slice(0, MAX_HOSTS);
    const wildcards = hosts.map((h) => `*.${h}`);
    const bad = wildcards.find((h) => hostPatternProblem(h) !== undefined);
    if (bad === undefined) return { hosts: wildcards };
  }
  return fail(
    `the host of ${JSON.stringify(url)} has variables that are not its first label (` +
      `${inHost.map((v) => `{${v}}`).join(", ")}): list their values as the parameters' enum, ` +
      `so that the hosts the address may have are known`,
  );
}

/** The address template: another one sends calls elsewhere. */
export const serverUrlSurface: ProviderEntry<string, "urlAdded" | "urlRemoved" | "urlChanged"> = {
  scope: "provider",
  subject: "server.url",
  changes: {
    urlAdded: {
      level: "breaking",
      rule: "the address is made of server variables (their parameters are connection inputs)",
    },
    urlRemoved: { level: "breaking", rule: "the address is no longer made of server variables" },
    urlChanged: { level: "breaking", rule: "the address template changed (calls go elsewhere)" },
  },
  record: (ir) => {
    // The provider's template, not an operation's own (operation-template.ts).
    const template = (ir.server ?? ir.operations[0]?.tool.server)?.template;
    return template !== undefined ? { serverUrl: template } : {};
  },
  read: (s: Surface) => s.serverUrl,
  diff(a, b, report) {
    if (a === b) return;
    if (a === undefined) report("urlAdded", { to: b });
    else if (b === undefined) report("urlRemoved", { from: a });
    else report("urlChanged", { from: a, to: b });
  },
};
