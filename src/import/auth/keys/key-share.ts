// A document that declares no security scheme, where a few operations require a body field named as a key or a token:
// a REST API's "check a token" (`POST /applications/{id}/token`, body `{access_token}`) takes the token it checks, not
// the caller's key, and the hundreds of operations beside it declare no such place. Drafted as the document's only
// credential (places-only-draft.ts), those few would have been the only calls to send a key and every other call none;
// and beside the bearer token add assumes, the caller's own token would have gone into the field. An API's key is one
// its requests carry: the field is the key when at least half of the document's operations declare one of the places
// it was found at (keyParameter's share for a parameter), else each operation's own input (secret by its name).
// A header or a query parameter named as a key is no data an operation acts on: where it is found, it stays the key.
import { documentOperations } from "../../cut/select-operations.js";
import type { CredentialDraft, SentAgain } from "../credential-draft.js";
import { resolved } from "./key-parameter.js";

type Json = Record<string, unknown>;

/**
 * Whether the places the drafting found the key at (credential.alsoSends) include a top-level body field and fewer than
 * half of the document's operations declare any of them: the fields are then those operations' input.
 */
export function keyFieldsOfFewOperations(doc: Json, credential: CredentialDraft): boolean {
  const places = [...(credential.alsoSends?.values() ?? [])].map((s) => s.place);
  const named = places.filter((p): p is Extract<SentAgain["place"], { name: string }> => "name" in p);
  if (!named.some((p) => p.in === "body")) return false;
  const operations = documentOperations(doc);
  const paths = (doc.paths ?? {}) as Record<string, Json | undefined>;
  const carrying = operations.filter(({ path, method }) => {
    const item = paths[path] ?? {};
    const op = (item[method] ?? {}) as Json;
    const declared = [...asList(item.parameters), ...asList(op.parameters)].map((p) => resolved(doc, p));
    const fields = new Set(bodyFields(doc, op));
    return named.some((place) =>
      place.in === "body" ? fields.has(place.name) : declared.some((p) => p?.in === place.in && p.name === place.name),
    );
  }).length;
  return carrying * 2 < operations.length;
}

/** The names of the top-level fields of the operation's request bodies, of every media type (allOf's members too). */
function bodyFields(doc: Json, op: Json): string[] {
  const content = (resolved(doc, op.requestBody)?.content ?? {}) as Record<string, Json | undefined>;
  return Object.values(content).flatMap((media) => fieldsOf(doc, media?.schema, 0));
}

function fieldsOf(doc: Json, raw: unknown, depth: number): string[] {
  const schema = resolved(doc, raw);
  if (!schema || depth > 4) return [];
  const own = Object.keys((schema.properties ?? {}) as Json);
  return [...own, ...asList(schema.allOf).flatMap((member) => fieldsOf(doc, member, depth + 1))];
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The note on a draft whose key fields were a few operations' input: where they were found, and the share. */
export function fewOperationsNote(credential: CredentialDraft): string {
  const fields = [...(credential.alsoSends?.values() ?? [])]
    .map((s) => s.place)
    .filter((p) => p.in === "body" && "name" in p)
    .map((p) => ("name" in p ? p.name : ""));
  return (
    `body field ${[...new Set(fields)].join(", ")}, named as a key, is required by fewer than half of the ` +
    "document's operations: drafted as their own input (secret), not as the API's key, which its requests would carry"
  );
}
