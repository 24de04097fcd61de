// A request body sent as a JSON merge patch (RFC 7396, `application/merge-patch+json`, or another
// `application/merge-patch+…` syntax): the fields to change, each optional, null removing one, an object's fields
// merged at every depth. Publishers give it the resource's own schema (its `required` those of a whole record), which
// read to the letter asks every required field of a one-field patch, the request the operation exists for. The patch
// view of that schema is what the draft, the link, the request judge, the mocks and the made bodies all read: no field
// required at any depth an object is merged (its properties, its map values, its allOf, anyOf and oneOf members), each
// such field admitting null, and the shapes of a union each partial, so read as anyOf (two partial shapes both take a
// patch of their common fields) without a discriminator (a patch may leave the tag out). Everything else stays as
// written: types, formats, enums, bounds, a closed object's refusal of unknown fields, and a list's items (a list is
// replaced whole, RFC 7396 §2).

import { withLoneKind } from "./lone-kind.js";

type Schema = Record<string, unknown>;
type Follow = (node: Schema) => Schema | undefined;

/** Whether a media type (parameters and case aside) is a JSON merge patch's: `application/merge-patch+json`, `+…`. */
export function isMergePatchType(mediaType: string): boolean {
  return /^application\/merge-patch\+[a-z0-9!#$&^_.+-]+$/.test((mediaType.split(";")[0] ?? "").trim().toLowerCase());
}

/**
 * The schema a merge patch of `schema` meets (the header's reading). `follow`: the schema a reference names (the
 * reader's own: the document's `$ref`, a registered schema's), undefined when the node is no reference. A schema met
 * again inside itself (a tree), or past MAX_DEPTH, stays as it is: that value is sent whole.
 */
export function mergePatchView(schema: Schema, follow: (node: Schema) => Schema | undefined): Schema {
  return viewOf(schema, follow, [], 0);
}

/** The reading in words, for a reviewer of the draft (add's note on the operation's parameters). */
export function mergePatchNote(mediaType: string): string {
  return (
    `the request body is a merge patch (${mediaType}, RFC 7396): every field is optional whatever its schema ` +
    "requires of a whole record, and null removes a field; only the fields a call gives are sent ({} when it gives " +
    "none: a patch that changes nothing), and the mock and the request judge hold the body to that reading (types, " +
    "enums and bounds as written)"
  );
}

const MAX_DEPTH = 12;
const UNIONS = ["oneOf", "anyOf", "allOf"] as const;

function viewOf(node: Schema, follow: (node: Schema) => Schema | undefined, trail: Schema[], depth: number): Schema {
  const target = follow(node);
  if (target !== undefined) {
    if (trail.includes(target) || depth > MAX_DEPTH) return node;
    const viewed = viewOf(target, follow, [...trail, target], depth + 1);
    const beside = Object.keys(node).filter((k) => k !== "$ref" && !k.startsWith("__"));
    return beside.length ? { ...pick(node, beside), allOf: [viewed] } : viewed;
  }
  if (trail.length > MAX_DEPTH) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "required" || key === "discriminator") continue;
    if (key === "properties" && isSchema(value))
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, field]) => [
          name,
          isSchema(field) ? orNull(field, follow, trail, depth) : field,
        ]),
      );
    else if (key === "additionalProperties" && isSchema(value)) out[key] = orNull(value, follow, trail, depth);
    else if ((UNIONS as readonly string[]).includes(key) && Array.isArray(value))
      out[key === "oneOf" ? "anyOf" : key] = value.map((b) =>
        isSchema(b) ? memberView(node, b, follow, trail, depth) : b,
      );
    else out[key] = value;
  }
  // A oneOf beside an anyOf: both kept, the oneOf's shapes as a second anyOf under allOf.
  if (Array.isArray(node.oneOf) && Array.isArray(node.anyOf)) {
    const shapes = (node.oneOf as unknown[]).map((b) => (isSchema(b) ? viewOf(b, follow, trail, depth + 1) : b));
    out.anyOf = (node.anyOf as unknown[]).map((b) => (isSchema(b) ? viewOf(b, follow, trail, depth + 1) : b));
    out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: shapes }];
  }
  return out;
}

/**
 * A union member's patch view; a union's one shape with its discriminator's property held to the values naming it
 * first (lone-kind.ts), as the discriminator is dropped: a patch may leave the tag out, but one it gives names the
 * shape, as the request judge reads it (kinds-read.ts), and the draft and the link read the tag's values so too.
 */
function memberView(union: Schema, member: Schema, follow: Follow, trail: Schema[], depth: number): Schema {
  const target = follow(member);
  // A reference with keywords beside it is viewed as written (viewOf keeps them).
  const bare = Object.keys(member).every((k) => k === "$ref" || k.startsWith("__"));
  const named = target && bare && !trail.includes(target) ? withLoneKind(union, target) : undefined;
  if (!target || !named || named === target) return viewOf(member, follow, trail, depth + 1);
  return viewOf(named, follow, [...trail, target], depth + 2);
}

/** A field's patch view, null admitted (the field removed) unless it is already. */
function orNull(field: Schema, follow: (node: Schema) => Schema | undefined, trail: Schema[], depth: number): Schema {
  const viewed = viewOf(field, follow, trail, depth + 1);
  const types = Array.isArray(viewed.type) ? viewed.type : [viewed.type];
  if (types.includes("null") || viewed.nullable === true) return viewed;
  return { anyOf: [viewed, { type: "null" }] };
}

function pick(node: Schema, keys: string[]): Schema {
  return Object.fromEntries(keys.map((k) => [k, node[k]]));
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Whether a place is the schema of a merge patch's media type (`…/content/application~1merge-patch+json/schema`): a
 * value there is held to the patch view, by the request judge, the made bodies' check and the example check.
 */
export function isMergePatchPlace(at: readonly (string | number)[]): boolean {
  const n = at.length;
  return n >= 3 && at[n - 1] === "schema" && at[n - 3] === "content" && isMergePatchType(String(at[n - 2]));
}

/** Each registered schema's patch view, made once (by the registered schema it reads). */
const registeredViews = new WeakMap<object, Schema>();

/**
 * The patch view of a schema registered for a validator (@cfworker/json-schema's lookup, whose references carry the
 * registered place they name as `__absolute_ref__`), for that validator with that lookup.
 */
export function registeredPatchView<S>(letter: S, lookup: Record<string, unknown>): S {
  if (letter === null || typeof letter !== "object") return letter;
  let view = registeredViews.get(letter);
  if (view === undefined) {
    const follow = (node: Schema) => {
      const ref = node.__absolute_ref__;
      const target = typeof ref === "string" ? lookup[ref] : undefined;
      return isSchema(target) ? target : undefined;
    };
    view = mergePatchView(letter as Schema, follow);
    registeredViews.set(letter, view);
  }
  return view as S;
}
