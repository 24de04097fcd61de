// What a package's emit makes and lets go is not kept through the scavenges after it (test-support's
// heldThroughScavenges): V8 keeps a map of its own, in the old generation until a full collection, for each object
// given accessors of its own and each generator function made anew; what those reach was then copied and promoted
// with each provider, to die in the old generation (docs/contributing/performance.md, the twenty-sixth round's slope).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { heldThroughScavenges } from "../../test-support/heap-measures.js";
import { emitEntry } from "./emit.js";
import { squeezedParts } from "./file-text.js";
import { loadProvider } from "./link-provider.js";

const fixtures = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const ir = await loadProvider(fixtures, join(fixtures, "specs-more/zqchecks"));

/** About 120 KB of UTF-16 text (a euro sign in each part), in parts with runs of blank lines to squeeze. */
const parts = () => Array.from({ length: 600 }, (_, i) => `zq ${i} \u20ac ${"x".repeat(80)}\n\n\n`);

describe("what emit lets go, through the scavenges after it", () => {
  it("squeezedParts keeps none of the parts it handed on", () => {
    let units = 0;
    const control = heldThroughScavenges(() => {
      for (const part of parts()) units += part.length;
    });
    const squeezed = heldThroughScavenges(() => {
      for (const part of squeezedParts(parts())) units += part.length;
    });
    expect(units).toBeGreaterThan(0);
    expect(squeezed - control).toBeLessThan(40_000);
  });

  it("an entry's views keep nothing of the IR or the texts once rendered", () => {
    let chars = 0;
    const held = heldThroughScavenges(() => {
      for (let i = 0; i < 8; i++) {
        const { js, dts } = emitEntry(ir, "export interface paths {}\nexport interface operations {}", "1.0.0");
        chars += js.length + dts.length;
      }
    });
    expect(chars).toBeGreaterThan(0);
    expect(held).toBeLessThan(60_000);
  });
});
