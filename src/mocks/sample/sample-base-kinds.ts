// A discriminated base (`Condition: {required: [type], discriminator: {propertyName: type, mapping: {normal: Normal,
// lottery: Lottery}}}`, no union of its own) is, by OpenAPI's inheritance model, one of the kinds extending it by
// allOf (named by its mapping, or with none by their schemas' names), the property naming the kind: the link reads a
// field of one so (link/param-limits/schema-place.ts), and a value of the base's own fields alone
// (`{type: "example"}`) is none of them. The sampler made such a value, so no JSON parameter holding a base had a
// value its own rules took (the contract suite: "no value of parameter … passes its own rules") and a mock's answer
// held one the link refuses.
// Here the kinds of a base, read as the link and add read them, for the walk to make one of them with the property set
// to its name.
import { baseKindsAt, schemaRef } from "../../load/schemas/base-kinds.js";
import { isNode } from "./sample-lookup.js";

type Node = Record<string, unknown>;

/** One kind of a base: the discriminator's property, the value naming the kind, and the `$ref` of its schema. */
export interface BaseKind {
  property: string;
  value: string;
  ref: string;
}

/**
 * The kinds of the discriminated base at `ref` (a `#/components/schemas/…` reference), as every reader reads them
 * (load/schemas/base-kinds.ts: those extending it, named by the mapping or by their schema's name); undefined where the
 * schema is no base, names no property, or no schema extends it.
 */
export function baseKinds(document: Node, ref: string): BaseKind[] | undefined {
  const base = baseKindsAt(document, ref);
  if (!base?.property) return undefined;
  const { property } = base;
  return base.kinds.map(({ name, value }) => ({ property, value, ref: schemaRef(name) }));
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
