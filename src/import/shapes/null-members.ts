// An allOf one member of which is of type null, beside a member of another type (`currency: {allOf: [{$ref:
// Currency}, {type: "null"}]}`, Currency a string): a value would have to be null and a text at once, so by JSON
// Schema's letter none meets it, and the request judge refused every body that gave the field (the draft read it as
// the typed member, and sent a text). The publisher means a nullable field (3.0's `nullable`, written as 3.1's type
// in a composition). add writes it in the cut as anyOf of the other members and null, and says so; an allOf whose
// other members admit null (no type, or a list holding null) is met by null and stays as it is.
//
// So for an allOf of members whose types share none, null or not (`allOf: [{$ref: ZqFormat}, {type: array}]`, ZqFormat
// an object): no value is an object and a list at once, so the mock answered a value its own check refused and every
// case of the operation failed. It is written as anyOf of its members; one member naming no type leaves it as it is.
import { isJson, resolved, rewriteEachObject, shapeName } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Keys a member of type null may hold beside its type: annotations, which add no rule. */
const ANNOTATIONS = new Set(["type", "description", "title", "$comment"]);

function isNullMember(member: unknown): boolean {
  return isJson(member) && member.type === "null" && Object.keys(member).every((key) => ANNOTATIONS.has(key));
}

/** Whether the member's own type (followed through a `$ref`) leaves null out. */
function refusesNull(cut: Json, member: unknown): boolean {
  const node = resolved(cut, member);
  if (!isJson(node)) return false;
  const { type } = node;
  if (typeof type === "string") return type !== "null";
  return Array.isArray(type) && !type.includes("null");
}

/**
 * The cut with each allOf of a null member beside one refusing null written as anyOf of the other members and null
 * (changed in place); each place changed, as `components.schemas.ZqBill.properties.currency (allOf of Currency and
 * null)`.
 */
export function withNullMembersAsAnyOf(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      const members = schema.allOf;
      if (!Array.isArray(members) || !members.some(isNullMember)) return undefined;
      const others = members.filter((member) => !isNullMember(member));
      if (!others.some((member) => refusesNull(cut, member))) return undefined;
      const either = { anyOf: [others.length === 1 ? others[0] : { allOf: others }, { type: "null" }] };
      delete schema.allOf;
      // A schema with an anyOf of its own keeps it: "the others or null" is then one more rule beside it.
      if (Array.isArray(schema.anyOf)) schema.allOf = [either];
      else schema.anyOf = either.anyOf;
      const named = others.map((member) =>
        isJson(member) && typeof member.$ref === "string" ? (member.$ref.split("/").at(-1) ?? member.$ref) : "a schema",
      );
      return `allOf of ${named.join(", ")} and null`;
    },
    isData,
  );
}

/** Keys whose values are data or extensions, not schemas. */
function isData(key: string): boolean {
  return key === "example" || key === "examples" || key === "default" || key === "enum" || key.startsWith("x-");
}

/** The JSON types a member admits (through a `$ref`; a number may be an integer), or none where it names none. */
function typesOf(cut: Json, member: unknown): Set<string> | undefined {
  const node = resolved(cut, member);
  if (!isJson(node)) return undefined;
  const names = typeof node.type === "string" ? [node.type] : node.type;
  if (!Array.isArray(names) || !names.every((name) => typeof name === "string")) return undefined;
  return new Set(names.includes("number") ? [...names, "integer"] : names);
}

/**
 * The cut with each allOf of members whose types share none written as anyOf of them (changed in place); each place
 * changed, as `components.schemas.ZqLookup (allOf of ZqFormat, shape 2: object, array)`.
 */
export function withDisjointMembersAsAnyOf(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      const members = schema.allOf;
      if (!Array.isArray(members) || members.length < 2 || Array.isArray(schema.anyOf)) return undefined;
      const types = members.map((member) => typesOf(cut, member));
      if (!types.every((set): set is Set<string> => set !== undefined)) return undefined;
      const [first, ...rest] = types;
      if (first && [...first].some((name) => rest.every((set) => set.has(name)))) return undefined;
      delete schema.allOf;
      schema.anyOf = members;
      const named = members.map((member, i) => shapeName(member, i));
      // As written: the integer a number admits is no type of its own.
      const written = types.map((set) => [...set].filter((t) => t !== "integer" || !set.has("number")).join(" or "));
      return `allOf of ${named.join(", ")}: ${written.join(", ")}`;
    },
    isData,
  );
}

// An allOf whose members give one field types that share none (a generic reply `BaseResponse {data: object}` and,
// beside it, `{properties: {data: {type: array}}}`: the wrapper NestJS's Swagger writes for each endpoint): no value is
// an object and a list at once, so by JSON Schema's letter none meets it, and the mock answered a list its own check
// then refused (every case of the operation failed). The publisher means the later member's field replaces the
// earlier's: add writes the earlier member, for this allOf only, without that field (a copy where it is a `$ref`, the
// shared schema left as published), keeping it required, and says so.
/** A member's own fields (through a `$ref`). */
function fieldsOf(cut: Json, member: unknown): Json {
  const node = resolved(cut, member);
  return isJson(node) && isJson(node.properties) ? node.properties : {};
}

/** Whether two fields' schemas name types that share none. */
function disjoint(cut: Json, a: unknown, b: unknown): boolean {
  const [left, right] = [typesOf(cut, a), typesOf(cut, b)];
  return left !== undefined && right !== undefined && ![...left].some((t) => right.has(t));
}

/**
 * The cut with each allOf member's field that a later member gives a type sharing none with it left out of that
 * member (changed in place); each place changed, as `components.schemas.ZqBillReply (allOf: BaseResponse's data, an
 * object, replaced by shape 2's, an array)`.
 */
export function withOverriddenFieldsReplaced(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      const members = schema.allOf;
      if (!Array.isArray(members) || members.length < 2) return undefined;
      const said: string[] = [];
      members.forEach((member, i) => {
        const own = fieldsOf(cut, member);
        const replaced = Object.keys(own).filter((field) =>
          members
            .slice(i + 1)
            .some((later) => field in fieldsOf(cut, later) && disjoint(cut, own[field], fieldsOf(cut, later)[field])),
        );
        if (!replaced.length) return;
        const node = resolved(cut, member) as Json;
        const copy: Json = { ...node, properties: { ...own } };
        for (const field of replaced) delete (copy.properties as Json)[field];
        members[i] = copy;
        said.push(`${shapeName(member, i)}'s ${replaced.join(", ")}`);
      });
      return said.length ? `allOf: ${said.join("; ")} replaced by a later member's` : undefined;
    },
    isData,
  );
}

/**
 * Each allOf no value met as published, read as its publisher means it (changed in place): a null member beside a typed
 * one, members whose types share none, a member's field a later member gives another type; the places of each.
 */
export function withAllOfMembersRead(
  cut: Json,
): Record<"nullMembers" | "disjointMembers" | "overriddenFields", string[]> {
  const nullMembers = withNullMembersAsAnyOf(cut);
  const disjointMembers = withDisjointMembersAsAnyOf(cut);
  return { nullMembers, disjointMembers, overriddenFields: withOverriddenFieldsReplaced(cut) };
}
