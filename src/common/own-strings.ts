// js-yaml cuts every value it reads out of one copy of the whole text (its `state.input.slice`), and V8 keeps a cut of
// 13 characters or more as a view of the string it was cut from: any one value kept holds that copy whole. A whole
// published document's data keeps its text's copy for as long as the data lives (116 MB as a two-byte string), and the
// link's IR, cut from the manifest's values, the manifest's (129 MB) long after the manifest's data is gone.

/** The shortest cut V8 makes a view of its parent (SlicedString::kMinLength): a shorter one is a copy already. */
const VIEW_MIN = 13;

/**
 * `s` in a string of its own: the join is made flat (a new string holding both parts), and the cut of it past the
 * first character is a view of that new string, not of the text `s` was cut from.
 */
const own = (s: string): string => (s.length < VIEW_MIN ? s : ` ${s}`.slice(1));

/**
 * Each string value of `data` (of its objects and lists, at any depth, in place) made a string of its own, so that the
 * text it was parsed from can go. Keys need nothing: V8 keeps a property's name as a copy of its own.
 */
export function ownStrings(data: unknown): void {
  const stack: object[] = data !== null && typeof data === "object" ? [data] : [];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === "string") node[i] = own(item);
        else if (item !== null && typeof item === "object") stack.push(item);
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    // `for…in`: Object.keys made an array of the keys at every object of a whole published document. Storing into a
    // key already there changes neither the keys nor their order.
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const value = record[key];
      if (typeof value === "string") record[key] = own(value);
      else if (value !== null && typeof value === "object") stack.push(value);
    }
  }
}
