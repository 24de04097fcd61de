// What V8 keeps of the objects a step made and let go, through two scavenges: the old generation's growth across them
// (what was copied at the first and promoted at the second). Something kept until a full collection (a map of its own
// that an object's accessors or a generator function's instances get, in the old generation) holds what it reaches
// alive that long: each then copied and promoted, to die in the old generation. The least of a few rounds (the first
// ones compile the code).
import v8 from "node:v8";
import vm from "node:vm";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;

const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space")?.space_used_size ?? 0;

export function heldThroughScavenges(step: () => void, rounds = 5): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    gc();
    step();
    const before = oldSpaceUsed();
    gc({ type: "minor" });
    gc({ type: "minor" });
    least = Math.min(least, oldSpaceUsed() - before);
  }
  return least;
}
