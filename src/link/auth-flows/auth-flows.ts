// `auth.flows`: OAuth 2 grants through which the runtime obtains the access
// token itself and renews it (runtime/oauth/). Linked once per provider and
// carried by every tool whose operation accepts `auth`'s own way (ToolSpec.oauth;
// one taking only an alternative's scheme carries none). The rules that keep the secrets
// where they belong: a token URL is https with a fixed origin (or a tenant's
// host, the API's own: tenant-token-url.ts), its other `{param}` placeholders
// only in the path and only naming pattern-checked parameters that are not
// secret; each role names a shared parameter that is not sent as itself (wire
// `auth`) and is not required (a call gives either the static credential or a
// flow's parameters), the secret roles marked secret;
// the credential goes in a header (as a bearer token, or an apiKey scheme's header).
import type { JwtAudienceSpec, OAuthFlowSpec, OAuthSpec, ToolSpec } from "@blockwright/runtime/internal";
import { matchesHost, tokenUrlPlaceholders } from "@blockwright/runtime/internal/generate";
import type { ManifestAuthFlows, ManifestJwtAudience, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { credentialOf, type OpenApiOperation } from "../../load/openapi-document.js";
import { canonical } from "../../common/canonical-json.js";
import type { ProviderEntry } from "../../model/surface-entry.js";
import type { Surface } from "../../model/surface-format.js";
import type { LinkContext, Path } from "../context.js";
import { manifestWays, wayScheme } from "../auth/auth.js";
import { checkTenantTokenUrl, isTenantHost, tenantHostPattern } from "./tenant-token-url.js";
import { checkTokenFormat } from "./token-format.js";

declare module "../../model/surface-format.js" {
  interface Surface {
    /** The OAuth 2 flows that obtain the access token (manifest `auth.flows`), when declared. */
    oauth?: { flows: Record<string, Record<string, unknown>>; tokenHosts?: string[]; addressField?: string };
  }
}

type Grant = keyof ManifestAuthFlows;
/** Each grant's roles: the parameter fields, and which of them hold secrets. */
const ROLES: Record<Grant, { params: string[]; secret: string[] }> = {
  clientCredentials: { params: ["clientId", "clientSecret"], secret: ["clientSecret"] },
  refreshToken: { params: ["clientId", "clientSecret", "refreshToken"], secret: ["clientSecret", "refreshToken"] },
  jwtBearer: { params: ["clientId", "subject", "privateKey"], secret: ["privateKey"] },
};

// Linked once per manifest, carried by every tool that accepts the way the token is for.
const linked = new WeakMap<LinkContext, OAuthSpec | undefined>();

/**
 * The flows as every tool carries them (an operation part, link/concepts.ts; typed without operation.ts, which imports
 * wire.ts, which imports this).
 */
export const linkAuthFlows = (ctx: LinkContext, _at: Path, _mop: unknown, op: OpenApiOperation): Partial<ToolSpec> => {
  if (!linked.has(ctx)) linked.set(ctx, linkFlows(ctx));
  const oauth = linked.get(ctx);
  return oauth && takesFlowsWay(ctx, op) ? { oauth: structuredClone(oauth) } : {};
};

/**
 * Whether an operation accepts the way the flows' token is for (`auth` itself, not an alternative): one whose security
 * names only another scheme (seed 290: a bank's funds check taking only the customer's authorization-code token, its
 * manifest's client-credentials flow the company's) carries no flows, lest a token of the one be sent as the other's.
 * One naming no requirement, or none but `{}`, takes them as before.
 */
function takesFlowsWay(ctx: LinkContext, op: OpenApiOperation): boolean {
  const named = (op.requirements ?? []).filter((r) => r.length > 0);
  if (named.length === 0 || ctx.manifest.auth.variable !== undefined) return true;
  const key = (names: readonly string[]) => [...names].sort().join("\u0000");
  const first = manifestWays(ctx.manifest.auth)[0];
  return first !== undefined && named.some((r) => key(r) === key(wayScheme(first)));
}

/**
 * Whether a shared parameter is one of a flow's (a role, a token URL placeholder, the audience): it goes to the token
 * endpoint only, not sent as itself.
 */
export function isFlowParam(ctx: LinkContext, name: string): boolean {
  const flows = ctx.manifest.auth.flows ?? {};
  return Object.entries(flows).some(([grant, flow]) => {
    const fields = flow as Record<string, unknown>;
    return (
      ROLES[grant as Grant].params.some((role) => fields[role] === name) ||
      tokenUrlPlaceholders(typeof fields.tokenUrl === "string" ? fields.tokenUrl : "").includes(name) ||
      audienceParam(fields.audience) === name
    );
  });
}

function audienceParam(audience: unknown): string | undefined {
  return audience && typeof audience === "object" ? (audience as { param?: string }).param : undefined;
}

function linkFlows(ctx: LinkContext): OAuthSpec | undefined {
  const { flows, tokenHosts, param, scheme } = ctx.manifest.auth;
  if (!flows) return undefined;
  const shared = ctx.manifest.params ?? {};
  const declared = scheme === undefined ? undefined : ctx.doc.securitySchemes[scheme];
  const credential = declared ? credentialOf(declared) : undefined;
  // A renewed token replaces the one a request carries: a header does, a query pair would be added.
  if (credential?.type === "basic")
    ctx.fail(
      "BW2012",
      ["auth", "flows"],
      `an OAuth 2 flow yields an access token, but security scheme "${scheme}" is HTTP basic (a user id and a secret)`,
    );
  if (credential?.type === "query")
    ctx.fail(
      "BW2012",
      ["auth", "flows"],
      `an OAuth 2 flow's token goes in a header (a bearer token, or the header of an apiKey scheme), ` +
        `but security scheme "${scheme}" sends the credential in the query (${credential.name})`,
    );
  if (shared[param]?.required) {
    ctx.fail(
      "BW2012",
      ["params", param, "required"],
      `the credential parameter "${param}" must be required: false when auth.flows are declared (a call may ` +
        `give a flow's parameters instead)`,
      "value",
    );
  }
  const specs: OAuthFlowSpec[] = [];
  for (const [grant, flow] of Object.entries(flows) as [Grant, Record<string, unknown>][]) {
    const at: Path = ["auth", "flows", grant];
    const tokenUrl = typeof flow.tokenUrl === "string" ? flow.tokenUrl : "";
    checkTokenUrl(ctx, tokenUrl, [...at, "tokenUrl"], shared);
    for (const role of ROLES[grant].params) {
      const name = flow[role];
      if (typeof name === "string")
        checkRoleParam(ctx, name, role, ROLES[grant].secret.includes(role), [...at, role], param, shared);
    }
    checkTokenFields(ctx, flow.tokenFields, grant, [...at, "tokenFields"]);
    const { audience, ...rest } = flow;
    const spec = { grant, ...rest } as OAuthFlowSpec;
    checkTokenFormat(ctx, spec, at);
    if (audience !== undefined && spec.grant === "jwtBearer")
      spec.audience = linkAudience(
        ctx,
        audience as ManifestJwtAudience,
        tokenUrl,
        tokenHosts ?? [],
        [...at, "audience"],
        shared,
      );
    specs.push(spec);
  }
  const addressField = ctx.manifest.auth.tokenAddressField;
  if (addressField !== undefined) checkAddressField(ctx, shared);
  return {
    flows: specs,
    ...(tokenHosts ? { tokenHosts: [...tokenHosts] } : {}),
    ...(addressField !== undefined ? { addressField } : {}),
  };
}

/** The fields a token request's grant sends itself (RFC 6749 §4.4, §6; RFC 7523 §2.1, §2.2): never a tokenField. */
export const GRANT_FIELDS: ReadonlySet<string> = new Set([
  "grant_type",
  "client_id",
  "client_secret",
  "scope",
  "refresh_token",
  "assertion",
  "client_assertion",
  "client_assertion_type",
]);

/** A flow's fixed token request fields name none of the grant's own: the flow sends those itself. */
function checkTokenFields(ctx: LinkContext, fields: unknown, grant: Grant, at: Path): void {
  for (const name of Object.keys(fields && typeof fields === "object" ? fields : {}))
    if (GRANT_FIELDS.has(name))
      ctx.fail(
        "BW2012",
        [...at, name],
        `"${name}" is a field the ${grant} grant's token request sends itself; tokenFields names only fields ` +
          `beside the grant's own (not ${[...GRANT_FIELDS].join(", ")})`,
      );
}

/**
 * The audience rules: a URI alone is the default; hosts the flow's token URL can take; a parameter that is the flow's
 * own and checked.
 */
function linkAudience(
  ctx: LinkContext,
  audience: ManifestJwtAudience,
  tokenUrl: string,
  tokenHosts: string[],
  at: Path,
  shared: Record<string, ManifestParam>,
): JwtAudienceSpec {
  if (typeof audience === "string") return { default: audience };
  // A tenant's token host is written as its pattern (`*.example.com`), as tokenHosts writes hosts.
  const own = tenantHostPattern(tokenUrl) ?? /^https:\/\/([^/:?#{}]+)/.exec(tokenUrl)?.[1];
  for (const host of Object.keys(audience.byTokenHost ?? {})) {
    // A tenant's own pattern names its hosts too (`acme.example.com` under `*.example.com`).
    const tenants = own?.startsWith("*.") === true && matchesHost(own, host);
    if (host !== own && !tenants && !tokenHosts.includes(host)) {
      ctx.fail(
        "BW2018",
        [...at, "byTokenHost", host],
        `"${host}" is a host no token URL of this flow can name: the flow's own (${own ?? "none"}) ` +
          `or one of auth.tokenHosts (${tokenHosts.join(", ") || "none"})`,
        "key",
      );
    }
  }
  const name = audience.param;
  if (name !== undefined) {
    const p = shared[name];
    if (!p)
      ctx.fail(
        "BW2012",
        [...at, "param"],
        `parameter "${name}" (the assertion's audience) must be declared under the shared "params"`,
        "value",
      );
    else if (p.secret)
      ctx.fail(
        "BW2012",
        ["params", name],
        `parameter "${name}" is the assertion's audience, which is no secret: it must not be secret: true`,
      );
    else if (p.type !== "string")
      ctx.fail(
        "BW2012",
        ["params", name, "type"],
        `parameter "${name}" (the assertion's audience) must be a string, got ${p.type}`,
        "value",
      );
    else if (p.required || p.wire)
      ctx.fail(
        "BW2012",
        ["params", name],
        `parameter "${name}" (the assertion's audience) goes only into the assertion: ` +
          `it takes neither required: true nor a wire placement`,
      );
    else if (!p.pattern && !p.enum && !p.format)
      ctx.fail(
        "BW2012",
        ["params", name],
        `parameter "${name}" (the assertion's audience) must declare a pattern, enum or format, ` +
          `so that a call cannot put any text into the assertion`,
      );
  }
  return {
    ...(audience.default !== undefined ? { default: audience.default } : {}),
    ...(audience.byTokenHost ? { byTokenHost: { ...audience.byTokenHost } } : {}),
    ...(name !== undefined ? { param: name } : {}),
  };
}

/** `tokenAddressField` needs an address parameter the token may stand in for: one a call may leave out. */
function checkAddressField(ctx: LinkContext, shared: Record<string, ManifestParam>): void {
  const { param } = ctx.manifest.server;
  if (param === undefined) {
    ctx.fail(
      "BW2018",
      ["auth", "tokenAddressField"],
      "a token's address replaces the one a call gives (server.param): this provider has a fixed default " +
        "address instead",
      "value",
    );
    return;
  }
  if (shared[param]?.required)
    ctx.fail(
      "BW2012",
      ["params", param, "required"],
      `the address parameter "${param}" must be required: false when auth.tokenAddressField is declared (a ` +
        `call through a flow may leave it to the token)`,
      "value",
    );
}

function checkTokenUrl(ctx: LinkContext, url: string, at: Path, shared: Record<string, ManifestParam>): void {
  // A tenant's host (tenant-token-url.ts) has rules of its own; the path's placeholders these.
  const inHost = isTenantHost(url) ? tokenUrlPlaceholders(/^https:\/\/[^/?#]*/.exec(url)?.[0] ?? "") : [];
  if (inHost.length) checkTenantTokenUrl(ctx, url, at, shared);
  for (const name of tokenUrlPlaceholders(url)) {
    if (inHost.includes(name)) continue;
    const p = shared[name];
    if (!p)
      ctx.fail(
        "BW2012",
        at,
        `the token URL's placeholder {${name}} must name a shared parameter (shared: ` +
          `${Object.keys(shared).join(", ") || "none"})`,
        "value",
      );
    else if (p.secret)
      ctx.fail(
        "BW2012",
        at,
        `the token URL's placeholder {${name}} names a secret parameter: a secret never goes into an address`,
        "value",
      );
    else if (!p.pattern)
      ctx.fail(
        "BW2012",
        ["params", name],
        `parameter "${name}" fills the token URL's placeholder {${name}}: it must declare a pattern, ` +
          `so that its value cannot change where the token request goes`,
      );
    else if (p.required || p.wire)
      ctx.fail(
        "BW2012",
        ["params", name],
        `parameter "${name}" fills the token URL's placeholder {${name}}: it takes neither required: ` +
          `true nor a wire placement (only calls that use the flow give it)`,
      );
  }
}

function checkRoleParam(
  ctx: LinkContext,
  name: string,
  role: string,
  secret: boolean,
  at: Path,
  credential: string,
  shared: Record<string, ManifestParam>,
): void {
  const p = shared[name];
  if (!p)
    return void ctx.fail(
      "BW2012",
      at,
      `parameter "${name}" (the flow's ${role}) must be declared under the shared "params"`,
      "value",
    );
  if (name === credential)
    return void ctx.fail(
      "BW2012",
      at,
      `the flow's ${role} cannot be the credential parameter "${credential}"`,
      "value",
    );
  if (secret && !p.secret)
    ctx.fail(
      "BW2012",
      ["params", name],
      `parameter "${name}" holds the flow's ${role}: it must be marked secret: true`,
    );
  if (p.required)
    ctx.fail(
      "BW2012",
      ["params", name, "required"],
      `parameter "${name}" (the flow's ${role}) must be required: false: a call may give the credential "` +
        `${credential}" instead`,
      "value",
    );
  if (p.wire)
    ctx.fail(
      "BW2012",
      ["params", name, "wire"],
      `parameter "${name}" (the flow's ${role}) goes only to the token endpoint: it takes no wire placement`,
    );
  if (p.type !== "string")
    ctx.fail(
      "BW2012",
      ["params", name, "type"],
      `parameter "${name}" (the flow's ${role}) must be a string, got ${p.type}`,
      "value",
    );
}

/**
 * What callers configure: any change of a flow (added, removed, another token URL, scope or parameter) changes how they
 * authenticate.
 */
export const authFlowsSurface: ProviderEntry<
  NonNullable<Surface["oauth"]>,
  | "flowAdded"
  | "flowRemoved"
  | "flowChanged"
  | "tokenHostRemoved"
  | "tokenHostAdded"
  | "tokenAddressAdded"
  | "tokenAddressRemoved"
  | "tokenAddressChanged"
> = {
  scope: "provider",
  subject: "auth.flows",
  changes: {
    flowAdded: { level: "breaking", rule: "OAuth 2 flow added (the credential's parameters change)" },
    flowRemoved: { level: "breaking", rule: "OAuth 2 flow removed" },
    flowChanged: { level: "breaking", rule: "OAuth 2 flow changed" },
    tokenHostRemoved: { level: "breaking", rule: "token host no longer allowed (token URLs there are refused)" },
    tokenHostAdded: { level: "minor", rule: "token host allowed" },
    tokenAddressAdded: {
      level: "minor",
      rule: "calls go to the address the token names (an address parameter may be left out)",
    },
    tokenAddressRemoved: {
      level: "breaking",
      rule: "calls no longer go to the address the token names (the address must be given)",
    },
    tokenAddressChanged: { level: "breaking", rule: "the token answer's address is read from another field" },
  },
  record: (ir) => {
    const oauth = ir.operations[0]?.tool.oauth;
    if (!oauth) return {};
    const flows = Object.fromEntries(oauth.flows.map(({ grant, ...rest }) => [grant, { ...rest }]));
    return {
      oauth: {
        flows,
        ...(oauth.tokenHosts ? { tokenHosts: [...oauth.tokenHosts] } : {}),
        ...(oauth.addressField ? { addressField: oauth.addressField } : {}),
      },
    };
  },
  read: (s) => s.oauth,
  diff(a, b, report) {
    const before = a?.flows ?? {};
    const after = b?.flows ?? {};
    for (const grant of Object.keys(before)) {
      if (!(grant in after)) report("flowRemoved", { subject: `auth.flows.${grant}`, from: before[grant] });
      else if (canonical(before[grant]) !== canonical(after[grant]))
        report("flowChanged", { subject: `auth.flows.${grant}`, from: before[grant], to: after[grant] });
    }
    for (const grant of Object.keys(after))
      if (!(grant in before)) report("flowAdded", { subject: `auth.flows.${grant}`, to: after[grant] });
    for (const h of a?.tokenHosts ?? []) if (!b?.tokenHosts?.includes(h)) report("tokenHostRemoved", { from: h });
    for (const h of b?.tokenHosts ?? []) if (!a?.tokenHosts?.includes(h)) report("tokenHostAdded", { to: h });
    if (a?.addressField !== b?.addressField) {
      if (b?.addressField === undefined) report("tokenAddressRemoved", { from: a?.addressField });
      else
        report(a?.addressField === undefined ? "tokenAddressAdded" : "tokenAddressChanged", {
          ...(a?.addressField ? { from: a.addressField } : {}),
          to: b.addressField,
        });
    }
  },
};
