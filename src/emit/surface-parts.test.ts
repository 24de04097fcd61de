// surface.json made in parts (emit-surface.ts surfaceParts) and written as they come (staged-write.ts, files.ts
// stageParts): the file holds what a sorted copy holds, in its order (its layout, a line an entry, is
// surface-text-wrapped.test.ts's), and a package's .d.cts
// is written from its .d.ts's bytes (a large one the kernel's copy of it), the same bytes, hashed alike.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import module, { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { commitWhole, stageParts } from "../common/files.js";
import { formatSurface, sortKeys, surfaceParts } from "./emit-surface.js";
import { StagedWrite } from "./staged-write.js";
import type { Surface } from "../model/surface-format.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-parts-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The surface's data as a sorted copy holds it, as JSON without a gap (its key order too). */
function sortedData(surface: Surface): string {
  const sortKeys = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map(sortKeys);
    const keys = Object.keys(value).sort();
    const header = keys.indexOf("//");
    if (header > 0) keys.unshift(...keys.splice(header, 1));
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) Object.defineProperty(out, key, { value: sortKeys(v), enumerable: true, writable: true });
    }
    return out;
  };
  const sorted = sortKeys(surface) as Surface;
  for (const [id, tool] of Object.entries(surface.tools)) {
    const own: Record<string, unknown> = {};
    for (const name of Object.keys(tool.params)) {
      // Its own member only: `params.__proto__` of a copy that left an undefined `__proto__` out is the prototype.
      const params = sorted.tools[id]?.params as Record<string, unknown> | undefined;
      const param = params && Object.hasOwn(params, name) ? params[name] : undefined;
      if (param !== undefined) Object.defineProperty(own, name, { value: param, enumerable: true, writable: true });
    }
    (sorted.tools[id] as { params: unknown }).params = own;
  }
  return JSON.stringify(sorted);
}

/** A surface's text's data, as JSON without a gap; its one final line break checked. */
function dataOf(text: string): string {
  expect(text.endsWith("}\n") && !text.endsWith("\n\n")).toBe(true);
  return JSON.stringify(JSON.parse(text));
}

/** A surface with what ordering can trip on: integer-like keys, `__proto__`, undefined members, empty values. */
function awkwardSurface(tools: number): Surface {
  const made: Record<string, unknown> = {};
  for (let i = 0; i < tools; i++) {
    const params = JSON.parse(`{"zqB": {"type": "string", "required": true}, "10": {"type": "number"},
      "2": {"z": 1, "a": [1, null, {"y": 2, "b": {}}]}, "__proto__": {"secret": false}, "zqA": {"enum": []}}`);
    made[i % 3 ? `zq_tool_${i}` : `${i}`] = {
      title: `Zq tool ${i} — “quoted” \u2028 𝄞`,
      params,
      outputs: { "200": { type: "object" }, body: { shape: { type: "array", items: { ref: "ZqShape" } } } },
      deprecated: undefined,
      errors: [400, 500],
      rules: [],
    };
  }
  return {
    tools: made,
    "//": "zq header",
    provider: "zqparts",
    concepts: ["b", "a"],
    shapes: { ZqShape: { type: "string" }, "1": { type: "null" } },
    inputs: {},
    auth: { placement: "bearer", param: "zqToken" },
    empty: undefined,
  } as unknown as Surface;
}

describe("surface.json in parts", () => {
  it("holds the sorted copy's data in its order, for one tool, for none, and for parts of many", () => {
    for (const count of [0, 1, 7])
      expect(dataOf(formatSurface(awkwardSurface(count)))).toBe(sortedData(awkwardSurface(count)));
  });

  it("holds the sorted copy's data for drawn values: any keys, undefined, functions, NaN, -0, sparse lists", () => {
    const value = fc.anything({
      maxDepth: 2,
      maxKeys: 20,
      withSparseArray: true,
      withNullPrototype: true,
      values: [fc.constant(undefined), fc.constant(() => 1), fc.double(), fc.string({ unit: "binary" })],
    });
    const keyed = (v: fc.Arbitrary<unknown>) => fc.dictionary(fc.oneof(fc.string(), fc.nat().map(String)), v);
    const surface = fc.record({
      "//": fc.string(),
      tools: keyed(fc.record({ params: keyed(value), zqOther: value }, { requiredKeys: ["params"] })),
      zqRest: value,
      "10": value,
    });
    fc.assert(
      fc.property(surface, (s) => {
        expect(dataOf(formatSurface(s as unknown as Surface))).toBe(sortedData(s as unknown as Surface));
      }),
      { numRuns: 50 },
    );
  });

  it("comes in several parts for many tools, joined the same text", () => {
    // 4,500 tools: 2.1 MB of text, three parts of PART_CHARS (a middle one starting and ending at a join).
    const surface = awkwardSurface(4500);
    const parts = [...surfaceParts(surface)];
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join("")).toBe(formatSurface(surface));
    expect(dataOf(parts.join(""))).toBe(sortedData(surface));
  });

  it("copies only what is not in key order and what holds it; the rest is handed on itself", () => {
    const ordered = () => ({ description: "zq", limits: { maximum: 2, minimum: 1 }, type: "string" });
    const value = {
      "10": { a: 1 },
      "//": "zq",
      zqList: [ordered(), [1, 2], { b: 2, a: 1 }, [{ a: 1 }]],
      zqOrdered: ordered(),
      zqUndefined: { a: 1, b: undefined },
    };
    const sorted = sortKeys(value);
    expect(JSON.stringify(sorted)).toBe(
      '{"10":{"a":1},"//":"zq","zqList":[{"description":"zq","limits":{"maximum":2,"minimum":1},"type":"string"},' +
        '[1,2],{"a":1,"b":2},[{"a":1}]],"zqOrdered":{"description":"zq","limits":{"maximum":2,"minimum":1},' +
        '"type":"string"},"zqUndefined":{"a":1}}',
    );
    // Copied: the object out of order, the one with an undefined member, and the list and the object holding them
    // (all 11 objects and lists holding an object, before).
    expect(copies(value, sorted)).toBe(4);
  });
});

/** How many objects and lists of `copy` are not those of `value` at the same place. */
function copies(value: unknown, copy: unknown): number {
  if (copy === null || typeof copy !== "object") return 0;
  let count = copy === value ? 0 : 1;
  const from = value as Record<string, unknown>;
  for (const [key, member] of Object.entries(copy)) count += copies(from[key], member);
  return count;
}

describe("a text written in parts", () => {
  it("writes a text in parts handed twice from its first bytes, not a kernel copy, large parts too", async () => {
    const fs = createRequire(import.meta.url)("node:fs") as Record<string, (...args: unknown[]) => unknown>;
    const out = join(tmp, "twice");
    // Two parts each encoded into the writer's one buffer for large parts, so the first one's bytes are kept as a copy.
    const text = `${"a".repeat(70_000)}é${"b".repeat(70_000)}`;
    const types = { parts: () => [text.slice(0, 70_002), text.slice(70_002), "\n"] };
    const write = new StagedWrite(out);
    const real = fs.copyFileSync as (...args: unknown[]) => unknown;
    let copies = 0;
    fs.copyFileSync = (...args: unknown[]) => {
      copies++;
      return real(...args);
    };
    module.syncBuiltinESMExports();
    try {
      write.add("zqtwice/index.d.ts", types);
      write.add("zqtwice/index.d.cts", types);
    } finally {
      fs.copyFileSync = real;
      module.syncBuiltinESMExports();
    }
    expect(copies).toBe(0);
    await write.commit();
    expect(readFileSync(join(out, "zqtwice/index.d.cts"), "utf8")).toBe(`${text}\n`);
    expect(readFileSync(join(out, "zqtwice/index.d.ts"), "utf8")).toBe(`${text}\n`);
    const sum = createHash("sha256").update(`${text}\n`).digest("hex");
    expect([write.hashes.get("zqtwice/index.d.ts"), write.hashes.get("zqtwice/index.d.cts")]).toEqual([sum, sum]);
  });

  it("keeps a character whose two halves fall at the end of an encoded block (a surrogate pair)", () => {
    // The writer encodes 2^20 UTF-16 units at a time: the pair straddles the first block's end.
    const text = `${"a".repeat((1 << 20) - 1)}𝄞${"é".repeat(1000)}`;
    const bytes: Uint8Array[] = [];
    const path = join(tmp, "pair.txt");
    commitWhole(
      stageParts(path, [text.slice(0, 10), text.slice(10)], (b) => bytes.push(Uint8Array.from(b))),
      path,
    );
    expect(readFileSync(path, "utf8")).toBe(text);
    expect(Buffer.concat(bytes).equals(Buffer.from(text))).toBe(true);
  });

  it("is staged, hashed and compared as the whole text is; a text handed twice is the same file twice", async () => {
    const out = join(tmp, "staged");
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const surface = awkwardSurface(3);
    const types = { parts: () => ["export declare const zq: 1;", "\n"] };
    const write = new StagedWrite(out);
    write.add("zqparts/surface.json", { parts: () => surfaceParts(surface) });
    write.add("zqparts/index.d.ts", types);
    write.add("zqparts/index.d.cts", types);
    const report = await write.commit();
    expect(report.missing).toEqual(["zqparts/index.d.cts", "zqparts/index.d.ts", "zqparts/surface.json"]);
    const surfaceText = formatSurface(surface);
    expect(dataOf(surfaceText)).toBe(sortedData(surface));
    expect(readFileSync(join(out, "zqparts/surface.json"), "utf8")).toBe(surfaceText);
    expect(readFileSync(join(out, "zqparts/index.d.cts"), "utf8")).toBe("export declare const zq: 1;\n");
    expect(readFileSync(join(out, "zqparts/index.d.ts"), "utf8")).toBe("export declare const zq: 1;\n");
    expect(write.hashes.get("zqparts/surface.json")).toBe(sha(surfaceText));
    expect(write.hashes.get("zqparts/index.d.cts")).toBe(sha("export declare const zq: 1;\n"));
    expect(readdirSync(join(out, "zqparts")).sort()).toEqual(["index.d.cts", "index.d.ts", "surface.json"]);

    // Again: the same parts stand as they are (their staged copy removed), a changed text is stale.
    writeFileSync(join(out, "zqparts/index.d.cts"), "// Generated by `blockwright generate` from a test. edited\n");
    const again = new StagedWrite(out);
    again.add("zqparts/surface.json", { parts: () => surfaceParts(surface) });
    again.add("zqparts/index.d.ts", types);
    again.add("zqparts/index.d.cts", types);
    const second = await again.commit();
    expect(second.stale).toEqual(["zqparts/index.d.cts"]);
    expect(second.missing).toEqual([]);
    expect(readFileSync(join(out, "zqparts/index.d.cts"), "utf8")).toBe("export declare const zq: 1;\n");
    expect(readdirSync(join(out, "zqparts")).sort()).toEqual(["index.d.cts", "index.d.ts", "surface.json"]);
  });

  it("copies a large text handed twice from its first file: the same bytes and hash, nothing left staged", async () => {
    const out = join(tmp, "twin");
    // Over a MiB of UTF-8 (the copy's threshold), a character of four bytes among them.
    const text = `export declare const zqTwin: "${"ä𝄞".repeat(200_000)}";\n`;
    const types = { parts: () => [text.slice(0, 1000), text.slice(1000)] };
    const write = new StagedWrite(out);
    write.add("zqtwin/index.d.ts", types);
    write.add("zqtwin/index.d.cts", types);
    expect((await write.commit()).missing).toEqual(["zqtwin/index.d.cts", "zqtwin/index.d.ts"]);
    expect(readFileSync(join(out, "zqtwin/index.d.cts"), "utf8")).toBe(text);
    expect(readFileSync(join(out, "zqtwin/index.d.ts"), "utf8")).toBe(text);
    const sha = createHash("sha256").update(text).digest("hex");
    expect([write.hashes.get("zqtwin/index.d.ts"), write.hashes.get("zqtwin/index.d.cts")]).toEqual([sha, sha]);
    expect(readdirSync(join(out, "zqtwin")).sort()).toEqual(["index.d.cts", "index.d.ts"]);
  });
});
