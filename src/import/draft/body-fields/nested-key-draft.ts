// A key inside an object of a JSON request body (`{auth: {hash: <key>}}`, "Authorization hash"), as add drafts it:
// the way's credential sent there too (auth.alsoSends with the field's path), given once, rather than a plain field of
// a JSON parameter a caller fills with the key in clear. The object holding nothing but the key is then no parameter.
import { fieldOf } from "@blockwright/runtime/internal";
import { type OpenApiDocument, type Schema, typeOf } from "../../../load/openapi-document.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { safeFlatten } from "../param-schema.js";
import { nameWords } from "../../../load/schemas/secret-names.js";
import type { CredentialDraft } from "../../auth/credential-draft.js";
import { namesCredential } from "../../auth/credential-params.js";

/** How deep into a body's objects a key is looked for (`auth.hash`: 2). */
const DEEPEST = 3;
/** A name's last word that, described as what authorises a call, is its key. */
const KEY_WORDS = new Set(["hash", "key", "token", "apikey", "secret", "signature"]);
const AUTHORISES = /\b(authori[sz]ation|authori[sz]es?|authenticat\w*|api[ -]?key|access[ -]?key)\b/i;

/**
 * Whether a field's name and description say it is the key that authorises the call. A token (by its name's last word)
 * where no way of the call's sends a token (an API key, basic) is some other party's (a workspace's token a connection
 * keeps): a token repeats a token, a key a key, as for a declared parameter (credential-params.ts repeatsCredential).
 */
function authorisesCall(name: string, description: unknown, sendsToken: boolean): boolean {
  if (!sendsToken && nameWords(name).at(-1) === "token") return false;
  if (namesCredential(name)) return true;
  return KEY_WORDS.has(nameWords(name).at(-1) ?? "") && typeof description === "string" && AUTHORISES.test(description);
}

/** The path of a required text field inside `schema`'s objects that is the call's key, if one is. */
function keyPath(doc: OpenApiDocument, schema: Schema, path: string[], sendsToken: boolean): string[] | undefined {
  if (path.length >= DEEPEST) return undefined;
  const flat = safeFlatten(doc, schema);
  if (!flat || typeOf(flat) !== "object") return undefined;
  const fields = (flat.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(flat.required) ? (flat.required as string[]) : []);
  for (const name of Object.keys(fields)) {
    const field = safeFlatten(doc, fieldOf(fields, name));
    if (!field) continue;
    if (typeOf(field) === "string" && required.has(name) && authorisesCall(name, field.description, sendsToken))
      return [...path, name];
    const deeper = keyPath(doc, field, [...path, name], sendsToken);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * The top-level fields of a JSON body that hold the call's key inside an object: the key registered as a place the
 * credential's first way sends it at too (credential.alsoSends, written by draftAlsoSends); the fields whose object
 * holds the key alone, which are then not drafted (returned).
 */
export function nestedKeys(
  doc: OpenApiDocument,
  credential: CredentialDraft,
  fields: Record<string, Schema>,
  at: (string | number)[],
  notes: ReviewNote[],
): Set<string> {
  const left = new Set<string>();
  if (!credential.ways.length) return left;
  const sendsToken = credential.ways.flat().some((c) => c.placement.type === "bearer");
  for (const [field, schema] of Object.entries(fields)) {
    const flat = safeFlatten(doc, schema);
    if (!flat || typeOf(flat) !== "object") continue;
    const path = keyPath(doc, flat, [field], sendsToken);
    if (!path) continue;
    const leaf = safeFlatten(doc, doc.schemaAt(flat, path.slice(1)) ?? {});
    (credential.alsoSends ??= new Map()).set(`0:body:${path.join("/")}`, {
      way: 0,
      credential: 0,
      place: { in: "body", path },
      ...(typeof leaf?.maxLength === "number" ? { maxLength: leaf.maxLength } : {}),
      ...(typeof leaf?.minLength === "number" ? { minLength: leaf.minLength } : {}),
    });
    const alone = path.length === 2 && Object.keys((flat.properties ?? {}) as object).length === 1;
    if (alone) left.add(field);
    const words = typeof leaf?.description === "string" ? ` (${JSON.stringify(leaf.description)})` : "";
    notes.push({
      at: [...at, "params"],
      note:
        `body field ${path.join(".")}${words} is the key that authorises the call: the credential is sent there ` +
        `${credential.placesOnly ? "alone" : "too"} (auth.alsoSends, path [${path.join(", ")}]), given once${
          alone ? `; ${field}, which holds nothing else, is no parameter` : ""
        }${
          credential.added
            ? `; the document declares no security scheme, so the added ${credential.scheme} sends it in its place ` +
              "as well: check how the API takes its key"
            : ""
        }`,
    });
  }
  return left;
}
