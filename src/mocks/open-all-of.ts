// A request body schema written as `allOf` members that each close the
// object (`additionalProperties: false`), or closed beside its `allOf`: by
// JSON Schema's letter no object with fields of two members is valid (each
// member, or the parent, which declares no properties of its own, refuses
// the others' fields), so Prism refused every request. Published documents
// mean "exactly the fields of all members together" (a schema of required
// fields extended by a shared schema of optional ones); the mock's copy is
// written so: the members open, the parent closed over the fields of all.
// Likewise a `oneOf` branch open to any object is read, as the judge reads it
// (src/judge/open-one-of.ts), as "none of the fields the other branches
// require" (and object shapes nothing tells apart each closed over its own
// fields, their union an `anyOf`): by the letter, a body with one shape's fields met two branches;
// and a `oneOf` of plain value forms as `anyOf` (src/judge/plain-one-of.ts): by
// the letter, an integer met both a number form and an integer form. Union
// branches are walked like fields. The answers a mock serves are read so too,
// and each of their `oneOf`s of object shapes as `anyOf` (withAnswersAsMeant):
// published answer unions are of shapes that overlap (two objects of optional fields, or of
// one required status field), so that every answer, the document's own
// examples among them, met two branches and Prism refused what it served.
// A request's `oneOf` is still held to its letter (the judge's, and Prism's).
import { acceptsAnyObject, closedShapes } from "../judge/open-one-of.js";
import { indistinctShapes } from "../model/indistinct-shapes.js";
import { isPlainForm } from "../judge/plain-one-of.js";
import { LETTER_ONE_OF } from "./sample/letter-one-of.js";

type Json = Record<string, unknown>;

/**
 * Members of members followed at most (an `allOf` of an `allOf`…), counted from the closing that reads them: an
 * address closed beside a closed member, itself a field of a shipment closed beside its own, several levels into a
 * list of answers, is opened there as at the top (counted from the body, it was left to its letter past 8 levels).
 */
const MAX_DEPTH = 8;
/**
 * Levels of a body walked at most (fields, items, members): each schema is walked once per fields beside it, so on a
 * densely linked document with cycles the walk grows about 1.6× a level (mock-operations.test.ts: 0.5 s at 8, 1.5 s at
 * 10, hung past a minute at 16); 10 reaches a closing 9 levels into a list of answers.
 */
const MAX_WALK = 10;

/**
 * The request body with each media type's schema read as its publisher means it (see above); the same object where
 * nothing needs it.
 */
export function withOpenAllOfMembers(
  body: unknown,
  resolve: (value: unknown) => unknown,
  unions: "as published" | "as anyOf" = "as published",
): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  let changed = false;
  const content: Json = {};
  const walk: Walk = { resolve, done: new Map(), anyOf: unions === "as anyOf" };
  for (const [type, media] of Object.entries(body.content)) {
    const schema = isObject(media) ? openSchema(media.schema, walk, 0) : undefined;
    changed ||= schema !== undefined && schema !== (media as Json).schema;
    content[type] = schema !== undefined && schema !== (media as Json).schema ? { ...(media as Json), schema } : media;
  }
  return changed ? { ...body, content } : body;
}

/** An operation's answers (`responses`) as a mock serves them: read as their publisher means them (see above). */
export function withAnswersAsMeant(responses: unknown, resolve: (value: unknown) => unknown): unknown {
  if (!isObject(responses)) return responses;
  let changed = false;
  const out: Json = {};
  for (const [status, declared] of Object.entries(responses)) {
    const response = resolve(declared);
    const meant = withOpenAllOfMembers(response, resolve, "as anyOf");
    changed ||= meant !== response;
    out[status] = meant !== response ? meant : declared;
  }
  return changed ? out : responses;
}

/**
 * `done`: each schema object walked once per body and fields beside it (a large document's schemas reach the same ones
 * many times, or themselves); `anyOf`: every `oneOf` read as `anyOf` (an answer's).
 */
interface Walk {
  resolve: (value: unknown) => unknown;
  done: Map<string, Map<object, unknown>>;
  anyOf: boolean;
}

/**
 * The schema read as meant (see above); `beside`: the fields declared beside it where it is a member of an `allOf` (the
 * other members', the parent's), which each of its indistinct shapes takes too (src/judge/open-one-of.ts).
 */
function openSchema(schema: unknown, walk: Walk, depth: number, beside: readonly string[] = []): unknown {
  const { resolve } = walk;
  const s = resolve(schema);
  if (!isObject(s) || depth > MAX_WALK) return schema;
  const done = walkedBeside(walk, beside);
  if (done.has(s)) return done.get(s) === s ? schema : done.get(s);
  done.set(s, s);
  let out: Json | undefined;
  const edit = () => (out ??= { ...s });
  if (
    Array.isArray(s.allOf) &&
    (s.additionalProperties === false ||
      s.allOf.some((m) => (resolve(m) as Json | undefined)?.additionalProperties === false))
  ) {
    const names = new Set<string>(isObject(s.properties) ? Object.keys(s.properties) : []);
    for (const name of memberFields(s.allOf, resolve, 0)) names.add(name);
    // Closed beside its shapes too (`oneOf`/`anyOf`): a body of one shape holds that shape's fields.
    for (const name of memberFields(unionBranches(s), resolve, 0)) names.add(name);
    const o = edit();
    // Each member opened, then walked as any schema: a field of one may be closed beside an allOf of its own (a page's
    // links, each a link closed beside its optional link's fields), which Prism held to the letter.
    o.allOf = s.allOf.map((m, i) =>
      openSchema(opened(m, resolve, 1), walk, depth + 1, besideMember(s, i, resolve, beside)),
    );
    o.properties = {
      ...Object.fromEntries([...names].map((n) => [n, {}])),
      ...(isObject(s.properties) ? s.properties : {}),
    };
    o.additionalProperties = false;
  }
  // A request's object shapes nothing tells apart, each closed over its own fields and those beside it
  // (src/judge/open-one-of.ts); an answer's are an anyOf below, as they are.
  if (!walk.anyOf && Array.isArray(s.oneOf) && indistinctShapes(s.oneOf.map((b) => resolve(b) as Json | undefined))) {
    out = asClosedShapes(out ?? s, resolve, beside);
  }
  if (Array.isArray(s.oneOf) && Array.isArray((out ?? s).oneOf)) {
    const branches = s.oneOf.map((b) => resolve(b));
    const open = branches.map((b) => isObject(b) && acceptsAnyObject(b));
    const required = [
      ...new Set(
        branches.flatMap((b, i) =>
          !open[i] && isObject(b) && Array.isArray(b.required) ? b.required.map(String) : [],
        ),
      ),
    ];
    if (open.includes(true) && required.length) {
      const none = { not: { anyOf: required.map((field) => ({ required: [field] })) } };
      edit().oneOf = s.oneOf.map((b, i) =>
        open[i] ? { ...((branches[i] as Json).type === "object" ? { type: "object" } : {}), ...none } : b,
      );
    }
  }
  // A oneOf of plain value forms (number or integer) is read as anyOf, as the judge reads it
  // (src/judge/plain-one-of.ts).
  // An answer's object shapes keep their letter in a mark, for the sampler (sample/letter-one-of.ts).
  const overlaps = overlapsAsAnswer(s, walk);
  if (Array.isArray((out ?? s).oneOf) && (overlaps || isPlainOneOf(s.oneOf as unknown[], s, resolve))) {
    const { oneOf, ...rest } = out ?? s;
    out = { ...rest, anyOf: oneOf, ...(overlaps ? { [LETTER_ONE_OF]: true } : {}) };
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    const list = (out ?? s)[key];
    if (!Array.isArray(list)) continue;
    const branches = list.map((b) => openSchema(b, walk, depth + 1));
    if (branches.some((b, i) => b !== list[i])) edit()[key] = branches;
  }
  if (Array.isArray(s.allOf) && !out?.allOf) {
    const members = s.allOf.map((m, i) => openSchema(m, walk, depth + 1, besideMember(s, i, resolve, beside)));
    if (members.some((m, i) => m !== (s.allOf as unknown[])[i])) edit().allOf = members;
  }
  if (isObject(s.properties)) {
    const properties: Json = {};
    let inner = false;
    for (const [name, field] of Object.entries(s.properties)) {
      properties[name] = openSchema(field, walk, depth + 1);
      inner ||= properties[name] !== field;
    }
    if (inner) edit().properties = { ...((out?.properties as Json | undefined) ?? {}), ...properties };
  }
  if (s.items !== undefined) {
    const items = openSchema(s.items, walk, depth + 1);
    if (items !== s.items) edit().items = items;
  }
  if (out) done.set(s, out);
  return out ?? schema;
}

/** `s` whose `oneOf` of indistinct shapes is their `anyOf`, each closed over its own fields, `s`'s and `beside`. */
function asClosedShapes(s: Json, resolve: (value: unknown) => unknown, beside: readonly string[]): Json {
  const { oneOf, ...rest } = s;
  const fields = [...Object.keys(isObject(s.properties) ? s.properties : {}), ...beside];
  return {
    ...rest,
    anyOf: closedShapes(
      (oneOf as unknown[]).map((b) => resolve(b) as Json),
      fields,
    ),
  };
}

/** The schemas walked with these fields beside them, and what each became. */
function walkedBeside(walk: Walk, beside: readonly string[]): Map<object, unknown> {
  const signature = beside.join("\u0000");
  let done = walk.done.get(signature);
  if (!done) walk.done.set(signature, (done = new Map()));
  return done;
}

/** A member without its own closing (its nested `allOf` members opened too); the same member where it has none. */
function opened(member: unknown, resolve: (value: unknown) => unknown, depth: number): unknown {
  const m = resolve(member);
  if (!isObject(m) || depth > MAX_DEPTH) return member;
  const { additionalProperties, ...rest } = m;
  const nested = Array.isArray(m.allOf) ? m.allOf.map((x) => opened(x, resolve, depth + 1)) : undefined;
  if (additionalProperties !== false && (!nested || nested.every((x, i) => x === (m.allOf as unknown[])[i])))
    return member;
  return { ...(additionalProperties === false ? rest : m), ...(nested ? { allOf: nested } : {}) };
}

/** The fields beside member `index` of `s.allOf`: the other members', `s`'s own, and those beside `s`. */
function besideMember(
  s: Json,
  index: number,
  resolve: (value: unknown) => unknown,
  beside: readonly string[],
): string[] {
  const others = (s.allOf as unknown[]).filter((_, i) => i !== index);
  const names = new Set([
    ...(isObject(s.properties) ? Object.keys(s.properties) : []),
    ...memberFields(others, resolve, 0),
    ...beside,
  ]);
  return [...names];
}

/** The names of the fields the members declare, through their own `allOf`. */
function memberFields(members: unknown[], resolve: (value: unknown) => unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  return members.flatMap((member) => {
    const m = resolve(member);
    if (!isObject(m)) return [];
    return [
      ...(isObject(m.properties) ? Object.keys(m.properties) : []),
      ...(Array.isArray(m.allOf) ? memberFields(m.allOf, resolve, depth + 1) : []),
    ];
  });
}

/**
 * Whether `s` is an answer's `oneOf` to read as `anyOf`: of two object shapes or more, none named by a discriminator
 * (whose branches the mock's made answers follow).
 */
function overlapsAsAnswer(s: Json, walk: Walk): boolean {
  if (!walk.anyOf || !Array.isArray(s.oneOf) || s.oneOf.length < 2 || s.anyOf !== undefined || s.discriminator)
    return false;
  return s.oneOf.every((b) => {
    const branch = walk.resolve(b);
    return isObject(branch) && (branch.type === "object" || isObject(branch.properties) || Array.isArray(branch.allOf));
  });
}

/** Whether a `oneOf` (of `s`, which has no `anyOf` of its own) holds only plain value forms (plain-one-of.ts). */
function isPlainOneOf(list: unknown[], s: Json, resolve: (value: unknown) => unknown): boolean {
  return list.length > 1 && s.anyOf === undefined && list.every((b) => isPlainForm(resolve(b) as Json | undefined));
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The branches of a schema's `oneOf` and `anyOf`. */
function unionBranches(s: Json): unknown[] {
  return [...(Array.isArray(s.oneOf) ? s.oneOf : []), ...(Array.isArray(s.anyOf) ? s.anyOf : [])];
}
