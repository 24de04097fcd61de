// The word "password" in the languages documents are written in: a description saying a short name (`pass`, `pass2`)
// holds one ("Contraseña", "Mot de passe", "Kennwort"), and names that are the word itself (`contrasena`, `senha`,
// `passwort`). English alone left a Spanish bank API's `pass` (described "Contraseña") drafted plain: a literal on the
// command line, a model asked for it.
import { EDGE_AFTER, EDGE_BEFORE } from "../api-key-words.js";

// Each a whole word of a description, accents optional where writers drop them (contrasena, haslo, losenord).
const DESCRIBED = [
  "password",
  "passphrase",
  "contrase[ñn]as?",
  "clave de acceso",
  "mot de passe",
  "passwort",
  "kennwort",
  "senhas?",
  "wachtwoord",
  "parola d'ordine",
  "has[łl]o",
  "l[öo]senord",
  "adgangskode",
  "passord",
  "salasana",
  "heslo",
  "jelsz[óo]",
  "şifre",
  "пароль",
];
// A whole word's edges as api-key-words.ts spells them: `\b` knows no letter beyond ASCII (`contraseña`).
const PASSWORD_DESCRIBED = new RegExp(`${EDGE_BEFORE}(${DESCRIBED.join("|")})${EDGE_AFTER}`, "iu");
// Whole names that are the word in another language (`Passwort`, `contraseña`, `senha`, `wachtwoord`); English's are
// secret-names.ts's endings.
const PASSWORD_NAMED =
  /^(contrase[ñn]a|passwort|kennwort|senha|wachtwoord|has[łl]o|l[öo]senord|salasana|motdepasse)$/iu;

// A description that is a password and nothing more ("Password.", "The user's password", "Contraseña"), whatever the
// name (a media server's query `pw`): the value is one. Not one with words after it ("Password policy", "Password
// hint"), nor its length or rules.
const ONLY_A_PASSWORD = new RegExp(
  `^\\s*(?:(?:the|your|an?|user['’]s|account['’]s)\\s+)?(?:[\\p{L}'’-]+\\s+){0,2}` +
    `(?:${DESCRIBED.join("|")})\\s*[.:]?\\s*$`,
  "iu",
);

/** Whether a description is a password and nothing more, in English or another language. */
export function describedAsAPassword(description: unknown): boolean {
  return typeof description === "string" && ONLY_A_PASSWORD.test(description.trim());
}

/** Whether a description says the value is a password, in English or another language. */
export function describesPassword(description: string): boolean {
  return PASSWORD_DESCRIBED.test(description);
}

/**
 * Whether a name ends in the word "password" in another language, whatever words come before (`user_contrasena`), one
 * of several words too (`motDePasse`).
 */
export function namesPasswordInOtherLanguage(words: readonly string[]): boolean {
  return PASSWORD_NAMED.test(words.at(-1) ?? "") || PASSWORD_NAMED.test(words.slice(-3).join(""));
}
