// `auth.signedJwt`: every request carries a JWT made for it and signed with the caller's private key, whose claims
// bind it to the request (its path and query, a hash of its body's bytes, a fresh nonce, a short life, the key's
// subject). A key sent as it is would be refused by the API; a JWT made once would be refused for every request but
// the one it was made for. `param` is the private key (PEM text); the JWT goes where the scheme puts its credential
// (a bearer token, or an apiKey header's value after `prefix`), and the runtime makes one each attempt and page
// (runtime/call/signed-jwt/sign-jwt.ts).
import type { CredentialSpec } from "@blockwright/runtime/internal";
import type { CredentialPlacement } from "../../load/openapi-document.js";
import type { ManifestAuth } from "../../load/precompiled/manifest-types.js";
import { type LinkContext, type Path, refuseNotWith } from "../context.js";

/** The fields of `auth` a signed JWT does not take: it is one key, signing one way. */
const NOT_WITH = ["alternatives", "user", "password", "encode", "variable", "flows", "sigv4"] as const;

type SignedJwt = NonNullable<ManifestAuth["signedJwt"]>;

/** The parameters `auth.signedJwt` names besides the private key: its subject's (a shared parameter). */
export function signedJwtParams(auth: ManifestAuth): string[] {
  const sub = auth.signedJwt?.claims.sub;
  return sub === undefined ? [] : [sub];
}

/**
 * The credential `auth.signedJwt` declares for `scheme`, whose placement is `placement`: undefined (with each problem
 * reported) when the scheme puts its credential elsewhere than a header, a field that does not go with it is given,
 * or its subject's parameter is not a shared one other than the key.
 */
export function linkAuthSignedJwt(
  ctx: LinkContext,
  auth: ManifestAuth,
  jwt: SignedJwt,
  placement: CredentialPlacement,
  at: Path,
): CredentialSpec | undefined {
  let ok = refuseNotWith(
    ctx,
    auth,
    NOT_WITH,
    at,
    "a signed JWT (auth.signedJwt): it is one private key, signing one way",
  );
  const problem = (path: Path, message: string, what?: "value") => {
    ctx.fail("BW2012", path, message, what);
    ok = false;
  };
  if (placement.type !== "bearer" && placement.type !== "header")
    problem(
      [...at, "scheme"],
      `security scheme "${auth.scheme}" puts its credential in the ${placement.type}` +
        `${"name" in placement ? ` ${placement.name}` : ""}; auth.signedJwt sends the JWT in a header ` +
        `(an http bearer scheme, or an apiKey scheme in: header)`,
      "value",
    );
  if (auth.prefix !== undefined && placement.type === "bearer")
    problem([...at, "prefix"], `prefix is for an API key in a header; a bearer scheme sends "Bearer <jwt>"`);
  const sub = jwt.claims.sub;
  const shared = ctx.manifest.params ?? {};
  const subAt = [...at, "signedJwt", "claims", "sub"];
  if (sub !== undefined && sub === auth.param)
    problem(subAt, `"${sub}" is the private key (auth.param): the JWT's subject must never carry it`, "value");
  else if (sub !== undefined && !shared[sub])
    problem(subAt, `parameter "${sub}" must be declared under the shared "params"`, "value");
  else if (sub !== undefined && shared[sub]?.type !== undefined && shared[sub]?.type !== "string")
    problem(["params", sub, "type"], `the subject parameter "${sub}" must be a string, got ${shared[sub]?.type}`);
  const key = shared[auth.param];
  if (key && !key.secret)
    problem(["params", auth.param], `the private key parameter must be marked secret: true (auth.signedJwt)`);
  if (!ok) return undefined;
  const claims = jwt.claims;
  return {
    type: "signedJwt",
    param: auth.param,
    alg: jwt.alg,
    claims: {
      ...(claims.uri ? { uri: true } : {}),
      ...(claims.bodyHash ? { bodyHash: true } : {}),
      ...(claims.nonce ? { nonce: true } : {}),
      ...(claims.iat ? { iat: true } : {}),
      exp: claims.exp,
      ...(claims.sub !== undefined ? { sub: claims.sub } : {}),
    },
    header: placement.type === "header" ? placement.name : "Authorization",
    prefix: placement.type === "header" ? (auth.prefix ?? "") : "Bearer ",
  };
}
