// The review notes on where a drafted credential goes (credential.ts drafts it): an OAuth token the caller obtains,
// another HTTP scheme's value after its name, a key sent as its base64 or after a prefix, or a key in Authorization
// with no word before it.
import type { DraftCredential } from "./credential-draft.js";
import { namedAfterSchemeWord } from "./keys/key-prefix.js";
import { signsWithSigv4 } from "./signing/sigv4-draft.js";

/** Whether the only way is one credential (a signed one is then drafted as auth.sigv4: sigv4-draft.ts). */
const way1 = (ways: DraftCredential[][]) => ways[0]?.length === 1;

/** The notes on where the credentials go: an OAuth token the caller obtains, a key's prefix, or none said. */
export function placementNotes(ways: DraftCredential[][], notes: string[]): void {
  for (const way of ways)
    for (const c of way)
      if (String(c.definition.type) === "oauth2" || String(c.definition.type) === "openIdConnect")
        notes.push(
          `security scheme ${c.scheme} is ${String(c.definition.type)}: its access token is sent as a bearer ` +
            `token; obtaining it (the OAuth flow) is the caller's${browserOnly(c.definition)}`,
        );
  for (const c of ways.flat()) {
    if (c.placement.type === "header" && c.placement.word)
      notes.push(
        `security scheme ${c.scheme} is http ${c.placement.word}: sent as Authorization: ${c.placement.word} ` +
          `<${c.param}>, the value as the call gives it; if it is computed over each request (a signature), the ` +
          "caller computes it",
      );
    else if (c.encode)
      notes.push(
        `security scheme ${c.scheme} sends the key as its base64` +
          `${c.prefix ? ` after ${JSON.stringify(c.prefix.prefix)}` : ""} ` +
          `(auth encode), as ${c.encode.from}: check it against a real request (an API that wants base64 of ` +
          '"key:", with a colon, is HTTP basic with an empty password: in Authorization, password: "" in place of ' +
          "encode and prefix)",
      );
    else if (c.prefix)
      notes.push(
        `security scheme ${c.scheme} sends the key after ${JSON.stringify(c.prefix.prefix)} (auth prefix), as ` +
          `${c.prefix.from} shows: check it against a real request`,
      );
    else if (
      !c.password &&
      c.placement.type === "header" &&
      c.placement.name.toLowerCase() === "authorization" &&
      !(ways.length === 1 && way1(ways) && signsWithSigv4(c.definition))
    )
      notes.push(
        `security scheme ${c.scheme} sends the key in Authorization as it is${namedNote(c.scheme)}: if the API ` +
          `wants a word before it (Bearer, Token, Bot), write it as the prefix of auth (prefix: "Token ")`,
      );
  }
}

type Json = Record<string, unknown>;

// A scheme named `Token` or `Bot` is no proof of the word (key-prefix.ts guesses only RFC 6750's `Bearer` from a name):
// the note says the document shows none, so that the name's word is checked rather than taken.
const namedNote = (scheme: string) =>
  namedAfterSchemeWord(scheme)
    ? ` (its name, ${JSON.stringify(scheme)}, is a word some APIs send before a key, but the document shows no prefix)`
    : "";

/**
 * A note's tail for an OAuth 2 scheme whose only flows need a person's browser, an implicit one among them: the
 * implicit flow hands its token to the browser (the redirect's fragment), which a program calling alone has not, so
 * the draft is the token a call gives, never a flow the runtime cannot run; words saying client credentials (a
 * mislabelled flow) are named, with what to write if the API's token endpoint does take them.
 */
function browserOnly(definition: Json): string {
  const flows = definition.flows !== null && typeof definition.flows === "object" ? (definition.flows as Json) : {};
  const names = Object.keys(flows);
  if (!names.includes("implicit") || !names.every((f) => f === "implicit" || f === "authorizationCode")) return "";
  const words = [definition.description, ...Object.values(flows).map((f) => (f as Json | null)?.description)]
    .filter((w): w is string => typeof w === "string")
    .join(" ");
  const said = /\bclient[ _-]?credentials?\b/i.test(words)
    ? "; its words say client credentials, but the flow it declares is implicit and gives no token URL: if the " +
      "API's token endpoint takes a client id and secret, write auth.flows.clientCredentials with that tokenUrl"
    : "";
  return (
    `. Its flows (${names.join(", ")}) need a person's consent in a browser, the implicit one handing the token to ` +
    "the browser alone, which a program calling by itself has not: drafted as a bearer token the caller obtains " +
    `beforehand, not as auth.flows${said}`
  );
}
