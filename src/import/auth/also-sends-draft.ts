// A way's first credential sent at another place too (auth.alsoSends), as add drafts it: a required parameter or body
// field of the credential's own name at another place than its scheme's (a query key `key` the body requires again),
// found while drafting the operations (repeatsCredential), then written into the manifest's auth, the way's own entry
// (the auth, or an alternative), the credential parameter's lengths bounded by those the document gives the places.
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { CredentialDraft } from "./credential-draft.js";

/**
 * A required parameter or body field of a way's first credential's own name at another place than its scheme's (a
 * query key `key` the body requires again as `key`): the same credential, sent there too (that way's auth.alsoSends),
 * given once; its note. Each way whose first credential it repeats sends it (several ways: each its own key; a way of
 * two keys: its first). A way's other credentials (`also`) are sent at their schemes' places only: a field repeating
 * one of them is not this.
 */
export function sentAgain(
  credential: CredentialDraft,
  param: { in: string; name: string; required?: boolean; lengths?: { maxLength?: unknown; minLength?: unknown } },
): string | undefined {
  if (!param.required || (param.in !== "body" && param.in !== "query" && param.in !== "header")) return undefined;
  const ways = credential.ways.flatMap((way, i) => {
    const first = way[0];
    const place = first?.placement;
    if (!first || !place || !("name" in place) || place.type === "path" || param.in === place.type) return [];
    const header = param.in === "header" || place.type === "header";
    const named = header ? param.name.toLowerCase() === place.name.toLowerCase() : param.name === place.name;
    return named ? [{ i, first, place }] : [];
  });
  const [one] = ways;
  if (!one) return undefined;
  const at = { in: param.in, name: param.name };
  const lengths = param.lengths ?? {};
  for (const { i } of ways)
    (credential.alsoSends ??= new Map()).set(`${i}:${param.in}:${param.name}`, {
      way: i,
      place: at,
      ...(typeof lengths.maxLength === "number" ? { maxLength: lengths.maxLength } : {}),
      ...(typeof lengths.minLength === "number" ? { minLength: lengths.minLength } : {}),
    });
  const where = param.in === "body" ? "body field" : `${param.in} parameter`;
  const several = credential.ways.length > 1;
  const by = ways.map(({ i, first, place }) => {
    const which = several ? (i ? `alternative ${i}'s ` : "the first way's ") : "";
    return (
      `${which}security scheme ${first.scheme} sends as the ${place.type} ${place.name} ` +
      `(auth.param ${first.param})`
    );
  });
  const others = credential.ways.length - ways.length;
  return (
    `${where} ${JSON.stringify(param.name)} is required and named as the credential ${by.join(", and as the one ")}: ` +
    `the same key, sent there too, given once (${
      several ? "alsoSends of each way that sends it" : "auth.alsoSends"
    }); check that the API wants the same key at both places` +
    (others
      ? `; a call by ${others === 1 ? "the other way" : `the ${others} other ways`} sends nothing there, where the ` +
        "document requires the field"
      : "")
  );
}

/**
 * Each way's places (auth.alsoSends, an alternative's), and the credential parameter's lengths held to those the
 * places take (a body field `key` of at most 256 characters: a key as long as a credential's default is refused
 * there), with a note on each bound.
 */
export function draftAlsoSends(
  auth: Manifest["auth"],
  params: Record<string, ManifestParam> | undefined,
  credential: CredentialDraft,
  notes: { at: (string | number)[]; note: string }[],
): void {
  const sent = [...(credential.alsoSends?.values() ?? [])];
  if (!sent.length) return;
  credential.ways.forEach((way, i) => {
    const places = sent.filter((s) => s.way === i);
    const entry = i === 0 ? auth : auth.alternatives?.[i - 1];
    const param = way[0]?.param;
    if (!places.length || !entry || param === undefined) return;
    entry.alsoSends = places.map((s) => s.place);
    const own = params?.[param];
    if (!own) return;
    const max = Math.min(...places.map((s) => s.maxLength ?? Number.POSITIVE_INFINITY));
    const min = Math.max(...places.map((s) => s.minLength ?? 0));
    const bound: string[] = [];
    if (Number.isFinite(max) && (own.maxLength === undefined || max < own.maxLength)) {
      own.maxLength = max;
      bound.push(`maxLength ${max}`);
    }
    if (min > (own.minLength ?? 0)) {
      own.minLength = min;
      bound.push(`minLength ${min}`);
    }
    if (bound.length)
      notes.push({
        at: ["params", param],
        note:
          `${bound.join(" and ")}: the document's own for ` +
          `${places.map((s) => `${s.place.in} ${s.place.name}`).join(", ")}, where the credential is sent too ` +
          "(auth.alsoSends): a key past them would be refused there",
      });
  });
}
