// The example check reads a reference to a discriminated base as the union of its kinds (load/schemas/base-kinds.ts)
// in each root schema it registers, and each such reading listed the file's component schemas, once for the root and
// once for each base it names (their count, to know the index of extensions current): a whole API's check listed its
// thousands of schemas thousands of times (a Graph subset: a quarter of its example check). Now read once a file: the
// count of listings is the same for N and 2N roots.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../yaml-source.js";
import { validateExamples } from "./openapi-examples.js";

const FILE = "/specs/zqkinds/openapi.json";
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `n` operations, each answering its own holder of a field of the base ZqRun (two kinds), with an example. */
function documentOf(n: number, took = "PT12S") {
  const schemas: Record<string, unknown> = {
    ZqRun: { type: "object", required: ["zqKind"], properties: { zqKind: { type: "string" } } },
    ZqTimedRun: {
      allOf: [ref("ZqRun")],
      type: "object",
      properties: { zqTook: { type: "string", format: "duration" } },
    },
    ZqOtherRun: { allOf: [ref("ZqRun")], type: "object", properties: { zqWhere: { type: "string" } } },
  };
  (schemas.ZqRun as Record<string, unknown>).discriminator = { propertyName: "zqKind" };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    schemas[`ZqHolder${i}`] = { type: "object", properties: { zqName: { type: "string" }, zqRun: ref("ZqRun") } };
    const example = { zqName: "zq", zqRun: { zqKind: "ZqTimedRun", zqTook: took } };
    const content = { "application/json": { schema: ref(`ZqHolder${i}`), example } };
    paths[`/zqruns${i}`] = {
      get: { operationId: `getZqRun${i}`, responses: { 200: { description: "a run", content } } },
    };
  }
  const text = JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths,
    components: { schemas },
  });
  const source = parseYamlSource(text, "openapi.json");
  const listings = { count: 0 };
  const components = (source.data as { components: { schemas: object } }).components;
  components.schemas = new Proxy(components.schemas, {
    ownKeys(target) {
      listings.count++;
      return Reflect.ownKeys(target);
    },
  });
  return { source, listings };
}

function checked(n: number, took?: string) {
  const { source, listings } = documentOf(n, took);
  const problems = validateExamples(new Map([[FILE, source]]), FILE).map((e) => e.message);
  return { problems, listings: listings.count };
}

describe("the example check of fields of a discriminated base", () => {
  it("lists the file's schemas as often for 2N roots as for N", () => {
    const small = checked(20);
    const large = checked(40);
    expect(small.problems).toEqual([]);
    expect(large.listings).toBe(small.listings);
    expect(small.listings).toBeLessThan(10);
  });

  it("still holds each example to its kind's own fields", () => {
    const { problems } = checked(3, "PT12.4272909S");
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^openapi\.json:\d+:\d+: .*zqRun/);
  });
});
