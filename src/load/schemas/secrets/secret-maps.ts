// A map of texts (an object's `additionalProperties`) whose name says each value is a secret: its keys are the caller's
// (`credentials: {connectionString: …}`, `AuthParameters: {PASSWORD: …}`), so no field's name can say it of a value.
// Read by the link for a JSON parameter's values (link/param-limits/schema-place.ts: NestedLimits.secret), which every
// message, log and recording then withholds.
import { typeOf, type OpenApiDocument, type Schema } from "../../openapi-document.js";
import { nameWords } from "../name-words.js";
import { namesCredentialEnding, namesSecret, namesASecret } from "./secret-names.js";

// A map's own word after what its values are (`credentialsMap`, `secret_dict`): not what the values are.
const MAP_WORDS = new Set(["map", "dict", "dictionary", "values", "entries"]);

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
  const words = nameWords(name);
  while (words.length > 1 && MAP_WORDS.has(words.at(-1) as string)) words.pop();
  if (!words.length) return false;
  if (typeof description === "string" && SECRET_DATA_WORDS.test(description)) return true;
  const joined = words.join(" ");
  if (SIGN_IN_MAPS.test(joined)) return true;
  const last = words.at(-1) as string;
  const one = [...words.slice(0, -1), last.endsWith("s") && last.length > 3 ? last.slice(0, -1) : last];
  const singular = one.map((w, i) => (i ? w[0]?.toUpperCase() + w.slice(1) : w)).join("");
  return (
    namesSecret(singular) ||
    namesSecret(name) ||
    namesCredentialEnding(singular) ||
    /^credentials?$/.test(one.at(-1) as string)
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
