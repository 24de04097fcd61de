// The walks the load makes over a document allocate little at the places where they find nothing: generate's
// collector runs by the bytes each provider allocates (a scavenge every few megabytes), and a copy of the path at each
// step, an array of keys or pairs and an iterator's results at each node (in code V8 has not optimised yet) were most
// of what these walks allocated (docs/contributing/performance.md, the twenty-seventh round). The walks run in a
// thread of their own (test-support/heap/fresh-heap.ts: the profiler's full collections there mark a small heap).
import { afterAll, describe, expect, it } from "vitest";
import { freshHeap } from "../../test-support/heap/fresh-heap.js";
import type { PerNode } from "../../test-support/heap/load-walks.js";

const walks = new URL("../../test-support/heap/load-walks.ts", import.meta.url);
const heap = freshHeap();
afterAll(() => heap.close());
const N = 120;

describe("what the load's walks allocate", () => {
  it("the structure check", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "structureCheck");
    expect(found).toBe(0);
    expect(bytes).toBeLessThan(400); // 1,440 before the cut, about 145 after
  });

  it("the example walk of a document without examples", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "exampleWalk");
    expect(found).toBe(0);
    // 1,270 before the twenty-seventh round's cut, about 735 before scale12's (a text key and a path made for every
    // schema met), about 440 after.
    expect(bytes).toBeLessThan(550);
  });

  it("the example check of a document whose operations name their schemas and examples", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "exampleCheck");
    expect(found).toBe(0); // every example meets its schema
    // About 2,905 before the cut (a pair of bounds made for every node of every copy, an iterator's results, a place's
    // path joined at each first `$ref`, the component schemas listed for every root), about 2,150 after.
    expect(bytes).toBeLessThan(2500);
  });

  it("the cut to what the manifest binds", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "boundCut");
    expect(found).toBe(N); // every operation's path
    expect(bytes).toBeLessThan(330); // 400 before the cut, about 255 after
  });

  it("the patterns' reading", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "patternsRead");
    expect(found).toBe(0);
    expect(bytes).toBeLessThan(130); // 260 before the cut, about 53 after
  });

  it("the link's check of schema constructs", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "schemaConstructs");
    expect(found).toBe(0);
    expect(bytes).toBeLessThan(60); // 188 before the cut (a list of each node's keys), about 3 after
  });

  it("each string of a whole document made its own", async () => {
    const { bytes, found } = await heap.call<PerNode>(walks, "ownStringsMade");
    expect(found).toBe(N);
    expect(bytes).toBeLessThan(70); // 202 before the cut (a list of each object's keys), about 14 after
  });
});
