// The document's types made a piece at a time (type-parts.ts, through emit-types.ts's openApiNamespaceParts) against
// the whole tree's print (openapi-typescript's transformSchema of the whole document, printed as before): the same text
// on drawn documents, the document left as it was; a member the printer does not know printed by TypeScript's at its
// depth. emit-types.test.ts holds the same text equal to openapiTS()'s on the project's specs and fixtures.
import { createRequire } from "node:module";
import fc from "fast-check";
import type * as TS from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openApiNamespaceParts, openApiTypeNodes, printNamespace } from "./emit-types.js";
import type { Transforms } from "./type-parts.js";

const bundle = createRequire(import.meta.url)("../../../dist/vendor/openapi-typescript.cjs") as Transforms;
const { ts } = bundle;

const whole = async (document: unknown) => printNamespace(await openApiTypeNodes(document), "ZqTypes");
const pieces = (document: unknown, api?: Transforms) => [...openApiNamespaceParts(document, "ZqTypes", api)];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const schemaNames = ["ZqA", "ZqB", "ZqC"];
const schema: fc.Arbitrary<object> = fc.oneof(
  fc.constantFrom({ type: "string" }, { type: "integer", description: "a count\n * with a star" }, { type: "object" }),
  fc.constantFrom(...schemaNames).map(ref),
  fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(fc.constantFrom("id", "kind", "x-y"), fc.constant({ type: "string" })),
  }),
  // A required key its properties do not list: the transform's WithRequired helper, parsed from text, in the footer.
  fc.constantFrom(...schemaNames).map((name) => ({ allOf: [ref(name)], required: ["kind"] })),
);
const discriminated = fc.constantFrom(
  { type: "object", properties: { kind: { type: "string" } }, discriminator: { propertyName: "kind" } },
  {
    type: "object",
    discriminator: { propertyName: "kind", mapping: { b: "#/components/schemas/ZqB", c: "#/components/schemas/ZqC" } },
    oneOf: [ref("ZqB"), ref("ZqC")],
  },
);
const operation = fc.record(
  {
    operationId: fc.constantFrom("zqOne", "zqTwo", "zq#three"),
    description: fc.constantFrom("reads", "line\r\nbreaks */"),
    parameters: fc.array(
      fc.record({ name: fc.constantFrom("q", "id"), in: fc.constantFrom("query", "header"), schema }),
      { maxLength: 2 },
    ),
    responses: fc.record({
      "200": fc.record({
        description: fc.constant("ok"),
        content: fc.record({ "application/json": fc.record({ schema }) }),
      }),
    }),
  },
  { requiredKeys: ["responses"] },
);
const pathItem = fc.oneof(
  fc.record(
    {
      get: operation,
      post: operation,
      parameters: fc.constant([{ name: "id", in: "path", required: true, schema: { type: "string" } }]),
    },
    { requiredKeys: [] },
  ),
  fc.constant({ $ref: "#/components/pathItems/ZqItem" }),
  fc.constant(null),
);
const document = fc
  .record(
    {
      paths: fc.dictionary(fc.constantFrom("/zq", "/zq/{id}", "/zq/b", "/zq/c"), pathItem),
      webhooks: fc.dictionary(fc.constantFrom("zqHook"), fc.record({ post: operation })),
      $defs: fc.dictionary(fc.constantFrom("ZqDef"), schema),
      components: fc.record(
        {
          schemas: fc.record({ ZqA: fc.oneof(schema, discriminated), ZqB: schema, ZqC: schema }, { requiredKeys: [] }),
          responses: fc.dictionary(fc.constantFrom("ZqGone"), fc.constant({ description: "gone" })),
          parameters: fc.dictionary(
            fc.constantFrom("ZqPage"),
            fc.constant({ name: "page", in: "query", schema: { type: "integer" } }),
          ),
          headers: fc.dictionary(fc.constantFrom("ZqTrace"), fc.constant({ schema: { type: "string" } })),
          pathItems: fc.dictionary(fc.constantFrom("ZqItem"), fc.record({ get: operation })),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  )
  .map((parts) => ({ openapi: "3.1.0", info: { title: "zq", version: "1" }, ...parts }));

describe("the document's types made a piece at a time", () => {
  // The drawn documents' refs to schemas they leave out: the transform's warnings, not this test's concern.
  beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  it("are the whole tree's text on drawn documents, in more than one part, the document left as it was", async () => {
    await fc.assert(
      fc.asyncProperty(document, async (drawn) => {
        const before = structuredClone(drawn);
        const parts = pieces(drawn);
        expect(drawn).toEqual(before);
        expect(parts.join("")).toBe(await whole(drawn));
        expect(drawn).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it("come in parts as the paths and components are printed, the operations' text held until its interface", () => {
    const paths = Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [
        `/zq${i}`,
        { get: { operationId: `zq${i}`, responses: { "200": { description: "ok" } } } },
      ]),
    );
    const parts = pieces({ openapi: "3.1.0", info: { title: "zq", version: "1" }, paths });
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.findIndex((p) => p.includes("export interface operations {"))).toBeGreaterThan(0);
  });

  /** The bundle with one member of each path or each schema given a function type, a kind type-printer.ts leaves. */
  function withOddMembers(): Transforms {
    const f = ts.factory;
    const odd = () =>
      f.createPropertySignature(
        undefined,
        "zqOdd",
        undefined,
        f.createFunctionTypeNode(undefined, [], f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)),
      );
    const oddLiteral = (literal: TS.TypeLiteralNode) => f.createTypeLiteralNode([...literal.members, odd()]);
    return {
      ...bundle,
      transformPathsObject: (paths, ctx) => {
        const literal = bundle.transformPathsObject(paths, ctx) as TS.TypeLiteralNode;
        return f.createTypeLiteralNode(
          literal.members.map((m) =>
            f.createPropertySignature(
              undefined,
              (m as TS.PropertySignature).name,
              undefined,
              oddLiteral((m as TS.PropertySignature).type as TS.TypeLiteralNode),
            ),
          ),
        );
      },
      transformComponentsObject: (components, ctx) => {
        const [literal] = bundle.transformComponentsObject(components, ctx) as TS.TypeLiteralNode[];
        const kinds = literal!.members.map((kind) => {
          const type = (kind as TS.PropertySignature).type!;
          if (!ts.isTypeLiteralNode(type)) return kind;
          return f.createPropertySignature(
            undefined,
            (kind as TS.PropertySignature).name,
            undefined,
            f.createTypeLiteralNode([...type.members, odd()]),
          );
        });
        return [f.createTypeLiteralNode(kinds)];
      },
    };
  }

  it("print a member the printer does not know by TypeScript's printer, at its depth", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "zq", version: "1" },
      paths: { "/zq": { get: { responses: { "200": { description: "ok" } } } } },
      components: { schemas: { ZqA: { type: "string" } } },
    };
    const text = pieces(document, withOddMembers()).join("");
    // Each odd member on its own, in TypeScript's print, where the whole print would have it.
    const plain = pieces(document).join("");
    expect(text).toBe(
      plain
        .replace(/( {8}"\/zq": \{\n[\s\S]*?\n)( {8}\};)/, "$1            zqOdd: () => string;\n$2")
        .replace(/( {12}ZqA: string;\n)/, "$1            zqOdd: () => string;\n"),
    );
    expect(text.match(/zqOdd: \(\) => string;/g)).toHaveLength(2);
  });
});
