// The bound cut reads a discriminated base's kinds once per schema, not at each reference to it: a document of
// hundreds of thousands of references to schemas that extend others (Graph beta's, where nearly every schema is an
// allOf) had each reference list the document's schemas again, and a cut of 3,341 operations took five minutes of
// CPU (then 19 s). Counted here as the times the cut lists the document's schemas (the reading's one cost that grows
// with them): once per base reached, however many operations refer to it.
import { describe, expect, it } from "vitest";
import { cutToBound } from "./bound-cut.js";

const REFERENCES = 200;

function document(): { doc: Record<string, unknown>; listings: () => number } {
  const schemas: Record<string, unknown> = {
    ZqBase: {
      type: "object",
      required: ["zqkind"],
      properties: { zqkind: { type: "string" } },
      discriminator: { propertyName: "zqkind" },
    },
    ZqCircle: { allOf: [{ $ref: "#/components/schemas/ZqBase" }, { properties: { zqr: { type: "number" } } }] },
    ZqSquare: { allOf: [{ $ref: "#/components/schemas/ZqBase" }, { properties: { zqside: { type: "number" } } }] },
  };
  let count = 0;
  const counted = new Proxy(schemas, {
    ownKeys(target) {
      count++;
      return Reflect.ownKeys(target);
    },
  });
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < REFERENCES; i++)
    paths[`/zqshapes/${i}`] = {
      get: {
        operationId: `zqGetShape${i}`,
        responses: {
          "200": {
            description: "A shape.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqCircle" } } },
          },
        },
      },
    };
  const doc = { openapi: "3.0.3", info: { title: "zq", version: "1" }, paths, components: { schemas: counted } };
  return { doc, listings: () => count };
}

describe("the bound cut of a document with many references to schemas that extend a base", () => {
  it("lists the document's schemas once per base read, not once per reference, and keeps the kinds", () => {
    const { doc, listings } = document();
    const operations = Array.from({ length: REFERENCES }, (_, i) => `zqGetShape${i}`);
    const cut = cutToBound(doc, { operations, nextPages: [], webhooks: [] }) as {
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(cut.components.schemas).sort()).toEqual(["ZqBase", "ZqCircle", "ZqSquare"]);
    expect(listings()).toBeLessThan(10);
  });

  // Each schema that may be a base (an allOf: Graph beta's nearly all) listed the schemas again when read, to know the
  // index of extensions current: a cut grew with the square of its schemas. Read once per cut now.
  it("lists the document's schemas as often for 2N schemas that extend a base as for N", () => {
    const listingsCutting = (n: number) => {
      const { doc, listings } = document();
      const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        schemas[`ZqShape${i}`] = { allOf: [{ $ref: "#/components/schemas/ZqCircle" }, { properties: {} }] };
        paths[`/zqshapes/${i}`] = {
          get: {
            operationId: `zqGetShape${i}`,
            responses: {
              "200": {
                description: "A shape.",
                content: { "application/json": { schema: { $ref: `#/components/schemas/ZqShape${i}` } } },
              },
            },
          },
        };
      }
      const operations = Array.from({ length: n }, (_, i) => `zqGetShape${i}`);
      const before = listings();
      cutToBound({ ...doc, paths }, { operations, nextPages: [], webhooks: [] });
      return listings() - before;
    };
    const small = listingsCutting(50);
    expect(listingsCutting(100)).toBe(small);
    expect(small).toBeLessThan(10);
  });
});
