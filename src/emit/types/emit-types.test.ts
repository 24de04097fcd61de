// emitOpenApiNamespace calls openapi-typescript's transform with a context that
// copies what openapiTS() builds (to skip its lint and bundle passes). These
// tests pin that copy: on every spec of the project, on the multi-file wild
// fixtures, and on a spec with a discriminator (the part of the context the
// transform patches), the output must equal openapiTS()'s own. An upgrade of
// openapi-typescript that changes a default fails here, not in a reviewer's diff.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import { emitOpenApiNamespace, openApiTypeNodes, printNamespaceWithTypeScript, transformInput } from "./emit-types.js";
import { loadOpenApi } from "../../load/openapi-source.js";
import { openapiPathOf, providerDirs } from "../../load/provider-dirs.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");

/**
 * What openapiTS() itself makes of the document (given a copy: it may patch what it is given), in the namespace,
 * printed by TypeScript's printer (emitOpenApiNamespace prints with type-printer.ts).
 */
async function reference(document: unknown): Promise<string> {
  return printNamespaceWithTypeScript(await openapiTS(structuredClone(document) as OpenAPI3, { silent: true }), "X");
}

const emittedBody = (document: unknown) => emitOpenApiNamespace(document, "X");

const DISCRIMINATED = {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Pet" } } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: "object",
        required: ["petType"],
        properties: { petType: { type: "string" }, name: { type: "string" } },
        discriminator: {
          propertyName: "petType",
          mapping: { dog: "#/components/schemas/Dog", cat: "#/components/schemas/Cat" },
        },
        oneOf: [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }],
      },
      Dog: {
        allOf: [{ $ref: "#/components/schemas/Animal" }, { type: "object", properties: { bark: { type: "boolean" } } }],
      },
      Cat: {
        allOf: [
          { $ref: "#/components/schemas/Animal" },
          { type: "object", properties: { lives: { type: "integer" } } },
        ],
      },
      Animal: {
        type: "object",
        required: ["kind"],
        properties: { kind: { type: "string" } },
        discriminator: { propertyName: "kind" },
      },
      // Inheritance through allOf: the discriminator lives on the parent.
      Base: {
        type: "object",
        required: ["t"],
        properties: { t: { type: "string" } },
        discriminator: { propertyName: "t", mapping: { a: "#/components/schemas/A" } },
      },
      A: { allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { x: { type: "string" } } }] },
    },
  },
};

describe("emitOpenApiTypes matches openapiTS()", () => {
  it("on a spec whose schemas use discriminators (on a oneOf and inherited through allOf)", async () => {
    const expected = await reference(DISCRIMINATED);
    // The discriminators must have been applied, or the comparison says nothing about them.
    expect(expected).toMatch(/petType: "dog";/);
    expect(expected).toMatch(/Omit<components\["schemas"\]\["Animal"\], "kind">/);
    expect(expected).toMatch(/t: "a";/);
    expect(await emittedBody(DISCRIMINATED)).toBe(expected);
  });

  it(
    "prints the declarations inside one exported ambient " + "namespace, as openapiTS() prints them at top level",
    async () => {
      const topLevel = astToString(
        await openapiTS(structuredClone(DISCRIMINATED) as unknown as OpenAPI3, { silent: true }),
      );
      const namespaced = await emittedBody(DISCRIMINATED);
      const lines = namespaced.trimEnd().split("\n");
      expect(lines[0]).toBe("export declare namespace X {");
      expect(lines.at(-1)).toBe("}");
      // The same declarations, one level deeper.
      expect(
        lines
          .slice(1, -1)
          .map((l) => l.replace(/^ {4}/, ""))
          .join("\n"),
      ).toBe(topLevel.trimEnd());
    },
  );

  it("leaves the document it is given unchanged (the transform patches discriminator enums in place)", async () => {
    const document = structuredClone(DISCRIMINATED);
    await emitOpenApiNamespace(document, "X");
    expect(document).toEqual(DISCRIMINATED);
  });

  it(
    "leaves a document unchanged whether its discriminator is at the top of a schema, inside an allOf, " + "or absent",
    async () => {
      const inAllOf = structuredClone(DISCRIMINATED) as unknown as { components: { schemas: Record<string, object> } };
      const { Animal, Dog, Cat } = inAllOf.components.schemas;
      inAllOf.components.schemas = {
        Dog: Dog!,
        Cat: Cat!,
        Pet: {
          allOf: [
            {
              type: "object",
              discriminator: { propertyName: "kind", mapping: { dog: "#/components/schemas/Dog" } },
              oneOf: [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }],
            },
          ],
        },
        Animal: Animal!,
      };
      const { source } = await loadOpenApi(openapiPathOf(join(root, "specs"), "books"), root);
      for (const original of [inAllOf, source.data]) {
        const document = structuredClone(original);
        await emitOpenApiNamespace(document, "X");
        expect(document).toEqual(original);
      }
    },
  );

  const specSets = [join(root, "specs"), join(root, "test-support/fixtures/specs-wild")];
  it("has specs to compare", () => {
    for (const specsDir of specSets) expect(providerDirs(specsDir).length, specsDir).toBeGreaterThan(0);
  });
  for (const specsDir of specSets) {
    for (const provider of providerDirs(specsDir)) {
      // openapiTS() given the document as the emitter gives the transform, its documented rewrites made (a member
      // declaring its discriminator value mapped to it, declared-mappings.ts; …): a user's provider whose document
      // needs one is held to the same parity, not failed for the rewrite.
      it(`on ${specsDir.slice(root.length + 1)}/${provider} (bundled as generation reads it)`, async () => {
        const { source } = await loadOpenApi(openapiPathOf(specsDir, provider), root);
        expect(await emittedBody(source.data)).toBe(await reference(transformInput(source.data)));
      });
    }
  }
});

/** A document of `n` operations, each with an id (none when `ids` is false). */
function operations(n: number, ids = true): object {
  const paths = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `/things${i}`,
      {
        get: {
          ...(ids ? { operationId: `getThing${i}` } : {}),
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
            },
          },
        },
      },
    ]),
  );
  return {
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths,
    components: { schemas: { Thing: { type: "object" } } },
  };
}

describe("the operations interface", () => {
  it(
    "matches openapiTS() with many operations, and with " + "none that has an id (its Record<string, never> alias)",
    async () => {
      for (const document of [operations(50), operations(3, false)])
        expect(await emittedBody(document)).toBe(await reference(document));
      expect(await emittedBody(operations(3, false))).toContain("type operations = Record<string, never>;");
    },
  );

  it(
    "is built in time proportional to the operations: the " + "node lists made grow linearly, not as their square",
    async () => {
      // openapi-typescript added each operation by copying every member before it (n²/2 elements in all).
      const elements = async (n: number) => {
        let total = 0;
        const original = ts.factory.createNodeArray.bind(ts.factory);
        const spy = vi.spyOn(ts.factory, "createNodeArray").mockImplementation(((
          list?: readonly ts.Node[],
          trailing?: boolean,
        ) => {
          total += list?.length ?? 0;
          return original(list as never, trailing);
        }) as typeof ts.factory.createNodeArray);
        try {
          await openApiTypeNodes(operations(n));
        } finally {
          spy.mockRestore();
        }
        return total;
      };
      const [small, large] = [await elements(200), await elements(800)];
      expect(large / small).toBeLessThan(4.5);
    },
  );
});
