// The `Link` header's rel="next" (RFC 8288), read in time linear in the
// header's size (issue 24, D8: the regular expression it replaced took time
// quadratic in it, so a large header from an upstream held the process).
import { describe, expect, it } from "vitest";
import { linkNext } from "../http/transport.js";

describe("linkNext", () => {
  for (const [header, next] of [
    [
      '<https://api.test/items?page=2>; rel="next", <https://api.test/items?page=9>; rel="last"',
      "https://api.test/items?page=2",
    ],
    [
      '<https://api.test/items?page=1>; rel="prev", <https://api.test/items?page=3>; rel=next',
      "https://api.test/items?page=3",
    ],
    ['<https://api.test/a>; rel="prefetch next"; title="x, <y>"', "https://api.test/a"],
    ['<https://api.test/a>; title="rel=next, <https://evil.test/>"; rel=last', undefined],
    ['<https://api.test/a>;REL="NEXT"', "https://api.test/a"],
    ["<https://api.test/a>; rel", undefined],
    ["", undefined],
    ["<unterminated; rel=next", undefined],
  ] as const) {
    it(`reads ${JSON.stringify(header)}`, () => {
      expect(linkNext(header)).toBe(next);
    });
  }

  // Work grows with size alone: one header of 32 n characters takes about as long as 32 headers of n
  // (a quadratic parser takes 32 times as long). Both are measured here, in turn, the fastest of five
  // rounds each, in the process's CPU time: a wall clock on a loaded machine counts the time the process
  // waited for a core (one run of 4 ms of work read 25 ms), which moves the two apart. The bound leaves
  // room for noise.
  for (const [shape, unit] of [
    ["opening brackets without a close", "<"],
    ["parameters without a rel", "<a>;x=1"],
    ["an open quoted value", '<a>; rel="'],
    ["spaces after a semicolon", "<a>; "],
  ] as const) {
    it(`takes time linear in the header's size: ${shape}`, () => {
      const small = unit.repeat(Math.ceil(2048 / unit.length));
      const large = unit.repeat(Math.ceil((32 * 2048) / unit.length));
      const time = (work: () => void) => {
        let best = Infinity;
        for (let round = 0; round < 5; round++) {
          const started = process.cpuUsage();
          work();
          const used = process.cpuUsage(started);
          best = Math.min(best, (used.user + used.system) / 1000);
        }
        return best;
      };
      const smalls = time(() => {
        for (let i = 0; i < 32; i++) linkNext(small);
      });
      const once = time(() => linkNext(large));
      expect(once).toBeLessThan(Math.max(8 * smalls, 5));
    });
  }
});
