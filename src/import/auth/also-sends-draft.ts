// A way's first credential sent at another place too (auth.alsoSends), as add drafts it: a required parameter or body
// field of the credential's own name at another place than its scheme's (a query key `key` the body requires again),
// found while drafting the operations (repeatsCredential), then written into the manifest's auth, the way's own entry
// (the auth, or an alternative), the credential parameter's lengths bounded by those the document gives the places.
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { dropNotes } from "../manifest-yaml.js";
import { type CredentialDraft, type PlaceLimits, type SentAgain, sentLimits } from "./credential-draft.js";

/**
 * A required parameter or body field of a way's credential's own name at another place than its scheme's (a query key
 * `key` the body requires again as `key`): the same credential, sent there too (that way's auth.alsoSends), given once;
 * its note (`left`: not drafted). In a way of two keys, the one it repeats is drafted first (alsoSends sends a way's
 * first credential). Where other ways send nothing there (a bearer token beside the key), a call by them would lack a
 * field the document requires: it stays a parameter each call gives (`kept`: drafted, its note), as the document
 * says no other credential belongs there.
 */
export function sentAgain(
  credential: CredentialDraft,
  param: { in: string; name: string; required?: boolean; limits?: PlaceLimits },
): { left: string } | { kept: string } | undefined {
  if (!param.required || (param.in !== "body" && param.in !== "query" && param.in !== "header")) return undefined;
  const ways = credential.ways.flatMap((way, i) => {
    const k = way.findIndex(({ placement: place }) => {
      if (!("name" in place) || place.type === "path" || param.in === place.type) return false;
      const header = param.in === "header" || place.type === "header";
      return header ? param.name.toLowerCase() === place.name.toLowerCase() : param.name === place.name;
    });
    const first = way[k];
    return first && "name" in first.placement ? [{ i, k, first, place: first.placement }] : [];
  });
  if (!ways.length) return undefined;
  const where = param.in === "body" ? "body field" : `${param.in} parameter`;
  const several = credential.ways.length > 1;
  const by = ways.map(({ i, first, place }) => {
    const which = several ? (i ? `alternative ${i}'s ` : "the first way's ") : "";
    return (
      `${which}security scheme ${first.scheme} sends as the ${place.type} ${place.name} ` +
      `(auth.param ${first.param})`
    );
  });
  const senders = by.join(", and as the one ");
  const named = `${where} ${JSON.stringify(param.name)} is required and named as the credential ${senders}`;
  const others = credential.ways.length - ways.length;
  if (others)
    return {
      kept:
        `${named}, but a call by ${others === 1 ? "the other way" : `the ${others} other ways`} would send nothing ` +
        "there, where the document requires the field: drafted as a parameter each call gives (by that way, the " +
        "same key again)",
    };
  const at = { in: param.in, name: param.name };
  for (const { i, k } of ways)
    (credential.alsoSends ??= new Map()).set(`${i}:${param.in}:${param.name}`, {
      way: i,
      credential: k,
      place: at,
      ...sentLimits(param.limits),
    });
  return {
    left: `${named}: the same key, sent there too, given once (${
      several ? "alsoSends of each way that sends it" : "auth.alsoSends"
    }); check that the API wants the same key at both places`,
  };
}

/**
 * Each way's places (auth.alsoSends, an alternative's), the credential they repeat made the way's first where it was
 * not (a way of two keys), and the credential parameter's lengths held to those the places take (a body field `key` of
 * at most 256 characters: a key as long as a credential's default is refused there), with a note on each bound.
 */
export function draftAlsoSends(
  manifest: Pick<Manifest, "auth" | "params" | "operations">,
  credential: CredentialDraft,
  notes: { at: (string | number)[]; note: string }[],
  anonymous: ReadonlySet<string> = new Set(),
): void {
  const sent = [...(credential.alsoSends?.values() ?? [])];
  credential.ways.forEach((way, i) => {
    const first = sent.find((s) => s.way === i);
    if (!first) return;
    // One credential of the way goes to other places: the first of those found (another's would need a way of its own).
    const places = sent.filter((s) => s.way === i && s.credential === first.credential);
    const entry = withFirst(i === 0 ? manifest.auth : manifest.auth.alternatives?.[i - 1], first.credential);
    if (!entry) return;
    entry.alsoSends = places.map((s) => s.place);
    if (i === 0) manifest.auth = entry as Manifest["auth"];
    else if (manifest.auth.alternatives) manifest.auth.alternatives[i - 1] = entry as AuthEntry & { scheme: string };
    const param = way[first.credential]?.param;
    const own = param === undefined ? undefined : manifest.params?.[param];
    if (own && first.credential > 0 && !own.secret) openingSecret(own, notes, param as string);
    if (own) boundByPlaces(own, places, notes, param as string);
    withoutParamsAtPlaces(manifest.operations, places, notes, anonymous);
  });
}

/**
 * Each operation's own parameter placed where the credential is sent too (an optional body field `ApiKey` of a record
 * the body writes, drafted before the place was known as the key's): left out, the credential sends it. Kept, the two
 * wrote one field, and the credential's value won over the one the call gave.
 */
function withoutParamsAtPlaces(
  operations: Manifest["operations"],
  places: readonly SentAgain[],
  notes: { at: (string | number)[]; note: string }[],
  anonymous: ReadonlySet<string>,
): void {
  const pointers = new Set(
    places
      .filter((s) => s.place.in === "body")
      .map((s) => `/${("path" in s.place ? s.place.path : [s.place.name]).join("/")}`),
  );
  if (!pointers.size) return;
  for (const [id, operation] of Object.entries(operations)) {
    // An operation that takes no credential sends its own field there: the credential goes to none of its places.
    if (anonymous.has(id)) continue;
    for (const [name, p] of Object.entries(operation.params ?? {})) {
      const wire = p.wire as { in?: string; pointer?: string } | undefined;
      if (wire?.in !== "body" || !pointers.has(wire.pointer ?? `/${name}`)) continue;
      delete operation.params?.[name];
      // Its own notes ("the spec describes keyid nowhere") went with it: left, they were written above nothing.
      dropNotes(notes, ["operations", id, "params", name]);
      notes.push({
        at: ["operations", id, "params"],
        note:
          `body field ${(wire.pointer ?? `/${name}`).slice(1).replace(/\//g, ".")} is where the credential is sent ` +
          "too (auth.alsoSends): given once, by the credential, not by each call",
      });
    }
  }
}

type AuthEntry = Manifest["auth"] | NonNullable<Manifest["auth"]["alternatives"]>[number];
/** A credential's own fields in a way's entry, in the order the draft writes them. */
const OWN = ["scheme", "param", "user", "password", "prefix", "encode"] as const;

/** The way's entry with its `k`-th credential first (the first then among `also`, where the k-th was). */
function withFirst(entry: AuthEntry | undefined, k: number): AuthEntry | undefined {
  const other = entry?.also?.[k - 1];
  if (!entry || !other) return entry;
  const fields = entry as unknown as Record<string, unknown>;
  const own = Object.fromEntries(OWN.flatMap((f) => (fields[f] === undefined ? [] : [[f, fields[f]]])));
  const rest = Object.fromEntries(Object.entries(fields).filter(([f]) => !(OWN as readonly string[]).includes(f)));
  const also = (entry.also ?? []).map((c, j) => (j === k - 1 ? own : c));
  return { ...other, ...rest, also } as AuthEntry;
}

/**
 * A companion credential made its way's first (an OAuth client's id header, which a token request's body names again)
 * marked secret, as the link wants a way's first: drafted beside the way's secret, it was left unmarked as an
 * identifier, and generate refused the draft (BW2012). Its note says so instead.
 */
function openingSecret(own: ManifestParam, notes: { at: (string | number)[]; note: string }[], param: string): void {
  own.secret = true;
  const at = notes.findIndex(
    (n) => n.at.length === 2 && n.at[0] === "params" && n.at[1] === param && n.note.includes("not marked secret"),
  );
  const note =
    "marked secret though its name says it is an identifier: sent again at another place (auth.alsoSends, which " +
    "sends a way's first credential), it is its way's first, and a way's first credential is its secret";
  if (at >= 0) notes.splice(at, 1, { at: ["params", param], note });
  else notes.push({ at: ["params", param], note });
}

/** The credential parameter's lengths held to the places', its format theirs where they agree, and a note saying so. */
function boundByPlaces(
  own: ManifestParam,
  places: readonly SentAgain[],
  notes: { at: (string | number)[]; note: string }[],
  param: string,
): void {
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
  // A key every place takes in one format (a UUID): a value of another is refused there, and the suite makes one of it.
  const [format] = new Set(places.map((s) => s.format));
  if (format !== undefined && places.every((s) => s.format === format) && own.format === undefined) {
    own.format = format;
    bound.push(`format ${format}`);
  }
  if (bound.length)
    notes.push({
      at: ["params", param],
      note:
        `${bound.join(" and ")}: the document's own for ` +
        `${places.map((s) => `${s.place.in} ${placeName(s.place)}`).join(", ")}, ` +
        "where the credential is sent too " +
        "(auth.alsoSends): a key outside them would be refused there",
    });
}

/** A place's name as a note says it: a parameter's or field's name, a nested field's path joined by dots. */
const placeName = (place: SentAgain["place"]) => ("path" in place ? place.path.join(".") : place.name);
