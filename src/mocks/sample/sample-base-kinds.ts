// A discriminated base (`Condition: {required: [type], discriminator: {propertyName: type, mapping: {normal: Normal,
// lottery: Lottery}}}`, no union of its own) is, by OpenAPI's inheritance model, one of the kinds its mapping names,
// each extending it by allOf, the property naming the kind: the link reads a field of one so
// (link/param-limits/schema-place.ts), and a value of the base's own fields alone (`{type: "example"}`) is none of
// them. The sampler made such a value, so no JSON parameter holding a base had a value its own rules took (the
// contract suite: "no value of parameter … passes its own rules") and a mock's answer held one the link refuses.
// Here the kinds a base's mapping names (those that extend it or have its property, as the link reads them), for the
// walk to make one of them with the property set to the mapping's name of it.
import { isNode, resolvePointer } from "./sample-lookup.js";

type Node = Record<string, unknown>;

/** One kind of a base: the discriminator's property, the value naming the kind, and the `$ref` of its schema. */
export interface BaseKind {
  property: string;
  value: string;
  ref: string;
}

const DEPTH = 16;

/**
 * The kinds of the discriminated base at `ref` (a `#/…` reference), in the mapping's order; undefined where the schema
 * is no base (no discriminator with a mapping, a union of its own) or its mapping names no kind of it.
 */
export function baseKinds(document: Node, ref: string): BaseKind[] | undefined {
  const own = resolvePointer(document, ref.slice(1));
  if (!isNode(own) || own.oneOf !== undefined || own.anyOf !== undefined || !isNode(own.discriminator))
    return undefined;
  const { propertyName: property, mapping } = own.discriminator;
  if (typeof property !== "string" || !isNode(mapping)) return undefined;
  const kinds: BaseKind[] = [];
  for (const [value, to] of Object.entries(mapping)) {
    if (typeof to !== "string") continue;
    const kindRef = to.startsWith("#/") ? to : `#/components/schemas/${to}`;
    const kind = resolvePointer(document, kindRef.slice(1));
    if (kindRef !== ref && isNode(kind) && isKindOf(document, kind, property, 0))
      kinds.push({ property, value, ref: kindRef });
  }
  return kinds.length ? kinds : undefined;
}

/** Whether `kind` extends a schema of the base's discriminator by allOf, however deep, or has the property itself. */
function isKindOf(document: Node, kind: Node, property: string, depth: number): boolean {
  if (depth > DEPTH) return false;
  if (depth > 0 && isNode(kind.discriminator) && kind.discriminator.propertyName === property) return true;
  if (isNode(kind.properties) && Object.hasOwn(kind.properties, property)) return true;
  return (Array.isArray(kind.allOf) ? kind.allOf : []).some((member) => {
    const part =
      isNode(member) && typeof member.$ref === "string" && member.$ref.startsWith("#")
        ? resolvePointer(document, member.$ref.slice(1))
        : member;
    return isNode(part) && isKindOf(document, part, property, depth + 1);
  });
}

/**
 * A value of one of the kinds of the base at `ref`, tried from `start`: each made by `make` (a kind's schema by its
 * `$ref`), its property set to the kind's name, kept where the sampler takes it at the kind's place and the base's;
 * undefined when the schema is no base or no kind gave one.
 */
export function baseKindValue(
  document: Node,
  ref: string,
  start: number,
  sampler: { meets(value: unknown, pointer: string): boolean },
  make: (ref: string) => unknown,
): unknown {
  const kinds = baseKinds(document, ref) ?? [];
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[(start + i) % kinds.length] as BaseKind;
    const made = make(kind.ref);
    if (!isNode(made)) continue;
    const value = { ...made, [kind.property]: kind.value };
    if (sampler.meets(value, kind.ref.slice(1)) && sampler.meets(value, ref.slice(1))) return value;
  }
  return undefined;
}
