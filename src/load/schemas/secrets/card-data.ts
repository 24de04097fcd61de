// A payment card's full number as a secret (secret-names.ts reads it among the names that say a value is one): whoever
// holds it pays with the card.
import { sentences } from "../../text/sentences.js";
import { nameWords } from "../name-words.js";

// A payment card's full number, by the end of its name (`card_number`, cardNumber, `card_no`; `pan`, a primary account
// number, where its description says a card's). Whoever holds it pays with the card: secret, never the provider's
// credential. Not a card's id, token or last four digits (`card_id`, `card_token`, `card_last4`), other words' ends.
// Its security code (cvv, cvc, csc) stays plain: 3 digits, under the shortest secret the runtime can withhold as a
// whole value (SHORT_SECRET_MIN_LENGTH, runtime/common/redact.ts), so a secret one would refuse every real code.
const CARD_DATA_ENDING = /^([a-z0-9]+[_-]?)?card[_-]?(number|num|no)$/i;
const CARD_WORDS = /\b(card|cardholder|primary account number)\b/i;
// ...or a card number by its description alone ("Cardholder's card number"), not one said to be truncated or masked
// (an answer's `4111xx…`).
const CARD_DATA_WORDS = /\b(card number|primary account number)\b/i;
const NOT_WHOLE_CARD = /\b(truncated|masked|last (four|4)|first (six|6)|bin)\b/i;
// ...unless the whole number is one of its alternatives ("Card number or BIN.", "the BIN or the full card number"): the
// caller may send the whole card, so the field is withheld as one.
const WHOLE_CARD_OR = new RegExp(
  "(?<!\\b(masked|truncated|partial)\\s+)\\b((full|whole|complete)\\s+)?(card|primary account) number\\s+or\\b" +
    "|\\bor\\s+(the\\s+)?((full|whole|complete)\\s+)?(card|primary account) number\\b",
  "i",
);

// A sentence of what an answer gives back ("When this value is returned in a response, only the last 4 digits of the
// card number are returned.") tells of the answer's value, not of the whole number a request sends.
const OF_ANSWER = /\b(returned|responses?|repl(y|ies))\b/i;

/** Whether a name (its words) and description say the value is a payment card's full number. */
export function namesCardData(name: string, description?: unknown): boolean {
  const said = typeof description === "string" ? description : "";
  const text = OF_ANSWER.test(said)
    ? sentences(said)
        .filter((s) => !OF_ANSWER.test(s))
        .join(" ")
    : said;
  if (NOT_WHOLE_CARD.test(text) && !WHOLE_CARD_OR.test(text)) return false;
  if (CARD_DATA_ENDING.test(name)) return true;
  const words = nameWords(name);
  if (words.at(-1) === "pan") return CARD_WORDS.test(text);
  // A field named for its number whose description says it is the card's.
  const last = words.at(-1) ?? "";
  return last === "number" && CARD_DATA_WORDS.test(text) && CARD_WORDS.test(text);
}
