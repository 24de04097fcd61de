// A union's kinds the typed client cannot tell apart by its discriminator, said in our words where the document says
// it. openapi-typescript writes each kind's discriminator value into the kind's schema when that schema is an object
// or an allOf (patchDiscriminatorEnum); a kind that is itself a union, a kind named by a bare name it does not follow,
// or one that names nothing gets no value, and it printed its own "⚠ Discriminator mapping has an invalid schema" from
// inside generate, in no words of ours and at no place of the document. The types' step now runs it silent
// (emit/types/emit-types.ts) and the load says it here: one warning per kind, at the mapping's or the union's place.
import { refTarget } from "../json-ref.js";
import { SourceError, type YamlSource } from "../yaml-source.js";
import type { DiscriminatedUnion } from "../load-rewrites.js";

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** One kind a discriminator names that the types' step cannot mark with its value. */
interface Unnarrowed {
  /** The object holding the `discriminator` and its `oneOf`. */
  union: Json;
  /** Where the kind is named, below the union: `["discriminator", "mapping", value]` or `["oneOf", i, "$ref"]`. */
  at: (string | number)[];
  ref: string;
  values: string[];
  property: string;
}

/**
 * The document's unions whose kinds the typed client cannot narrow, each a warning (BW1207). `unions`: the document's
 * discriminated unions as the load's rewrite walk met them (load-rewrites.ts rewriteOnLoad), in this walk's order: read
 * instead of a walk of the whole document again (GitHub's: 11–16 ms). That walk steps over data (examples, defaults,
 * `x-` extensions), which the types' step takes for no schema either.
 */
export function unnarrowedKinds(source: YamlSource, unions?: readonly DiscriminatedUnion[]): SourceError[] {
  const found = unions
    ? unions.flatMap((union) => kindsWithoutValue(source.data, union, union.discriminator))
    : findUnnarrowed(source.data);
  if (!found.length) return [];
  const paths = pathsOf(source.data, new Set(found.map((f) => f.union)));
  return found.flatMap((f) => {
    const path = paths.get(f.union);
    if (!path) return [];
    const values = f.values.map((v) => JSON.stringify(v)).join(", ");
    return [
      new SourceError(
        "BW1207",
        source.locate([...path, ...f.at], "value"),
        `discriminator ${JSON.stringify(f.property)} names ${values} by ${JSON.stringify(f.ref)}, ` +
          `${why(source.data, f.ref)}: ` +
          `the typed client's type of that kind does not carry its ${JSON.stringify(f.property)} value`,
      ),
    ];
  });
}

/** Why a kind's schema takes no value: what the types' step finds at its reference. */
function why(document: unknown, ref: string): string {
  if (!ref.startsWith("#")) return "a bare name, which the types' step does not follow";
  return schemaAt(document, ref) === undefined
    ? "which names nothing"
    : "a schema that is neither an object nor an allOf (a union of its own)";
}

/** The schema a local reference names, its own `$ref`s followed as openapi-typescript's resolveRef follows them. */
function schemaAt(document: unknown, ref: string): unknown {
  let at = refTarget(document, ref);
  const seen = new Set<string>([ref]);
  while (isJson(at) && typeof at.$ref === "string" && at.$ref.startsWith("#") && !seen.has(at.$ref)) {
    seen.add(at.$ref);
    at = refTarget(document, at.$ref);
  }
  return at;
}

/** Whether the types' step writes a kind's value into the schema `ref` names (patchDiscriminatorEnum's two cases). */
function takesValue(document: unknown, ref: string): boolean {
  if (!ref.startsWith("#")) return false;
  const schema = schemaAt(document, ref);
  return isJson(schema) && (Array.isArray(schema.allOf) || schema.type === "object");
}

/**
 * Every union with a discriminator (a `oneOf` beside it: the types' step reads no other) whose kinds, named by the
 * mapping or by the `oneOf`'s references, include one that takes no value. One walk, no paths: they are found after,
 * and only when there is something to say.
 */
function findUnnarrowed(document: unknown): Unnarrowed[] {
  const found: Unnarrowed[] = [];
  const stack: unknown[] = [document];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
      continue;
    }
    const record = value as Json;
    const discriminator = record.discriminator;
    if (isJson(discriminator) && typeof discriminator.propertyName === "string" && Array.isArray(record.oneOf))
      found.push(...kindsWithoutValue(document, record, discriminator));
    for (const key in record) if (Object.hasOwn(record, key)) stack.push(record[key]);
  }
  return found;
}

/** A union's kinds that take no value: those the mapping names (its values), else those its `oneOf` refers to. */
function kindsWithoutValue(document: unknown, union: Json, discriminator: Json): Unnarrowed[] {
  const property = discriminator.propertyName as string;
  const byRef = new Map<string, Unnarrowed>();
  const mapping = isJson(discriminator.mapping) ? discriminator.mapping : {};
  for (const value in mapping) {
    const ref = mapping[value];
    if (!Object.hasOwn(mapping, value) || typeof ref !== "string") continue;
    const kind = byRef.get(ref);
    if (kind) kind.values.push(value);
    else byRef.set(ref, { union, at: ["discriminator", "mapping", value], ref, values: [value], property });
  }
  (union.oneOf as unknown[]).forEach((member, i) => {
    const ref = isJson(member) ? member.$ref : undefined;
    if (typeof ref !== "string" || byRef.has(ref)) return;
    const name = ref.slice(ref.lastIndexOf("/") + 1);
    byRef.set(ref, { union, at: ["oneOf", i, "$ref"], ref, values: [name], property });
  });
  return [...byRef.values()].filter((kind) => !takesValue(document, kind.ref));
}

/** The path of each of `wanted` inside `document` (a second walk, with paths, only when a warning is to be said). */
function pathsOf(document: unknown, wanted: ReadonlySet<Json>): Map<Json, (string | number)[]> {
  const paths = new Map<Json, (string | number)[]>();
  const stack: [unknown, (string | number)[]][] = [[document, []]];
  while (stack.length && paths.size < wanted.size) {
    const [value, path] = stack.pop() as [unknown, (string | number)[]];
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push([value[i], [...path, i]]);
      continue;
    }
    if (wanted.has(value as Json) && !paths.has(value as Json)) paths.set(value as Json, path);
    for (const key in value) if (Object.hasOwn(value, key)) stack.push([(value as Json)[key], [...path, key]]);
  }
  return paths;
}
