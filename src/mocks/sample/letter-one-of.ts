// An answer's `oneOf` of object shapes that the mock's copy reads as `anyOf` (open-all-of.ts: published shapes
// overlap, and Prism refused the answers it served) keeps its letter in a mark, so that the sampler still makes a
// value exactly one shape takes where one can be made: verify, and any client, hold the answer to the document's
// `oneOf`, where a value several shapes take (an open shape takes every other's fields) meets none. Where no value of
// one shape alone is made, the walk leaves out the optional field around the union (sample-walk.ts), else keeps the
// value the mock's reading takes.
/** The mark the mock's copy sets on an `anyOf` that the document wrote as `oneOf`. */
export const LETTER_ONE_OF = "x-blockwright-one-of";

/** Whether `value`, made from branch `index` of the union (`key`) at `pointer`, is taken by no other branch. */
export function takenByOneBranch(
  sampler: { valid(value: unknown, pointer: string): boolean },
  value: unknown,
  at: { pointer: string; key: string; count: number; index: number },
): boolean {
  for (let j = 0; j < at.count; j++)
    if (j !== at.index && sampler.valid(value, `${at.pointer}/${at.key}/${j}`)) return false;
  return true;
}
