import { describe, expect, it } from "vitest";
import { inTurn } from "./in-turn.mjs";

/** Two sides that log each run; each figure names its side and its run (`a3`: a's fourth run, as a number). */
function sides() {
  const log: string[] = [];
  let runsOfA = 0;
  let runsOfB = 0;
  const a = async () => {
    log.push("a");
    return 1000 + runsOfA++;
  };
  const b = async () => {
    log.push("b");
    return 2000 + runsOfB++;
  };
  return { log, a, b };
}

describe("the call bench's rounds in turn", () => {
  it("measures neither side in the warm rounds: the figures are each side's last runs", async () => {
    const { log, a, b } = sides();
    const out = await inTurn(a, b, 3, 4);
    expect(log.filter((s) => s === "a")).toHaveLength(7);
    expect(log.filter((s) => s === "b")).toHaveLength(7);
    expect(out.ours).toEqual([1003, 1004, 1005, 1006]);
    expect(out.anchor).toEqual([2003, 2004, 2005, 2006]);
  });

  it("runs each side first every other round, a round's two runs one after the other", async () => {
    const { log, a, b } = sides();
    await inTurn(a, b, 2, 4);
    const rounds = Array.from({ length: log.length / 2 }, (_, i) => log.slice(2 * i, 2 * i + 2).join(""));
    expect(rounds).toEqual(["ba", "ab", "ba", "ab", "ba", "ab"]);
  });

  it("pairs the figures by round whichever side went first", async () => {
    const order: string[] = [];
    let round = 0;
    const a = async () => {
      order.push("a");
      return round + 0.1;
    };
    // The second run of a round ends it.
    const b = async () => {
      order.push("b");
      return round + 0.2;
    };
    const tick = (f: () => Promise<number>) => async () => {
      const v = await f();
      if (order.length % 2 === 0) round++;
      return v;
    };
    const out = await inTurn(tick(a), tick(b), 1, 3);
    expect(out.ours.map(Math.floor)).toEqual(out.anchor.map(Math.floor));
    expect(out.ours.map(Math.floor)).toEqual([1, 2, 3]);
  });
});
