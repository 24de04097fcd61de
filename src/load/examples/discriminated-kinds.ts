// A discriminated union held to its letter (load/schemas/kinds-read.ts reads each union so): where a request breaks
// one, the refusal's rule is `discriminator`, at the property, with its value: a value without it, naming no shape, or
// naming one whose fields it lacks while it has another's.
import type { OutputUnit, Schema } from "@cfworker/json-schema";
import { listedValues } from "@blockwright/runtime/internal/generate";
import { describe, isNullAlternative, rootCause, WRAPPERS } from "./example-errors.js";
import { refPath, valueAt } from "../json-ref.js";
import { KINDS, type Kinds } from "../schemas/kinds-read.js";

export { markBaseKinds, withDiscriminatedKinds, withDiscriminatedKindsIn } from "../schemas/kinds-read.js";

type Json = Record<string, unknown>;
type Registered = Json & { __absolute_ref__?: string };
type Lookup = Record<string, Schema | boolean>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** A refusal of the discriminator: where (the property, as a JSON pointer's segments) and why. */
export interface KindMiss {
  path: string[];
  message: string;
  rule: "discriminator";
  /** The keyword location of the union's `anyOf` (the errors below it are its shapes'). */
  union: string;
}

/** A keyword location's steps, each a key as written. */
const stepsOf = (location: string): string[] =>
  location
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));

/** The registered schema holding the keyword at `location`, walked from `start` through its `$ref`s. */
function holderOf(start: unknown, location: string, lookup: Lookup): unknown {
  let node: unknown = start;
  for (const step of stepsOf(location).slice(0, -1)) {
    node = step === "$ref" ? lookup[String((node as Registered).__absolute_ref__)] : (node as Json | undefined)?.[step];
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Whether the value has the fields of the union's kind `i` (at `union`, a keyword location): its only errors there are
 * of its property's value (at `property`, the value's place).
 */
function hasShape(errors: readonly OutputUnit[], union: string, i: number, property: readonly string[]): boolean {
  const prefix = `${union}/${i}/`;
  const place = property.join("\u0000");
  return errors.every(
    (e) =>
      !e.keywordLocation.startsWith(prefix) ||
      WRAPPERS.has(e.keyword) ||
      isNullAlternative(e) ||
      refPath(e.instanceLocation).join("\u0000") === place,
  );
}

/**
 * The discriminator's refusal where `cause` (the reason the value meets not `start`) is inside a union read as its
 * kinds and the value's property names none of them, or names one whose fields the value lacks while it has another's;
 * undefined otherwise (the cause is the reason).
 */
export function discriminatorMiss(
  errors: readonly OutputUnit[],
  cause: OutputUnit,
  start: unknown,
  lookup: Lookup,
  value: unknown,
): KindMiss | undefined {
  let union: { error: OutputUnit; kinds: Kinds } | undefined;
  for (const error of errors) {
    const inside = cause === error || cause.keywordLocation.startsWith(`${error.keywordLocation}/`);
    if (error.keyword !== "anyOf" || !inside) continue;
    const kinds = (holderOf(start, error.keywordLocation, lookup) as { [KINDS]?: Kinds } | undefined)?.[KINDS];
    if (kinds && (!union || error.keywordLocation.length > union.error.keywordLocation.length))
      union = { error, kinds };
  }
  if (!union) return undefined;
  const { error, kinds } = union;
  const at = [...refPath(error.instanceLocation)];
  const object = valueAt(value, at);
  if (!isJson(object)) return undefined;
  const path = [...at, kinds.property];
  const unionAt = error.keywordLocation;
  const where = `/${path.join("/")}`;
  const listed = kinds.values.flat().map((v) => JSON.stringify(v));
  if (!Object.hasOwn(object, kinds.property)) {
    if (!kinds.required) return undefined;
    return {
      path,
      union: unionAt,
      rule: "discriminator",
      message:
        `${where} is required to name the shape (its union's discriminator "${kinds.property}"): must be one of ` +
        `${listedValues(listed)}, got nothing`,
    };
  }
  const tag = object[kinds.property];
  const named = kinds.values.findIndex((values) => values.includes(tag));
  if (named < 0) {
    if (kinds.open) return undefined;
    return {
      path,
      union: unionAt,
      rule: "discriminator",
      message:
        `${where} names no shape of its union (its discriminator "${kinds.property}", by the mapping or the ` +
        `shapes' names): must be one of ${listedValues(listed, JSON.stringify(tag))}, got ${JSON.stringify(tag)}`,
    };
  }
  const other = kinds.values.findIndex((_, j) => j !== named && hasShape(errors, error.keywordLocation, j, path));
  const own = rootCause(errors.filter((e) => e.keywordLocation.startsWith(`${error.keywordLocation}/${named}/`)));
  if (other < 0 || !own) return undefined;
  const reason = describe(own, [...refPath(own.instanceLocation)], value, "the value");
  return {
    path,
    union: unionAt,
    rule: "discriminator",
    message:
      `${where} names the shape ${kinds.names[named]} (${JSON.stringify(tag)}), and the value has the fields of ` +
      `${kinds.names[other]} instead: ${reason}`,
  };
}
