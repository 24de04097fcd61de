// The credential of a captured request checked against the security requirement in use: where its scheme puts it, in
// full, and nowhere else (Prism accepts any credential); a credential of the address (auth.variable) in the path once.
import {
  base64Text,
  basicPair,
  basicToken,
  chooseWay,
  cookieOctets,
  type CredentialPlace,
  type CredentialSpec,
  parsePointer,
  type ToolSpec,
  wayCredentials,
} from "@blockwright/runtime/internal";
import {
  credentialOf,
  type OpenApiDocument,
  type OpenApiOperation,
  type SecurityScheme,
} from "../../load/openapi-document.js";
import { signedWithSigv4 } from "../../load/security-schemes.js";
import { check, fail } from "../call.js";
import type { Exchange } from "../exchange.js";
import { at } from "../json-path.js";
import type { Input } from "../inputs/values.js";
import { jwtVerdict } from "./jwt-check.js";
import { signatureVerdict } from "./signature-check.js";

/**
 * The credentials where the security requirement in use puts them, in full,
 * and the first nowhere else. The requirement in use is the operation's that
 * names exactly the schemes of the way the call gave (a call gives one of
 * several alternatives; a combination sends all of its credentials).
 */
export function checkCredential(
  ex: Exchange,
  tool: ToolSpec,
  doc: OpenApiDocument,
  op: OpenApiOperation,
  input: Input,
): void {
  const way = chooseWay(tool.auth, input);
  const credential = input[way.param];
  if (typeof credential !== "string") return;
  const requirements = (op.requirements ?? []).filter((r) => r.length);
  // A parameter the caller gave may contain the credential's text (a random draw: a cookie beginning with the
  // key): then it is theirs to send, and where the credential went cannot be told from where the text is.
  // (A text value as it is: JSON would escape a `"` the credential holds, and not find it.)
  const givenElsewhere = Object.entries(input).some(
    ([name, value]) =>
      name !== way.param &&
      value !== undefined &&
      (typeof value === "string" ? value : JSON.stringify(value)).includes(credential),
  );
  // A credential no scheme places (auth.alsoSends alone): at those places (the auth kind's case checks each), and
  // nowhere else: no header a scheme would add.
  if (way.type === "places") {
    if (!givenElsewhere) checkNowhereElse(ex, "", credential, way.alsoSends ?? []);
    return;
  }
  // A credential of the address (auth.variable): no security scheme can say it; in the path, once, and nowhere else.
  if (way.type === "path") return checkPathCredential(ex, credential, givenElsewhere);
  // A signed request (auth.sigv4): its signature, as AWS's own signer recomputes it, and the secret key nowhere.
  if (way.type === "sigv4") return checkSignedCredential(ex, credential, input, way.sessionToken, givenElsewhere);
  // A JWT bound to the request (auth.signedJwt): verified (jwt-check.ts); the private key nowhere, as any credential.
  if (way.type === "signedJwt") checkJwt(ex);
  if (!requirements.length) {
    if (givenElsewhere) return;
    // No credential at all: the one the call was given goes nowhere.
    const sentIn =
      [...ex.headers].find(([, v]) => v.includes(credential))?.[0] ??
      (decodeURIComponent(ex.url.href).includes(credential)
        ? "the address"
        : bodyHolds(ex.rawBody, credential)
          ? "the body"
          : undefined);
    return check(
      sentIn === undefined,
      () =>
        `${op.operationId} declares no security requirement (security: ${JSON.stringify(op.requirements)}), ` +
        `yet the credential was sent (${sentIn})`,
    );
  }
  // A scheme that signs (x-amazon-apigateway-authtype: awsSigv4), whatever the tool says: a key sent as it is is
  // refused by the service, though a mock takes any Authorization.
  const signing = requirements.flat().find((name) => signedWithSigv4(doc.securitySchemes[name]));
  if (signing !== undefined)
    return fail(
      `security scheme ${signing} signs each request with AWS Signature Version 4, but the request carries ` +
        `${describeCredential(way)} as it is, unsigned`,
    );
  const credentials = wayCredentials(way);
  const inUse = requirements.find(
    (r) =>
      r.length === credentials.length &&
      credentials.every((c) => r.some((name) => placesLike(doc.securitySchemes[name], c))),
  );
  const offered = requirements.map((r) => r.join(" + ")).join(", ");
  if (!inUse)
    return fail(
      `the credentials sent (${credentials.map(describeCredential).join(" + ")}) meet none of ` +
        `${op.operationId}'s security requirements (${offered})`,
    );
  const placed: string[] = [];
  for (const c of credentials) {
    const value = String(c === credentials[0] ? credential : input[c.param]);
    const slot = foundAt(ex, c, value, input);
    const choice = requirements.length > 1 ? `; ${op.operationId} accepts ${offered}, the call gave this one` : "";
    check(
      slot !== undefined,
      () =>
        `the credential is not where ${inUse.join(" + ")} puts it ` +
        `(${inUse.map((n) => describeScheme(doc, n)).join("; ")}${choice})`,
    );
    placed.push(slot as string);
  }
  if (!givenElsewhere) checkNowhereElse(ex, placed[0] as string, credential, way.alsoSends ?? []);
}

/**
 * The credential nowhere but `where` (its scheme's place: a header's name, `?key`) and the way's other places
 * (auth.alsoSends), where the document requires it: each once, exactly (its value there is the atEveryPlace case's to
 * check).
 */
function checkNowhereElse(ex: Exchange, where: string, credential: string, also: readonly CredentialPlace[]): void {
  const alsoHeaders = new Set(also.flatMap((p) => (p.in === "header" ? [p.name.toLowerCase()] : [])));
  for (const [name, value] of ex.headers) {
    if (name === where || (alsoHeaders.has(name) && value === credential)) continue;
    check(!value.includes(credential), `the credential also appears in header ${name}`);
  }
  const query = new URLSearchParams(ex.url.search);
  if (where.startsWith("?")) query.delete(where.slice(1));
  for (const p of also) if (p.in === "query") query.delete(p.name, credential);
  check(
    !decodeURIComponent(ex.url.pathname).includes(credential) &&
      ![...query.values()].some((v) => v.includes(credential)),
    "the credential also appears in the address",
  );
  const fields = also.flatMap((p) => (p.in === "body" ? [p.pointer] : []));
  check(!bodyHolds(bodyBeside(ex, fields, credential), credential), "the credential also appears in the body");
}

/**
 * The body's text without the credential at the places it is sent (auth.alsoSends, their JSON pointers), each taken
 * out once where it is exactly there: a JSON body without those values, a form without those pairs, a multipart body
 * without those text parts; the body as sent when there are none.
 */
function bodyBeside(ex: Exchange, pointers: readonly string[], credential: string): string {
  if (!pointers.length) return ex.rawBody;
  const type = ex.headers.get("content-type") ?? "";
  const paths = pointers.map((p) => parsePointer(p));
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    const pairs = new URLSearchParams(ex.rawBody);
    for (const [name] of paths) if (name !== undefined) pairs.delete(name, credential);
    return [...pairs].flat().join("\n");
  }
  if (/^multipart\//i.test(type)) {
    let text = ex.rawBody;
    for (const [name] of paths) text = text.replace(`; name="${name}"\r\n\r\n${credential}\r\n`, "");
    return text;
  }
  let body: unknown;
  try {
    body = JSON.parse(ex.rawBody);
  } catch {
    return ex.rawBody;
  }
  for (const path of paths) {
    const parent = at(body, path.slice(0, -1));
    const last = path.at(-1);
    if (
      last !== undefined &&
      parent &&
      typeof parent === "object" &&
      (parent as Record<string, unknown>)[last] === credential
    )
      delete (parent as Record<string, unknown>)[last];
  }
  return JSON.stringify(body);
}

/** A request's JWT bound to it (auth.signedJwt): its signature and claims, as jwt-check.ts judged them. */
function checkJwt(ex: Exchange): void {
  const { problem } = jwtVerdict(ex);
  check(problem === undefined, () => `the request's signed JWT is wrong: ${problem}`);
}

/**
 * A signed request (auth.sigv4): the signature AWS's signer recomputes (signature-check.ts), and neither the secret
 * access key nor the session token anywhere but the token's own header.
 */
function checkSignedCredential(
  ex: Exchange,
  secret: string,
  input: Input,
  tokenParam: string | undefined,
  givenElsewhere: boolean,
): void {
  const { problem } = signatureVerdict(ex);
  check(problem === undefined, () => `the request's AWS Signature Version 4 is wrong: ${problem}`);
  // A value the caller gave holds the key's text (a random draw): where it went cannot be told from where the text is.
  if (givenElsewhere) return;
  // Authorization is the signature, its shape checked whole (signature-check.ts): a key id, a scope, header names and
  // hex, in which a short drawn secret may be spelt by chance.
  for (const [name, value] of ex.headers)
    if (name !== "authorization") check(!value.includes(secret), `the secret access key appears in header ${name}`);
  check(!decodeURIComponent(ex.url.href).includes(secret), "the secret access key appears in the address");
  check(!bodyHolds(ex.rawBody, secret), "the secret access key appears in the body");
  const token = tokenParam === undefined ? undefined : input[tokenParam];
  if (typeof token === "string" && token !== "")
    for (const [name, value] of ex.headers)
      if (name !== "x-amz-security-token" && name !== "authorization")
        check(!value.includes(token), `the session token appears in header ${name}`);
}

/**
 * A credential the address carries (auth.variable): one path segment of the request is it, and no header, query value
 * or body holds it.
 */
function checkPathCredential(ex: Exchange, credential: string, givenElsewhere: boolean): void {
  const segments = ex.url.pathname.split("/").map((s) => decodeURIComponent(s));
  check(
    segments.filter((s) => s.includes(credential)).length === 1,
    "the credential is not in the address's path once, where auth.variable puts it",
  );
  if (givenElsewhere) return;
  for (const [name, value] of ex.headers)
    check(!value.includes(credential), `the credential also appears in header ${name}`);
  check(
    ![...new URLSearchParams(ex.url.search).values()].some((v) => v.includes(credential)),
    "the credential also appears in the query",
  );
  check(!bodyHolds(ex.rawBody, credential), "the credential also appears in the body");
}

/**
 * Whether a declared scheme puts a credential where `c` does (any OAuth 2 or bearer scheme: `Authorization: Bearer`).
 */
function placesLike(s: SecurityScheme | undefined, c: CredentialSpec): boolean {
  const placement = s ? credentialOf(s) : undefined;
  // A signed JWT goes where its scheme puts a credential: a bearer token's Authorization, or an apiKey's header.
  if (c.type === "signedJwt")
    return placement?.type === "bearer"
      ? c.header === "Authorization"
      : placement?.type === "header" && placement.name.toLowerCase() === c.header.toLowerCase();
  // A key in an apiKey scheme's Authorization sent as HTTP basic's user name (auth.password): that header.
  if (c.type === "basic" && "password" in c && placement?.type === "header")
    return placement.name.toLowerCase() === "authorization";
  if (!placement || placement.type !== c.type) return false;
  if (placement.type === "bearer" || placement.type === "basic" || c.type === "bearer" || c.type === "basic")
    return true;
  return placement.type === "header"
    ? placement.name.toLowerCase() === c.name.toLowerCase()
    : placement.name === c.name;
}

/**
 * Where the request carries credential `c` with `value`, exactly once: a header's name, `?key`, or `cookie`; undefined
 * when it does not.
 */
function foundAt(ex: Exchange, c: CredentialSpec, value: string, input: Input): string | undefined {
  switch (c.type) {
    case "bearer":
      return ex.headers.get("authorization") === `Bearer ${value}` ? "authorization" : undefined;
    case "basic":
      return ex.headers.get("authorization") === `Basic ${basicToken(...basicPair(c, value, input))}`
        ? "authorization"
        : undefined;
    case "header":
      // After the text the manifest says the API wants before it (auth.prefix), which no security scheme can say.
      // As its base64 where the manifest says the API wants it encoded (auth.encode).
      return ex.headers.get(c.name) === (c.prefix ?? "") + (c.encode ? base64Text(value) : value)
        ? c.name.toLowerCase()
        : undefined;
    case "query":
      return ex.url.searchParams.getAll(c.name).length === 1 && ex.url.searchParams.get(c.name) === value
        ? `?${c.name}`
        : undefined;
    // A signed JWT, verified apart (checkJwt), is made per request: the way's header carries one.
    case "signedJwt":
      return ex.headers.get(c.header)?.startsWith(c.prefix) ? c.header.toLowerCase() : undefined;
    case "cookie": {
      const pairs = (ex.headers.get("cookie") ?? "").split(";").map((x) => x.trim());
      return pairs.filter((x) => x.startsWith(`${c.name}=`)).length === 1 &&
        pairs.includes(`${c.name}=${cookieOctets(value)}`)
        ? "cookie"
        : undefined;
    }
  }
}

function describeCredential(c: CredentialSpec): string {
  return c.type === "bearer"
    ? "Authorization: Bearer"
    : c.type === "basic"
      ? "Authorization: Basic"
      : c.type === "sigv4"
        ? "Authorization: AWS4-HMAC-SHA256"
        : c.type === "signedJwt"
          ? `${c.header}: ${c.prefix}<JWT signed ${c.alg}>`
          : c.type === "places"
            ? "its other places alone (auth.alsoSends)"
            : `${c.type} ` +
              `${c.name}${c.type === "header" && c.prefix !== undefined ? ` after ${JSON.stringify(c.prefix)}` : ""}` +
              `${c.type === "header" && c.encode ? `, as its ${c.encode}` : ""}`;
}

function describeScheme(doc: OpenApiDocument, name: string): string {
  const s = doc.securitySchemes[name];
  if (!s) return `${name}: not declared`;
  if (s.type === "http") return `${name}: Authorization: ${s.scheme ?? "?"} <credential>`;
  if (credentialOf(s)?.type === "bearer") return `${name}: Authorization: Bearer <${s.type} access token>`;
  return `${name}: ${s.in} ${s.name}`;
}

/**
 * Whether a body carries the credential: in a JSON body, in one of its values. Its keys are the document's field
 * names, which a drawn credential of a few letters may spell a part of (`am` in `"name"`), though nothing of the
 * credential was sent there.
 */
function bodyHolds(rawBody: string, credential: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return rawBody.includes(credential);
  }
  const holds = (value: unknown): boolean =>
    value !== null && typeof value === "object"
      ? Object.values(value).some(holds)
      : value !== undefined && String(value).includes(credential);
  return holds(body);
}
