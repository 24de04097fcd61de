// One reading of "described as an API key" (api-key-words.ts), where four regular expressions read it apart and a
// description only in Spanish, Portuguese, French or German ("clave de API") read as plain: a `key` so described was
// drafted as no secret, shown in errors and sent to a model's context as any text.
import { describe, expect, it } from "vitest";
import { namedApiKey, saysApiKey } from "./api-key-words.js";
import { describedAsNoCredential } from "./no-credential.js";
import { namesSecret } from "./secrets/secret-names.js";

const SAID = [
  "API key. Your API key identifies your project.",
  "Your api-key, from the dashboard",
  "The apikey of the account",
  "Your application key",
  "Developer key issued at sign-up",
  "Subscription key for the zq gateway",
  "Tu clave de API.",
  "La clave de la API del usuario",
  "Sua chave de API",
  "A chave da API fornecida no painel",
  "Votre clé d'API",
  "La clé de l'API du compte",
  "Clé API",
  "Ihr API-Schlüssel",
  "Der API Schluessel des Kontos",
];
const NOT_SAID = [
  "The project key (its short name, such as ZQ)",
  "The sort key of the records",
  "The object's key",
  "The access key ID",
  "API key id of the key to revoke",
  "A key of the map",
  "Clave del registro",
  "Schlüssel des Eintrags",
  "",
];

describe("described as an API key", () => {
  it.each(SAID)("reads %j as an API key", (words) => {
    expect(saysApiKey(words)).toBe(true);
    // ...so a bare `key` so described is secret, and no description's other words make it no credential.
    expect(namesSecret("key", words)).toBe(true);
    expect(describedAsNoCredential(`The record's id. ${words}`)).toBe(false);
  });

  it.each(NOT_SAID)("reads %j as no API key", (words) => {
    expect(saysApiKey(words)).toBe(false);
    expect(namesSecret("key", words)).toBe(false);
  });

  it("reads a name that says an API key by itself, and no other", () => {
    const names = ["api_key", "X-Goog-Api-Key", "apikey", "x-api-key", "zq.api-key", "apiKey"];
    expect(names.filter(namedApiKey)).toEqual(names);
    expect(["key", "api_key_id", "keyApi", "sort_key", "apikeys"].filter(namedApiKey)).toEqual([]);
    expect(saysApiKey(undefined)).toBe(false);
  });
});
