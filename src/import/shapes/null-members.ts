// An allOf one member of which is of type null, beside a member of another type (`currency: {allOf: [{$ref:
// Currency}, {type: "null"}]}`, Currency a string): a value would have to be null and a text at once, so by JSON
// Schema's letter none meets it, and the request judge refused every body that gave the field (the draft read it as
// the typed member, and sent a text). The publisher means a nullable field (3.0's `nullable`, written as 3.1's type
// in a composition). add writes it in the cut as anyOf of the other members and null, and says so; an allOf whose
// other members admit null (no type, or a list holding null) is met by null and stays as it is.
import { isJson, resolved, rewriteEachObject } from "./cut-walk.js";

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
    (key) => key === "example" || key === "examples" || key === "default" || key === "enum" || key.startsWith("x-"),
  );
}
