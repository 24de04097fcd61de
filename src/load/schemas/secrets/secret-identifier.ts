// Whether a description names or identifies a secret (its name, its id), never the secret itself: one reading for
// the names' rules (secret-names.ts, secret-maps.ts) and add's drafted secrets, whatever a field's name says.

// A description whose subject is a name or an id of a secret, not the secret ("The name of the secret", "ID of the
// secret to read", "The secret's id", "Secret name"): its first words say so.
const IDENTIFIER_NOUN = "(?:name|id|identifier|arn|label|alias|uuid)";
const SECRET_IDENTIFIER = new RegExp(
  `^\\W*(?:the|an?|your)?\\s*(?:unique\\s+)?${IDENTIFIER_NOUN}\\s+(?:of|for)\\s+` +
    `(?:the|an?|your)?\\s*(?:[\\w-]+\\s+){0,2}secret\\b|` +
    `^\\W*(?:the|an?|your)?\\s*(?:[\\w-]+\\s+)?secret(?:'s)?\\s+${IDENTIFIER_NOUN}\\b`,
  "i",
);

/** Whether a description says the value names or identifies a secret (never the secret itself). */
export function namesASecret(description: unknown): boolean {
  return typeof description === "string" && SECRET_IDENTIFIER.test(description);
}
