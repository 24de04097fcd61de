// The surface of a package, computed from specs as found in the wild.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectSurfaces } from "../emit/generate-all.js";
import { formatSurface } from "../emit/emit-surface.js";
import { linkedShapes, shapeAt, type Shape, type Surface } from "./surface.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const wild = join(import.meta.dirname, "../../test-support/fixtures/specs-wild");
const tmp = mkdtempSync(join(runScratch(), "blockwright-surface-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("output shapes", () => {
  it("come from the 2xx response whose body the outputs read, not from a lower 2xx without a body", async () => {
    const root = mkdtempSync(join(tmp, "p-"));
    const dir = join(root, "specs", "tracker");
    cpSync(join(wild, "tracker"), dir, { recursive: true });
    const spec = join(dir, "openapi.yaml");
    const text = readFileSync(spec, "utf8");
    // The create operation also answers 200 (no body) when the issue exists: its outputs still read the 201's body.
    writeFileSync(
      spec,
      text.replace(
        '      responses:\n        "201":',
        '      responses:\n        "200":\n          description: Already exists (no body).\n        "201":',
      ),
    );
    // Linked: an answer that is a component is its `{ ref }`, its shape written once in the surface's `shapes`.
    const tool = linkedShapes((await projectSurfaces({ root })).get("tracker")!).tools.tracker_create_issue;
    expect(tool!.outputs["metadata.number"]!.shape).toEqual({ type: "integer" });
    expect(tool!.outputs.data!.shape).toMatchObject({ type: "object", required: expect.arrayContaining(["number"]) });
  });
});

describe("shapeAt", () => {
  const shape: Shape = {
    type: "object",
    properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
  };

  it("finds a field and a list item, and names a field the object does not have", () => {
    expect(shapeAt(shape, ["id"])).toEqual({ found: { type: "string" } });
    expect(shapeAt(shape, ["tags", 0])).toEqual({ found: { type: "string" } });
    expect(shapeAt(shape, ["name"])).toEqual({ missing: 'it has no field "name" (fields: id, tags)' });
  });

  it("does not take a name every object inherits for a field", () => {
    expect(shapeAt(shape, ["constructor"])).toEqual({ missing: 'it has no field "constructor" (fields: id, tags)' });
    expect(shapeAt(shape, ["toString"])).toEqual({ missing: 'it has no field "toString" (fields: id, tags)' });
  });
});

describe("formatSurface", () => {
  it("keeps a field named __proto__ as a field, in sorted order, the header first", () => {
    const fields = JSON.parse('{"zeta": {"type": "string"}, "__proto__": {"type": "integer"}}') as Record<
      string,
      Shape
    >;
    const surface = {
      provider: "p",
      "//": "header",
      tools: { t: { params: { b: {}, a: {} }, outputs: { data: { shape: { type: "object", properties: fields } } } } },
    } as unknown as Surface;
    const text = formatSurface(surface);
    expect(text).toMatch(/^\{\n {2}"\/\/": "header",\n {2}"provider": "p",/);
    expect(Object.keys((JSON.parse(text) as Surface).tools.t!.outputs.data!.shape.properties!)).toEqual([
      "__proto__",
      "zeta",
    ]);
    // A tool's parameters keep their own order.
    expect(Object.keys((JSON.parse(text) as Surface).tools.t!.params)).toEqual(["b", "a"]);
  });
});
