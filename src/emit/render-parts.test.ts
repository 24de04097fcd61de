// A template of code rendered in parts (file-text.ts renderParts, issue 59): the parts joined are the text a whole
// render gives (Handlebars' `each`, then render's blank-line squeeze and trim, then escapeInvisibles), whatever the
// parts' joins fall on; the lists' items are rendered as the parts are taken, not before; a package's entry comes in
// parts of a block's size, its document's types made only when index.d.ts's parts reach them; and its .d.cts follows
// its .d.ts at once, a copy of its file, not a second render.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import Handlebars from "handlebars";
import { afterAll, describe, expect, it, vi } from "vitest";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { escapeInvisibles } from "./code-text.js";
import { entryRenderer } from "./emit.js";
import { type FileText, renderParts, squeezedParts, wholeText } from "./file-text.js";
import { generate } from "./generate-all.js";
import { templates } from "./precompiled/templates.js";
import { loadProvider } from "./link-provider.js";
import { StagedWrite } from "./staged-write.js";

/** The whole text as renderCode made it before it came in parts. */
const whole = (text: string) => `${escapeInvisibles(text.replace(/\n{3,}/g, "\n\n").trimEnd())}\n`;

// Texts of blanks and line breaks above all (runs that cross the joins), a little text, the line separators.
// Now and then a piece longer than a block (a part handed on by itself).
const piece = fc.oneof(
  {
    arbitrary: fc.constantFrom("\n", "\n\n", "\n\n\n", " ", "\t", "\r", "\u00a0", "\u2028", "\u2029", "zq", "z", "*/"),
    weight: 40,
  },
  { arbitrary: fc.constant("zq\n\n\n".repeat(14_000)), weight: 1 },
);
const text = fc.array(piece, { maxLength: 8 }).map((p) => p.join(""));

const SOURCE = [
  "{{{head}}}",
  "{{#eachPart items}}",
  "{{{text}}}{{#if @first}} zqfirst{{/if}}{{#if @last}} zqlast{{/if}} {{@index}} {{@root.tag}}",
  "{{#each inner}}",
  "{{{.}}}",
  "{{/each}}",
  "",
  "",
  "{{/eachPart}}",
  "{{#eachPart none}}zqnever{{else}}{{{empty}}}{{/eachPart}}",
  "{{{tail}}}",
  "",
].join("\n");
const template = Handlebars.compile(SOURCE, {
  noEscape: true,
  strict: true,
  knownHelpersOnly: true,
  knownHelpers: { eachPart: true },
}) as unknown as Parameters<typeof renderParts>[0];

describe("a template rendered in parts", () => {
  it("joins to the whole render's text, squeezed and trimmed across the joins", () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.record({ text, inner: fc.array(text, { maxLength: 2 }) }), { maxLength: 6 }),
        text,
        fc.array(text, { maxLength: 4 }),
        (head, items, empty, tail) => {
          const view = { head, items, none: [], empty, tag: "zqroot" };
          const expected = whole(
            template({ ...view, tail: tail.join("") }, { helpers: { eachPart: Handlebars.helpers.each } }),
          );
          const parts = [...renderParts(template, view, { tail: () => tail })];
          expect(parts.join("")).toBe(expected);
        },
      ),
      // Four mistakes planted in file-text.ts (a held run dropped, a blank not trimmed, an item not the last, a long
      // part before the block held) were each found within 36 runs, in ten seeds each.
      { numRuns: 100 },
    );
  });

  it("squeezes any parts as the whole text is squeezed", () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 10 }), (parts) => {
        expect([...squeezedParts(parts)].join("")).toBe(whole(parts.join("")));
      }),
      // The same mistakes but the item's: found within 79 runs (a long part before the block held), in ten seeds each.
      { numRuns: 200 },
    );
  });

  it("squeezes a README's parts as render squeezes its whole text: its line separators its own", () => {
    const rendered = (text: string) => `${text.replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
    fc.assert(
      fc.property(fc.array(text, { maxLength: 10 }), (parts) => {
        expect([...squeezedParts(parts, false)].join("")).toBe(rendered(parts.join("")));
      }),
      // A long part before the block held was found as late as run 156 here (ten seeds): 300 kept.
      { numRuns: 300 },
    );
    expect([...squeezedParts(["zq a\u2028b\n\n\n", "zq c"], false)].join("")).toBe("zq a\u2028b\n\nzq c\n");
  });

  it("hands the final newline in the last block, not as a part (a write of its own)", () => {
    expect([...squeezedParts(["zq a\n", "zq b"])]).toEqual(["zq a\nzq b\n"]);
    expect([...squeezedParts([])]).toEqual(["\n"]);
  });

  it("renders a list's items as its parts are taken, in parts of a block's size", () => {
    let rendered = 0;
    const items = Array.from({ length: 3000 }, (_, i) => ({
      get text() {
        rendered++;
        return `zq${i} ${"a".repeat(90)}`;
      },
      inner: [],
    }));
    const seen: number[] = [];
    const lengths: number[] = [];
    for (const part of renderParts(template, { head: "", items, none: [], empty: "", tag: "" }, { tail: () => [] })) {
      seen.push(rendered);
      lengths.push(part.length);
    }
    expect(seen[0]).toBeLessThan(items.length / 2);
    expect(seen.at(-1)).toBe(items.length);
    expect(lengths.length).toBeGreaterThan(3);
    expect(Math.max(...lengths)).toBeLessThan((1 << 16) + 200);
  });
});

describe("a package's entry in parts", async () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const shelf = await loadProvider(root, join(root, "test-support/fixtures/specs/shelf"));
  // Many operations, each a copy of the fixture's under a name of its own: a file many blocks long.
  const ir = {
    ...shelf,
    operations: Array.from({ length: 400 }, (_, i) => {
      const op = shelf.operations[i % shelf.operations.length]!;
      return {
        ...op,
        tool: { ...op.tool, id: `zq${i}${op.tool.id}` },
        types: { ...op.types, paramsName: `Zq${i}Params`, outputName: `Zq${i}Output` },
      };
    }),
  };

  it("comes in parts of a block's size, never the file whole", () => {
    for (const file of [entryRenderer(ir, "", "1.0.0").js(), entryRenderer(ir, "", "1.0.0").dts()]) {
      const lengths = [...file.parts()].map((p) => p.length);
      expect(lengths.reduce((a, b) => a + b, 0)).toBeGreaterThan(4 << 16);
      expect(Math.max(...lengths)).toBeLessThan(1 << 17);
    }
  });

  it("makes its document's types once, when index.d.ts's parts reach them, after index.js", () => {
    let made = 0;
    const types = "export declare namespace ZqShelfOpenApi {}";
    const entry = entryRenderer(
      ir,
      () => {
        made++;
        return types;
      },
      "1.0.0",
    );
    expect(wholeText(entry.js())).not.toContain(types);
    expect(made).toBe(0);
    const before: number[] = [];
    const parts: string[] = [];
    for (const part of entry.dts().parts()) {
      before.push(made);
      parts.push(part);
    }
    const at = parts.findIndex((p) => p.includes(types));
    expect(at).toBeGreaterThan(0);
    expect(before.slice(0, at).every((n) => n === 0)).toBe(true);
    expect(wholeText(entry.dts())).toBe(parts.join(""));
    expect(made).toBe(1);
  });
});

describe("an entry's types handed twice", () => {
  const tmp = mkdtempSync(join(tmpdir(), "blockwright-twin-parts-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("are handed as the .d.ts, then at once as its .d.cts: the same text, nothing between", async () => {
    const dir = join(tmp, "project");
    mkdirSync(dir);
    writeSyntheticProject(dir, 2);
    const handed: [string, FileText][] = [];
    await generate({ root: dir, outDir: join(dir, "out"), onFile: (path, text) => handed.push([path, text]) });
    const types = handed.flatMap(([path], i) => (path.endsWith(".d.ts") ? [i] : []));
    expect(types.length).toBeGreaterThan(4);
    for (const i of types) {
      expect(handed[i + 1]?.[0]).toBe(handed[i]?.[0].replace(/\.d\.ts$/, ".d.cts"));
      expect(handed[i + 1]?.[1]).toBe(handed[i]?.[1]);
    }
  });

  it("are rendered once when generate keeps the files (--check): the .d.cts the .d.ts's text", async () => {
    const dir = join(tmp, "kept");
    mkdirSync(dir);
    writeSyntheticProject(dir, 2);
    const render = vi.spyOn(templates, "index.d.ts.hbs");
    const { files } = await generate({ root: dir, outDir: join(dir, "out") });
    expect(render).toHaveBeenCalledTimes(2);
    render.mockRestore();
    const dts = [...files.keys()].filter((path) => path.endsWith("/index.d.ts"));
    expect(dts.length).toBe(2);
    for (const path of dts) expect(files.get(path.replace(/\.d\.ts$/, ".d.cts"))).toBe(files.get(path));
  });

  it("in parts, are made once: the .d.cts a copy of the .d.ts's staged file, small as it is", async () => {
    let made = 0;
    const types = {
      parts: () => {
        made++;
        return ["export declare const zqTwin: 1;", "\n"];
      },
    };
    const write = new StagedWrite(join(tmp, "out"));
    write.add("zqtwin/index.d.ts", types);
    write.add("zqtwin/index.d.cts", types);
    await write.commit();
    expect(made).toBe(1);
    expect(readFileSync(join(tmp, "out/zqtwin/index.d.cts"), "utf8")).toBe("export declare const zqTwin: 1;\n");
    expect(write.hashes.get("zqtwin/index.d.cts")).toBe(write.hashes.get("zqtwin/index.d.ts"));
  });
});
