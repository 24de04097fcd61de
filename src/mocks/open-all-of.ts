// A request body schema written as `allOf` members that each close the
// object (`additionalProperties` false, or a schema: load/schemas/object-closing.ts), or closed beside its `allOf`: by
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
import { reaches } from "../load/schemas/schema-reach.js";
import { closes, closingOver } from "../load/schemas/object-closing.js";
import { type Reading, withoutMarkedFields } from "./requests/marked-left-out.js";

type Json = Record<string, unknown>;

/**
 * The schemas of one document read as meant, each written once: a schema a `$ref` reaches that changes is kept beside
 * the document's schemas (`#/components/schemas/<name>.meant`, Swagger 2.0's `#/definitions/…`) and every place
 * reaching it refers there, cycles included. Written out at each place, a densely linked document's copy grew about
 * 2.5× a level (mock-operations.test.ts: 93,000 objects at 10 levels, 3.9 million at 14), and Prism's bundle walked
 * every one; the walk was cut at 10 levels, leaving a closing deeper, or reached again through a cycle, to its letter.
 * `withMeant` puts them in the document's copy.
 */
export class MeantSchemas {
  /** Name → the schema read as meant. */
  readonly schemas: Json = {};
  /** By reading and the fields beside that matter: each schema walked, and what it became. */
  readonly walked = new Map<string, Map<object, Walked>>();
  /** By reading (a request's, an answer's): whether a schema changes, itself or one it reaches (schema-reach.ts). */
  readonly changing = { request: new Map<object, boolean>(), answer: new Map<object, boolean>() };
  /** Whether the fields beside a schema matter to what it becomes (a request's; an answer's never do). */
  readonly besideRead = new Map<object, boolean>();
  /** Where the document keeps its schemas: the meant ones go there too. */
  readonly place: readonly string[];
  /** Name → whose schema it is (a request's, an answer's): Prism reads each without the fields it leaves out. */
  readonly readings = new Map<string, Reading>();
  private readonly taken: Set<string>;

  constructor(document: Json = {}) {
    this.place = "swagger" in document ? ["definitions"] : ["components", "schemas"];
    const held = this.place.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document);
    this.taken = new Set(isObject(held) ? Object.keys(held) : []);
  }

  /** A `$ref` to a name of its own for the schema `ref` names (its name in letters, digits, `_`, `-` and `.`). */
  refFor(ref: string): { name: string; ref: string } {
    const base = `${(ref.split("/").pop() ?? "").replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 60) || "schema"}.meant`;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return { name, ref: `#/${[...this.place, name].join("/")}` };
  }

  /**
   * The document with the schemas read as meant beside its own (the same where there are none), each as Prism reads
   * it written in place: a request's without its fields read only, an answer's without those written only
   * (requests/marked-left-out.ts).
   */
  withMeant<T extends Json>(document: T): T {
    if (!Object.keys(this.schemas).length) return document;
    const marked = this.beside(document, this.schemas);
    const read = (name: string, schema: unknown) => {
      const reading = this.readings.get(name);
      return reading ? withoutMarkedFields(schema, reading, marked) : schema;
    };
    return this.beside(document, Object.fromEntries(Object.entries(this.schemas).map(([n, s]) => [n, read(n, s)])));
  }

  private beside<T extends Json>(document: T, meant: Json): T {
    const [top, inner] = this.place as [string, string | undefined];
    const held = isObject(document[top]) ? (document[top] as Json) : {};
    if (inner === undefined) return { ...document, [top]: { ...held, ...meant } };
    const schemas = isObject(held[inner]) ? (held[inner] as Json) : {};
    return { ...document, [top]: { ...held, [inner]: { ...schemas, ...meant } } };
  }
}

/** A schema being walked or walked: what it became (once walked), and its name among the meant schemas (once named). */
interface Walked {
  out?: unknown;
  name?: string;
  ref?: string;
}

/**
 * The request body with each media type's schema read as its publisher means it (see above); the same object where
 * nothing needs it. A schema reached through a `$ref` that changes is referred to among `meant` (MeantSchemas).
 */
export function withOpenAllOfMembers(
  body: unknown,
  resolve: (value: unknown) => unknown,
  meant: MeantSchemas,
  unions: "as published" | "as anyOf" = "as published",
): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  let changed = false;
  const content: Json = {};
  const walk: Walk = { resolve, meant, anyOf: unions === "as anyOf" };
  for (const [type, media] of Object.entries(body.content)) {
    const schema = isObject(media) ? openSchema(media.schema, walk) : undefined;
    changed ||= schema !== undefined && schema !== (media as Json).schema;
    content[type] = schema !== undefined && schema !== (media as Json).schema ? { ...(media as Json), schema } : media;
  }
  return changed ? { ...body, content } : body;
}

/** An operation's answers (`responses`) as a mock serves them: read as their publisher means them (see above). */
export function withAnswersAsMeant(
  responses: unknown,
  resolve: (value: unknown) => unknown,
  meant: MeantSchemas,
): unknown {
  if (!isObject(responses)) return responses;
  let changed = false;
  const out: Json = {};
  for (const [status, declared] of Object.entries(responses)) {
    const response = resolve(declared);
    const meantAnswer = withOpenAllOfMembers(response, resolve, meant, "as anyOf");
    changed ||= meantAnswer !== response;
    out[status] = meantAnswer !== response ? meantAnswer : declared;
  }
  return changed ? out : responses;
}

/** `meant`: the schemas walked for the document, and those a `$ref` reached; `anyOf`: every `oneOf` read as `anyOf`. */
interface Walk {
  resolve: (value: unknown) => unknown;
  meant: MeantSchemas;
  anyOf: boolean;
}

/**
 * The schema read as meant (see above); `beside`: the fields declared beside it where it is a member of an `allOf` (the
 * other members', the parent's), which each of its indistinct shapes takes too (src/judge/open-one-of.ts). A schema
 * nothing in changes is left as it is without a walk; any other is walked once for each reading and fields beside it
 * that matter (schemas reaching a union of indistinct shapes through `allOf` members), so that a document's walk is
 * linear in its size, cycles included; one a `$ref` reached is referred to among the meant schemas.
 */
function openSchema(schema: unknown, walk: Walk, beside: readonly string[] = []): unknown {
  const { resolve } = walk;
  const s = resolve(schema);
  if (!isObject(s) || !changes(s, walk)) return schema;
  const byRef = s !== schema;
  const walked = walkedBeside(walk, s, beside);
  const seen = walked.get(s);
  if (seen) return byRef ? meantRef(walk, seen, schema as Json) : (seen.out ?? schema);
  const self: Walked = {};
  walked.set(s, self);
  let out: Json | undefined;
  const edit = () => (out ??= { ...s });
  if (closedBesideMembers(s, resolve)) {
    const members = s.allOf as unknown[];
    const names = new Set<string>(isObject(s.properties) ? Object.keys(s.properties) : []);
    for (const name of memberFields(members, resolve)) names.add(name);
    // Closed beside its shapes too (`oneOf`/`anyOf`): a body of one shape holds that shape's fields.
    for (const name of memberFields(unionBranches(s), resolve)) names.add(name);
    const o = edit();
    // Each member opened, then walked as any schema: a field of one may be closed beside an allOf of its own (a page's
    // links, each a link closed beside its optional link's fields), which Prism held to the letter.
    o.allOf = members.map((m, i) => openSchema(opened(m, resolve), walk, besideMember(s, i, resolve, beside)));
    o.properties = {
      ...Object.fromEntries([...names].map((n) => [n, {}])),
      ...(isObject(s.properties) ? s.properties : {}),
    };
    o.additionalProperties = closingOver([s.additionalProperties, ...memberClosings(members, resolve)]);
  }
  // A request's object shapes nothing tells apart, each closed over its own fields and those beside it
  // (src/judge/open-one-of.ts); an answer's are an anyOf below, as they are.
  if (indistinctRequestShapes(s, walk)) out = asClosedShapes(out ?? s, resolve, beside);
  const open = Array.isArray((out ?? s).oneOf) ? openBranch(s, resolve) : undefined;
  if (open) {
    const none = { not: { anyOf: open.required.map((field) => ({ required: [field] })) } };
    edit().oneOf = (s.oneOf as unknown[]).map((b, i) =>
      open.open[i] ? { ...((open.branches[i] as Json).type === "object" ? { type: "object" } : {}), ...none } : b,
    );
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
    const branches = list.map((b) => openSchema(b, walk));
    if (branches.some((b, i) => b !== list[i])) edit()[key] = branches;
  }
  if (Array.isArray(s.allOf) && !out?.allOf) {
    const members = s.allOf.map((m, i) => openSchema(m, walk, besideMember(s, i, resolve, beside)));
    if (members.some((m, i) => m !== (s.allOf as unknown[])[i])) edit().allOf = members;
  }
  if (isObject(s.properties)) {
    const properties: Json = {};
    let inner = false;
    for (const [name, field] of Object.entries(s.properties)) {
      properties[name] = openSchema(field, walk);
      inner ||= properties[name] !== field;
    }
    if (inner) edit().properties = { ...((out?.properties as Json | undefined) ?? {}), ...properties };
  }
  if (s.items !== undefined) {
    const items = openSchema(s.items, walk);
    if (items !== s.items) edit().items = items;
  }
  // A map's values (an `additionalProperties` schema, the closing above aside, and `patternProperties`') are walked
  // like fields: the judge reads a `oneOf` of plain forms there as anyOf too (a metadata map of texts, flags, numbers).
  if (isObject(s.additionalProperties) && (out ?? s).additionalProperties === s.additionalProperties) {
    const values = openSchema(s.additionalProperties, walk);
    if (values !== s.additionalProperties) edit().additionalProperties = values;
  }
  if (isObject(s.patternProperties)) {
    const patterns = Object.entries(s.patternProperties).map(([p, v]) => [p, openSchema(v, walk)] as const);
    if (patterns.some(([p, v]) => v !== (s.patternProperties as Json)[p]))
      edit().patternProperties = Object.fromEntries(patterns);
  }
  // Unchanged only where a cycle through the same object, not a `$ref`, came back to it (left as it is there).
  self.out = out ?? s;
  if (self.name) walk.meant.schemas[self.name] = self.out;
  return byRef ? meantRef(walk, self, schema as Json) : (out ?? schema);
}

/** A `$ref` to what the schema `ref` names became among the meant schemas (named here if not yet). */
function meantRef(walk: Walk, walked: Walked, ref: Json): Json {
  const { meant } = walk;
  if (walked.name === undefined) {
    ({ name: walked.name, ref: walked.ref } = meant.refFor(String(ref.$ref)));
    meant.readings.set(walked.name, walk.anyOf ? "answer" : "request");
    // Once walked, written now; else where its walk ends (a cycle reached it again on the way).
    if (walked.out !== undefined) meant.schemas[walked.name] = walked.out;
  }
  return { $ref: walked.ref };
}

/**
 * Whether the walk changes `s` or a schema it reaches (fields, items, members, branches), found once for each schema
 * of the document (src/load/schemas/schema-reach.ts): where none changes, `s` is left as it is, unwalked.
 */
function changes(s: Json, walk: Walk): boolean {
  const { resolve } = walk;
  return reaches(s, {
    next: (t) =>
      [
        ...unionBranches(t),
        ...(Array.isArray(t.allOf) ? t.allOf : []),
        ...(isObject(t.properties) ? Object.values(t.properties) : []),
        t.items,
        ...(isObject(t.additionalProperties) ? [t.additionalProperties] : []),
        ...(isObject(t.patternProperties) ? Object.values(t.patternProperties) : []),
      ].map(resolve),
    here: (t) =>
      closedBesideMembers(t, resolve) ||
      indistinctRequestShapes(t, walk) ||
      (Array.isArray(t.oneOf) && (openBranch(t, resolve) !== undefined || isPlainOneOf(t.oneOf, t, resolve))) ||
      overlapsAsAnswer(t, walk),
    known: walk.anyOf ? walk.meant.changing.answer : walk.meant.changing.request,
  });
}

/**
 * The schemas walked with the fields beside `s` that matter to what it becomes, and what each became: the fields
 * beside a schema reach only its own shapes and its members' (through `allOf`), so only a request's schema reaching a
 * union of indistinct shapes so is walked again for other fields beside it.
 */
function walkedBeside(walk: Walk, s: Json, beside: readonly string[]): Map<object, Walked> {
  const { resolve } = walk;
  const read =
    !walk.anyOf &&
    beside.length > 0 &&
    reaches(s, {
      next: (t) => (Array.isArray(t.allOf) ? t.allOf.map(resolve) : []),
      here: (t) => indistinctRequestShapes(t, walk),
      known: walk.meant.besideRead,
    });
  const fields = read ? [...new Set(beside)].sort().join("\u0000") : "";
  const signature = `${walk.anyOf ? "answer" : "request"}\u0000${fields}`;
  let done = walk.meant.walked.get(signature);
  if (!done) walk.meant.walked.set(signature, (done = new Map()));
  return done;
}

/** Whether `s` is closed beside its `allOf`, or beside a member that closes the object. */
function closedBesideMembers(s: Json, resolve: (value: unknown) => unknown): boolean {
  return (
    Array.isArray(s.allOf) &&
    (closes(s.additionalProperties) ||
      s.allOf.some((m) => closes((resolve(m) as Json | undefined)?.additionalProperties)))
  );
}

/** Whether `s` is a request's `oneOf` of object shapes nothing tells apart (src/model/indistinct-shapes.ts). */
function indistinctRequestShapes(s: Json, walk: Walk): boolean {
  return (
    !walk.anyOf && Array.isArray(s.oneOf) && indistinctShapes(s.oneOf.map((b) => walk.resolve(b) as Json | undefined))
  );
}

/**
 * `s`'s `oneOf` where a branch is open to any object and the others require fields: which are open, and the fields
 * required (read as "none of them" in the open ones); undefined where none is so.
 */
function openBranch(
  s: Json,
  resolve: (value: unknown) => unknown,
): { branches: unknown[]; open: boolean[]; required: string[] } | undefined {
  if (!Array.isArray(s.oneOf)) return undefined;
  const branches = s.oneOf.map((b) => resolve(b));
  const open = branches.map((b) => isObject(b) && acceptsAnyObject(b));
  const required = [
    ...new Set(
      branches.flatMap((b, i) => (!open[i] && isObject(b) && Array.isArray(b.required) ? b.required.map(String) : [])),
    ),
  ];
  return open.includes(true) && required.length ? { branches, open, required } : undefined;
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

/**
 * A member without its own closing (its nested `allOf` members opened too); the same member where it has none. `seen`:
 * the members met (a member reached again through a cycle of `allOf`s is left as it is there).
 */
function opened(member: unknown, resolve: (value: unknown) => unknown, seen = new Map<object, unknown>()): unknown {
  const m = resolve(member);
  if (!isObject(m)) return member;
  if (seen.has(m)) return seen.get(m) ?? member;
  seen.set(m, undefined);
  const { additionalProperties, ...rest } = m;
  const nested = Array.isArray(m.allOf) ? m.allOf.map((x) => opened(x, resolve, seen)) : undefined;
  const result =
    !closes(additionalProperties) && (!nested || nested.every((x, i) => x === (m.allOf as unknown[])[i]))
      ? member
      : { ...(closes(additionalProperties) ? rest : m), ...(nested ? { allOf: nested } : {}) };
  seen.set(m, result);
  return result;
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
    ...memberFields(others, resolve),
    ...beside,
  ]);
  return [...names];
}

/**
 * The names of the fields the members declare, through their own `allOf` and the shapes of a union a member holds (a
 * protobuf `oneof` written as `allOf: [{fields}, {oneOf: [{appDb}, {sqlQuery}]}]` beside a closing: read without the
 * shapes' fields, every body holding one was refused); each member once (`seen`).
 */
/** The closings `opened` takes out of the members (and their own members), which the parent then holds. */
function memberClosings(members: unknown[], resolve: (value: unknown) => unknown, seen = new Set<object>()): unknown[] {
  return members.flatMap((member) => {
    const m = resolve(member);
    if (!isObject(m) || seen.has(m)) return [];
    seen.add(m);
    const own = closes(m.additionalProperties) ? [m.additionalProperties] : [];
    return Array.isArray(m.allOf) ? [...own, ...memberClosings(m.allOf, resolve, seen)] : own;
  });
}

function memberFields(members: unknown[], resolve: (value: unknown) => unknown, seen = new Set<object>()): string[] {
  return members.flatMap((member) => {
    const m = resolve(member);
    if (!isObject(m) || seen.has(m)) return [];
    seen.add(m);
    return [
      ...(isObject(m.properties) ? Object.keys(m.properties) : []),
      ...(Array.isArray(m.allOf) ? memberFields(m.allOf, resolve, seen) : []),
      ...memberFields(unionBranches(m), resolve, seen),
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
