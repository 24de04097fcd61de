// `auth`: on an operation the spec secures, a request without its credential
// gets the mock's 401, which becomes a structured error that does not show
// the credential; and for a tool with OAuth 2 flows, each flow's cases
// (oauth-cases.ts).
import {
  authParams,
  authSlots,
  type AuthWay,
  authWays,
  type CredentialPlace,
  parsePointer,
  placeWay,
  type ToolSpec,
  wayCredentials,
  wayParams,
} from "@blockwright/runtime/internal";
import { placementWords } from "../../link/auth/auth.js";
import { placeWords } from "../../link/auth/credential-places.js";
import type { Exchange } from "../exchange.js";
import { at } from "../json-path.js";
import type { OpenApiDocument } from "../../load/openapi-document.js";
import { expectAcceptedCall } from "../accepted.js";
import { callTool, check, expectAccepted, expectFailure, fail, onlyExchange, same } from "../call.js";
import { oauthCases } from "../oauth-cases.js";
import { specSource } from "../sources.js";
import { expectStructuredError } from "../structured-error.js";
import { type CaseKindModule, type ContractCase, contractCase, type Subject } from "../types.js";
import { CREDENTIAL, type ToolValues, valuesOf } from "../inputs/values.js";

export const authKind: CaseKindModule = {
  doc: {
    when: "a secured operation",
    cases:
      "the request without its credential (unless the operation's security lists `{}`, authentication " +
      "optional, or a requirement whose API keys go where required parameters of the operation are sent): the " +
      "mock's 401 becomes a structured error; where authentication is optional, the call without a credential: " +
      "accepted, none sent; with other places the credential goes (`auth.alsoSends`), the call: accepted, the " +
      "credential at its scheme's place and at each of them; with alternatives (`auth.alternatives`), each alone: " +
      "accepted, " +
      "its credentials where its requirement puts them; with OAuth 2 flows, per flow (its token URL answered " +
      "in-process): a form-encoded token request then the call with the issued token, five concurrent calls → " +
      "one token request, renewal before expiry, a 401 → one renewal and one retry (a second 401 is the " +
      "error), `invalid_grant` → `REAUTH_REQUIRED` not retried, a refresh token kept when a renewal has none, " +
      "no flow secret at the API",
  },
  // A credential no scheme places (auth.alsoSends alone) is secured too, though the document names no requirement.
  // Where no case is made (a requirement the operation's own required parameter meets, and nothing else to check),
  // the kind does not apply: the table and the derived cases say the same.
  applies: (tool, subject) =>
    ((tool.auth.type === "places" && !tool.anonymous) ||
      (valuesOf(tool, subject.document).op.security ?? []).length > 0) &&
    derivedFor(tool, subject).length > 0,
  derive: (tool, subject) => takeDerived(tool, subject),
};

/**
 * The cases `applies` derived to tell whether there are any, kept for the `derive` that follows it (derive.ts asks
 * each kind both, one after the other, for one tool and subject): derived once, handed over once.
 */
const derived = new WeakMap<ToolSpec, { subject: Subject; cases: ContractCase[] }>();

function derivedFor(tool: ToolSpec, subject: Subject): ContractCase[] {
  const kept = derived.get(tool);
  if (kept?.subject === subject) return kept.cases;
  const cases = authCases(tool, subject);
  derived.set(tool, { subject, cases });
  return cases;
}

function takeDerived(tool: ToolSpec, subject: Subject): ContractCase[] {
  const cases = derivedFor(tool, subject);
  derived.delete(tool);
  return cases;
}

function authCases(tool: ToolSpec, subject: Subject): ContractCase[] {
  const { document } = subject;
  const values = valuesOf(tool, document);
  // An operation whose security lists an empty requirement may be called without a credential: no 401 to expect.
  // So may one whose other requirement the request meets anyway: a required parameter fills that scheme's slot.
  // No scheme (auth.alsoSends alone): the mock holds the request to its body's fields, not to a 401 of a scheme.
  const optional =
    tool.auth.type === "places" ||
    (values.op.requirements ?? []).some((r) => !r.length || metByParams(tool, document, r));
  return [
    ...(optional ? [] : [withoutCredential(tool, values)]),
    ...(tool.authOptional ? [leftOut(tool, document, values)] : []),
    // The credential's other places (auth.alsoSends): the request carries it at each, as the document requires.
    ...(tool.auth.alsoSends ? [atEveryPlace(tool, document, values)] : []),
    // Each other way the tool offers (auth.alternatives), given alone: the credentials go where its requirement puts
    // them.
    ...authWays(tool.auth)
      .slice(1)
      .map((way, i) =>
        contractCase(
          tool,
          "auth",
          `with alternative ${i + 1} alone (${wayCredentials(way).map(placementWords).join(" + ")}), the ` +
            `credentials go where its requirement puts them${
              way.alsoSends ? ` and to ${way.alsoSends.map(placeWords).join(", ")} (auth.alsoSends)` : ""
            }`,
          async (ctx) => {
            const input = values.minimal();
            for (const name of authParams(tool.auth)) delete input[name];
            for (const name of wayParams(way)) {
              const found = values.example(name);
              if (!found) fail(`no value for ${name}, a parameter of alternative ${i + 1}`);
              input[name] = found.value;
            }
            const { exchange } = await expectAcceptedCall(tool, document, input, ctx);
            // The way's other places (its alsoSends): its first credential at each, as at its scheme's.
            const sent = input[wayCredentials(way)[0]?.param ?? ""];
            for (const place of way.alsoSends ?? [])
              check(
                typeof sent === "string" && credentialAt(exchange, place, sent),
                `alternative ${i + 1}'s request does not carry its credential at ${placeWords(place)}`,
              );
          },
          specSource(values.op, "security"),
        ),
      ),
    ...oauthCases(tool, subject),
  ];
}

/**
 * Whether a request meets this security requirement through the tool's own
 * required parameters, credential aside: each of its schemes an API key in a
 * header or the query where a required parameter is sent (a document that
 * offers a `token` scheme as an alternative and also declares `token` a
 * required parameter of the operation). Such a request is authenticated
 * without the tool's credential: the mock rightly answers it.
 */
function metByParams(tool: ToolSpec, document: OpenApiDocument, requirement: readonly string[]): boolean {
  const credentials = new Set(authParams(tool.auth));
  const sent = tool.params.filter(
    (p) => p.required && !credentials.has(p.name) && (p.wire.in === "query" || p.wire.in === "header"),
  );
  return requirement.every((name) => {
    const scheme = document.securitySchemes[name];
    if (
      scheme?.type !== "apiKey" ||
      (scheme.in !== "query" && scheme.in !== "header") ||
      typeof scheme.name !== "string"
    )
      return false;
    const slot = scheme.name;
    return sent.some(
      (p) =>
        p.wire.in === scheme.in &&
        "name" in p.wire &&
        (scheme.in === "header" ? p.wire.name.toLowerCase() === slot.toLowerCase() : p.wire.name === slot),
    );
  });
}

/**
 * An operation that may be called without a credential (its security lists `{}`, authentication optional), called
 * without one: accepted, and no credential's place holds anything.
 */
function leftOut(tool: ToolSpec, document: OpenApiDocument, values: ToolValues) {
  return contractCase(
    tool,
    "auth",
    "without a credential (authentication optional): accepted, none sent",
    async (ctx) => {
      const input = values.minimal();
      for (const name of authParams(tool.auth)) delete input[name];
      const { exchange } = await expectAcceptedCall(tool, document, input, ctx);
      for (const slot of authSlots(tool.auth)) {
        const sent =
          slot.in === "query"
            ? exchange.url.searchParams.has(slot.name)
            : slot.in === "cookie"
              ? (exchange.headers.get("cookie") ?? "").split(/;\s*/).some((c) => c.startsWith(`${slot.name}=`))
              : exchange.headers.has(slot.name);
        check(!sent, `no credential was given, yet the request has one in the ${slot.in} ${slot.name}`);
      }
    },
    specSource(values.op, "security"),
  );
}

/**
 * A tool whose credential goes to other places too (auth.alsoSends), called: accepted, the credential at its scheme's
 * place (a query key or a header) and at each other place (a body field, a query parameter, a header).
 */
function atEveryPlace(tool: ToolSpec, document: OpenApiDocument, values: ToolValues) {
  const places = tool.auth.alsoSends ?? [];
  return contractCase(
    tool,
    "auth",
    tool.auth.type === "places"
      ? `the credential goes to ${places.map(placeWords).join(", ")} only (auth.alsoSends, no scheme)`
      : `the credential goes where its scheme puts it and to ${places.map(placeWords).join(", ")} (auth.alsoSends)`,
    async (ctx) => {
      const input = values.minimal();
      const { exchange } = await expectAcceptedCall(tool, document, input, ctx);
      // The credential the call gave: the suite's own, or one of the rules a place holds it to (a UUID).
      const given = input[tool.auth.param];
      const credential = typeof given === "string" ? given : CREDENTIAL;
      const { type } = tool.auth;
      if ((type === "query" || type === "header") && "name" in tool.auth)
        check(
          atSchemePlace(tool.auth, exchange, credential),
          `the request does not carry the credential at ${placeWords({ in: type, name: tool.auth.name })}`,
        );
      for (const place of places)
        check(
          credentialAt(exchange, place, credential),
          `the request does not carry the credential at ${placeWords(place)}`,
        );
    },
    specSource(values.op, "security"),
  );
}

/**
 * Whether a request carries the derived calls' credential at its scheme's own place (a header, a query key) as the
 * scheme sends it: a header's after its prefix (`Authorization: ApiKey <key>`), base64 where the key goes encoded.
 */
export function atSchemePlace(
  auth: AuthWay,
  exchange: Pick<Exchange, "url" | "headers" | "body" | "rawBody">,
  credential: string = CREDENTIAL,
): boolean {
  if ((auth.type !== "header" && auth.type !== "query") || !("name" in auth)) return false;
  if (auth.type === "query") return credentialAt(exchange, { in: "query", name: auth.name }, credential);
  const [placed] = placeWay(auth, credential, {});
  return !!placed && "header" in placed && exchange.headers.get(placed.header[0]) === placed.header[1];
}

/**
 * Whether a request carries the derived calls' credential at a place, exactly: its query parameter or header of that
 * name; a body field read as the body's type writes it, a JSON body's value at the place's pointer (nested or not), a
 * form's one pair of that name, a multipart body's one text part of that name (not a file's name, not a part's text
 * that holds it among other text). The credential elsewhere in the body does not count.
 */
export function credentialAt(
  exchange: Pick<Exchange, "url" | "headers" | "body" | "rawBody">,
  place: CredentialPlace,
  credential: string = CREDENTIAL,
): boolean {
  const only = (values: readonly string[]) => values.length === 1 && values[0] === credential;
  if (place.in !== "body")
    return place.in === "query"
      ? only(exchange.url.searchParams.getAll(place.name))
      : exchange.headers.get(place.name) === credential;
  const path = parsePointer(place.pointer);
  const type = exchange.headers.get("content-type") ?? "";
  // A form's or a multipart body's fields are named at its top level (the link writes no deeper place there).
  if (FORM.test(type)) return path.length === 1 && only(new URLSearchParams(exchange.rawBody).getAll(path[0] ?? ""));
  // A multipart body as its parts (exchange.ts): a text part a string, a file an object, a repeated name a list.
  if (MULTIPART.test(type) || JSON_TYPE.test(type)) return at(exchange.body, path) === credential;
  return false;
}

const FORM = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART = /^multipart\/form-data\b/i;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** The request without its credential: the mock's 401, a structured error that does not show the credential. */
function withoutCredential(tool: ToolSpec, values: ToolValues) {
  return contractCase(
    tool,
    "auth",
    "without a credential the mock answers 401, a structured error",
    async (ctx) => {
      const called = await callTool(tool, values.minimal(), ctx, {
        script: () => ({ withoutCredential: tool.auth }),
        retries: 0,
      });
      expectAccepted(called.exchanges, ["UNAUTHORIZED", "401"]);
      const ex = onlyExchange(called, " (401 is not retried)");
      same(ex.status, 401, "the mock's status for a request without the credential");
      const error = expectFailure(called);
      expectStructuredError(tool, ex, error);
      check(!JSON.stringify(error).includes(CREDENTIAL), "the error shows the credential");
    },
    // The operation's security (or, declared for the whole document, the operation).
    specSource(values.op, "security"),
  );
}
