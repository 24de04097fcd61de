// Whether a description names or identifies a secret (its name, its id), never the secret itself: one reading for
// the names' rules (secret-names.ts, secret-maps.ts) and add's drafted secrets, whatever a field's name says.

import { nameWords } from "../name-words.js";

// A description whose subject is a name or an id of a secret, not the secret ("The name of the secret", "ID of the
// secret to read", "The secret's id", "Secret name"): its first words say so.
const IDENTIFIER_NOUN = "(?:name|id|identifier|arn|label|alias|uuid)";
const IDENTIFIER_OF_SECRET = new RegExp(
  `^\\W*(?:the|an?|your)?\\s*(?:unique\\s+)?${IDENTIFIER_NOUN}\\s+(?:of|for)\\s+` +
    `(?:the|an?|your)?\\s*(?:[\\w-]+\\s+){0,2}secret\\b`,
  "i",
);
/** "Secret name", "Your Client Secret ID": a label, the secret's name or id, or a vendor's name for the secret. */
const SECRET_LABEL = new RegExp(
  `^\\W*(?:the|an?|your)?\\s*(?:[\\w-]+\\s+)?secret(?:'s)?\\s+${IDENTIFIER_NOUN}\\b`,
  "i",
);

/**
 * Whether a description says the value names or identifies a secret (never the secret itself). Of a field named as
 * the secret alone (`clientSecret`, no id word), a label ("Your Client Secret ID obtainable by logging in", a
 * vendor's name for the secret) is the field's name said again, not an id: only "the id of the secret" says so.
 */
export function namesASecret(description: unknown, name?: string): boolean {
  if (typeof description !== "string") return false;
  if (IDENTIFIER_OF_SECRET.test(description)) return true;
  return SECRET_LABEL.test(description) && (name === undefined || nameWords(name).at(-1) !== "secret");
}
