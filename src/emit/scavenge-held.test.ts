// What a package's emit makes and lets go is not kept through the scavenges after it (test-support's
// heldThroughScavenges): V8 keeps a map of its own, in the old generation until a full collection, for each object
// given accessors of its own and each generator function made anew; what those reach was then copied and promoted
// with each provider, to die in the old generation (docs/contributing/performance.md, the twenty-sixth round's slope).
// The steps run in a thread of their own (test-support/heap/fresh-heap.ts: the full collections there mark a small
// heap).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import type { Measured } from "../../test-support/heap/emit-steps.js";
import { freshHeap } from "../../test-support/heap/fresh-heap.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const steps = new URL("../../test-support/heap/emit-steps.ts", import.meta.url);
const heap = freshHeap();
const tmp = mkdtempSync(join(runScratch(), "blockwright-scavenge-held-"));
afterAll(async () => {
  await heap.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("what emit lets go, through the scavenges after it", () => {
  it("squeezedParts keeps none of the parts it handed on", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "squeezeHeld");
    expect(made).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(40_000);
  });

  it("an entry's views keep nothing of the IR or the texts once rendered", async () => {
    const { bytes, made } = await heap.call<Measured>(steps, "entryHeld");
    expect(made).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(60_000);
  });

  it("a render in parts keeps nothing of its view once its parts are taken", async () => {
    const { kept, made } = await heap.call<{ kept: number; made: number }>(steps, "renderedItemsKept");
    expect(made).toBeGreaterThan(0);
    expect(kept).toBe(0);
  });

  it("generate holds nothing of a provider's document once the next provider begins", async () => {
    writeSyntheticProject(tmp, 2);
    const { kept, providers } = await heap.call<{ kept: number; providers: number }>(steps, "documentsKept", tmp);
    expect(providers).toBe(2);
    expect(kept).toBe(0);
  });
});
