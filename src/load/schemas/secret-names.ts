// Names that say a value is a secret: a password, a client's secret, a private key (`newPassword`, `client_secret`,
// a header's `X-Api-Secret`). Read once here for a parameter (import/auth/credential-params.ts: drafted `secret`) and a
// field inside a JSON value (link/param-limits/schema-place.ts, NestedLimits.secret: its value withheld from a
// refusal), with the document's own mark of one, `format: password`.
import type { Schema } from "../openapi-document.js";

/**
 * Names that say a value is a secret whatever the operation's credential (a password, a client's secret, a refresh
 * token, a private key, the secret half of an access key pair, a one-time password's seed: `totp_secret`; a wallet's
 * recovery phrase or master key: WALLET_KEY_ENDING): a field a
 * token endpoint, a sign-in or an account's form takes beside the provider's credential.
 */
const SECRET_NAMES = new RegExp(
  "^(password|passphrase|passwd|pwd|secret|client[_-]?secret|refresh[_-]?token|private[_-]?key|" +
    "(api|app|consumer|shared|signing|webhook|totp|hotp|otp|mfa|2fa)[_-]?secret|" +
    "(aws[_-]?)?secret[_-]?(access[_-]?)?key)$",
  "i",
);
// A password of some kind by the end of its name: newPassword, smtp_password, current-passwd, admin_passphrase (not
// password_hint or passwordless, whose ends are other words); or its confirmation, the same secret typed again
// (password2, app_passwd2, password_confirmation, newPasswordRepeat).
const PASSWORD_ENDING =
  /^([a-z0-9]+[_-]?)?(password|passwd|passphrase)([_-]?(\d|confirm|confirmation|confirmed|repeat|repeated|again))?$/i;
// A private key by the end of its name: ssh_private_key, signingPrivateKey, private_key_pem; or a certificate's, a TLS
// server's (certificate_key, ssl_key, tls_key, cert_key, in PEM): the key a certificate is signed with. Not a
// public_key, a key_id or a certificate itself.
const PRIVATE_KEY_ENDING = /^([a-z0-9]+[_-]?)?(private[_-]?key|(certificate|cert|ssl|tls)[_-]?key)([_-]?pem)?$/i;
// A wallet's keys by the end of its name: its recovery phrase (cipher_seed_mnemonic, mnemonic, seedPhrase,
// recovery_phrase, backup_words) or its master private key (extended_master_key, masterPrivateKey, xprv), from which
// every key of the wallet derives. Not a phrase's or a key's hint, id or fingerprint (mnemonic_hint, master_key_id).
const WALLET_KEY_ENDING =
  /^([a-z0-9]+[_-]?)?(mnemonic|(seed|recovery|backup)[_-]?(phrase|words)|master[_-]?(private[_-]?)?key|xprv)$/i;
// `pass` is a password only where its description says so (an SMTP account's); elsewhere it is a verb or a route.
const PASSWORD_WORD = /\bpass(word|phrase)\b/i;
// `key` is an API key only where its description says so (a query `key`, "API key. Your API key identifies your
// project"); elsewhere it is a sort key, an object's key or a map's.
const API_KEY_WORDS = /\bapi[ -]?key\b/i;
// `token` is a credential only where its description says so (an account's new token: "API Token. Minimum 32
// characters"); elsewhere it is a page's, a device's or a record's token.
const API_TOKEN_WORDS = /\b(api|access|auth(entication)?)[ -]?token\b/i;

/**
 * Whether a parameter's or field's name says it holds a secret in any operation (`password`, `client_secret`,
 * `newPassword`, a header's `X-Api-Secret`), or, for `pass`, `key` and `token`, its description (a password, an API
 * key, an API token).
 */
export function namesSecret(wireName: string, description?: unknown): boolean {
  // A header's `X-` prefix (X-API-SECRET, X-Client-Secret) says nothing of what it holds: the name past it is read.
  const name = wireName.replace(/^x-/i, "");
  if ([SECRET_NAMES, PASSWORD_ENDING, PRIVATE_KEY_ENDING, WALLET_KEY_ENDING].some((names) => names.test(name)))
    return true;
  if (typeof description !== "string") return false;
  if (/^pass$/i.test(name)) return PASSWORD_WORD.test(description);
  if (/^token$/i.test(name)) return API_TOKEN_WORDS.test(description);
  return /^key$/i.test(name) && API_KEY_WORDS.test(description);
}

/** Whether a field inside a JSON value holds a secret: its document's `format: password`, or its name says so. */
export function secretField(name: string, field: Schema): boolean {
  return field.format === "password" || namesSecret(name, field.description);
}
