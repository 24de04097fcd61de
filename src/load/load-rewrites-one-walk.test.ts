// The load's two rewrites of a one-file document (example values that are only a `$ref` followed, patterns between
// slashes read without them) made in one walk of its keywords, not two (each walk of a whole published document is
// tens of milliseconds): the same document and the same patterns as the two walks one after the other, a `$ref`
// followed to a place holding such a pattern included (its copy keeps the pattern as written).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runScratch } from "../../test-support/run/run-scratch.js";

const walks = vi.hoisted(() => ({ follow: 0, patterns: 0 }));
vi.mock("./load-rewrites.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./load-rewrites.js")>();
  return {
    ...original,
    followExampleRefs: (document: unknown) => {
      walks.follow++;
      return original.followExampleRefs(document);
    },
    readDelimitedPatterns: (document: unknown) => {
      walks.patterns++;
      return original.readDelimitedPatterns(document);
    },
  };
});

// The suite's files share a worker's modules (isolate: false): a load another file made holds the real functions.
vi.resetModules();
const rewrites = await vi.importActual<typeof import("./load-rewrites.js")>("./load-rewrites.js");
const { loadOpenApi } = await import("./openapi-source.js");

const work = mkdtempSync(join(runScratch(), "blockwright-one-walk-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Patterns of every kind the rewrite meets: between slashes (read or not), with identity escapes, plain. */
const zqPattern = fc.constantFrom(
  "/^[a-z]+$/",
  "/zq-path/",
  "^zq\\-[0-9]+$",
  "^[a-z]{2}$",
  "/^zq$/",
  "a{,2}",
  "^plain$",
);
/** An example value: data, a `$ref` to a schema's example or a named example's value, or one to a schema itself. */
const zqExample = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    { $ref: "#/components/schemas/ZqA/example" },
    { $ref: "#/components/examples/ZqE/value" },
    { $ref: "#/components/schemas/ZqB" },
    { $ref: "#/components/schemas/ZqMissing/example" },
    { list: [{ $ref: "#/components/examples/ZqE/value" }] },
  ),
);
const zqSchema = fc.record(
  {
    type: fc.constant("string"),
    pattern: zqPattern,
    example: zqExample,
    properties: fc.dictionary(fc.constantFrom("pattern", "example", "zq"), fc.record({ pattern: zqPattern })),
  },
  { requiredKeys: ["type"] },
);
const zqDocument = fc.record({
  openapi: fc.constant("3.0.3"),
  paths: fc.record({
    "/zq": fc.record({
      get: fc.record({
        parameters: fc.array(fc.record({ name: fc.constant("zq"), in: fc.constant("query"), schema: zqSchema }), {
          maxLength: 2,
        }),
        responses: fc.record({
          "200": fc.record({
            content: fc.record({
              "application/json": fc.record(
                {
                  schema: zqSchema,
                  example: zqExample,
                  examples: fc.dictionary(fc.string(), fc.record({ value: zqExample })),
                },
                { requiredKeys: ["schema"] },
              ),
            }),
          }),
        }),
      }),
    }),
  }),
  components: fc.record({
    schemas: fc.record({ ZqA: zqSchema, ZqB: zqSchema }),
    examples: fc.record({ ZqE: fc.record({ value: zqExample }) }),
  }),
});

describe("the load's rewrites in one walk", () => {
  it("give the document and the patterns the two walks give one after the other", () => {
    fc.assert(
      fc.property(zqDocument, (document) => {
        const twice = structuredClone(document);
        rewrites.followExampleRefs(twice);
        const expected = rewrites.readDelimitedPatterns(twice);
        const once = structuredClone(document);
        expect(rewrites.rewriteOnLoad(once)).toEqual(expected);
        expect(once).toEqual(twice);
      }),
    );
  });

  it("a copy of a place that holds a pattern between slashes keeps it as written", () => {
    const document = {
      paths: {
        "/zq": {
          get: {
            responses: {
              "200": { content: { "application/json": { schema: {}, example: { $ref: "#/components/schemas/ZqB" } } } },
            },
          },
        },
      },
      components: { schemas: { ZqB: { type: "string", pattern: "/^zq$/" } } },
    };
    const found = rewrites.rewriteOnLoad(document);
    expect(found).toEqual([{ path: ["components", "schemas", "ZqB", "pattern"], written: "/^zq$/", read: "^zq$" }]);
    const media = document.paths["/zq"].get.responses["200"].content["application/json"];
    expect(media.example).toEqual({ type: "string", pattern: "/^zq$/" });
    expect(document.components.schemas.ZqB.pattern).toBe("^zq$");
  });

  it("reads each object's keys once", () => {
    let reads = 0;
    const schema = new Proxy({ type: "string", pattern: "/^zq$/", example: "zq" } as Record<string, unknown>, {
      ownKeys(target) {
        reads++;
        return Reflect.ownKeys(target);
      },
    });
    const document = { paths: { "/zq": { get: { parameters: [{ name: "zq", in: "query", schema }] } } } };
    expect(rewrites.rewriteOnLoad(document)).toHaveLength(1);
    expect(reads).toBe(1);
    expect(schema.pattern).toBe("^zq$");
  });

  it("a one-file document is loaded without the two walks of their own, a pattern's warning as before", async () => {
    const file = join(work, "openapi.yaml");
    writeFileSync(
      file,
      `openapi: 3.0.3
info: { title: Zq, version: "1" }
paths:
  /zq:
    get:
      operationId: getZq
      parameters:
        - { name: zq, in: query, schema: { type: string, pattern: "/^[a-z]+$/", example: zq } }
      responses:
        "200": { description: ok }
`,
    );
    walks.follow = 0;
    walks.patterns = 0;
    const loaded = await loadOpenApi(file, work);
    expect([walks.follow, walks.patterns]).toEqual([0, 0]);
    expect(loaded.warnings.map((w) => w.printed)).toEqual([
      expect.stringMatching(/openapi\.yaml:8:67: pattern "\/\^\[a-z\]\+\$\/" is written between slashes/),
    ]);
  });
});
