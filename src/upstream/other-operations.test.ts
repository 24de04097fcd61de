// The count of changes to the operations upstream does not list: part by
// part, text left out, a schema shared through `$ref`s read once.
import { describe, expect, it } from "vitest";
import { recursiveUnionDocument } from "../../scripts/bench/shared/recursive-unions.js";
import { otherOperationChanges } from "./other-operations.js";

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const reply = (schema: Json) => ({ "200": { description: "ok", content: { "application/json": { schema } } } });

function doc(item: Json, extra: Json = {}): Json {
  return {
    openapi: "3.0.3",
    paths: {
      "/zqitems": {
        get: {
          operationId: "listZqItems",
          parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
          responses: reply({ type: "array", items: ref("ZqItem") }),
        },
      },
      "/zqitems/{id}": { get: { operationId: "getZqItem", responses: reply(ref("ZqItem")) } },
      "/zqcalled": { get: { operationId: "calledZq", responses: reply(ref("ZqItem")) } },
      ...extra,
    },
    components: { schemas: { ZqItem: item } },
  };
}

describe("otherOperationChanges", () => {
  const item = {
    type: "object",
    properties: { id: { type: "string" }, note: { type: "string", description: "A note." } },
  };
  const called = new Set(["GET /zqcalled"]);

  it("counts a schema change once in each operation not called that reaches it; text is no change", async () => {
    const described = {
      ...item,
      properties: { ...item.properties, note: { type: "string", description: "Another note." } },
    };
    expect(await otherOperationChanges(doc(item), doc(described), called)).toEqual({
      unbound: { count: 0, operations: 0 },
      unmatched: [],
    });
    const retyped = { ...item, properties: { ...item.properties, id: { type: "integer" } } };
    expect((await otherOperationChanges(doc(item), doc(retyped), called)).unbound).toEqual({ count: 2, operations: 2 });
  });

  it(
    "an operation added or removed is one change; a parameter changed is one; " +
      "an operation we call is not counted, and one neither version has is unmatched",
    async () => {
      const more = doc(item, {
        "/zqother": { post: { operationId: "postZqOther", responses: reply({ type: "object" }) } },
      });
      const limited = doc(item);
      ((limited.paths as Json)["/zqitems"] as { get: { parameters: Json[] } }).get.parameters = [
        { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } },
      ];
      expect(await otherOperationChanges(more, limited, new Set([...called, "GET /zqgone"]))).toEqual({
        unbound: { count: 2, operations: 2 },
        unmatched: ["GET /zqgone"],
      });
    },
  );

  it("counts each part only one version has, and a key said to a caller added beside text and extensions", async () => {
    const older = doc(item);
    const newer = doc(item);
    const list = (d: Json) => ((d.paths as Json)["/zqitems"] as { get: Json }).get;
    const one = (d: Json) => ((d.paths as Json)["/zqitems/{id}"] as { get: Json }).get;
    // The older's parameter gone, an answer only the newer gives: two parts of one operation.
    list(older).parameters = [{ name: "limit", in: "query", schema: { type: "integer" } }];
    list(newer).parameters = [];
    list(newer).responses = { ...(list(newer).responses as Json), "404": { description: "zq none" } };
    // Text and an extension added on either side: no change; a format added beside them: one.
    one(older).parameters = [{ name: "id", in: "path", schema: { type: "string", "x-zq": 1 } }];
    one(newer).parameters = [{ name: "id", in: "path", schema: { type: "string", description: "The id." } }];
    expect((await otherOperationChanges(older, newer, called)).unbound).toEqual({ count: 2, operations: 1 });
    (one(newer).parameters as Json[])[0] = { name: "id", in: "path", schema: { type: "string", format: "uuid" } };
    expect((await otherOperationChanges(older, newer, called)).unbound).toEqual({ count: 3, operations: 2 });
  });

  it("counts on recursive unions of many node types: the changed answers, once per operation", async () => {
    expect(
      (await otherOperationChanges(recursiveUnionDocument(40), recursiveUnionDocument(40, true), new Set())).unbound,
    ).toEqual({ count: 2, operations: 2 });
  });

  it("a server path changed (`/v3` → `/v4`), paths as they were: the same operations, no new one", async () => {
    const served = (v: string) => ({ ...doc(item), servers: [{ url: `https://zq.example.test/zq/${v}` }] });
    expect(await otherOperationChanges(served("v3"), served("v4"), new Set(["GET /zq/v3/zqcalled"]))).toEqual({
      unbound: { count: 0, operations: 0 },
      unmatched: [],
    });
    const retyped = { ...item, properties: { ...item.properties, id: { type: "integer" } } };
    const v4 = { ...doc(retyped), servers: [{ url: "https://zq.example.test/zq/v4" }] };
    expect((await otherOperationChanges(served("v3"), v4, new Set(["GET /zq/v3/zqcalled"]))).unbound).toEqual({
      count: 2,
      operations: 2,
    });
  });
});
