// A map of texts (an object's `additionalProperties`) whose name says each value is a secret: its keys are the caller's
// (`credentials: {connectionString: …}`, `AuthParameters: {PASSWORD: …}`), so no field's name can say it of a value.
// Read by the link for a JSON parameter's values (link/param-limits/schema-place.ts: NestedLimits.secret), which every
// message, log and recording then withholds.
import { typeOf, type OpenApiDocument, type Schema } from "../../openapi-document.js";
import { nameWords, singular } from "../name-words.js";
import { namesCredentialEnding, namesSecret, namesASecret } from "./secret-names.js";

// A map's own word after what its values are (`credentialsMap`, `secret_dict`): not what the values are.
const MAP_WORD = /(?<=[a-z0-9])[-_]?(map|dict|dictionary|values|entries)$/i;

// Words a sign-in flow names the map of what it takes by (an auth flow's parameters, its challenge's answers: a
// password, a secret hash, a one-time code), whatever each key is.
const SIGN_IN_MAPS = /^(auth|authentication|authorization|login|sign in) (parameters|params)$|^challenge responses$/;

/**
 * Whether each value of a map named `name` is a secret: its name, its map word and plural put by, names a secret or a
 * credential (`secrets`, `passwords`, `apiKeys`, `credentials`, `cookies`), or a sign-in's parameters or a challenge's
 * responses; or its description says it holds secret data. Not where its description says the values name secrets
 * (`secret names`, ids: the secret kept elsewhere).
 */
export function namesSecretMap(name: string | undefined, description?: unknown): boolean {
  if (name === undefined || namesASecret(description) || describesSecretNames(description)) return false;
  if (typeof description === "string" && SECRET_DATA_WORDS.test(description)) return true;
  const base = name.replace(MAP_WORD, "");
  if (SIGN_IN_MAPS.test(nameWords(base).join(" "))) return true;
  // What each value is, as a list's items are read (keep-secret.ts secretListWhy): the name made singular.
  const one = singular(base) ?? base;
  return (
    namesSecret(one) ||
    namesCredentialEnding(one) ||
    namesSecret(name) ||
    /^credentials?$/.test(nameWords(one).at(-1) ?? "")
  );
}

// ...or, whatever its name (`data`, `stringData`), a description saying it holds secret data ("Data contains the secret
// data", a cluster's secret object).
const SECRET_DATA_WORDS = /\bsecret (data|values?|contents?)\b/i;

// "…to the secret manager's secret names", "the ids of the secrets": the values name secrets kept elsewhere.
const SECRET_NAMES_WORDS = new RegExp(
  "\\bsecrets?(?:'s)?\\s+(?:names?|ids?|identifiers?|references?|arns?|versions?)\\b|" +
    "\\b(?:names?|ids?|identifiers?|arns?)\\s+of\\s+(?:the\\s+)?secrets\\b",
  "i",
);

function describesSecretNames(description: unknown): boolean {
  return typeof description === "string" && SECRET_NAMES_WORDS.test(description);
}

/**
 * Whether a field is a map of texts (no fields of its own) its name says holds secrets (`secret: {file: base64}`,
 * `credentials`): NestedLimits.secret on the map, each value withheld by its key (runtime's nested-secrets.ts).
 */
export function secretTextsMap(doc: OpenApiDocument, name: string, flat: Schema): boolean {
  const values = flat.additionalProperties;
  if (flat.properties !== undefined || values === null || typeof values !== "object") return false;
  return typeOf(doc.flatten(values as Schema)) === "string" && namesSecretMap(name, flat.description);
}
