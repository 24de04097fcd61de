// The places error answers usually keep their message in (MESSAGE_PLACES), best first, looked for in an answer's schema
// (schema-message.ts) and in its examples (example-message.ts) alike, through what each says a place holds (Texts).
import { MESSAGE_NAMES } from "../../../model/message-fields.js";

/**
 * Where error answers usually keep their message, best first: an errors list's first item's, or one errors object's
 * (SendGrid answers either).
 */
export const MESSAGE_PLACES = [
  ["error", "message"],
  ["message"],
  // Beside a code in `error` (`{error: "invalid_format", errorDescription}`, OAuth's pair in any spelling): the text.
  ...[["error_description"], ["errorDescription"], ["error_message"], ["errorMessage"]],
  ["detail"],
  ["errors", "0", "message"],
  ["errors", "message"],
  ["errors", "0", "detail"],
  ["errors", "0", "reason"],
  ["errors", "0", "title"],
  ["title"],
  ["error"],
  ["errors"],
];

/** Whether a place of an error answer holds text, or a list of texts. */
export interface Texts {
  text(pointer: string[]): boolean;
  list(pointer: string[]): boolean;
  /** The one text field of an object there (`message: {lang, value}`), if that is what it holds. */
  lone?(pointer: string[]): string | undefined;
}

/**
 * The first usual place (MESSAGE_PLACES) under `base` that holds text, or a list of texts, whose first it is then
 * (`{errors: [{field, message: ["…"]}]}`).
 */
export function usualPlace(base: readonly string[], texts: Texts): string[] | undefined {
  for (const pointer of MESSAGE_PLACES) {
    const at = [...base, ...pointer];
    if (texts.text(at)) return at;
    if (texts.list(at)) return [...at, "0"];
    // A message that is an object of one text (`message: {lang, value}`): that text.
    const lone = MESSAGE_NAMES[0]?.test(at.at(-1) ?? "") ? texts.lone?.(at) : undefined;
    if (lone !== undefined) return [...at, lone];
  }
  return undefined;
}

/** A usual place (MESSAGE_PLACES) inside an object the reply wraps the error in: `{header: {error: "…"}, body: {}}`. */
export function usualWithin(envelopes: readonly string[][], texts: Texts): string[] | undefined {
  for (const base of envelopes) {
    const usual = usualPlace(base, texts);
    if (usual) return usual;
  }
  return undefined;
}
