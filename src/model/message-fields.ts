// Which fields of an error answer say they hold its message, as one record:
// the order `add` prefers them in when it drafts where a message is
// (import/draft/manifest.ts), and every name the contract suite counts as a
// message when it holds an answer to the message the tool read
// (contract/structured-error.ts). A field add may draft is one the suite
// counts: the second is built from the first.

/**
 * Message names that name a text itself, never a record holding one: a field so named holding fields
 * (`{"ackLabel1": {"status": 403, "payload": "Forbidden"}}`: an entry keyed by its label) holds no message by its name.
 */
export const TEXT_ONLY_NAMES = /label|text/gi; // global: for String.replace only

/**
 * Kinds of message names, best first (`message` before `detail` before `text` before `summary`); an `issue` says what
 * went wrong as a `reason` does (`errors: [{code, field, issue, suggested_action}]`).
 */
export const MESSAGE_NAMES: readonly RegExp[] = [
  /message|msg/i,
  /description|detail|reason|issue/i,
  new RegExp(TEXT_ONLY_NAMES.source, "i"),
  /summary/i,
];

/**
 * Names of fields that say they hold an error's message, or hold one (`error`, `errors`, `error_description`, `title`,
 * `fault`).
 */
export const MESSAGE_KEY = new RegExp(
  [...MESSAGE_NAMES.map((r) => r.source), "err", "title", "summary", "problem", "fault"].join("|"),
  "i",
);
