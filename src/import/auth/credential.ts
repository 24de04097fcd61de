// The credential of a drafted manifest: which security requirements of the document the operations use, and where
// the runtime sends each value. The runtime sends an HTTP bearer token, HTTP basic (a user name and a password), an
// API key in a header, the query or a cookie, or another HTTP scheme's credentials after its name in Authorization;
// an `oauth2` or `openIdConnect` scheme is the access token it yields, sent as a bearer token (RFC 6750). A
// requirement of several schemes is drafted as one way (`auth.also`); every requirement the operations accept that the
// runtime sends is a way of `auth.alternatives` (an API key or an OAuth token: the caller gives the one it has). A
// document that declares no scheme the runtime sends gets a bearer scheme added to the cut, marked as such
// (added-scheme.ts). What the manifest gets of it, and the parameters that repeat the credential, are
// credential-params.ts's; what each operation accepts, requirements/accepted-ways.ts's; the notes on where each
// credential goes, placement-notes.ts's.

import { signsJwt, withSignedJwt } from "./signing/signed-jwt-draft.js";
import { signsWithSigv4, withSigv4 } from "./signing/sigv4-draft.js";
import { fieldOf } from "@blockwright/runtime/internal";
import { credentialOf, type SecurityScheme } from "../../load/security-schemes.js";
import { addressCredential, credentialByName } from "../shapes/address-credential.js";
import { slotKey } from "../../load/openapi-document.js";
import { bearerCredential, describe, keyParameterCredential } from "./added-scheme.js";
import {
  type AddressCredential,
  type CredentialDraft,
  type DeclaredKey,
  type DraftCredential,
  type DraftPlacement,
  NOT_SECRET,
} from "./credential-draft.js";
import { tokenBodiesOf } from "./token-bodies.js";
import { withPrefixProse } from "./keys/prefix-prose.js";
import { keyParameter, resolved } from "./keys/key-parameter.js";
import { withDeclaredAuthorization } from "./keys/authorization-header.js";
import { keysInEveryBody, tokensHandedOut } from "./answer-tokens.js";
import { withAuthProse } from "./keys/key-as-user.js";
import { keyNameProblem } from "./keys/key-names.js";
import { camelName, keysOfferedTogether, namedCredential, uniqueNames } from "./credential-names.js";
import { nameWords } from "../../load/schemas/name-words.js";
import { inGlobalOrder, legacyWeight } from "./requirements/legacy-schemes.js";
import { type Accepted, acceptedOnce } from "./requirements/twin-schemes.js";
import { placementNotes } from "./placement-notes.js";
import { withParameterAlternative } from "./requirements/parameter-alternatives.js";
import { flowCoversBearer } from "./requirements/flow-covers-bearer.js";

type Json = Record<string, unknown>;

/**
 * Where a scheme puts its credential, if the runtime sends it (an OAuth 2 or OpenID Connect access token as a bearer
 * token).
 */
function placementOf(scheme: Json): DraftPlacement | undefined {
  // A key whose name no request carries (prose where a header name belongs) is not sent: generate would refuse it.
  return keyNameProblem(scheme.in, scheme.name) ? undefined : credentialOf(scheme as unknown as SecurityScheme);
}

/** Runtime support and ease of use, best first: one secret before two parameters, a token before a session cookie. */
function rank(scheme: Json): number {
  const type = String(scheme.type ?? "");
  const placement = placementOf(scheme);
  if (!placement) return 99;
  // A bearer the document says is a JWT (an issuer's signed, short-lived token) after a key a dashboard gives.
  if (type === "http" && placement.type === "bearer") return /\bjwt\b/i.test(String(scheme.bearerFormat)) ? 1.75 : 0;
  // Another HTTP scheme's credentials (often a signature over each request) are the caller's to compute: any key first.
  if (type === "http" && placement.type === "header") return 7;
  // A key whose name does not read as a credential's (a gateway's `X-RapidAPI-Host` beside its `X-RapidAPI-Key`, no
  // operation saying which it takes) after one whose name does.
  if (placement.type === "header") return 1 + notCredentialNamed(scheme.name);
  if (placement.type === "query") return 2 + notCredentialNamed(scheme.name);
  if (placement.type === "basic") return 3;
  // A token a program can get for itself (client credentials, a password) is an OAuth scheme's best; one only a
  // person's consent in a browser gives (authorization code, implicit) comes after keys sent together (Datadog:
  // the API and application keys, or an authorization code flow's token).
  if (type === "oauth2") return interactiveOnly(scheme) ? 12 : 4;
  if (type === "openIdConnect") return 5;
  return 6;
}

/** 0.5 for a key's name whose last word is no credential's (`host`, `account`, `version`), else 0. */
function notCredentialNamed(name: unknown): number {
  const last = nameWords(String(name ?? "")).at(-1) ?? "";
  return /^(api)?(key|token|secret|auth|authorization|signature|password|credentials?)$/.test(last) ? 0 : 0.5;
}

/**
 * Whether an OAuth 2 scheme's flows all need a person in a browser (authorization code, implicit): none a program runs
 * alone.
 */
function interactiveOnly(scheme: Json): boolean {
  const flows = scheme.flows !== null && typeof scheme.flows === "object" ? Object.keys(scheme.flows as Json) : [];
  return flows.length > 0 && flows.every((f) => f === "authorizationCode" || f === "implicit");
}

/**
 * The credential for `operations` (the document's operation objects): the
 * best-supported security requirement the most of them accept first, then
 * every other requirement they accept (an alternative). A requirement of
 * several schemes is one way of several credentials, all sent.
 */
export function draftCredential(
  doc: Json,
  operations: readonly { id: string; op: Json; path?: string }[],
): CredentialDraft {
  // No scheme, and the server's path or every operation's carries the secret (`/bot{token}`): the address's variable is
  // the credential.
  const address = addressCredential(doc, operations);
  const drafted = address
    ? addressDraft(address, [])
    : withParameterAlternative(
        doc,
        operations,
        withSignedJwt(withSigv4(doc, schemeCredential(doc, operations))),
        interactiveOnly,
      );
  const tokenBodies = tokenBodiesOf(doc);
  const declaredKeys = keysDeclared(doc);
  const answerTokens = tokensHandedOut(doc);
  const bodyKeys = keysInEveryBody(doc);
  return {
    ...drafted,
    ...(tokenBodies.length ? { tokenBodies } : {}),
    ...(declaredKeys.length ? { declaredKeys } : {}),
    ...(answerTokens.length ? { answerTokens } : {}),
    ...(bodyKeys.length ? { bodyKeys } : {}),
  };
}

/** The apiKey schemes the document declares in a header, the query or a cookie. */
function keysDeclared(doc: Json): DeclaredKey[] {
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Json;
  return Object.entries(schemes).flatMap(([scheme, s]) => {
    const d = resolved(doc, s);
    return d?.type === "apiKey" && typeof d.name === "string" && ["header", "query", "cookie"].includes(String(d.in))
      ? [{ scheme, in: String(d.in), name: d.name }]
      : [];
  });
}

/**
 * No scheme the runtime sends: a key parameter on the operations (an `xi-api-key` header) is the credential's place;
 * else a bearer token, the document's own word where its operations declare an `Authorization` parameter
 * (keys/authorization-header.ts).
 */
function addedCredential(
  doc: Json,
  operations: readonly { id: string; op: Json }[],
  declared: Record<string, Json>,
  required: readonly { named: string[] }[],
  notes: string[],
): CredentialDraft {
  const carried = Object.keys(declared).length ? undefined : keyParameter(doc, operations);
  if (carried) return keyParameterCredential(carried, notes);
  const made = bearerCredential(declared, required, notes);
  withDeclaredAuthorization(made, doc, operations);
  return made;
}

/**
 * The credential of a document's security schemes (or, when it declares none, one made up or read from a key
 * parameter).
 */
function schemeCredential(doc: Json, operations: readonly { id: string; op: Json }[]): CredentialDraft {
  const components = (doc.components ?? {}) as Json;
  const schemes = (components.securitySchemes ?? {}) as Record<string, Json>;
  const declared = withAuthProse(doc, withPrefixProse(doc, schemes));
  const notes: string[] = [];
  const usable = (names: string[]) =>
    names.length > 0 &&
    names.every((n) => declared[n] && typeof declared[n] === "object" && placementOf(fieldOf(declared, n)));
  const accepted = acceptedOnce(operations, doc.security, declared, usable, notes);
  const required = accepted.filter((a) => a.ways !== undefined);
  const candidates = inGlobalOrder(
    required.length
      ? [...new Set(required.flatMap((a) => a.ways ?? []))]
      : Object.keys(declared).filter((n) => usable([n])),
    doc.security,
  );
  // Operations that name requirements, none of which the runtime meets: generate would refuse any credential drafted.
  const unmetOnes = required.filter((a) => !a.ways?.length);
  const unmet = unmetOnes.map(
    (a) =>
      `${a.id} (${a.named
        .map((k) =>
          k
            .split(" + ")
            .map((n) => `${n}: ${declared[n] ? describe(fieldOf(declared, n)) : "not declared"}`)
            .join(" + "),
        )
        .join(" or ")})`,
  );
  if (!candidates.length) {
    const made = addedCredential(doc, operations, declared, required, notes);
    return unmet.length ? { ...made, unmet, unmetIds: unmetOnes.map((a) => a.id) } : made;
  }
  // Only requirements the operations state are alternatives (schemes a document declares but names nowhere are not),
  // and not one each operation declares as a required parameter as well: it sends that key beside the chosen one
  // (a board API's `key` and `token`), drafted as the operation's secret parameter (draft/params.ts declaredKeys).
  const sentBeside = (key: string) =>
    key.split(" + ").every((n) => {
      const place = placementOf(fieldOf(declared, n));
      const by = operations.filter((o) => required.some((a) => a.id === o.id && a.ways?.includes(key)));
      return place !== undefined && by.length > 0 && by.every((o) => requiresParam(doc, o.op, place));
    });
  // A requirement signing each request (auth.sigv4, auth.signedJwt) takes no alternatives, first or not.
  const signs = (key: string) =>
    key.split(" + ").some((n) => signsWithSigv4(fieldOf(declared, n)) || signsJwt(fieldOf(declared, n)));
  const meets = (c: string, first: string) => required.length > 0 && !sentBeside(c) && !signs(c) && !signs(first);
  const picked = chooseWays(candidates, required, declared, meets);
  const { chosen, dropped } = flowCoversBearer(picked, required, declared, notes);
  choiceNotes(
    chosen,
    candidates.filter((c) => !dropped.includes(c)),
    required,
    declared,
    notes,
  );
  // Within a requirement, a secret before identifiers (a client id, a version): the first credential is the one kept
  // secret.
  const identifier = (n: string) => Number(NOT_SECRET.test(String(fieldOf(declared, n).name ?? "")));
  const ways = nameParams(
    chosen.map((key) =>
      key
        .split(" + ")
        .sort((a, b) => identifier(a) - identifier(b) || rank(fieldOf(declared, a)) - rank(fieldOf(declared, b))),
    ),
    declared,
    required.map((a) => a.ways ?? []),
  );
  placementNotes(ways, notes);
  const first = (ways[0] as DraftCredential[])[0] as DraftCredential;
  return {
    scheme: first.scheme,
    param: first.param,
    placement: first.placement,
    definition: first.definition,
    added: false,
    // Every operation may go without it: its parameter is optional in the manifest too.
    ...(accepted.length && accepted.every((a) => a.optional) ? { optional: true } : {}),
    ways,
    notes,
    covers: new Set(),
    ...(unmet.length ? { unmet, unmetIds: unmetOnes.map((a) => a.id) } : {}),
  };
}

/**
 * The ways drafted: the requirement the most operations accept, best supported first, then, while some operation
 * accepts none chosen yet, the best of those it accepts; with `all`, then every other candidate, best supported first
 * (a document offering an API key or an OAuth token: a caller holding either can call).
 */
function chooseWays(
  candidates: string[],
  required: Accepted[],
  declared: Record<string, Json>,
  all: (candidate: string, first: string) => boolean,
): string[] {
  const wayRank = (key: string) => {
    const names = key.split(" + ");
    return (
      Math.max(...names.map((n) => rank(fieldOf(declared, n)) + legacyWeight(n, fieldOf(declared, n)))) +
      (names.length > 1 ? 10 : 0)
    );
  };
  const order = (uncovered: typeof required) => (a: string, b: string) =>
    uncovered.filter((x) => x.ways?.includes(b)).length - uncovered.filter((x) => x.ways?.includes(a)).length ||
    wayRank(a) - wayRank(b);
  const chosen: string[] = [];
  for (;;) {
    const uncovered = required.filter((a) => !a.ways?.some((w) => chosen.includes(w)));
    const next = [...candidates]
      .filter(
        (c) =>
          !chosen.includes(c) &&
          (!chosen.length || all(c, chosen[0] as string) || uncovered.some((a) => a.ways?.includes(c))),
      )
      .sort(order(uncovered))[0];
    if (next === undefined) break;
    chosen.push(next);
  }
  return chosen;
}

/** Whether `op` declares a required header, query or cookie parameter at `place` (a header's name in any case). */
function requiresParam(doc: Json, op: Json, place: DraftPlacement): boolean {
  if (place.type !== "header" && place.type !== "query" && place.type !== "cookie") return false;
  return (Array.isArray(op.parameters) ? op.parameters : []).some((raw) => {
    const p = resolved(doc, raw);
    return (
      p?.required === true &&
      p.in === place.type &&
      typeof p.name === "string" &&
      slotKey(place.type, p.name) === slotKey(place.type, place.name)
    );
  });
}

/** The notes on the choice: operations left without a way, the requirements not chosen, the alternatives. */
function choiceNotes(
  chosen: string[],
  candidates: string[],
  required: Accepted[],
  declared: Record<string, Json>,
  notes: string[],
): void {
  const others = candidates.filter((c) => !chosen.includes(c));
  // A requirement as the note names it: its schemes, each with what it is.
  const named = (k: string) =>
    `${k} (${k
      .split(" + ")
      .map((n) => describe(fieldOf(declared, n)))
      .join(" + ")})`;
  if (others.length)
    notes.push(
      `chose security ${chosen.length > 1 ? "requirements" : "scheme"} ${chosen.map(named).join(" or ")} of ` +
        `${candidates.map(named).join(", ")}; another can be added under auth.alternatives`,
    );
  if (chosen.length > 1) {
    // Why the first: the most operations accept it, else it ranks best (rank).
    const by = (k: string) => required.filter((a) => a.ways?.includes(k)).length;
    const why =
      by(chosen[0] as string) > by(chosen[1] as string)
        ? "the most operations accept it"
        : "the runtime sends it most simply (a key or a token before basic, an OAuth token a browser gives last)";
    notes.push(
      `the operations accept any of ${chosen.length} security requirements: each drafted as a way to authenticate ` +
        "(auth.alternatives), a call sending the first whose parameters it gives all of, every credential " +
        `parameter optional; first ${named(chosen[0] as string)}, as ${why}: reorder or remove ways as the ` +
        "API's callers hold them",
    );
  }
  if (!required.length)
    notes.push(
      `no operation says which security scheme it takes; chose ${chosen[0]} ` +
        `(${describe(fieldOf(declared, chosen[0] as string))}), the document's best supported`,
    );
}

/**
 * The credential a variable of the server's path carries: its parameter named after it, no scheme (none can say a
 * path), said in a note.
 */
function addressDraft(address: AddressCredential, notes: string[]): CredentialDraft {
  const param = camelName(address.variable);
  const placement: DraftPlacement = { type: "path", name: address.variable };
  notes.push(
    `the document declares no security scheme, and ${address.inPaths ? "every chosen operation's" : "its server's"} ` +
      `path has {${address.variable}}, a credential by ` +
      `its ${credentialByName(address.variable) ? "name" : "description"}: drafted as the credential the ` +
      `address carries (auth.variable), the secret parameter ${param}, sent only there and withheld from every ` +
      "message; check how the API takes its credential",
  );
  const credential: DraftCredential = { scheme: "", placement, definition: {}, param };
  return {
    scheme: "",
    param,
    placement,
    definition: {},
    added: false,
    ways: [[credential]],
    notes,
    covers: new Set(),
    address,
  };
}

/**
 * Each credential's parameter(s): a token `accessToken`, a lone key `apiKey`, a key among several named after its
 * header or query key, basic `username` and `password`.
 */
function nameParams(
  ways: string[][],
  declared: Record<string, Json>,
  offered: readonly string[][] = [],
): DraftCredential[][] {
  const unique = uniqueNames();
  const keys = keysOfferedTogether(offered, (scheme) => placementOf(fieldOf(declared, scheme)), placeKey);
  // A scheme a way before this one drafted (a key alone, or with a virtual key) is the same header in every way: one
  // parameter, not one per way.
  const drafted = new Map<string, DraftCredential>();
  // A bearer whose words call it an API key is `apiKey` only where no other way's credential is a key too (a bearer
  // and a basic both carrying the secret key): each way keeps an input of its own, and none is `apiKey2`.
  const keyElsewhere = ways.flat().some((s) => {
    const d = fieldOf(declared, s);
    return d.type === "apiKey" || (d.type === "http" && String(d.scheme).toLowerCase() === "basic");
  });
  const named = ways.map((names) => {
    const placed: DraftCredential[] = [];
    return names.map((scheme) => {
      const definition = fieldOf(declared, scheme);
      const placement = placementOf(definition) as DraftPlacement;
      // Two schemes of one requirement at the same place (one query key under two names) are one credential: one
      // parameter.
      const same = placed.find((c) => placeKey(c.placement) === placeKey(placement));
      if (same) return { ...same, scheme, definition };
      const credential =
        drafted.get(scheme) ??
        namedCredential(
          scheme,
          definition,
          placement,
          { together: names.length, keyElsewhere },
          unique,
          keys.get(scheme),
        );
      drafted.set(scheme, credential);
      placed.push(credential);
      return credential;
    });
  });
  return fullerFirst(named);
}

/**
 * The ways in their order, but a way whose parameters hold another's all and more before it: a call takes the first
 * way whose parameters it gives all of (http/credentials.ts), so a key given with a virtual key sends both.
 */
function fullerFirst(ways: DraftCredential[][]): DraftCredential[][] {
  const params = ways.map((w) => new Set(w.map((c) => c.param)));
  const holds = (a: number, b: number) =>
    (params[a] as Set<string>).size > (params[b] as Set<string>).size &&
    [...(params[b] as Set<string>)].every((p) => (params[a] as Set<string>).has(p));
  const order: number[] = [];
  const place = (i: number) => {
    if (order.includes(i)) return;
    for (let j = 0; j < ways.length; j++) if (j !== i && holds(j, i)) place(j);
    order.push(i);
  };
  for (let i = 0; i < ways.length; i++) place(i);
  return order.map((i) => ways[i] as DraftCredential[]);
}

/**
 * The request slot a placement puts its credential in (slotKey: a header's name in any case; bearer and basic in
 * Authorization).
 */
function placeKey(p: DraftPlacement): string {
  if (p.type === "places") return "places";
  return p.type === "bearer" || p.type === "basic" ? slotKey("header", "Authorization") : slotKey(p.type, p.name);
}
