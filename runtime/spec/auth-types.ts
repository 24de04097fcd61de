// How a generated tool authenticates: its credentials and where each goes, the ways it may combine them, and the
// OAuth 2 flows its access token may come from (part of the tool's shape, tool-types.ts, which exports them too).

/**
 * One credential and where it goes: a bearer token; an API key in a header (`prefix`: the text the API wants before
 * it, `Token `; `encode: "base64"`: the base64 of the key's UTF-8 text sent, after the prefix), the query or a
 * cookie; `path`, its `{name}` variable of the address (`/bot{token}`), one segment, percent-encoded but for the
 * unreserved characters as an operation's path parameter is (`pchar`: `:` and `@` sent as they are, as RFC 3986 lets
 * a segment hold them: a variable of the server's path, which no parameter's style governs, or a parameter that
 * allows reserved characters; `/`, `?` and `#` are always encoded); or HTTP basic, `user` naming the parameter holding
 * the user id and `param` the secret (`Basic base64(user:secret)`), or `password`, a fixed text (often empty) sent as
 * the password, the secret `param` then the user name (`Basic base64(secret:password)`); or `sigv4`, every request
 * signed with AWS Signature Version 4 (SigV4Spec), `param` the secret access key; or `signedJwt`, every request
 * carrying a JWT bound to it and signed with the caller's private key (SignedJwtSpec), `param` the private key; or
 * `places`, a credential no scheme places (a document that declares none, its key a body field every request carries):
 * sent only at its way's other places (`alsoSends`), nowhere else.
 */
export type CredentialSpec = (
  | { type: "bearer" }
  | { type: "header"; name: string; prefix?: string; encode?: "base64" }
  | { type: "query" | "cookie"; name: string }
  | { type: "path"; name: string; pchar?: true }
  | { type: "basic"; user: string }
  | { type: "basic"; password: string }
  | { type: "places" }
  | SigV4Spec
  | SignedJwtSpec
) & { param: string };

/**
 * A request signed with AWS Signature Version 4 (`Authorization: AWS4-HMAC-SHA256 …`, `X-Amz-Date`) just before each
 * attempt is sent (call/request-signing.ts): `user` names the parameter holding the access key id (who signs, as a
 * basic credential's user is who authenticates: credentialOfParam finds both alike), `sessionToken` the
 * secret one holding a temporary session token (sent as `X-Amz-Security-Token`), `service` the signing name, and the
 * region is `region` or the value of the parameter `regionParam` (a server variable's, say), one of them.
 */
export interface SigV4Spec {
  type: "sigv4";
  user: string;
  sessionToken?: string;
  service: string;
  region?: string;
  regionParam?: string;
}

/**
 * A JWT made for each attempt just before it is sent (call/signed-jwt/sign-jwt.ts), signed `alg` with the private key
 * `param` holds (PKCS #8 PEM text), whose claims bind it to the request: `uri` the path and query sent, `bodyHash` the
 * SHA-256 hex of the body's bytes sent, `nonce` a fresh random text, `iat` the time it was made, `exp` that time plus
 * `claims.exp` seconds, `sub` the value of the parameter `claims.sub` names. It goes in the header `header` after
 * `prefix` (`Authorization: Bearer <jwt>`).
 */
export interface SignedJwtSpec {
  type: "signedJwt";
  alg: "RS256" | "ES256";
  claims: SignedJwtClaims;
  header: string;
  prefix: string;
}

/** The claims a request's JWT carries (SignedJwtSpec): those marked true, `exp` seconds after `iat`, `sub`'s value. */
export interface SignedJwtClaims {
  uri?: true;
  bodyHash?: true;
  nonce?: true;
  iat?: true;
  exp: number;
  sub?: string;
}

/**
 * One way to authenticate (one security requirement): a credential, and `also` those sent with it (a combination, such
 * as a key header and a secret header, all required); `alsoSends`, the other places its first credential goes.
 */
export type AuthWay = CredentialSpec & { also?: CredentialSpec[]; alsoSends?: CredentialPlace[] };

/**
 * Another place a way's first credential goes on a request besides its scheme's (the manifest's `auth.alsoSends`): a
 * top-level body field (by its JSON pointer), a query parameter or a header the operation requires it at. The same
 * value, given once; a secret's, withheld like the credential. The shape of a page's target (tool-types.ts
 * PageTarget), which the one placer writes (build-request.ts placeAt).
 */
export type CredentialPlace = { in: "query" | "header"; name: string } | { in: "body"; pointer: string };

/**
 * How a tool authenticates: its first way, and `alternatives` a call may give instead (a personal token or an OAuth 2
 * token); a call uses the first way whose parameters are all given (http/credentials.ts).
 */
export type AuthSpec = AuthWay & { alternatives?: AuthWay[] };

/**
 * An OAuth 2 grant that obtains the access token (manifest `auth.flows`). The
 * fields ending in a role (`clientId`, `clientSecret`, `refreshToken`,
 * `subject`, `privateKey`) name the parameters holding those values;
 * `tokenUrl`'s `{param}` placeholders (path only: its origin is fixed) name
 * pattern-checked parameters. `audience` (jwtBearer) chooses the assertion's
 * `aud` (flows.ts `audienceOf`); without it, the origin of the token URL in use.
 */
export type OAuthFlowSpec = (
  | {
      grant: "clientCredentials";
      tokenUrl: string;
      scope?: string;
      clientId: string;
      clientSecret: string;
      clientAuth?: ClientAuth;
    }
  | {
      grant: "refreshToken";
      tokenUrl: string;
      scope?: string;
      clientId: string;
      clientSecret?: string;
      clientAuth?: ClientAuth;
      refreshToken: string;
    }
  | {
      grant: "jwtBearer";
      tokenUrl: string;
      scope?: string;
      clientId: string;
      subject: string;
      privateKey: string;
      audience?: JwtAudienceSpec;
    }
) & {
  /**
   * The lifetime in seconds of a token whose answer has no `expires_in`, as the provider documents it (default
   * DEFAULT_TOKEN_LIFETIME_S).
   */
  defaultExpiresIn?: number;
  /**
   * Fixed form fields every token request carries beside the grant's own (`audience`: an authorization server serving
   * several APIs issues a token for the one it names); never a grant's own field (the link refuses one).
   */
  tokenFields?: Record<string, string>;
  /**
   * `json`: the token request is one JSON object of its fields, for an endpoint whose document takes no form; default
   * the form RFC 6749 says.
   */
  tokenFormat?: "form" | "json";
  /**
   * The media type a JSON token request is sent as: the JSON type the document's own operation at the token URL takes
   * (a vendor's `+json`), set by the link; default `application/json`.
   */
  tokenMediaType?: string;
};

export type OAuthGrant = OAuthFlowSpec["grant"];

/**
 * How a token request authenticates the client (RFC 6749 §2.3.1): `basic`, an `Authorization: Basic` header of the
 * form-encoded id and secret; `body` (the default), the form fields `client_id` and `client_secret`.
 */
export type ClientAuth = "basic" | "body";

/**
 * The JWT bearer assertion's `aud`, as the provider documents it: the value of
 * `param` when the call gives it; else `byTokenHost`'s for the token URL's
 * host (an exact host before a `*.` pattern); else `default`; else the origin
 * of the token URL in use.
 */
export interface JwtAudienceSpec {
  default?: string;
  byTokenHost?: Record<string, string>;
  param?: string;
}

/** The OAuth 2 flows a tool's access token may come from, tried in order: the first whose parameters are all given. */
export interface OAuthSpec {
  flows: OAuthFlowSpec[];
  /** Hosts a token URL given at call time may name besides each flow's own (hosts.ts patterns). */
  tokenHosts?: string[];
  /**
   * The token answer's field naming the address the token is for (`instance_url`): calls go there, within the host
   * rules, unless the caller gives `baseUrl`.
   */
  addressField?: string;
}
