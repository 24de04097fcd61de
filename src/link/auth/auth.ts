// `auth`: the OpenAPI security scheme the calls use, and the shared
// parameter holding the credential (secret). The scheme decides where the
// credential goes: a bearer header, HTTP basic (with `user`, the parameter
// holding the user id), or a named header, query key or cookie. `also`:
// schemes required with it (one requirement of several); `alternatives`:
// other ways a call may authenticate (the document's other requirements).
// `covers`: the document's own parameters for that same credential (a
// `token` header, query parameter or form field that RPC-style APIs declare
// required beside their security scheme), which the credential satisfies:
// nothing else supplies them, and nothing sends them. `alsoSends`: other places
// the document requires the same credential at (a body field `key` beside a
// query key), where the way's first credential, given once, is sent too.
import type { AuthSpec, AuthWay, CredentialSpec } from "@blockwright/runtime/internal";
import { authSlots, authWays, wayCredentials } from "@blockwright/runtime/internal/generate";
import { slotNameProblem } from "../../model/naming.js";
import { type CredentialPlacement, credentialOf, type OpenApiOperation } from "../../load/openapi-document.js";
import { signedWithSigv4 } from "../../load/security-schemes.js";
import type { ManifestAuth, ManifestCredentialPlace } from "../../load/precompiled/manifest-types.js";
import type { ProviderEntry } from "../../model/surface-entry.js";
import type { LinkContext, Path } from "../context.js";
import { linkAuthVariable } from "../auth-variable/auth-variable.js";
import { linkPlacesOnly } from "./places-only.js";
import { checkAlsoSends, checkCovers, credentialPlace, placeWords, sentWhereDeclared } from "./credential-places.js";
import { linkAuthSignedJwt, signedJwtParams } from "../auth-signed-jwt/auth-signed-jwt.js";
import { linkAuthSigv4, sigv4Params } from "../auth-sigv4/auth-sigv4.js";

/**
 * A credential as the manifest writes it: the scheme (none for a credential of the address, `auth.variable`) and the
 * parameter(s) whose value it sends.
 */
interface ManifestCredential {
  scheme?: string;
  param: string;
  user?: string;
  password?: string;
  prefix?: string;
  encode?: "base64";
}

/** One way to authenticate as the manifest writes it (`auth` itself, or an alternative), where it is written. */
export interface ManifestWay {
  credentials: { credential: ManifestCredential; at: Path }[];
  at: Path;
  /** The other places its first credential goes (auth.alsoSends). */
  alsoSends?: ManifestCredentialPlace[];
}

/** The ways of the manifest's auth, `auth` first, then its alternatives: the order of authWays() on the linked spec. */
export function manifestWays(auth: ManifestAuth): ManifestWay[] {
  const wayOf = (
    w: ManifestCredential & { also?: ManifestCredential[]; alsoSends?: ManifestCredentialPlace[] },
    at: Path,
  ): ManifestWay => ({
    at,
    credentials: [{ credential: w, at }, ...(w.also ?? []).map((c, i) => ({ credential: c, at: [...at, "also", i] }))],
    ...(w.alsoSends ? { alsoSends: w.alsoSends } : {}),
  });
  return [wayOf(auth, ["auth"]), ...(auth.alternatives ?? []).map((w, i) => wayOf(w, ["auth", "alternatives", i]))];
}

/** The security schemes of each way, as the manifest names them. */
export function wayScheme(way: ManifestWay): string[] {
  return way.credentials.map((c) => c.credential.scheme ?? "");
}

export function linkAuth(ctx: LinkContext): AuthSpec | undefined {
  const ways = manifestWays(ctx.manifest.auth);
  const several = ways.length > 1;
  const linked = ways.map((way) => {
    const credentials = way.credentials.map(({ credential, at }, i) =>
      linkCredential(ctx, credential, at, i === 0, several),
    );
    if (credentials.some((c) => !c)) return undefined;
    const [first, ...also] = credentials as CredentialSpec[];
    const sends = way.alsoSends?.map(credentialPlace);
    return {
      ...(first as CredentialSpec),
      ...(also.length ? { also } : {}),
      ...(sends ? { alsoSends: sends } : {}),
    } as AuthWay;
  });
  checkCovers(ctx);
  checkAlsoSends(ctx, ways);
  if (linked.some((w) => !w)) return undefined;
  const [first, ...alternatives] = linked as AuthWay[];
  return { ...(first as AuthWay), ...(alternatives.length ? { alternatives } : {}) };
}

/**
 * One credential: its scheme declared and of a kind the runtime sends, its
 * parameters shared ones; the first of a way secret; with alternatives,
 * every one `required: false` (a call gives one way).
 */
function linkCredential(
  ctx: LinkContext,
  c: ManifestCredential,
  at: Path,
  first: boolean,
  several: boolean,
): CredentialSpec | undefined {
  const { variable, alsoSends } = ctx.manifest.auth;
  // A credential of the address (auth.variable), or of its other places alone (auth.alsoSends), names no scheme: the
  // schema wants one of the three.
  if (c.scheme === undefined) {
    checkParams(ctx, c, at, first, several);
    if (variable !== undefined) return linkAuthVariable(ctx, ctx.manifest.auth, variable, at);
    return alsoSends && at.length === 1 ? linkPlacesOnly(ctx, ctx.manifest.auth, at) : undefined;
  }
  const declared = ctx.doc.securitySchemes[c.scheme];
  if (!declared) {
    const names = Object.keys(ctx.doc.securitySchemes);
    return ctx.fail(
      "BW2003",
      [...at, "scheme"],
      `security scheme "${c.scheme}" not found in ${ctx.openapiName} (declared: ${names.join(", ") || "none"})`,
      "value",
    );
  }
  checkParams(ctx, c, at, first, several);
  const placement = credentialOf(declared);
  if (!placement) {
    return ctx.fail(
      "BW2012",
      [...at, "scheme"],
      `security scheme "${c.scheme}" is of an unsupported kind (${declared.type}` +
        `${declared.scheme ? ` ${declared.scheme}` : ""}${declared.in ? " in " + declared.in : ""}); supported: ` +
        `http bearer, http basic, another http scheme whose credentials the caller gives (sent after its name in ` +
        `Authorization; not digest or another answering the server's challenge), apiKey in a header, the query or ` +
        `a cookie, oauth2 and openIdConnect (the access token, as a bearer token)`,
      "value",
    );
  }
  // Signed (auth.sigv4, auth.signedJwt): the first credential of the first way, the only one (null: not signed).
  const signed = at.length === 1 ? linkSigned(ctx, placement, at) : null;
  if (signed !== null) return signed;
  // A scheme that signs (x-amazon-apigateway-authtype: awsSigv4): a key sent as it is passes every mock, and AWS
  // refuses every request.
  const authtype = (declared as { "x-amazon-apigateway-authtype"?: unknown })["x-amazon-apigateway-authtype"];
  if (signedWithSigv4(declared))
    return ctx.fail(
      "BW2012",
      [...at, "scheme"],
      `security scheme "${c.scheme}" signs each request with AWS Signature Version 4 ` +
        `(x-amazon-apigateway-authtype: ${String(authtype)}): ` +
        `declare auth.sigv4 (accessKeyId, service, region or regionParam) beside param, the secret access key; ` +
        `the key sent as it is would be refused`,
      "value",
    );
  if (c.encode !== undefined && placement.type !== "header") return encodeRefused(ctx, c.scheme ?? "", placement, at);
  if (placement.type === "basic") return linkBasic(ctx, c as ManifestCredential & { scheme: string }, at);
  const kind = placement.type === "bearer" ? "a bearer token" : `an API key in the ${placement.type}`;
  if (c.password !== undefined) return keyAsBasicUser(ctx, c, placement, kind, at);
  if (c.user !== undefined)
    return ctx.fail(
      "BW2012",
      [...at, "user"],
      `user is for HTTP basic schemes; security scheme "${c.scheme}" is ${kind}`,
    );
  // A text before the value is an API key header's: a bearer token has its own (`Bearer `), a query or cookie value
  // none.
  if (c.prefix !== undefined && placement.type !== "header")
    return ctx.fail(
      "BW2012",
      [...at, "prefix"],
      `prefix is for an API key in a header; security scheme "${c.scheme}" is ${kind}`,
    );
  if (placement.type === "bearer") return { type: "bearer", param: c.param };
  const nameProblem = slotNameProblem(placement.type === "query" ? "query" : "header", placement.name);
  if (nameProblem)
    return ctx.failInDocument("BW2019", ["components", "securitySchemes", c.scheme, "name"], nameProblem);
  // An HTTP scheme of another name takes its name before the credentials (`Authorization: <scheme> <credentials>`).
  const prefix = c.prefix ?? (placement.type === "header" && placement.word ? `${placement.word} ` : undefined);
  if (placement.type === "header")
    return {
      type: "header",
      name: placement.name,
      param: c.param,
      ...(prefix !== undefined ? { prefix } : {}),
      ...(c.encode !== undefined ? { encode: c.encode } : {}),
    };
  return { type: placement.type, name: placement.name, param: c.param };
}

/**
 * The credential a signing way declares: signed with AWS Signature Version 4 (auth.sigv4), or a JWT made for each
 * request with a private key (auth.signedJwt); undefined when it is wrong, null when the way signs nothing.
 */
function linkSigned(ctx: LinkContext, placement: CredentialPlacement, at: Path): CredentialSpec | undefined | null {
  const { auth } = ctx.manifest;
  if (auth.sigv4) return linkAuthSigv4(ctx, auth, auth.sigv4, placement, at);
  if (auth.signedJwt) return linkAuthSignedJwt(ctx, auth, auth.signedJwt, placement, at);
  return null;
}

/** An API key scheme whose header is `Authorization`, where the text sent may be HTTP basic's (auth.password). */
const inAuthorization = (p: CredentialPlacement) => p.type === "header" && p.name.toLowerCase() === "authorization";

/**
 * An API key in `Authorization` whose documentation says HTTP basic with the key as the user name (`Basic
 * base64(key:)`): OpenAPI's apiKey scheme says only the header, so the manifest's `password` says the rest, sent as
 * an HTTP basic scheme's would be. Not beside `user`, `prefix` or `encode`, which would say another text.
 */
function keyAsBasicUser(
  ctx: LinkContext,
  c: ManifestCredential,
  placement: CredentialPlacement,
  kind: string,
  at: Path,
): CredentialSpec | undefined {
  if (!inAuthorization(placement))
    return ctx.fail(
      "BW2012",
      [...at, "password"],
      `password is for HTTP basic schemes whose key is the user name, or an API key in the Authorization header; ` +
        `security scheme "${c.scheme}" is ${kind}`,
    );
  const other = (["user", "prefix", "encode"] as const).find((k) => c[k] !== undefined);
  if (other !== undefined)
    return ctx.fail(
      "BW2012",
      [...at, other],
      `security scheme "${c.scheme}" is an API key in Authorization sent as HTTP basic with the key as the user ` +
        `name (password): ${other} says another text; give password alone`,
      "value",
    );
  return { type: "basic", password: c.password as string, param: c.param };
}

/**
 * `encode` beside a scheme that is no API key in a header: the key encoded alone (`Basic base64(key)`) is an API
 * key's; HTTP basic encodes `user:password` (RFC 7617), a key as the user name said by `password`.
 */
function encodeRefused(ctx: LinkContext, scheme: string, placement: CredentialPlacement, at: Path): undefined {
  return ctx.fail(
    "BW2012",
    [...at, "encode"],
    `encode is for an API key in a header; security scheme "${scheme}" is ` +
      (placement.type === "basic"
        ? `HTTP basic, which sends base64 of user:password: where the key is the user name, give password ("" ` +
          `for an empty one)`
        : placement.type === "bearer"
          ? "a bearer token"
          : `an API key in the ${placement.type}`),
    "value",
  );
}

/**
 * An HTTP basic credential: `user` names the parameter holding the user id beside the secret, or `password` is the
 * fixed text sent after the secret, which is then the user name (`Basic base64(key:)`); one of them.
 */
function linkBasic(ctx: LinkContext, c: ManifestCredential & { scheme: string }, at: Path): CredentialSpec | undefined {
  if (c.user !== undefined && c.password !== undefined)
    return ctx.fail(
      "BW2012",
      [...at, "password"],
      `security scheme "${c.scheme}" is HTTP basic: name the user's parameter in user or give the fixed password ` +
        `sent after the key (the key then the user name), not both`,
      "value",
    );
  if (c.password !== undefined) return { type: "basic", password: c.password, param: c.param };
  if (c.user === undefined)
    return ctx.fail(
      "BW2012",
      [...at, "scheme"],
      `security scheme "${c.scheme}" is HTTP basic: name the parameter holding the user (account) ` +
        `id in user, beside param (the secret), or, where the key is the user name, the fixed password sent after ` +
        `it in password ("" for an empty one)`,
      "value",
    );
  return { type: "basic", user: c.user, param: c.param };
}

/**
 * A credential's parameters: shared ones, `required: false` beside alternatives, the first of a way secret, a basic
 * credential's two apart.
 */
function checkParams(ctx: LinkContext, c: ManifestCredential, at: Path, first: boolean, several: boolean): void {
  const shared = ctx.manifest.params ?? {};
  for (const [role, name] of [
    ["param", c.param],
    ["user", c.user],
  ] as const) {
    if (name === undefined) continue;
    const p = shared[name];
    if (!p)
      ctx.fail("BW2001", [...at, role], `parameter "${name}" must be declared under the shared "params"`, "value");
    else if (several && p.required)
      ctx.fail(
        "BW2012",
        ["params", name, "required"],
        `the credential parameter "${name}" must be required: false when auth.alternatives are declared (a ` +
          `call gives one way to authenticate)`,
        "value",
      );
  }
  if (first && shared[c.param] && !shared[c.param]?.secret)
    ctx.fail("BW2012", ["params", c.param], `the credential parameter "${c.param}" must be marked secret: true`);
  if (c.user !== undefined && c.user === c.param)
    ctx.fail(
      "BW2012",
      [...at, "user"],
      `the user and the secret of an HTTP basic credential are two parameters, got "${c.user}" for both`,
      "value",
    );
}

/** Whether a shared parameter is a credential's (a secret, or a basic credential's user): it is not sent as itself. */
export function isCredentialParam(ctx: LinkContext, name: string): boolean {
  return credentialParams(ctx).has(name);
}

/**
 * The names of the manifest's credential parameters, found once a link: every parameter of every tool asks
 * (isCredentialParam, twice), and listing the auth's ways for each was a sixth of what the link of a synthetic
 * provider's parameters allocated (docs/contributing/performance.md, scale12).
 */
const credentialNames = new WeakMap<LinkContext, Set<string>>();
function credentialParams(ctx: LinkContext): Set<string> {
  let names = credentialNames.get(ctx);
  if (names) return names;
  const { manifest } = ctx;
  const { auth } = manifest;
  names = new Set([...sigv4Params(auth), ...signedJwtParams(auth)]);
  // A signing region's parameter is sent only in the signature, unless it fills a server variable (sent there).
  const regionParam = auth.sigv4?.regionParam;
  if (regionParam !== undefined && !Object.values(manifest.server.variables ?? {}).includes(regionParam))
    names.add(regionParam);
  for (const way of manifestWays(auth))
    for (const { credential } of way.credentials) {
      names.add(credential.param);
      if (credential.user !== undefined) names.add(credential.user);
    }
  credentialNames.set(ctx, names);
  return names;
}

/**
 * The ways of `auth` an operation accepts: those whose schemes are one of
 * its security requirements (all of them when it declares none; an empty
 * one, authentication optional, accepts no credential). Undefined when it
 * accepts none.
 */
export function acceptedAuth(ctx: LinkContext, auth: AuthSpec, op: OpenApiOperation): AuthSpec | undefined {
  const accepted = acceptedWays(ctx, auth, op);
  // Each way's other places (alsoSends): those this operation declares.
  return accepted && sentWhereDeclared(ctx, accepted, op);
}

function acceptedWays(ctx: LinkContext, auth: AuthSpec, op: OpenApiOperation): AuthSpec | undefined {
  const requirements = op.requirements;
  const ways = authWays(auth);
  // A credential of the address (auth.variable), or of other places alone (no scheme), is one no requirement of the
  // document can name: every operation takes it.
  if (!requirements || ctx.manifest.auth.variable !== undefined || ctx.manifest.auth.scheme === undefined) return auth;
  const key = (names: readonly string[]) => [...names].sort().join("\u0000");
  const accepted = new Set(requirements.map(key));
  const kept = manifestWays(ctx.manifest.auth).flatMap((w, i) =>
    accepted.has(key(wayScheme(w))) ? [ways[i] as AuthWay] : [],
  );
  const [first, ...alternatives] = kept;
  if (!first) return undefined;
  return { ...first, ...(alternatives.length ? { alternatives } : {}) };
}

/** A security requirement in words: `A`, or `A + B` for schemes required together. */
export function requirementWords(names: readonly string[]): string {
  return names.join(" + ") || "none (optional)";
}

/** The auth a tool carries: the linked one, or (when linking failed, and the IR is not used) a bearer placeholder. */
export function authOf(ctx: LinkContext, auth: AuthSpec | undefined): AuthSpec {
  return auth ?? { type: "bearer", param: ctx.manifest.auth.param };
}

/**
 * The slots the credentials take, as wire.ts's SlotSender (not imported: wire.ts asks here which parameters are
 * credentials); a cookie is no slot a parameter sends.
 */
export function credentialSender(
  ctx: LinkContext,
  auth: AuthSpec | undefined,
): { in: "header" | "query"; name: string; who: string; at: Path }[] {
  if (!auth) return [];
  const who = `the credential (auth.scheme ${ctx.manifest.auth.scheme})`;
  const also = authWays(auth).flatMap((w) => w.alsoSends ?? []);
  return [
    ...authSlots(auth).flatMap((slot) =>
      slot.in === "cookie" || slot.in === "path" ? [] : [{ in: slot.in, name: slot.name, who, at: ["auth", "scheme"] }],
    ),
    // Its other places (alsoSends) in the query or a header: no parameter or constant may send there too.
    ...also.flatMap((p) =>
      p.in === "body"
        ? []
        : [{ in: p.in, name: p.name, who: `the credential (auth.alsoSends)`, at: ["auth", "alsoSends"] }],
    ),
  ];
}

/**
 * Placement of the credentials as users configure them: `bearer`, `basic`, `header:X-Api-Key`, `query:key`,
 * `cookie:session`; `+` joins credentials sent together, ` | ` alternatives; ` also body:key` the other places a way's
 * first credential goes (alsoSends); `only body:auth/hash`, a credential no scheme places, sent there alone.
 */
export function authPlacement(auth: AuthSpec): string {
  return authWays(auth)
    .map((w) =>
      w.type === "places"
        ? `only ${(w.alsoSends ?? []).map(placeWords).join(", ")}`
        : wayCredentials(w).map(placementWords).join(" + ") +
          (w.alsoSends ? ` also ${w.alsoSends.map(placeWords).join(", ")}` : ""),
    )
    .join(" | ");
}

/**
 * One credential's placement: `bearer`, `basic`, `header:X-Api-Key`, `header:Authorization "Token "` (with its prefix),
 * `query:key`, `cookie:session`.
 */
export function placementWords(c: CredentialPlacement | CredentialSpec): string {
  if (c.type === "bearer" || c.type === "basic" || c.type === "places") return c.type;
  // A signature's scope and key id: a change of any is a credential configured anew.
  if (c.type === "sigv4")
    return (
      `sigv4:${c.service}/${c.region ?? `{${c.regionParam ?? ""}}`} ${c.user}` +
      `${c.sessionToken !== undefined ? ` + ${c.sessionToken}` : ""}`
    );
  if (c.type === "signedJwt") return `signedJwt:${c.alg} ${c.header} ${JSON.stringify(Object.keys(c.claims))}`;
  const prefix = "prefix" in c && c.prefix !== undefined ? ` ${JSON.stringify(c.prefix)}` : "";
  const encode = "encode" in c && c.encode !== undefined ? ` ${c.encode}` : "";
  return `${c.type}:${c.name}${prefix}${encode}`;
}

/** Where the credential goes, and the parameter holding it: users configure both. */
export const authSurface: ProviderEntry<{ placement: string; param: string }, "placementChanged" | "paramRenamed"> = {
  scope: "provider",
  subject: "auth",
  legacy: true,
  changes: {
    placementChanged: { level: "breaking", rule: "credential placement changed" },
    paramRenamed: { level: "breaking", rule: "credential parameter renamed" },
  },
  record: (ir) => ({ auth: { placement: authPlacement(ir.auth), param: ir.auth.param } }),
  read: (s) => s.auth,
  diff(a, b, report) {
    if (!a || !b) return;
    if (a.placement !== b.placement) report("placementChanged", { from: a.placement, to: b.placement });
    if (a.param !== b.param) report("paramRenamed", { from: a.param, to: b.param });
  },
};
