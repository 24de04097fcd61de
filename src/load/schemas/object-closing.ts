// An object's closing: `additionalProperties: false`, or a schema each field it does not list must meet (a generated
// document's `{type: object}` on a base every request extends, a map's values). Inside an `allOf` either one, read by
// its letter, also holds the fields the other members and the parent list (JSON Schema's `additionalProperties` knows
// only its own schema's `properties`): no value with a field of two members met it, or a boolean the extension lists
// was refused as "must be object". Published documents mean the fields of all members together, and the closing for
// the others: the readers as meant (src/judge/open-all-of-lookup.ts, src/mocks/open-all-of.ts) open each member and
// close the parent with `closingOver`.

/** Whether `additionalProperties` closes its object: `false`, or a schema that says anything. */
export function closes(additionalProperties: unknown): boolean {
  if (additionalProperties === false) return true;
  return (
    additionalProperties !== null &&
    typeof additionalProperties === "object" &&
    !Array.isArray(additionalProperties) &&
    Object.keys(additionalProperties).length > 0
  );
}

/**
 * The closing of an object over all its members' fields, from the closings of the parent and its members (those that
 * close): `false` where one is, else the schema each field none lists must meet (all of them where several say one).
 */
export function closingOver(closings: readonly unknown[]): unknown {
  const own = closings.filter(closes);
  if (own.includes(false)) return false;
  return own.length === 1 ? own[0] : { allOf: own };
}
