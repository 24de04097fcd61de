// keptText: a text made once for the same input and maker, read back after; made again when either changes, the
// last one kept alone.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keptText } from "./kept-text.js";
import { runScratch } from "./run-scratch.js";

const folder = mkdtempSync(join(runScratch(), "zq-kept-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("keptText", () => {
  it("makes a text once for the same input and maker, and reads it back after", () => {
    let made = 0;
    const make = () => `zq ${++made} \u2028 é\n`;
    const first = keptText("zq-one", "zq input", "zq-writer 1", make, folder);
    const again = keptText("zq-one", "zq input", "zq-writer 1", make, folder);
    expect({ first, again, made }).toEqual({ first: "zq 1 \u2028 é\n", again: "zq 1 \u2028 é\n", made: 1 });
  });

  it("makes it again when the input or the maker changes, keeping only the last for its name", () => {
    let made = 0;
    const make = () => `zq ${++made}`;
    keptText("zq-two", "zq input", "zq-writer 1", make, folder);
    keptText("zq-two-more", "zq input", "zq-writer 1", make, folder);
    expect(keptText("zq-two", "zq input changed", "zq-writer 1", make, folder)).toBe("zq 3");
    expect(keptText("zq-two", "zq input changed", "zq-writer 2", make, folder)).toBe("zq 4");
    expect(keptText("zq-two", "zq input changed", "zq-writer 2", make, folder)).toBe("zq 4");
    const kept = readdirSync(folder).filter((f) => f.startsWith("zq-two"));
    expect(kept.map((f) => f.replace(/\.[0-9a-f]{32}\.txt$/, "")).sort()).toEqual(["zq-two", "zq-two-more"]);
    expect(readdirSync(folder).filter((f) => f.endsWith(".partial"))).toEqual([]);
  });
});
