// A description that calls a value an identifier, an ID or a name, and nothing secret: read where a name alone would
// say a secret (a header `X-Zq-Auth-Secret` "Identifies the vault's owner by name", an integration's `Key` "The
// integration ID").
import { saysApiKey } from "./api-key-words.js";

// A description that calls the value an identifier, an ID or a name ("Identifies the system.", "The integration ID
// used to create the connection (aka Unique Key)."): a system's, an app's, an integration's key beside its secret.
const IDENTIFIER_WORDS = /\b(identif(y|ies|ier|ying)|ids?|names?)\b/i;
// ...unless it also calls it a secret of some kind ("The API key's ID and secret", "the name of your access token").
const SECRET_WORDS = /\b(secrets?|tokens?|password|passphrase|credentials?)\b/i;

/** Whether a description calls the value an identifier (an ID, a name) and says nothing of a secret or an API key. */
export function callsAnIdentifier(description: unknown): boolean {
  return (
    typeof description === "string" &&
    IDENTIFIER_WORDS.test(description) &&
    !SECRET_WORDS.test(description) &&
    !saysApiKey(description)
  );
}
