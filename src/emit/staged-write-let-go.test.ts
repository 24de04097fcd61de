// A text in parts handed to the staged write is let go once written (staged-write.ts): the write keeps the last text
// only to know its twin, so what makes the parts (a whole published API's surface, its index.js text) is not held
// while the next file is made; a text handed again right after is still known, and its twin copied.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import type { TextParts } from "./file-text.js";
import { StagedWrite } from "./staged-write.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-let-go-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** Parts of a large text, made from `source` as they are taken. */
const partsOf = (source: { text: string }): TextParts => ({ parts: () => [source.text, "\n"] });

describe("the staged write", () => {
  it("holds no text in parts once it is written and nothing else holds it", async () => {
    const write = new StagedWrite(join(tmp, "out"));
    // Made and handed in a function of its own: no variable of this one holds it.
    const hand = () => {
      const source = { text: "zq".repeat(1 << 20) };
      write.add("zqgone/surface.json", partsOf(source));
      return new WeakRef(source);
    };
    const gone = hand();
    // A WeakRef keeps its target to the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(gone.deref()).toBeUndefined();
    write.add("zqgone/index.js", "// zq\n");
    await write.commit();
    expect(readFileSync(join(tmp, "out/zqgone/surface.json"), "utf8")).toBe(`${"zq".repeat(1 << 20)}\n`);
  });

  it("still knows a text handed again right after: its twin is the same file", async () => {
    const write = new StagedWrite(join(tmp, "twin"));
    const text = partsOf({ text: "zq".repeat(1 << 20) });
    write.add("zqtwin/index.d.ts", text);
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    write.add("zqtwin/index.d.cts", text);
    await write.commit();
    const dts = readFileSync(join(tmp, "twin/zqtwin/index.d.ts"), "utf8");
    expect(readFileSync(join(tmp, "twin/zqtwin/index.d.cts"), "utf8")).toBe(dts);
    expect(write.hashes.get("zqtwin/index.d.cts")).toBe(write.hashes.get("zqtwin/index.d.ts"));
  });
});
