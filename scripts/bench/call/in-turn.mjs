// The call bench's rounds (call-loop.mjs): two sides measured in turn, the same way. Both sides run `warm` rounds
// unmeasured first (a side's first 12,000 to 15,000 calls still run while V8 tiers its functions up, and its compiler
// threads' CPU is the process's, charged to whichever side runs then; performance.md, the twenty-third round's call
// path), and each side goes first every other round, so that neither always runs just after the other (on its
// garbage, beside the compiler's work it started).

/**
 * `rounds` figures of each side, paired by round (`ours[i]` and `anchor[i]` measured one after the other).
 * @param {() => Promise<number>} a
 * @param {() => Promise<number>} b
 * @param {number} warm
 * @param {number} rounds
 * @returns {Promise<{ ours: number[]; anchor: number[] }>}
 */
export async function inTurn(a, b, warm, rounds) {
  /** @type {{ ours: number[]; anchor: number[] }} */
  const out = { ours: [], anchor: [] };
  for (let round = -warm; round < rounds; round++) {
    const [x, y] = round & 1 ? [await a(), await b()] : [await b(), await a()].reverse();
    if (round < 0) continue;
    out.ours.push(/** @type {number} */ (x));
    out.anchor.push(/** @type {number} */ (y));
  }
  return out;
}
