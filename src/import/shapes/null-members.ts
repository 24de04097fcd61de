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
