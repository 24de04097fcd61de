// Examples the upstream published wrong. A document `blockwright add` cut
// from a published one keeps the upstream's examples as they were, and some
// break their own schema (a field the schema does not allow). Such an
// example is the upstream's, not ours, when the provider's pinned published
// document (specs/<p>/upstream/, written by add, refreshed by upstream
// --accept) holds the same value: it is then a warning, and left out of the
// document generation, mocks and the contract suite read (a mock answers
// with an example generated from the schema instead). Any other example that
// breaks its schema stays an error: ours to fix.
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { canonical } from "../../common/canonical-json.js";
import { readHashed } from "../../common/hash.js";
import { INPUT_LIMITS, parseYamlSource, SourceError } from "../yaml-source.js";
import { followExampleRefs, isLocalRef, namesExampleValue } from "../load-rewrites.js";
import { readPin } from "../pin.js";
import { valueAt } from "../json-ref.js";
import { jsonValuesAt } from "./json-values-at.js";
import type { ExampleMismatch } from "./openapi-examples.js";

/** How a warning of an example the upstream published wrong ends (the CLI's lists count them by it). */
export const PUBLISHED_LEFT_OUT =
  "(the published document's own example: left out, mocks and the contract suite do not use it)";

/**
 * The mismatches the upstream published, each with its warning; the others
 * are errors. `openapiPath`: the document generation reads, whose
 * folder may hold `upstream/source.yaml`.
 */
export function upstreamMismatches(
  openapiPath: string,
  mismatches: ExampleMismatch[],
): { mismatch: ExampleMismatch; warning: SourceError }[] {
  if (!mismatches.length) return [];
  // One example reached from many operations (a shared component's) is one value: written once.
  const texts = new Map<unknown, string>();
  const wanted = mismatches.map((m) => {
    let text = texts.get(m.value);
    if (text === undefined) texts.set(m.value, (text = canonical(m.value)));
    return text;
  });
  const published = publishedAmong(dirname(openapiPath), wanted, mismatches);
  return mismatches
    .filter((_, i) => published.has(wanted[i] as string))
    .map((mismatch) => ({
      mismatch,
      warning: new SourceError(
        mismatch.error.code,
        mismatch.error.position,
        `${mismatch.error.detail} ${PUBLISHED_LEFT_OUT}`,
      ),
    }));
}

/**
 * The upstream's examples left out, one warning each: an example of a shared component (a parameter every operation
 * refers to) is checked once per operation, at the same line, and was warned of as often. The last check of it is
 * kept, the component's own (`parameter Span`, where the line is), read after the operations'.
 */
export function oncePerSite(upstream: readonly { mismatch: ExampleMismatch; warning: SourceError }[]): SourceError[] {
  const last = new Map<string, SourceError>();
  for (const u of upstream) {
    const site = JSON.stringify(u.mismatch.site);
    last.delete(site);
    last.set(site, u.warning);
  }
  return [...last.values()];
}

/**
 * A mismatch's error, as an example of ours; where the provider pins no published document (a spec written by hand,
 * perhaps from the vendor's document as published), one of its root file says how the vendor's own example becomes a
 * warning: pinning that document. The pin is read once, at the first such mismatch.
 */
export function withPinHint(openapiPath: string): (mismatch: ExampleMismatch) => SourceError {
  let unpinned: boolean | undefined;
  return ({ error, file }) => {
    // Only the root file's examples can be the vendor's (as add's pin vouches only for those): another file is ours.
    if (file !== openapiPath) return error;
    unpinned ??= readPin(dirname(openapiPath)) === undefined;
    if (!unpinned) return error;
    const provider = basename(dirname(openapiPath));
    return new SourceError(
      error.code,
      error.position,
      `${error.detail} (the vendor's own example? pin the document it publishes, ` +
        `blockwright upstream ${provider} <document> --accept, and it is left out with a warning)`,
    );
  };
}

/**
 * Of the `wanted` example values (canonical JSON of `values`), those the provider's pinned published document holds;
 * none when it has none.
 */
function publishedAmong(providerDir: string, wanted: string[], mismatches: ExampleMismatch[]): Set<string> {
  const found = new Set<string>();
  const pin = readPin(providerDir);
  if (!pin || "problem" in pin) return found;
  const file = join(pin.dir, pin.file);
  if (!existsSync(file)) return found;
  // Its bytes' hash is the one generate's stamp made of the file, while the file is unchanged (readHashed).
  const { bytes, hash } = readHashed(file);
  // Only the document as it was pinned vouches for an example: one edited since (the hash no longer
  // matches, which `blockwright upstream` reports) could otherwise turn our own mistakes into warnings.
  if (hash !== pin.sha256) return found;
  // A JSON document as add pins it (named so only when JSON.parse read it whole): the values at the mismatches' places
  // read alone (json-values-at.ts); when each is the wanted one, the rest is not parsed (GitHub's: 5.7 MB, 60-70 ms).
  if (pin.file.endsWith(".json")) {
    const held = heldInBytes(bytes, mismatches, wanted);
    if (held) return held;
  }
  const text = bytes.toString("utf8");
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    document = parseYamlSource(text, file, INPUT_LIMITS.document).data;
  }
  // A document add cut from this one holds its examples where this one does: each wanted value is looked for there
  // first, and when every one is found, the whole document is not gathered (GitHub's: 35-40 ms).
  const wantedSet = new Set(wanted);
  const held = new Set<string>();
  for (const [i, m] of mismatches.entries())
    if (heldAt(document, m.at, wanted[i] as string)) held.add(wanted[i] as string);
  if (held.size === wantedSet.size) return held;
  // A whole published document holds thousands of examples, most of them large: each is written as canonical JSON only
  // when its kind and size are those of a wanted value (two values of one canonical JSON have both).
  const sizes = new Set(mismatches.map((m) => sizeOf(m.value)));
  const among = () =>
    collect(document, (value) => {
      if (!sizes.has(sizeOf(value))) return;
      const text = canonical(value);
      if (wantedSet.has(text)) found.add(text);
    });
  // Read as the load reads the provider's document (its examples' `$ref`s followed), so that the same example compares.
  // Following them is a walk of the whole document: done (and the examples gathered again) only when the gathering
  // met a `$ref` it could follow, which leaves a document without one as it was.
  if (among()) {
    found.clear();
    followExampleRefs(document);
    among();
  }
  return found;
}

/**
 * Whether the document holds the value whose canonical JSON is `text` at `path`, a place collect hands on (an
 * `example`, `x-example`, an `examples` entry or its `value`) and holding no `$ref` (which followExampleRefs could
 * change): what collect finds there, so a value found here is one it finds.
 */
function heldAt(document: unknown, path: readonly (string | number)[], text: string): boolean {
  return gatheredPlace(path) && heldValue(valueAt(document, path), text);
}

/** The wanted values, when a JSON document's bytes hold every one where heldAt looks for it; else none. */
function heldInBytes(bytes: Buffer, mismatches: ExampleMismatch[], wanted: string[]): Set<string> | undefined {
  if (!mismatches.every((m) => gatheredPlace(m.at))) return undefined;
  const values = jsonValuesAt(
    bytes,
    mismatches.map((m) => m.at),
  );
  if (!values) return undefined;
  // A place many mismatches name (a shared component's example, reached from many operations) is compared once for
  // each value wanted there.
  const compared = new Map<string, Map<string, boolean>>();
  for (const [i, value] of values.entries()) {
    const text = wanted[i] as string;
    const place = JSON.stringify(mismatches[i]?.at);
    let byText = compared.get(place);
    if (!byText) compared.set(place, (byText = new Map()));
    let held = byText.get(text);
    if (held === undefined) byText.set(text, (held = heldValue(value, text)));
    if (!held) return undefined;
  }
  return new Set(wanted);
}

/**
 * A place collect hands on: an `example`, `x-example`, an `examples` entry or its `value`; or the `value` of an Example
 * Object kept among the components of another section (`components/schemas/X/value`, which an `examples` entry names
 * by its `$ref`): the walk reports it where it is, and only the same place of the pinned document vouches for it.
 */
function gatheredPlace(path: readonly (string | number)[]): boolean {
  const last = path.at(-1);
  return (
    last === "example" ||
    last === "x-example" ||
    path.at(-2) === "examples" ||
    (last === "value" && (path.at(-3) === "examples" || (path.length === 4 && path[0] === "components")))
  );
}

/** Whether `value` is there, holds no `$ref` and its canonical JSON is `text`. */
function heldValue(value: unknown, text: string): boolean {
  return value !== undefined && !holdsRef(value) && canonical(value) === text;
}

/** Whether an object inside `value` (or itself) has a `$ref` key. */
function holdsRef(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(holdsRef);
  if (Object.hasOwn(value, "$ref")) return true;
  for (const key in value) if (holdsRef((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** A value's kind and size (its keys, items or characters): the same for two values of one canonical JSON. */
function sizeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}`;
  if (value === null || typeof value !== "object") return typeof value === "string" ? `"${value.length}` : typeof value;
  let keys = 0;
  // canonical (JSON) leaves out a key whose value is undefined.
  for (const key in value) if ((value as Record<string, unknown>)[key] !== undefined) keys++;
  return `{${keys}`;
}

/**
 * Every value under `example`, `x-example` and `examples` (OpenAPI 3's named examples and their `value`, Swagger 2's by
 * media type, JSON Schema's list), handed to `use`; whether any value in the document is a `$ref` followExampleRefs
 * might follow (a local one that is an `example` or a `value`, or that names an example's value): without one, it
 * changes nothing.
 */
function collect(node: unknown, use: (value: unknown) => void, heldAs?: string): boolean {
  if (Array.isArray(node)) {
    let refs = false;
    for (const item of node) refs = collect(item, use) || refs;
    return refs;
  }
  if (node === null || typeof node !== "object") return false;
  let refs =
    typeof (node as { $ref?: unknown }).$ref === "string" &&
    isLocalRef(node) &&
    (heldAs === "example" || heldAs === "value" || namesExampleValue(node.$ref));
  for (const key in node) {
    const value = (node as Record<string, unknown>)[key];
    if (key === "example" || key === "x-example") use(value);
    else if (key === "examples" && value !== null && typeof value === "object") {
      for (const name in value) {
        const named = (value as Record<string, unknown>)[name];
        use(named);
        if (named !== null && typeof named === "object" && "value" in named) use((named as { value: unknown }).value);
      }
    }
    refs = collect(value, use, key) || refs;
  }
  return refs;
}
