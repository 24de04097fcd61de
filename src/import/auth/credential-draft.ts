// What `add` drafts a credential as: the ways to authenticate, each the
// credentials one security requirement needs together, where the runtime
// sends each, the scheme a document that declares none gets, and the notes
// a person should check (credential.ts drafts it, credential-params.ts turns
// it into the manifest's auth and parameters).
import type { CredentialPlacement } from "../../load/security-schemes.js";
import type { addressCredential } from "../shapes/address-credential.js";
import type { TokenBody } from "../shapes/client-credentials.js";
import type { DocumentedEncoding } from "./keys/key-encoding.js";
import type { DocumentedPrefix } from "./keys/key-prefix.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import type { ValueFormat } from "@blockwright/runtime/internal";
import { valueFormatOf } from "../../model/format-aliases.js";

type Json = Record<string, unknown>;

/**
 * Where the runtime sends one credential: where a scheme puts it, a variable of the address (auth.variable), or only
 * its other places (`places`: auth.alsoSends, no scheme).
 */
export type DraftPlacement = CredentialPlacement | { type: "path"; name: string } | { type: "places" };

/** One credential of a drafted way: its scheme, where it goes, and its parameter(s). */
export interface DraftCredential {
  scheme: string;
  placement: DraftPlacement;
  definition: Json;
  param: string;
  /** HTTP basic: the parameter holding the user id. */
  user?: string;
  /** HTTP basic whose user name its description or the scheme's name calls a key (no password said): why; secret. */
  userKey?: string;
  /** HTTP basic whose user name is the key: the fixed password sent after it, and the description's words saying so. */
  password?: { text: string; words: string; where?: string };
  /** An API key in a header: the text the document shows before it (key-prefix.ts), and where it was read. */
  prefix?: DocumentedPrefix;
  /** An API key in a header sent as its base64 (key-encoding.ts), and where that was read. */
  encode?: DocumentedEncoding;
  /** One of several keys the alternatives offer, each a way alone: its title says where it goes. */
  amongKeys?: true;
}

/** The key parameter drafted as a way of its own: its added scheme, its place, the words read, why. */
export interface ParameterKey {
  scheme: string;
  in: "header" | "query";
  name: string;
  words: string;
  /** The parameter's words say it is an alternative, or the declared schemes are OAuth a person's browser meets. */
  why: "alternative" | "interactive";
}

export interface CredentialDraft {
  /** The first way's first scheme: its key in components.securitySchemes. */
  scheme: string;
  /** The manifest's (first) credential parameter. */
  param: string;
  /** Where the runtime sends it. */
  placement: DraftPlacement;
  /** The scheme itself (as the document has it, or as added). */
  definition: Json;
  /** The scheme is not in the document: add it to the cut. */
  added: boolean;
  /** The ways drafted, the first first: each the credentials one security requirement needs together. */
  ways: DraftCredential[][];
  /**
   * A call may leave the credential out (sent when given, none when not): every operation drafted may be called
   * without one, as its security's `{}` says, or as the cut's added scheme says for a key the document leaves optional
   * or a document that declares no scheme.
   */
  optional?: boolean;
  /** What a person should check about it. */
  notes: string[];
  /**
   * The document's parameters and form fields that repeat the credential (`token`), found while drafting them:
   * auth.covers.
   */
  covers: Set<string>;
  /**
   * The document's required parameters and body fields of a way's first credential's own name at another place than
   * its scheme's (a query key `key` and a form field `key`), keyed by way, place and name: that way's auth.alsoSends
   * (`way` its index in `ways`: 0 the auth itself, else an alternative), the credential sent there too; the place's
   * lengths, which bound the credential's.
   */
  alsoSends?: Map<string, SentAgain>;
  /**
   * The whole document's POST operations with a body: its token endpoint described as an operation, read by a client
   * credentials flow whose token URL is one of them.
   */
  tokenBodies?: TokenBody[];
  /**
   * Operations whose security requirements the runtime can meet none of, each with what they accept (`getLink
   * (zqAuth: http digest)`): add refuses them, as generate would.
   */
  unmet?: string[];
  /** The ids of those operations (operationRef), in the same order. */
  unmetIds?: string[];
  /**
   * The document declares no scheme and its request bodies carry the key (places-only-draft.ts): auth.alsoSends alone,
   * no scheme added.
   */
  placesOnly?: true;
  /**
   * Of a places-only credential, the places the first draft found it sent at (`query:api_key`): a parameter there an
   * operation leaves optional is that place again, not a parameter the credential only stands for (auth.covers).
   */
  keyPlaces?: ReadonlySet<string>;
  /**
   * The document declares no scheme, and the body fields named as a key that the first draft found are required by
   * too few of its operations to be its requests' key (keys/key-share.ts): each is its operation's own input.
   */
  fieldsNotTheKey?: true;
  /**
   * The document declares no scheme and its operations take the `Authorization` header as a parameter
   * (keys/authorization-header.ts): the added bearer token is the document's word, never drafted again places-only.
   */
  authorizationDeclared?: true;
  /** The credential is a variable of the server's path (shapes/address-credential.ts): auth.variable, no scheme. */
  address?: AddressCredential;
  /** The scheme signs with AWS Signature Version 4 (sigv4-draft.ts): auth.sigv4, its service found. */
  sigv4?: Sigv4Draft;
  /** A bearer scheme whose words say a JWT signed per request (signed-jwt-draft.ts): auth.signedJwt. */
  signedJwt?: SignedJwtDraft;
  /**
   * Every apiKey scheme the published document declares (the cut keeps only those its operations name): a parameter
   * at one's place that the drafted credential does not cover is another credential (draft/secrets/keep-secret.ts).
   */
  declaredKeys?: DeclaredKey[];
  /**
   * The fields of the published document's answers it calls a token for later calls (a sign-in's `uid`): a parameter
   * of that name is that credential, drafted secret (draft/secrets/keep-secret.ts).
   */
  answerTokens?: AnswerToken[];
  /**
   * The key fields every request body of the document has, the document declaring no scheme (answer-tokens.ts): a
   * body field of that name is the API's key, drafted secret.
   */
  bodyKeys?: string[];
  /**
   * A key the operations take as a parameter beside the declared schemes, drafted as a way of its own, its scheme
   * added to the cut (requirements/parameter-alternatives.ts).
   */
  parameterKey?: ParameterKey;
}

/**
 * An answer's field handed out as a token for later calls: its name, the first operation answering it, every one that
 * does (`METHOD /path`), its words.
 */
export interface AnswerToken {
  name: string;
  from: string;
  by: string[];
  words: string;
}

/** A declared apiKey scheme: its name, and the header, query or cookie parameter it sends its key in. */
export interface DeclaredKey {
  scheme: string;
  in: string;
  name: string;
}

/** What the draft knows of a signed credential (sigv4-draft.ts) before the server is drafted. */
export interface Sigv4Draft {
  service: string;
  /** How the service was found: the document's signing name, or guessed from the host. */
  serviceFrom: "signingName" | "host" | "none";
}

/** What the draft read of a per-request JWT (signed-jwt-draft.ts): the manifest's auth.signedJwt, what it guessed. */
export interface SignedJwtDraft {
  signedJwt: NonNullable<Manifest["auth"]["signedJwt"]>;
  guessed: string[];
  /** The scheme's words the draft read, quoted in the review note. */
  words: string;
}

export type AddressCredential = NonNullable<ReturnType<typeof addressCredential>>;

/** The name under which a scheme is added to a document that declares none. */
export const ADDED_SCHEME = "bearerAuth";
/** The name of the scheme added for a key the operations take as a parameter of their own (key-parameter.ts). */
export const ADDED_KEY_SCHEME = "apiKeyAuth";

/** An identifier rather than a secret, by its name: a client or account id, a user name, an email, a version. */
export const NOT_SECRET = /(^|[-_.]|[a-z])(id|user(name)?|email|account|version)$/i;

/** A place a way's first credential is sent at too (auth.alsoSends), and the lengths the document gives it there. */
export interface SentAgain {
  way: number;
  /** Which of the way's credentials (0 its first; another is drafted first). */
  credential: number;
  /** A parameter or top-level body field by its name; a field inside an object of a JSON body by its path. */
  place: { in: "body" | "query" | "header"; name: string } | { in: "body"; path: string[] };
  maxLength?: number;
  minLength?: number;
  /** The place's format, where the manifest names it (`uuid`: a key that is a UUID, a body's `ApiKey`). */
  format?: ValueFormat;
}

/** What a place the credential is sent at too says of its value: its lengths and format, as the document gives them. */
export interface PlaceLimits {
  maxLength?: unknown;
  minLength?: unknown;
  format?: unknown;
}

/** A place's limits as SentAgain keeps them: those of their kind, a format only where the manifest names it. */
export function sentLimits(limits: PlaceLimits | undefined): Pick<SentAgain, "maxLength" | "minLength" | "format"> {
  const format = valueFormatOf(limits?.format);
  return {
    ...(typeof limits?.maxLength === "number" ? { maxLength: limits.maxLength } : {}),
    ...(typeof limits?.minLength === "number" ? { minLength: limits.minLength } : {}),
    ...(format ? { format } : {}),
  };
}

/**
 * Registers a place the first way's first credential is sent at too (auth.alsoSends), keyed as draftAlsoSends reads the
 * places: a document's only key found in the requests' own fields (a body's, or a parameter too few operations declare
 * to be a scheme's place).
 */
export function sendFirstKeyAt(credential: CredentialDraft, place: SentAgain["place"], limits?: PlaceLimits): void {
  const where = "path" in place ? place.path.join("/") : place.name;
  (credential.alsoSends ??= new Map()).set(`0:${place.in}:${where}`, {
    way: 0,
    credential: 0,
    place,
    ...sentLimits(limits),
  });
}
