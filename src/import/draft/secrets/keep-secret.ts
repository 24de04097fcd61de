// Which drafted parameters are secrets a person sets (a password, a client's secret, a key beside the provider's
// credential, a token endpoint's form's tokens, a wallet's recovery words as a list of texts), drafted `secret`,
// `user-only`, with a note saying why: read once all of an operation's parameters are drafted (params.ts).
import { SECRET_MIN_LENGTH, SHORT_SECRET_MIN_LENGTH } from "@blockwright/runtime/internal/generate";
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { beginsAsAKey } from "../../../load/schemas/api-key-words.js";
import {
  bracketPath,
  heldSecret,
  namesCredentialEnding,
  namesASecret,
  namesSecret,
  namesSecretList,
  noSecretShape,
} from "../../../load/schemas/secrets/secret-names.js";
import { type AnswerToken, type DeclaredKey, NOT_SECRET } from "../../auth/credential-draft.js";
import { carriesCredential, headerNamesCredential, namesCredential } from "../../auth/credential-params.js";
import { actedOnToken } from "../../auth/acted-on-token.js";
import { takesToken } from "../../auth/answer-tokens.js";
import { tokenFormCredential } from "../../auth/token-endpoint-form.js";
import { holdsTexts } from "./text-lists.js";
import { nameWords, singular } from "../../../load/schemas/name-words.js";
import { oneTimeCode } from "../../../load/schemas/secrets/one-time-codes.js";
import type { ReviewNote } from "../../manifest-yaml.js";

type Path = (string | number)[];

const TOKEN_FORM =
  "a credential of a token endpoint's form (a body with a grant_type: RFC 6749, RFC 8693's token exchange)";
const ACTED_ON =
  "a token the operation acts on, as its description says (one to introspect, revoke or exchange, or issued to a " +
  "client): the operation's input, not the provider's credential";

/**
 * Values a person sets and every message, log and recording withholds, as a credential's: a field or parameter named
 * as a secret in any operation (`password`, `client_secret`, `refresh_token`); and in an operation that takes no
 * credential of the provider's, one named as a key or a token (`api_key`), which elsewhere is the credential again; in
 * a token endpoint's form, the tokens, assertions and codes it carries (`subject_token`: token-endpoint-form.ts); a
 * list of texts named or described as a wallet's recovery words (secretListWhy); a parameter at the place of a declared
 * apiKey scheme add did not draft (schemeAt: a token beside the key chosen), the document's own word that it is one; a
 * parameter named as a field an answer hands out as a token for later calls (a sign-in's `uid`), whatever its name,
 * unless a record's id or a parameter of the operation answering it (takesToken), and a body's `key` that every
 * operation's body has, the document declaring no scheme, described as the account's key or not at all
 * (answer-tokens.ts); and one named as some ways' key that each call gives, as the other ways send nothing there
 * (`keysAgain`: credential-params.ts sentAgain).
 */
export function keepSecret(
  params: Record<string, ManifestParam>,
  byWire: ReadonlyMap<string, string>,
  {
    keyless,
    tokenForm,
    words,
    keys = [],
    answerTokens = [],
    bodyKeys = [],
    operation,
    keysAgain = new Set(),
    body,
  }: {
    keyless: boolean;
    tokenForm: boolean;
    words: string;
    keys?: readonly DeclaredKey[];
    answerTokens?: readonly AnswerToken[];
    bodyKeys?: readonly string[];
    /** The operation drafted, `METHOD /path`: an answer's token is no parameter of an operation answering it. */
    operation?: string;
    /** The wires of parameters repeating some ways' key, which each call gives (credential-params.ts sentAgain). */
    keysAgain?: ReadonlySet<string>;
    /** The request body as the object holding its fields (bodyHolder): its name, as a JSON value's field's is. */
    body?: { name?: string; description?: unknown };
  },
  at: Path,
  notes: ReviewNote[],
): void {
  const cut = (w: string): [string, string] => [
    w.slice(0, w.indexOf(":")),
    w.slice(w.indexOf(":") + 1).replace(/^\//, ""),
  ];
  const wires = [...byWire.keys()].map(cut);
  for (const [wire, name] of byWire) {
    const p = params[name];
    const [place, wireName] = cut(wire);
    // A form's bracketed path names the field by its last segment (`user[api_key]`, `model[default_password]`).
    const { leaf } = bracketPath(wireName);
    // A list of texts may be secret too, each item withheld: a wallet's recovery words (`cipher_seed_mnemonic`).
    const list = p?.type === "json" && p.jsonType === "array";
    // A text the document marks `format: password` comes marked secret (draft-format.ts), not yet set by a person.
    const marked = p?.type === "string" && p.secret === true && p.visibility === undefined;
    if ((p?.type !== "string" && !list) || (p.secret && !marked)) continue;
    const siblings = wires.flatMap(([w, n]) => (w === place && n !== wireName ? [n] : []));
    const scheme = list || marked ? undefined : schemeAt(keys, place, wireName);
    const chained = list
      ? secretListWhy(place, wireName, p)
      : marked
        ? "the spec marks it secret (format: password or x-ms-secret: true)"
        : namesSecret(wireName, p.description, { siblings, words, shape: p })
          ? "named as a secret"
          : keyless && namesCredential(leaf)
            ? "named as a key or token, and the operation takes no credential of the provider's (security: [])"
            : place === "path" && (namesCredentialEnding(leaf) || beginsAsAKey(p.description))
              ? "a path segment named or described as a key or token only a credential is (a user's access token " +
                "an operation checks or revokes): withheld from the address wherever it is written"
              : carriesCredential(place, leaf, p.required === true, p.description) && !namesASecret(p.description)
                ? place === "body"
                  ? // A JSON body's optional key field (a settings record's `apiKey`): the record's own value, not the
                    // credential sent again (repeatsCredential leaves it).
                    "a field of the record the body writes, secret by its name (a key or token), not the provider's " +
                    "credential"
                  : `named as a key or token only a credential is, sent in the ${place} beside the provider's ` +
                    "credential"
                : place === "header" && headerNamesCredential(leaf, p.description) && !noSecretShape(p, p.description)
                  ? "a header named as a credential (a secret, a key or a token), which no security scheme declares"
                  : namesCredential(leaf) && actedOnToken(p.description)
                    ? ACTED_ON
                    : tokenForm && place === "body" && tokenFormCredential(leaf)
                      ? TOKEN_FORM
                      : undefined;
    // A bare `value` of a body its schema names as a secret (`Password: {value}`): the rule a JSON value's field has.
    const named =
      chained ??
      (place === "body" && leaf === wireName && heldSecret(wireName, p.description, body)
        ? `a bare ${wireName} of a body named ${body?.name}, which holds a secret or credentials: secret, as the ` +
          "same field of an object so named inside a JSON value is"
        : undefined);
    const handed =
      list || marked || named
        ? undefined
        : answerTokens.find(
            (t) =>
              t.name === wireName &&
              takesToken(t, { place, name: wireName, description: p.description, operation: operation ?? "" }),
          );
    const why = keysAgain.has(wire)
      ? "named as the credential some ways send, which a call gives here again (the document requires it on every call)"
      : scheme
        ? `at the place of security scheme ${scheme} (apiKey in ${place} ${wireName}), a credential the document ` +
          "declares beside the one drafted"
        : handed
          ? `named as the field ${handed.from} answers, which the document calls a token for later calls ` +
            `(${JSON.stringify(handed.words)})`
          : !named && !list && place === "body" && bodyKeys.includes(wireName)
            ? `a field ${wireName} every request body of the document has, and the document declares no security ` +
              "scheme: the API's key, sent in the body"
            : named;
    // A one-time code (six digits, a PIN's four): held to a secret's shortest, not a password's (one-time-codes.ts).
    const code = !list && why !== undefined && p.minLength === undefined && oneTimeCode(nameWords(leaf), p.description);
    markSecret(params, name, why, { marked, code }, [...at, "params", name], notes);
  }
}

/**
 * The parameter drafted secret for `why` (none: left as it is, format password's mark taken back where its bound is
 * under a secret's): a secret is at least SHORT_SECRET_MIN_LENGTH characters (the runtime refuses a shorter one; one
 * under SECRET_MIN_LENGTH, a PIN, it withholds as a whole value): a field bounded below that stays as it is, and an
 * example shorter than SECRET_MIN_LENGTH (a password `hunter2`) is left out. A default is the document's stand-in
 * (`YOUR_API_KEY`, `<token>`), never a credential to send when a call gives none: left out.
 */
function markSecret(
  params: Record<string, ManifestParam>,
  name: string,
  why: string | undefined,
  { marked, code }: { marked: boolean; code: boolean },
  at: Path,
  notes: ReviewNote[],
): void {
  const p = params[name];
  if (!p) return;
  if (!why || (p.maxLength ?? SECRET_MIN_LENGTH) < SHORT_SECRET_MIN_LENGTH) {
    if (marked) {
      delete p.secret;
      notes.push({
        at,
        note:
          `the spec marks it secret (format: password or x-ms-secret: true), but maxLength ${p.maxLength} is ` +
          `under a secret's ${SHORT_SECRET_MIN_LENGTH} characters: not drafted secret`,
      });
    }
    return;
  }
  const { default: standIn, ...kept } = { ...p, secret: true, visibility: "user-only" } as ManifestParam;
  const floor = code ? SHORT_SECRET_MIN_LENGTH : SECRET_MIN_LENGTH;
  const short = typeof p.example === "string" && Array.from(p.example).length < floor;
  if (code) kept.minLength = SHORT_SECRET_MIN_LENGTH;
  if (short) delete kept.example;
  params[name] = kept;
  const left = [
    ...(code
      ? [
          `a one-time code: minLength ${SHORT_SECRET_MIN_LENGTH}, the shortest secret a call takes (a password's is ` +
            `${SECRET_MIN_LENGTH}): set the upstream's own length if it has one`,
        ]
      : []),
    ...(short ? [`its example, shorter than a secret's ${floor} characters, left out`] : []),
    ...(standIn !== undefined ? ["its default left out: a call gives the secret, no stand-in is sent"] : []),
  ];
  const said = `${why}: drafted secret, set by a person${left.map((l) => `; ${l}`).join("")}`;
  notes.push({ at, note: said });
}

/**
 * The declared apiKey scheme sending its key at this header, query or cookie parameter, if one does (a header's name
 * read in any case), unless the name is an identifier's or a host's (a gateway's app id, `X-RapidAPI-Host`, sent
 * beside its key). The drafted scheme's own place never gets here: it is the credential's (repeatsCredential).
 */
function schemeAt(keys: readonly DeclaredKey[], place: string, name: string): string | undefined {
  if (NOT_SECRET.test(name) || /host$/i.test(name)) return undefined;
  const same = (k: DeclaredKey) => (place === "header" ? k.name.toLowerCase() === name.toLowerCase() : k.name === name);
  return keys.find((k) => k.in === place && same(k))?.scheme;
}

/**
 * Why a list is a secret of texts, if it is: its name or description says it holds a wallet's recovery words (a
 * mnemonic, seed words, a recovery phrase), and its example, if any, is texts; or its spec's items are texts and its
 * name is a credential's or a secret's made plural (`access_tokens`, `api_keys`, `passwords`): each item one. The link
 * holds a secret list's items to texts.
 */
function secretListWhy(place: string, wireName: string, p: ManifestParam): string | undefined {
  // A list of records named as secrets (`sharedCookies`, each a cookie's name and value) is no list of texts: the link
  // refuses a secret of any other items (BW2012), and such a list's secret fields are its items' own.
  if (!holdsTexts(p) || (Array.isArray(p.example) && !p.example.every((v) => typeof v === "string"))) return undefined;
  if (namesSecretList(wireName, p.description))
    return "named or described as a wallet's recovery words, a list of texts each of whose items is withheld";
  const one = singular(bracketPath(wireName).leaf);
  if (one === undefined || namesASecret(p.description)) return undefined;
  return namesSecret(one, p.description) || carriesCredential(place, one, false, p.description)
    ? `a list of texts named as ${one} values (a secret or a credential each), each of whose items is withheld`
    : undefined;
}

/**
 * The request body as the object holding its fields, for the rule a JSON value's field is read by (heldSecret): its
 * name, the component its schema or the body itself is (`$ref: …/schemas/Password`), or the body parameter's of a
 * Swagger 2 document (`x-codegen-request-body-name`), and its description.
 */
export function bodyHolder(rawOp: Record<string, unknown>): { name?: string; description?: unknown } | undefined {
  const body = rawOp.requestBody as Record<string, unknown> | undefined;
  const refName = (ref: unknown) => (typeof ref === "string" ? ref.split("/").at(-1) : undefined);
  const content = (body?.content ?? {}) as Record<string, { schema?: { $ref?: unknown } } | undefined>;
  const schemaRef = Object.values(content)
    .map((media) => refName(media?.schema?.$ref))
    .find(Boolean);
  const codegen = rawOp["x-codegen-request-body-name"] ?? body?.["x-codegen-request-body-name"];
  const name = refName(body?.$ref) ?? schemaRef ?? (typeof codegen === "string" ? codegen : undefined);
  return name !== undefined ? { name, description: body?.description } : undefined;
}
