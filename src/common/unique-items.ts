// The manifest's and workflow's validators (Ajv's standalone code, scripts/build/precompile.mjs) check `uniqueItems`
// on a list whose items' type the schema leaves open (a parameter's enum) by comparing every pair: on a whole API's
// manifest, 120 enums of 1,500 values each, 135 million comparisons per check. The build puts this linear check in
// front of that loop, which then runs only on a list that has two equal items (to name them as Ajv does).

/**
 * Whether two items of the list are equal as `equal` (Ajv's deep equality) says: texts, numbers, booleans and null
 * through a set (in its equality, as in Ajv's, NaN is NaN and 0 is -0); objects and arrays, which equal only each
 * other, pairwise.
 */
export function hasDuplicateItems(items: readonly unknown[], equal: (a: unknown, b: unknown) => boolean): boolean {
  const seen = new Set<unknown>();
  const objects: object[] = [];
  for (const item of items) {
    if (typeof item === "object" && item !== null) {
      if (objects.some((o) => equal(o, item))) return true;
      objects.push(item);
    } else if (seen.has(item)) return true;
    else seen.add(item);
  }
  return false;
}
