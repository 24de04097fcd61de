// An idempotency key the document takes as a header parameter of its
// operations (`Idempotency-Key` on a create): drafted as the manifest's
// `idempotency` concept, not as a parameter. The runtime then sends a new key
// per call, the same on every retry, so that such a call is retried like a
// GET and its errors carry the key to repeat it with; a parameter left to the
// caller made every create a call that is never retried. A header is known by
// its name or by the document's words for it (a `PayPal-Request-Id` whose
// description says the server stores the keys).
import type { Manifest, ManifestParam } from "../load/precompiled/manifest-types.js";
import type { ReviewNote } from "./manifest-yaml.js";

/** Header names of an idempotency key: `Idempotency-Key`, `X-Idempotency-Key`, `idempotency_key`, `Cko-Idempotency-Key`. */
const KEY_HEADER = /^([a-z0-9]+-)?idempotency[-_]?key$/i;

/** A description that says the header is an idempotency key: it names idempotency. */
const SAYS_IDEMPOTENCY = /\bidempoten(cy|t)\b/i;

/** A header named as a request's id (`PayPal-Request-Id`, `X-Request-ID`): a key when its description speaks of stored keys or repeated requests. */
const REQUEST_ID_HEADER = /(^|[-_])request[-_]?id$/i;
const SAYS_KEPT_KEYS = /\bkeys?\b[^.]*\b(stor(e|es|ed)|kept|keeps|hours?|days?|expir)|\b(duplicate|repeated|retried)\b[^.]*\brequests?\b|\bretr(y|ies)\b[^.]*\bsafe/i;

/** Whether a header parameter takes an idempotency key, by its name or by the document's words for it. */
export function isKeyHeader(name: string, description: string | undefined): boolean {
  if (KEY_HEADER.test(name)) return true;
  const words = description ?? "";
  return SAYS_IDEMPOTENCY.test(words) || (REQUEST_ID_HEADER.test(name) && SAYS_KEPT_KEYS.test(words));
}

/** The methods whose calls the runtime gives a key when the manifest lists none. */
const DEFAULT_METHODS = ["POST"];

/** The methods the manifest's `idempotency.methods` takes: a key on a GET is a parameter like any other. */
const KEYED_METHODS = ["POST", "PATCH", "PUT", "DELETE"];

/** Collects, over a draft's operations, the header in which they take an idempotency key. */
export class IdempotencyHeaders {
  /** The header as the first operation that takes a key spells it; the runtime sends one header, so another name stays a parameter. */
  private header: string | undefined;
  private readonly methods = new Set<string>();
  /** Header parameters of keyed calls not recognised as a key by their own words: the key still, when another operation's header of that name is one (the runtime sends it on every such call). */
  private readonly unrecognised: { kept: Record<string, ManifestParam>; name: string; header: string; method: string; at: readonly (string | number)[] }[] = [];

  /** `params` (at `at`) without the operation's idempotency key header, which is recorded with the operation's method; the notes about it go too. */
  take(params: Record<string, ManifestParam>, method: string, at: readonly (string | number)[], notes: ReviewNote[]): Record<string, ManifestParam> {
    const kept: Record<string, ManifestParam> = {};
    for (const [name, param] of Object.entries(params)) {
      const wire = param.wire;
      const keyed = wire?.in === "header" && typeof wire.name === "string" && param.type === "string" && param.enum === undefined && KEYED_METHODS.includes(method.toUpperCase());
      const key = keyed && isKeyHeader(String(wire.name), param.description) ? String(wire.name) : undefined;
      // Header names are case-insensitive (RFC 9110): `Idempotency-Key` and `idempotency-key` are one header.
      if (key === undefined || (this.header !== undefined && this.header.toLowerCase() !== key.toLowerCase())) {
        kept[name] = param;
        if (keyed && key === undefined) this.unrecognised.push({ kept, name, header: String(wire?.name), method, at });
        continue;
      }
      this.header ??= key;
      this.methods.add(method.toUpperCase());
      dropNotes(notes, [...at, "params", name]);
    }
    return kept;
  }

  /** The manifest's `idempotency`, and its review note; undefined when no operation takes a key. */
  drafted(notes: ReviewNote[]): Manifest["idempotency"] | undefined {
    if (this.header === undefined) return undefined;
    for (const u of this.unrecognised) {
      if (u.header.toLowerCase() !== this.header.toLowerCase()) continue;
      delete u.kept[u.name];
      this.methods.add(u.method.toUpperCase());
      dropNotes(notes, [...u.at, "params", u.name]);
    }
    const listed = [...this.methods].sort();
    notes.push({
      at: ["idempotency"],
      note: `the operations' header parameter ${this.header} takes an idempotency key: the runtime sends a new one with every ${listed.join(", ")} call (the same on each retry), so that the call is safe to retry, and a caller repeats a call with its idempotencyKey. Check that the upstream accepts it on each such call`,
    });
    const sameAsDefault = listed.length === DEFAULT_METHODS.length && listed.every((m) => DEFAULT_METHODS.includes(m));
    return { header: this.header, ...(sameAsDefault ? {} : { methods: listed as NonNullable<NonNullable<Manifest["idempotency"]>["methods"]> }) };
  }
}

/** The notes about one place of the draft, dropped with what they were about. */
function dropNotes(notes: ReviewNote[], at: readonly (string | number)[]): void {
  const place = JSON.stringify(at);
  for (let i = notes.length - 1; i >= 0; i--) if (JSON.stringify(notes[i]?.at) === place) notes.splice(i, 1);
}
