// A bearer scheme the document describes as a JWT signed per request with the caller's private key, whose claims
// bind it to the request (it names `uri` and `bodyHash`), drafted as auth.signedJwt: that scheme's credential first,
// its parameter the private key (PEM text), the API key the same requirement sends beside it in `also` and the JWT's
// subject where the words say `sub`; the algorithm and lifetime as the words give them, else guessed and said so.
// Without those words a JWT bearer scheme stays a token a caller gives (one issued by a login, say).
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import type { CredentialDraft, DraftCredential, SignedJwtDraft } from "../credential-draft.js";

/** The private key's parameter. */
const KEY_PARAM = "privateKey";

/** The scheme's words: its description (and bearerFormat). */
function wordsOf(c: Pick<DraftCredential, "definition">): string {
  const d = c.definition;
  return [d.bearerFormat, d.description].filter((w): w is string => typeof w === "string").join(" ");
}

/**
 * Whether a scheme is one withSignedJwt drafts as auth.signedJwt (an HTTP bearer whose words say a JWT signed per
 * request), which takes no alternatives.
 */
export function signsJwt(definition: Record<string, unknown>): boolean {
  return (
    definition.type === "http" &&
    /^bearer$/i.test(String(definition.scheme)) &&
    describesSignedJwt(wordsOf({ definition }))
  );
}

/** Whether a scheme's words say a JWT signed per request with a private key, bound to it by `uri` and `bodyHash`. */
function describesSignedJwt(words: string): boolean {
  return (
    /\b(JWT|JSON Web Token)s?\b/i.test(words) &&
    /\bsign(ed|s)?\b/i.test(words) &&
    /\bprivate key\b/i.test(words) &&
    /\b(per|each|every) request\b/i.test(words) &&
    /\buri\b/.test(words) &&
    /\bbodyHash\b/.test(words)
  );
}

/**
 * The credential with its one way's per-request JWT scheme first, its parameter the private key, when a bearer
 * scheme's words say so; as it was otherwise.
 */
export function withSignedJwt(credential: CredentialDraft): CredentialDraft & { signedJwt?: SignedJwtDraft } {
  const [way, ...others] = credential.ways;
  if (!way || others.length || credential.address || credential.sigv4) return credential;
  const at = way.findIndex((c) => c.placement.type === "bearer" && describesSignedJwt(wordsOf(c)));
  const jwt = way[at];
  if (!jwt) return credential;
  const words = wordsOf(jwt);
  const rest = way.filter((_, i) => i !== at);
  const guessed: string[] = [];
  const alg = /\bRS256\b/.test(words) ? "RS256" : /\bES256\b/.test(words) ? "ES256" : undefined;
  if (!alg) guessed.push("alg ES256 (the words name neither RS256 nor ES256)");
  const seconds = /\bexp\b[^.]*?\b(\d{1,4})\s*(s|sec|secs|seconds)\b/i.exec(words)?.[1];
  if (seconds === undefined) guessed.push("exp 30 seconds (the words give no lifetime)");
  const sub = /\bsub\b/.test(words) ? rest[0]?.param : undefined;
  const signedJwt: SignedJwtDraft["signedJwt"] = {
    alg: alg ?? "ES256",
    claims: {
      uri: true,
      bodyHash: true,
      ...(/\bnonce\b/.test(words) ? { nonce: true } : {}),
      ...(/\biat\b/.test(words) ? { iat: true } : {}),
      exp: Math.min(3600, Math.max(1, Number(seconds ?? 30))),
      ...(sub !== undefined ? { sub } : {}),
    },
  };
  const key = { ...jwt, param: KEY_PARAM };
  return {
    ...credential,
    scheme: key.scheme,
    param: KEY_PARAM,
    placement: key.placement,
    definition: key.definition,
    ways: [[key, ...rest]],
    // The note quotes the description alone (the words read put bearerFormat before it).
    signedJwt: { signedJwt, guessed, words: String(jwt.definition.description ?? words) },
  };
}

/** The parameters drafted for a credential, with their review notes. */
interface DraftedParams {
  params: Record<string, ManifestParam>;
  notes: { name: string; note: string }[];
}

/**
 * The parameters drafted, with a per-request JWT's private key (auth.signedJwt) as its parameter: secret PEM text
 * (longer than a token's 2048 characters), never sent, its note in place of a token's; as they are without one.
 */
export function withPrivateKeyParam(credential: CredentialDraft, drafted: DraftedParams): DraftedParams {
  if (!credential.signedJwt) return drafted;
  const { params, notes } = drafted;
  params[credential.param] = {
    type: "string",
    title: "Private key",
    required: true,
    secret: true,
    maxLength: 8192,
    description:
      `The private key (PKCS #8 PEM text, -----BEGIN PRIVATE KEY-----) that signs each request's JWT ` +
      `(security scheme ${credential.scheme}); never sent, only the JWT is.`,
  };
  const note = { name: credential.param, note: "the private key as PKCS #8 PEM text: never sent" };
  const i = notes.findIndex((n) => n.name === credential.param);
  notes.splice(i >= 0 ? i : notes.length, i >= 0 ? 1 : 0, note);
  return drafted;
}

/** The review notes of a drafted auth.signedJwt: what the words said, and what was guessed. */
export function signedJwtNotes(draft: SignedJwtDraft, notes: ReviewNote[]): void {
  const quoted = JSON.stringify(draft.words.length > 240 ? `${draft.words.slice(0, 239)}…` : draft.words);
  notes.push({
    at: ["auth", "signedJwt"],
    note:
      `drafted from the scheme's words, a JWT signed per request with a private key and bound to it: ${quoted}; ` +
      `check the claims against the API's documentation` +
      (draft.guessed.length ? `; guessed: ${draft.guessed.join(", ")}` : ""),
  });
}
