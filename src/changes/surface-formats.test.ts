// `blockwright diff` reads a committed surface of the format before this one (every output and body parameter reading a
// whole component's body wrote that component's shape out again in place, two spaces a level) against one of the
// current format (the component `{ "ref" }`ed, written once in `shapes`; a line an entry): the changes it reports are
// the ones it reports between two surfaces of the same format, for the same two specs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatSurface } from "../emit/emit-surface.js";
import { projectSurfaces } from "../emit/generate-all.js";
import { parseSurface } from "./base.js";
import { diffSurfaces } from "./classify.js";
import type { Shape, Surface } from "./surface.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const shelf = join(import.meta.dirname, "../../test-support/fixtures/specs/shelf");
const tmp = mkdtempSync(join(runScratch(), "blockwright-surface-formats-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The shelf fixture's surface, its document edited by `edit`. */
async function shelfSurface(edit: (document: string) => string = (d) => d): Promise<Surface> {
  const root = mkdtempSync(join(tmp, "p-"));
  const dir = join(root, "specs", "shelf");
  cpSync(shelf, dir, { recursive: true });
  // The book read whole (the fixture leaves a field out of it): an output that is the component itself.
  const manifest = join(dir, "manifest.yaml");
  const declared = readFileSync(manifest, "utf8");
  const whole = declared.replace("        omit: [rank]\n", "");
  expect(whole).not.toBe(declared);
  writeFileSync(manifest, whole);
  const file = join(dir, "openapi.yaml");
  const text = readFileSync(file, "utf8");
  const edited = edit(text);
  writeFileSync(file, edited);
  const surface = (await projectSurfaces({ root })).get("shelf");
  if (!surface) throw new Error("no shelf surface");
  return surface;
}

/**
 * The surface written as the format before wrote it: a shape that is a whole `{ ref }` at an output or a parameter
 * written out in place (the references inside it kept), `shapes` holding only the names still referred to, and
 * JSON.stringify's two spaces a level of a sorted copy (a tool's parameters in their own order).
 */
function formerText(surface: Surface): string {
  const copy = structuredClone(surface);
  const table = copy.shapes ?? {};
  const inPlace = (shape: Shape | undefined) => (shape?.ref !== undefined ? structuredClone(table[shape.ref]) : shape);
  for (const tool of Object.values(copy.tools)) {
    for (const output of Object.values(tool.outputs)) output.shape = inPlace(output.shape) ?? output.shape;
    for (const param of Object.values(tool.params)) if (param.shape) param.shape = inPlace(param.shape);
  }
  // The names still referred to, from the outputs and parameters through the table.
  const used = new Set<string>();
  const walk = (shape: Shape | undefined): void => {
    if (!shape) return;
    if (shape.ref !== undefined) {
      if (!used.has(shape.ref)) {
        used.add(shape.ref);
        walk(table[shape.ref]);
      }
      return;
    }
    for (const child of Object.values(shape.properties ?? {})) walk(child);
    walk(shape.items);
    walk(shape.additionalProperties);
  };
  for (const tool of Object.values(copy.tools)) {
    for (const output of Object.values(tool.outputs)) walk(output.shape);
    for (const param of Object.values(tool.params)) walk(param.shape);
  }
  for (const name of Object.keys(table)) if (!used.has(name)) delete table[name];
  if (!Object.keys(table).length) delete copy.shapes;
  const sortKeys = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map(sortKeys);
    const keys = Object.keys(value).sort();
    if (keys.includes("//")) keys.unshift(...keys.splice(keys.indexOf("//"), 1));
    return Object.fromEntries(keys.map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  };
  const sorted = sortKeys(copy) as Surface;
  for (const [id, tool] of Object.entries(copy.tools)) {
    const params = sorted.tools[id]!.params;
    sorted.tools[id]!.params = Object.fromEntries(Object.keys(tool.params).map((name) => [name, params[name]!]));
  }
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** Each change whole (its level, subject, rule, kind, before and after), in one order. */
const lines = (changes: ReturnType<typeof diffSurfaces>) => changes.map((c) => JSON.stringify(c)).sort();

describe("diff across the surface's formats", () => {
  it("reports the same changes from a surface of the former format as from one of the current", async () => {
    const before = await shelfSurface();
    // The component every read of a book answers with, whole: a field's type widened, a state added, a field added.
    const after = await shelfSurface((d) =>
      d
        .replace(
          "        rank: { type: integer }\n",
          "        rank: { type: number }\n        shelf: { type: string }\n",
        )
        .replace("enum: [pending, ready, failed]", "enum: [pending, ready, failed, lost]"),
    );
    const former = formerText(before);
    const current = formatSurface(before);
    // The two texts are of two formats: the component written in place, and referred to.
    const wholeBook = Object.values(before.tools).flatMap((t) =>
      Object.entries(t.outputs).filter(([, o]) => o.shape.ref === "Book"),
    );
    expect(wholeBook.length).toBeGreaterThan(0);
    const outputShapes = (text: string) =>
      Object.values((JSON.parse(text) as Surface).tools).flatMap((t) => Object.values(t.outputs).map((o) => o.shape));
    expect(outputShapes(former).filter((shape) => shape.ref === "Book")).toEqual([]);
    expect(outputShapes(former).filter((shape) => shape.properties?.rank)).toHaveLength(wholeBook.length);
    expect(outputShapes(current).filter((shape) => shape.ref === "Book")).toHaveLength(wholeBook.length);
    expect(current.length).toBeLessThan(former.length);

    const fromFormer = lines(diffSurfaces(parseSurface(former, "former"), after));
    const fromCurrent = lines(diffSurfaces(parseSurface(current, "current"), after));
    const bothFormer = lines(diffSurfaces(parseSurface(former, "former"), parseSurface(formerText(after), "after")));
    expect(fromFormer).toEqual(fromCurrent);
    expect(fromFormer).toEqual(bothFormer);
    // What the edit is, at each output reading the whole component.
    for (const [path] of wholeBook) {
      expect(fromFormer.some((l) => l.includes(`"subject":"output ${path} .rank"`))).toBe(true);
      expect(fromFormer.some((l) => l.includes(`"subject":"output ${path} .shelf"`))).toBe(true);
      expect(fromFormer.some((l) => l.includes(`"subject":"output ${path} .state"`))).toBe(true);
    }
  });
});
