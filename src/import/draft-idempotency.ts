// An idempotency key the document takes as a header parameter of its
// operations (`Idempotency-Key` on a create): drafted as the manifest's
// `idempotency` concept, not as a parameter. The runtime then sends a new key
// per call, the same on every retry, so that such a call is retried like a
// GET and its errors carry the key to repeat it with; a parameter left to the
// caller made every create a call that is never retried.
import type { Manifest, ManifestParam } from "../load/precompiled/manifest-types.js";
import type { ReviewNote } from "./manifest-yaml.js";

/** Header names of an idempotency key: `Idempotency-Key`, `X-Idempotency-Key`, `idempotency_key`. */
const KEY_HEADER = /^(x-)?idempotency[-_]?key$/i;

/** The methods whose calls the runtime gives a key when the manifest lists none. */
const DEFAULT_METHODS = ["POST"];

/** The methods the manifest's `idempotency.methods` takes: a key on a GET is a parameter like any other. */
const KEYED_METHODS = ["POST", "PATCH", "PUT", "DELETE"];

/** Collects, over a draft's operations, the header in which they take an idempotency key. */
export class IdempotencyHeaders {
  /** The header as the first operation that takes a key spells it; the runtime sends one header, so another name stays a parameter. */
  private header: string | undefined;
  private readonly methods = new Set<string>();

  /** `params` (at `at`) without the operation's idempotency key header, which is recorded with the operation's method; the notes about it go too. */
  take(params: Record<string, ManifestParam>, method: string, at: readonly (string | number)[], notes: ReviewNote[]): Record<string, ManifestParam> {
    const kept: Record<string, ManifestParam> = {};
    for (const [name, param] of Object.entries(params)) {
      const wire = param.wire;
      const key = wire?.in === "header" && typeof wire.name === "string" && KEY_HEADER.test(wire.name) && KEYED_METHODS.includes(method.toUpperCase()) ? wire.name : undefined;
      // Header names are case-insensitive (RFC 9110): `Idempotency-Key` and `idempotency-key` are one header.
      if (key === undefined || (this.header !== undefined && this.header.toLowerCase() !== key.toLowerCase())) {
        kept[name] = param;
        continue;
      }
      this.header ??= key;
      this.methods.add(method.toUpperCase());
      const place = JSON.stringify([...at, "params", name]);
      for (let i = notes.length - 1; i >= 0; i--) if (JSON.stringify(notes[i]?.at) === place) notes.splice(i, 1);
    }
    return kept;
  }

  /** The manifest's `idempotency`, and its review note; undefined when no operation takes a key. */
  drafted(notes: ReviewNote[]): Manifest["idempotency"] | undefined {
    if (this.header === undefined) return undefined;
    const listed = [...this.methods].sort();
    notes.push({
      at: ["idempotency"],
      note: `the operations' header parameter ${this.header} takes an idempotency key: the runtime sends a new one with every ${listed.join(", ")} call (the same on each retry), so that the call is safe to retry, and a caller repeats a call with its idempotencyKey. Check that the upstream accepts it on each such call`,
    });
    const sameAsDefault = listed.length === DEFAULT_METHODS.length && listed.every((m) => DEFAULT_METHODS.includes(m));
    return { header: this.header, ...(sameAsDefault ? {} : { methods: listed as NonNullable<NonNullable<Manifest["idempotency"]>["methods"]> }) };
  }
}
