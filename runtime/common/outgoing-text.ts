// Text that leaves the runtime (an error's message, code or details, a value
// quoted in a refusal, a log line, what a hook is given) is redacted, then
// cut: in that order. Cut first, a secret straddling the cut keeps its head in
// the text, and the redactor, which looks for whole secrets (in every form),
// no longer finds it: the head goes out.
import { redact } from "./redact.js";

/** Longest text of an upstream's kept in an error (a message, a code, a string in details). */
export const ERROR_TEXT_CHARS = 1000;

/**
 * `text` with every secret redacted (redact.ts), then cut to `max`
 * characters, saying how long it was (`… (5000 characters)`); a surrogate
 * pair is not split. `mark: false` cuts with an ellipsis only.
 */
export function redactThenCut(text: string, secrets: readonly string[], max: number, mark = true): string {
  const safe = secrets.length ? redact(text, secrets) : text;
  if (safe.length <= max) return safe;
  // A high surrogate at the cut would be half a character: cut before it.
  const at = max > 0 && isHighSurrogate(safe.charCodeAt(max - 1)) ? max - 1 : max;
  return `${safe.slice(0, at)}…${mark ? ` (${safe.length} characters)` : ""}`;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
