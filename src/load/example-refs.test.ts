// An example whose value is only a `$ref` to a schema's example: read on load
// as the value it names (Prism's bundler follows it, and served a `$ref` to
// nothing where the suite expected the literal), then checked like any
// example; a property named `example` whose schema is a `$ref` stays a schema.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { valueAt } from "./json-ref.js";
import { loadOpenApi } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-example-refs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A zq document whose 200 example names `target` (ZqList's example `{data: [{id: "zq-1"}]}`, or ZqItem's, `item`). */
function write(name: string, target: string, item: unknown = { id: "zq-2" }): string {
  const document = {
    openapi: "3.0.3",
    info: { title: "zqrefs", version: "1" },
    paths: {
      "/zqlists": {
        get: {
          operationId: "listZq",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/ZqList" },
                  examples: { response: { value: { $ref: target } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        ZqItem: { type: "object", properties: { id: { type: "string" } }, example: item },
        ZqList: {
          type: "object",
          properties: {
            data: { type: "array", items: { $ref: "#/components/schemas/ZqItem" } },
            example: { $ref: "#/components/schemas/ZqItem" },
          },
          example: { data: [{ id: "zq-1" }] },
        },
      },
    },
  };
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

describe("an example value that is only a $ref", () => {
  it("is read as the value it names; a property named example keeps its schema", async () => {
    const { source } = await loadOpenApi(write("zqvalid", "#/components/schemas/ZqList/example"), work, [work]);
    expect(
      valueAt(source.data, [
        "paths",
        "/zqlists",
        "get",
        "responses",
        "200",
        "content",
        "application/json",
        "examples",
        "response",
        "value",
      ]),
    ).toEqual({ data: [{ id: "zq-1" }] });
    expect(valueAt(source.data, ["components", "schemas", "ZqList", "properties", "example"])).toEqual({
      $ref: "#/components/schemas/ZqItem",
    });
  });

  it("is checked against its schema as the value it names (an item's example is no list's)", async () => {
    await expect(
      loadOpenApi(write("zqinvalid", "#/components/schemas/ZqItem/example", { data: "zq-text" }), work, [work]),
    ).rejects.toThrow(/data/);
  });
});

describe("a field of an example value that is a $ref", () => {
  it("is read as the value it names, itself so read; a $ref back to one already followed is left", async () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "zqnested", version: "1" },
      paths: {},
      components: {
        examples: {
          ZqBox: { value: { id: "b1", lid: { $ref: "#/components/examples/ZqLid/value" } } },
          ZqLid: { value: { colour: "teal", knob: { $ref: "#/components/examples/ZqKnob/value" } } },
          ZqKnob: { value: { size: 2, on: { $ref: "#/components/examples/ZqLid/value" } } },
        },
      },
    };
    const file = join(work, "zqnested.json");
    writeFileSync(file, JSON.stringify(document));
    const { source } = await loadOpenApi(file, work, [work]);
    // A cycle (ZqLid's knob holds ZqLid) is followed until it comes back to a $ref already followed: that one stays.
    expect(valueAt(source.data, ["components", "examples", "ZqBox", "value"])).toEqual({
      id: "b1",
      lid: { colour: "teal", knob: { size: 2, on: { $ref: "#/components/examples/ZqLid/value" } } },
    });
    expect(JSON.stringify(valueAt(source.data, ["components", "examples", "ZqKnob", "value"]))).toMatch(
      /^\{"size":2,"on":\{"colour":"teal","knob":.*\{"\$ref":"#\/components\/examples\/Zq(Knob|Lid)\/value"\}/,
    );
  });
});
