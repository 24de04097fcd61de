// Surface shapes on densely linked documents: each `$ref`ed schema's shape
// is built and recorded once (counted, never timed), and the surface's
// named shapes link into one graph for its readers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { drafted } from "../import/__fixtures__/draft-kit.js";
import { denseDocument } from "../../test-support/documents/dense-document.js";
import { buildSurface, formatSurface } from "../emit/emit-surface.js";
import { linkProvider } from "../emit/link-provider.js";
import { readHashes } from "../emit/provider-stamp.js";
import { linkedShapes, ShapeBuilder } from "./shape.js";
import type { Shape } from "./surface-format.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-shape-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The surface of the document drafted as `add` drafts it, with the number of `$ref`s the surface resolved. */
async function surfaceOf(count: number) {
  const d = drafted(denseDocument(count), ["getNode"], "dense");
  const root = join(work, String(count));
  const dir = join(root, "specs", "dense");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  const { ir, document, inputs } = await linkProvider(root, dir);
  const schemas = document.surfaceSchemas();
  let resolved = 0;
  // The old walk resolved a `$ref` at every place it was used: stop it long before it would end (hours).
  const budget = 20 * count;
  const resolveRef = (ref: string) => {
    if (++resolved > budget)
      throw new Error(
        `more than ${budget} $refs resolved for ${count} schemas: the walk expands references where they are used`,
      );
    return schemas.resolveRef(ref);
  };
  const surface = buildSurface(ir, {
    packageName: "@x/dense",
    packageVersion: "0.1.0",
    generator: { name: "g", version: "1" },
    read: readHashes(inputs),
    bodySchema: schemas.bodySchema,
    requestSchema: schemas.requestSchema,
    resolveRef,
  });
  return { surface, text: formatSurface(surface), resolved };
}

describe("shapes of a densely linked document", () => {
  it("resolves each $ref once and records each named shape once, so the surface grows with the schemas", async () => {
    const small = await surfaceOf(60);
    const large = await surfaceOf(120);
    // Each `$ref` once, and the components' table once (a body that is a component is referred to by its name).
    expect(small.resolved).toBeLessThanOrEqual(60 + 1);
    expect(large.resolved).toBeLessThanOrEqual(120 + 1);
    // Each component once, and the fields a merge took from one, once, under their place in it.
    const names = Object.keys(small.surface.shapes ?? {});
    expect(names.filter((n) => !n.includes("#")).sort()).toEqual(
      Array.from({ length: 60 }, (_, i) => `Node${i}`).sort(),
    );
    expect(names.filter((n) => n.includes("#")).every((n) => /^Node\d+#\/properties\/\w+$/.test(n))).toBe(true);
    // Twice the schemas, about twice the text (an expanded surface would be fanOut^count).
    expect(large.text.length / small.text.length).toBeLessThan(2.2);
    const output = Object.values(small.surface.tools)[0]?.outputs.data?.shape;
    // The drafted output reads the reply's list (next2); the reply is Node0, whose field the list is: written once,
    // under its place in Node0.
    expect(output).toEqual({ ref: "Node0#/properties/next2" });
    expect(small.surface.shapes?.["Node0#/properties/next2"]).toEqual({ type: "array", items: { ref: "Node2" } });
    const node0 = small.surface.shapes?.Node0;
    expect(node0?.properties?.next1).toEqual({ ref: "Node1" });
    expect(node0?.properties?.next2).toEqual({ ref: "Node0#/properties/next2" });
    // allOf and oneOf are merged from the shapes they name (resolved once each).
    expect(node0?.properties?.next3).toMatchObject({
      type: "object",
      nullable: true,
      properties: { next1: { ref: "Node4" } },
    });
    expect(node0?.properties?.either).toMatchObject({
      type: "object",
      properties: { id: { type: "string" }, next1: { ref: "Node2" }, next2: { ref: "Node1#/properties/next2" } },
    });
  });

  it("links named shapes into one graph (a cycle is a cycle of objects), the surface itself unchanged", async () => {
    const { surface, text } = await surfaceOf(60);
    const linked = linkedShapes(surface);
    const data = Object.values(linked.tools)[0]?.outputs.data?.shape as Shape;
    expect(data.type).toBe("array");
    const node2 = data.items as Shape;
    const node0 = node2.properties?.back as Shape;
    expect(node0.properties?.next2?.items).toBe(node2);
    expect(node0.properties?.back).toBe(node0);
    expect(node0.properties?.next1?.properties?.next1).toBe(node2);
    expect(formatSurface(surface)).toBe(text);
  });
});

describe("shapes of a union of named forms", () => {
  it("record each form's name beside its fields, so that forms sharing most fields still differ", () => {
    const schemas: Record<string, Record<string, unknown>> = {
      ZqFrame: { type: "object", properties: { id: { type: "string" }, children: { type: "array" } } },
      ZqGroup: { type: "object", properties: { id: { type: "string" }, children: { type: "array" } } },
    };
    const builder = new ShapeBuilder((ref) => schemas[ref.split("/").pop() ?? ""]);
    const union = builder.of({
      oneOf: [{ $ref: "#/components/schemas/ZqGroup" }, { $ref: "#/components/schemas/ZqFrame" }],
    });
    expect(union.forms).toEqual(["ZqFrame", "ZqGroup"]);
    // An inline form has no name: no names are recorded.
    expect(
      builder.of({
        oneOf: [
          { $ref: "#/components/schemas/ZqGroup" },
          { type: "object", properties: { id: { type: "string" }, zqkind: { type: "string" } } },
        ],
      }).forms,
    ).toBeUndefined();
  });
});
