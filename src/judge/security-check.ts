// The credential judged where the operation's security says: one of its
// requirements met whole — each scheme's credential in its place (an API
// key's header, query parameter or cookie; `Authorization` with the HTTP
// scheme's name and credentials after it, basic credentials that decode to
// user:password). A mock answers a request with no credential
// at all as the service does (401): `present` refuses it here too (verify).
// No credential's value is ever quoted.
import type { SecurityScheme } from "../load/openapi-document.js";
import { pointerTo, type Path } from "./operations.js";
import type { Refusal } from "./refusal.js";

export interface CredentialSlots {
  header(name: string): string | null;
  query(name: string): boolean;
  cookie(name: string): boolean;
}

/**
 * Whether a scheme's credential is sent in the form it takes: "" when so, undefined when it is absent, else what is
 * wrong.
 */
function schemeProblem(scheme: SecurityScheme, slots: CredentialSlots): string | undefined {
  if (scheme.type === "apiKey" && scheme.name) {
    const sent =
      scheme.in === "header"
        ? slots.header(scheme.name) !== null
        : scheme.in === "query"
          ? slots.query(scheme.name)
          : scheme.in === "cookie"
            ? slots.cookie(scheme.name)
            : false;
    return sent ? "" : undefined;
  }
  if (scheme.type === "mutualTLS") return "";
  const authorization = slots.header("authorization");
  if (authorization === null) return undefined;
  const [word = "", ...rest] = authorization.trim().split(/\s+/);
  const credentials = rest.join(" ");
  const expected = scheme.type === "http" ? (scheme.scheme ?? "").toLowerCase() : "bearer";
  if (word.toLowerCase() !== expected)
    return (
      `Authorization names the scheme ${JSON.stringify(word.slice(0, 20))}; the document's ${scheme.type} ` +
      `scheme takes "${expected === "bearer" ? "Bearer" : (scheme.scheme ?? "")} <credentials>"`
    );
  if (!credentials) return `Authorization: ${word} carries no credentials`;
  if (expected === "basic") {
    const text = /^[A-Za-z0-9+/]+=*$/.test(credentials) ? Buffer.from(credentials, "base64").toString("utf8") : "";
    if (!text.includes(":"))
      return "basic credentials are base64 of user:password (RFC 7617); these do not decode to a text with a colon";
  }
  return "";
}

/**
 * The credential against the operation's requirements (alternatives, each
 * the schemes needed together). `present`: a request without any credential
 * is refused too.
 */
export function judgeSecurity(
  requirements: string[][] | undefined,
  schemes: Record<string, SecurityScheme>,
  slots: CredentialSlots,
  at: Path,
  mode: "present" | "form",
): Refusal[] {
  if (!requirements?.length || requirements.some((r) => r.length === 0)) return [];
  const problems: string[] = [];
  let anySent = false;
  for (const requirement of requirements) {
    const found = requirement.map((name) => {
      const scheme = schemes[name];
      return { name, problem: scheme ? schemeProblem(scheme, slots) : "" };
    });
    if (found.every((f) => f.problem === "")) return [];
    if (found.some((f) => f.problem !== undefined)) anySent = true;
    const missing = found.filter((f) => f.problem !== "").map((f) => `${f.name}: ${f.problem ?? "not sent"}`);
    problems.push(`${requirement.join(" and ")} (${missing.join("; ")})`);
  }
  // An Authorization header where no scheme of the operation takes one is a credential sent in the wrong place.
  const elsewhere =
    slots.header("authorization") !== null && !requirements.flat().some((name) => takesAuthorization(schemes[name]));
  if (!anySent && !elsewhere && mode === "form") return [];
  if (elsewhere) problems.push("an Authorization header was sent, which no scheme of the operation takes");
  return [
    {
      rule: "security",
      at: pointerTo([...at, "security"]),
      pointer: "/credential",
      sent: "(the credential, withheld)",
      message: `no security requirement of the operation is met: ${problems.join(", or ")}`,
    },
  ];
}

function takesAuthorization(scheme: SecurityScheme | undefined): boolean {
  if (!scheme) return false;
  return (
    scheme.type === "http" ||
    scheme.type === "oauth2" ||
    scheme.type === "openIdConnect" ||
    (scheme.type === "apiKey" && scheme.in === "header" && scheme.name?.toLowerCase() === "authorization")
  );
}
