// The bytes a step allocates, garbage included, as V8's sampling heap profiler counts them (objects the collector
// freed while it sampled kept in the count): generate's collector runs by the bytes each provider allocates, not by
// what survives (docs/contributing/performance.md, the twenty-seventh round). The sample is taken about every
// `interval` bytes, so a step of tens of kilobytes or more is counted to within a few per cent.
import { Session } from "node:inspector";

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
