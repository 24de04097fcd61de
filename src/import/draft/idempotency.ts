// An idempotency key the document takes as a header parameter of its
// operations (`Idempotency-Key` on a create): drafted as the manifest's
// `idempotency` concept, not as a parameter. The runtime then sends a new key
// per call, the same on every retry, so that such a call is retried like a
// GET and its errors carry the key to repeat it with; a parameter left to the
// caller made every create a call that is never retried. A header is known by
// its name or by the document's words for it (a `PayPal-Request-Id` whose
// description says the server stores the keys). Provider-wide when every call
// of its methods takes it; else on each operation that takes one.
import type { Manifest, ManifestOperation, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { dropNotes, type ReviewNote } from "../manifest-yaml.js";

/**
 * Header names of an idempotency key: `Idempotency-Key`, `X-Idempotency-Key`, `idempotency_key`, `Cko-Idempotency-Key`.
 */
const KEY_HEADER = /^([a-z0-9]+-)?idempotency[-_]?key$/i;

/** A description that says the header is an idempotency key: it names idempotency. */
const SAYS_IDEMPOTENCY = /\bidempoten(cy|t)\b/i;

/**
 * A header named as a request's id (`PayPal-Request-Id`, `X-Request-ID`): a key when its description speaks of stored
 * keys or repeated requests.
 */
const REQUEST_ID_HEADER = /(^|[-_])request[-_]?id$/i;
const SAYS_KEPT_KEYS = new RegExp(
  String.raw`\bkeys?\b[^.]*\b(stor(e|es|ed)|kept|keeps|hours?|days?|expir)|\b(duplicate|repeated|` +
    String.raw`retried)\b[^.]*\brequests?\b|\bretr(y|ies)\b[^.]*\bsafe`,
  "i",
);

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

/**
 * What the draft says of idempotency keys: the provider's `idempotency`, or each operation's own (by the operation's
 * place).
 */
export interface IdempotencyDraft {
  provider?: NonNullable<Manifest["idempotency"]>;
  operations: Map<string, NonNullable<ManifestOperation["idempotency"]>>;
}

/** One drafted call whose method may carry a key, and the header its key goes in (undefined: it takes none). */
interface KeyedCall {
  at: readonly (string | number)[];
  method: string;
  header: string | undefined;
}

/**
 * Collects, over a draft's operations, the headers in which they take an idempotency key: the provider's
 * `idempotency` when every call of its methods takes one (an operation taking it in another header says its own),
 * else each operation's own, so that no call sends a key the document does not describe for it.
 */
export class IdempotencyHeaders {
  private readonly calls: KeyedCall[] = [];
  /**
   * Header parameters of keyed calls not recognised as a key by their own words: the key still, when another
   * operation's header of that name is one.
   */
  private readonly unrecognised: {
    kept: Record<string, ManifestParam>;
    name: string;
    header: string;
    call: KeyedCall;
  }[] = [];

  /**
   * `params` (at `at`) without the operation's idempotency key header, which is recorded with the operation's method;
   * the notes about it go too.
   */
  take(
    params: Record<string, ManifestParam>,
    method: string,
    at: readonly (string | number)[],
    notes: ReviewNote[],
  ): Record<string, ManifestParam> {
    const kept: Record<string, ManifestParam> = {};
    const keyedMethod = KEYED_METHODS.includes(method.toUpperCase());
    const call: KeyedCall = { at, method: method.toUpperCase(), header: undefined };
    if (keyedMethod) this.calls.push(call);
    for (const [name, param] of Object.entries(params)) {
      const wire = param.wire;
      const keyed =
        keyedMethod &&
        wire?.in === "header" &&
        typeof wire.name === "string" &&
        param.type === "string" &&
        param.enum === undefined;
      const key = keyed && isKeyHeader(String(wire.name), param.description) ? String(wire.name) : undefined;
      // One key a call: a second header is a parameter like any other.
      if (key === undefined || call.header !== undefined) {
        kept[name] = param;
        if (keyed && key === undefined) this.unrecognised.push({ kept, name, header: String(wire?.name), call });
        continue;
      }
      call.header = key;
      dropNotes(notes, [...at, "params", name]);
    }
    return kept;
  }

  /** The draft's idempotency, with its review notes. */
  drafted(notes: ReviewNote[]): IdempotencyDraft {
    const keys = new Set(this.calls.flatMap((c) => (c.header ? [c.header.toLowerCase()] : [])));
    // A header another operation takes a key in is a key there too, whatever its own words (header names are
    // case-insensitive).
    for (const u of this.unrecognised) {
      if (u.call.header !== undefined || !keys.has(u.header.toLowerCase())) continue;
      delete u.kept[u.name];
      u.call.header = u.header;
      dropNotes(notes, [...u.call.at, "params", u.name]);
    }
    const keyed = this.calls.filter((c) => c.header !== undefined);
    const first = keyed[0]?.header;
    if (first === undefined) return { operations: new Map() };
    const listed = [...new Set(keyed.map((c) => c.method))].sort();
    // Provider-wide when every call of those methods takes a key: in the first header, an operation taking it in
    // another saying its own.
    const provider = this.calls.every((c) => c.header !== undefined || !listed.includes(c.method)) ? first : undefined;
    const operations = new Map<string, NonNullable<ManifestOperation["idempotency"]>>();
    for (const c of keyed) {
      if (c.header?.toLowerCase() === provider?.toLowerCase()) continue;
      operations.set(JSON.stringify(c.at), { header: c.header as string });
      const unlike = provider
        ? `not ${provider}, the other operations'`
        : `not every ${c.method} of the document takes one`;
      notes.push({
        at: [...c.at, "idempotency"],
        note:
          `the operation's header parameter ${c.header} takes an idempotency key (${unlike}): ` +
          "the runtime sends a new one with each call (the same on each retry), so that the call is safe to retry, " +
          "and a caller repeats a call with its idempotencyKey",
      });
    }
    if (provider === undefined) return { operations };
    notes.push({
      at: ["idempotency"],
      note:
        `the operations' header parameter ${provider} takes an idempotency key: the runtime sends a new one with ` +
        `every ${listed.join(", ")} call (the same on each retry), so that the call is safe to retry, and a caller ` +
        "repeats a call with its idempotencyKey. Check that the upstream accepts it on each such call",
    });
    const sameAsDefault = listed.length === DEFAULT_METHODS.length && listed.every((m) => DEFAULT_METHODS.includes(m));
    return {
      provider: {
        header: provider,
        ...(sameAsDefault ? {} : { methods: listed as NonNullable<NonNullable<Manifest["idempotency"]>["methods"]> }),
      },
      operations,
    };
  }
}

/** Each operation's own idempotency header written into it, after its parameters (where the header parameter was). */
export function ownIdempotency(operations: Record<string, ManifestOperation>, drafted: IdempotencyDraft): void {
  for (const [id, operation] of Object.entries(operations)) {
    const own = drafted.operations.get(JSON.stringify(["operations", id]));
    if (!own) continue;
    const entries = Object.entries(operation);
    const at = entries.findIndex(
      ([key]) => key === "outputs" || key === "pagination" || key === "download" || key === "stream",
    );
    entries.splice(at < 0 ? entries.length : at, 0, ["idempotency", own]);
    operations[id] = Object.fromEntries(entries) as unknown as ManifestOperation;
  }
}
