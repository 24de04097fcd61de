// A credential no scheme places: the document declares no security scheme and takes its key only as a field of the
// request (a JSON body's `auth.hash` on every operation). The manifest's auth names neither `scheme` nor `variable`,
// its `alsoSends` alone saying where the credential goes; the runtime sends it there and nowhere else (no header a
// scheme would add: a secret sent where the document does not put it is one more place it can leak from).
import type { AuthSpec, CredentialSpec } from "@blockwright/runtime/internal";
import type { ManifestAuth } from "../../load/precompiled/manifest-types.js";
import { type LinkContext, type Path, refuseNotWith } from "../context.js";

/** The fields of `auth` a credential of other places alone does not take: one credential, sent at those places. */
const NOT_WITH = [
  "also",
  "alternatives",
  "user",
  "password",
  "prefix",
  "encode",
  "flows",
  "sigv4",
  "signedJwt",
] as const satisfies readonly (keyof ManifestAuth)[];

/** The credential `auth.alsoSends` alone places (CredentialSpec `places`); undefined, its problem reported, else. */
export function linkPlacesOnly(ctx: LinkContext, auth: ManifestAuth, at: Path): CredentialSpec | undefined {
  const ok = refuseNotWith(
    ctx,
    auth,
    NOT_WITH,
    at,
    "a credential sent only at its other places (auth.alsoSends, no scheme): one credential, sent there only",
  );
  return ok ? { type: "places", param: auth.param } : undefined;
}

/**
 * Whether the operation's tool carries a credential of other places alone (auth.alsoSends, no scheme) and declares
 * none of them: it takes no credential, as one whose security is `[]` (the document asks none of it).
 */
export function placesNone(auth: AuthSpec | undefined): boolean {
  return auth?.type === "places" && !auth.alsoSends;
}
