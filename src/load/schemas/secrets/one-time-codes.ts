// A one-time code a person is sent or shown to prove who they are (an authenticator app's TOTP code, a code texted or
// mailed to confirm a sign-up or to reset a forgotten password): while it is valid, whoever holds it signs in, confirms
// the account or sets its password, as a one-time token's holder acts (granting-secrets.ts). secret-names.ts asks.
import { saysOnlyItsName } from "./granting-secrets.js";

// By its name alone: a one-time password's or a second factor's code (`otp`, `totp_code`, `mfaCode`, `twoFactorCode`,
// `passcode`). Not its length, its channel or its kind (`otp_length`, `mfa_type`): their names end in other words; nor
// a bare `mfa` or `2fa` (a setting: `PreferredMfa`, `require_2fa`).
const ONE_TIME_WORDS = new Set(["otp", "totp", "hotp", "passcode", "onetime", "otpcode", "mfacode", "tfacode"]);
const FACTOR_WORDS = new Set([...ONE_TIME_WORDS, "mfa", "2fa", "tfa"]);

// ...or a confirmation's, a verification's, a reset's or an activation's code (`ConfirmationCode`, `verification_code`)
// where nothing describes it or its description says it was sent to the person, or what it confirms or resets: an
// account, a sign-up, a password. A booking's confirmation code (a reservation's reference, read back to find it) is
// none.
const ACTION_CODE_WORDS = new Set(["confirmation", "confirm", "verification", "verify", "reset", "activation"]);
const SENT_CODE = new RegExp(
  "\\b(sent|texted|e-?mailed|delivered)\\b|" +
    "\\b(sign[- ]?(up|in)|log ?in|registration|forgot(ten)?|password|account|e-?mail|phone|users?)\\b",
  "i",
);
const BOOKING_WORDS = /\b(booking|reservation|order|itinerary|flight|hotel|ticket|purchase|shipment|payment)s?\b/i;

// By its description, of a bare or a user's code, pin or token (`UserCode`, "The TOTP code."): a one-time password or
// code (written "one- time" too, as a user pool's document has it), a second factor's, an authenticator app's. Not a
// code of something else the description mentions one beside (`LanguageCode`, "The language to use for sending the
// OTP").
const HOLDER_WORDS = new Set(["user", "auth", "security", "access", "login", "device", "token", "sms", "email"]);
const ONE_TIME_CODE_WORDS = new RegExp(
  "\\bone[-\\s]*time (pass(word|code)|(security |verification )?code|pin)\\b|\\b(t|h)?otp\\b|" +
    "\\b(mfa|2fa|two[- ]factor( authentication)?|multi[- ]factor( authentication)?) (code|token|pin)\\b|" +
    "\\bauthenticator app\\b",
  "i",
);
// ...not a description of its length, its lifetime, how it is delivered or whether it is required.
const ABOUT_THE_CODE = /\b(length|lifetime|expir\w*|how long|number of digits|delivery (method|medium|channel))\b/i;

/** Whether a name (its words) and description say the value is a one-time code that proves who a person is. */
export function oneTimeCode(words: readonly string[], description: unknown): boolean {
  const said = typeof description === "string" ? description : "";
  if (ABOUT_THE_CODE.test(said)) return false;
  const last = words.at(-1) ?? "";
  const before = words.at(-2) ?? "";
  if (ONE_TIME_WORDS.has(last) || (last === "code" && (FACTOR_WORDS.has(before) || twoFactor(words)))) return true;
  if (last === "password" && before === "time" && words.at(-3) === "one") return true;
  if (last === "code" && ACTION_CODE_WORDS.has(before))
    return saysOnlyItsName(words, description) || (SENT_CODE.test(said) && !BOOKING_WORDS.test(said));
  const own = words.length === 1 || (words.length === 2 && HOLDER_WORDS.has(before));
  return own && /^(code|pin|token)$/.test(last) && ONE_TIME_CODE_WORDS.test(said);
}

/** `two_factor_code`, `one_time_code`, `multiFactorCode`: the words before `code`. */
function twoFactor(words: readonly string[]): boolean {
  const pair = words.slice(-3, -1).join(" ");
  return pair === "two factor" || pair === "one time" || pair === "multi factor";
}
