// A densely linked document with cycles, each schema closed beside its allOf member (open-all-of.ts): the mock's copy
// reads every closing as meant at any depth, cycles included, and grows with the document, each schema read as meant
// written once and referred to (written out at each place, it grew about 2.5× a level, and was cut at 10 levels).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { MeantSchemas, withAnswersAsMeant, withOpenAllOfMembers } from "./open-all-of.js";
import { startMocks } from "./mocks.js";

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * `count` schemas, each closed beside its part (closed too, holding its name) and referring to the next two (the last
 * ones to the first: cycles), so a body reaches 2^depth paths through them.
 */
function cyclicSchemas(count: number): Json {
  const schemas: Json = {};
  for (let i = 0; i < count; i++) {
    schemas[`ZqNode${i}`] = {
      type: "object",
      additionalProperties: false,
      allOf: [ref(`ZqPart${i}`)],
      properties: { zqleft: ref(`ZqNode${(i + 1) % count}`), zqright: ref(`ZqNode${(i + 2) % count}`) },
    };
    schemas[`ZqPart${i}`] = {
      type: "object",
      additionalProperties: false,
      required: ["zqname"],
      properties: { zqname: { type: "string" } },
    };
  }
  return schemas;
}

const resolverOf = (schemas: Json, visits = { count: 0 }) => {
  return (value: unknown): unknown => {
    visits.count++;
    let v = value as Json | undefined;
    while (v && typeof v.$ref === "string") v = schemas[v.$ref.split("/").pop() as string] as Json;
    return v;
  };
};
const body = { content: { "application/json": { schema: ref("ZqNode0") } } };
const schemaOf = (b: unknown) => (b as { content: Record<string, { schema: unknown }> }).content["application/json"];

/** The objects a reader that walks the copy as a tree meets (as Prism's bundle does): `$ref`s not followed. */
function treeSize(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  return 1 + Object.values(value).reduce((n: number, v) => n + treeSize(v), 0);
}

/** A body `depth` levels deep through the left links, each level with its name. */
const deepBody = (depth: number, extra: Json = {}): Json =>
  depth ? { zqname: `n${depth}`, zqleft: deepBody(depth - 1, extra) } : { zqname: "last", ...extra };

describe("a request body of densely linked schemas with cycles, each closed beside its allOf", () => {
  const copy = (count: number) => {
    const schemas = cyclicSchemas(count);
    const visits = { count: 0 };
    const meant = new MeantSchemas();
    const out = withOpenAllOfMembers(body, resolverOf(schemas, visits), meant);
    return { schemas, meant, out, visits: visits.count, size: treeSize(out) + treeSize(meant.schemas) };
  };

  it("is read with visits and a copy growing linearly with the schemas (the copy grew 2.5x a level, cut at 10)", () => {
    for (const count of [10, 20, 40, 80]) {
      const { visits, size } = copy(count);
      // Every schema reached (the walk cut at 10 levels met 71 resolutions however many there were) and each one's
      // copy written once (written out at each place, 1,292 objects for 10 schemas; 10 each here).
      expect(visits / count, `${count} schemas`).toBeGreaterThan(2);
      expect(visits / count, `${count} schemas`).toBeLessThan(30);
      expect(size / count, `${count} schemas`).toBeLessThan(15);
    }
  });

  it("takes the fields of both parts at every level, 14 levels down and through the cycles", () => {
    const { schemas, meant, out } = copy(5);
    const valid = new Ajv({ strict: false }).compile({
      ...(schemaOf(out)?.schema as Json),
      ...meant.withMeant({ components: { schemas } }),
    });
    expect(valid(deepBody(14)), JSON.stringify(valid.errors)).toBe(true);
    expect(valid(deepBody(14, { zqother: 1 }))).toBe(false);
    expect(valid(deepBody(14, { zqname: 3 }))).toBe(false);
    expect(valid({ ...deepBody(14), zqleft: { zqleft: { zqname: "a" } } })).toBe(false);
  });

  it("reads an answer so too, and leaves the document as it was", () => {
    const schemas = cyclicSchemas(6);
    const before = structuredClone(schemas);
    const meant = new MeantSchemas();
    const answers = withAnswersAsMeant({ "200": { description: "A node.", ...body } }, resolverOf(schemas), meant);
    const valid = new Ajv({ strict: false }).compile({
      ...(schemaOf((answers as Json)["200"])?.schema as Json),
      ...meant.withMeant({ components: { schemas } }),
    });
    expect(valid(deepBody(15))).toBe(true);
    expect(schemas).toEqual(before);
  });
});

describe("a mock of densely linked schemas with cycles, each closed beside its allOf", () => {
  const work = mkdtempSync(join(tmpdir(), "blockwright-all-of-cycles-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("takes a body whose closings are 14 levels down, and refuses a field none declares there", async () => {
    const document = openapi(
      {
        "/zq-nodes": {
          post: {
            operationId: "zqPostNode",
            requestBody: { required: true, ...body },
            responses: { "204": { description: "Kept." } },
          },
        },
      },
      { schemas: cyclicSchemas(30) },
    );
    mkdirSync(join(work, "specs", "zqnodes"), { recursive: true });
    writeFileSync(join(work, "specs", "zqnodes", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqnodes"], { specsDir: join(work, "specs") });
    const post = (value: unknown) =>
      fetch(`${mocks.urls.zqnodes}/zq-nodes`, {
        method: "POST",
        headers: { authorization: "Bearer token-1", "content-type": "application/json" },
        body: JSON.stringify(value),
      });
    try {
      const kept = await post(deepBody(14));
      expect(kept.status, await kept.text()).toBe(204);
      expect((await post(deepBody(14, { zqother: 1 }))).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
