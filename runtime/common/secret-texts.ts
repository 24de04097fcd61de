// The texts a secret parameter's value is made of, each kept out of every message, log, recording and output as a
// secret is: a text (a key, a password) itself, or each item of a list of texts (`secret` on a list: a wallet's
// recovery words) and the list as a message may write it whole.

/**
 * The texts of a secret value: a text itself; a list of texts each item, and the list written whole (its items joined
 * by a space, as a phrase is typed, by a comma, and its JSON text), so that an item too short to be redacted alone (a
 * word of a phrase, under SECRET_MIN_LENGTH: redact.ts passes it by) is withheld wherever the list is written; a text
 * that is JSON of a list of texts (an environment variable's value for a list) both. Anything else: none.
 */
export function secretTexts(value: unknown): string[] {
  if (typeof value === "string") return [value, ...listTexts(listIn(value))];
  return listTexts(value);
}

function listTexts(value: unknown): string[] {
  if (!Array.isArray(value) || !value.length || !value.every((v) => typeof v === "string")) return [];
  return [...value, value.join(" "), value.join(","), JSON.stringify(value)];
}

/** The list JSON `text` writes, if it writes one. */
function listIn(text: string): unknown {
  if (!text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
