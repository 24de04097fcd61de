// What V8 does with a step's objects.
//
// heldThroughScavenges: what V8 keeps of the objects a step made and let go, through two scavenges: the old
// generation's growth across them (what was copied at the first and promoted at the second). Something kept until a
// full collection (a map of its own that an object's accessors or a generator function's instances get, in the old
// generation) holds what it reaches alive that long: each then copied and promoted, to die in the old generation. The
// least of a few rounds (the first ones compile the code).
import { Session } from "node:inspector";
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

/**
 * How many objects of a class (its prototype's) are alive, after a full collection: the inspector's queryObjects
 * (Node's own `v8.queryObjects` is an experimental API that warns at its first call).
 */
export function liveObjects(of: abstract new (...args: never[]) => object): number {
  gc();
  const group = "zq-live-objects";
  const global = globalThis as Record<string, unknown>;
  global[group] = of.prototype;
  try {
    const found = post<{ result: { objectId: string } }>("Runtime.evaluate", {
      expression: `globalThis[${JSON.stringify(group)}]`,
      objectGroup: group,
    });
    const { objects } = post<{ objects: { objectId: string } }>("Runtime.queryObjects", {
      prototypeObjectId: found.result.objectId,
      objectGroup: group,
    });
    const count = post<{ result: { value: number } }>("Runtime.callFunctionOn", {
      objectId: objects.objectId,
      functionDeclaration: "function () { return this.length; }",
      returnByValue: true,
    });
    return count.result.value;
  } finally {
    delete global[group];
    post("Runtime.releaseObjectGroup", { objectGroup: group });
  }
}

// allocatedBy: the bytes a step allocates, garbage included, as V8's sampling heap profiler counts them (objects the
// collector freed while it sampled kept in the count): generate's collector runs by the bytes each provider allocates,
// not by what survives (docs/contributing/performance.md, the twenty-seventh round). The sample is taken about every
// `interval` bytes, so a step of tens of kilobytes or more is counted to within a few per cent.

interface ProfileNode {
  selfSize: number;
  children: ProfileNode[];
}

const session = new Session();
session.connect();

/** The inspector's answer to `method`: this session's commands are answered before `post` returns. */
function post<T>(method: string, params: object = {}): T {
  let answer: { error: Error | null; result?: T } | undefined;
  session.post(method, params, (error, result) => {
    answer = { error, result: result as T };
  });
  if (!answer) throw new Error(`the inspector did not answer ${method} at once`);
  if (answer.error) throw answer.error;
  return answer.result as T;
}

const total = (node: ProfileNode): number => node.children.reduce((sum, child) => sum + total(child), node.selfSize);

/** The bytes `step` allocated, as sampled (every `interval` bytes on average). */
export function allocatedBy(step: () => void, interval = 256): number {
  post("HeapProfiler.startSampling", {
    samplingInterval: interval,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  let profile: { head: ProfileNode };
  try {
    step();
  } finally {
    ({ profile } = post<{ profile: { head: ProfileNode } }>("HeapProfiler.stopSampling"));
  }
  return total(profile.head);
}
