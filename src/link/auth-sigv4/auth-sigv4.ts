// `auth.sigv4`: every request signed with AWS Signature Version 4. The document says so in its own words (an apiKey
// scheme in the `Authorization` header, `x-amazon-apigateway-authtype: awsSigv4`), which a key sent as it is would
// only pretend to meet: AWS refuses a request whose Authorization is the secret itself. `param` is the secret access
// key; the access key id, an optional session token and the region (fixed, or a parameter's: a server variable's)
// are named here, and the runtime signs each attempt (runtime/call/request-signing.ts).
import type { CredentialSpec } from "@blockwright/runtime/internal";
import type { CredentialPlacement } from "../../load/openapi-document.js";
import type { ManifestAuth } from "../../load/precompiled/manifest-types.js";
import { type LinkContext, type Path, refuseNotWith } from "../context.js";

/** The fields of `auth` a signed credential does not take: it is one credential, signed one way. */
const NOT_WITH = ["also", "alternatives", "user", "prefix", "variable", "flows"] as const;

type Sigv4 = NonNullable<ManifestAuth["sigv4"]>;

/** The parameters `auth.sigv4` names besides the secret key: each a shared parameter (the parameters' own link). */
export function sigv4Params(auth: ManifestAuth): string[] {
  const s = auth.sigv4;
  if (!s) return [];
  return [s.accessKeyId, ...(s.sessionToken !== undefined ? [s.sessionToken] : [])];
}

/**
 * The signed credential `auth.sigv4` declares for `scheme`, whose placement is `placement`: undefined (with each
 * problem reported) when the scheme is not the Authorization header's, a field that does not go with it is given, or a
 * parameter it names is not a shared one of the right kind.
 */
export function linkAuthSigv4(
  ctx: LinkContext,
  auth: ManifestAuth,
  sigv4: Sigv4,
  placement: CredentialPlacement,
  at: Path,
): CredentialSpec | undefined {
  let ok = refuseNotWith(
    ctx,
    auth,
    NOT_WITH,
    at,
    "a signed credential (auth.sigv4): it is one credential, signed one way",
  );
  const problem = (path: Path, message: string, what?: "value") => {
    ctx.fail("BW2012", path, message, what);
    ok = false;
  };
  if (placement.type !== "header" || placement.name.toLowerCase() !== "authorization")
    problem(
      [...at, "scheme"],
      `security scheme "${auth.scheme}" puts its credential in the ${placement.type}` +
        `${"name" in placement ? ` ${placement.name}` : ""}; auth.sigv4 signs into the Authorization header ` +
        `(an apiKey scheme in: header, name: Authorization, as AWS documents declare it)`,
      "value",
    );
  const shared = ctx.manifest.params ?? {};
  const sig = [...at, "sigv4"];
  const roles = [
    ["accessKeyId", sigv4.accessKeyId],
    ["sessionToken", sigv4.sessionToken],
    ["regionParam", sigv4.regionParam],
  ] as const;
  for (const [role, name] of roles) {
    if (name === undefined) continue;
    const p = shared[name];
    if (!p) {
      problem([...sig, role], `parameter "${name}" must be declared under the shared "params"`, "value");
      continue;
    }
    if (name === auth.param)
      problem([...sig, role], `"${name}" is the secret access key (auth.param); ${role} names another`, "value");
    if (p.type !== undefined && p.type !== "string")
      problem(["params", name, "type"], `the ${role} parameter "${name}" must be a string, got ${p.type}`, "value");
  }
  const token = sigv4.sessionToken === undefined ? undefined : shared[sigv4.sessionToken];
  if (token && !token.secret)
    problem(["params", sigv4.sessionToken as string], `the session token parameter must be marked secret: true`);
  if (token?.required)
    problem(
      ["params", sigv4.sessionToken as string, "required"],
      `the session token parameter must be required: false (only temporary credentials have one)`,
      "value",
    );
  if (!ok) return undefined;
  return {
    type: "sigv4",
    param: auth.param,
    user: sigv4.accessKeyId,
    ...(sigv4.sessionToken !== undefined ? { sessionToken: sigv4.sessionToken } : {}),
    service: sigv4.service,
    ...(sigv4.region !== undefined ? { region: sigv4.region } : {}),
    ...(sigv4.regionParam !== undefined ? { regionParam: sigv4.regionParam } : {}),
  };
}
