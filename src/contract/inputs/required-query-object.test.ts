// A required query object none of whose fields is required (form style,
// exploded: OpenAPI's default): an empty object sends no pair, so that the
// service reads the parameter as not sent, and the request judge refused
// every case that drew `{}` for it ("required by the document, and not
// sent"). The derived values give it fields: one made from its schema, in
// the minimal input and in random draws; never a field the parameter
// refuses (one named like another query parameter, forbiddenKeys), one its
// schema does not list (its pair reads as no field of it), or a list or an
// object (style form has no form for it).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-required-query-object-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqmatch", {
  "/zqmatches": {
    post: {
      operationId: "matchZq",
      parameters: [
        {
          name: "zqpair",
          in: "query",
          required: true,
          schema: {
            type: "object",
            properties: { amount: { type: "integer" }, zqsort: { type: "string", enum: ["zqa", "zqb"] } },
          },
        },
        { name: "kind", in: "query", required: true, schema: { type: "string", enum: ["zqx"] } },
        {
          name: "zqfilter",
          in: "query",
          required: true,
          schema: {
            type: "object",
            properties: { amount: { type: "integer" }, kind: { type: "string", enum: ["zqa", "zqb"] } },
          },
        },
        {
          name: "zqwhen",
          in: "query",
          schema: {
            oneOf: [
              { type: "array", items: { type: "string" } },
              { type: "string", minLength: 1 },
            ],
          },
        },
        { name: "zqtags", in: "query", schema: { type: "object", properties: { zq: { type: "string" } } } },
      ],
      responses: { "204": { description: "Matched." } },
    },
  },
});

const manifest = keyedManifest(
  "zqmatch",
  `  zqmatch_match:
    operationId: matchZq
    title: Match
    description: Match.
    params:
      zqpair:
        type: json
        jsonType: object
        required: true
        description: The pair.
        wire: { in: query }
      kind:
        type: string
        enum: [zqx]
        required: true
        description: The kind.
        wire: { in: query }
      zqfilter:
        type: json
        jsonType: object
        required: true
        forbiddenKeys: { keys: [kind] }
        description: The filter.
        wire: { in: query }
      zqwhen:
        type: json
        description: When.
        anyOf:
          - type: string
            minLength: 1
            maxLength: 100
          - type: json
            jsonType: array
            items:
              type: string
              maxLength: 100
        wire: { in: query }
      zqtags:
        type: json
        jsonType: object
        description: The tags.
        wire: { in: query }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);

const { linked, tool } = await linkedTool(work, "zqmatch", openapi, manifest, "zqmatch_match");
const values = new ToolValues(tool, linked.document);
const param = (name: string) => tool.params.find((p) => p.name === name)!;
const nonEmpty = (v: unknown) => typeof v === "object" && v !== null && Object.keys(v).length > 0;

describe("a required query object of no required field", () => {
  it("is not given as {}, which sends no pair, but with fields made from its schema", () => {
    expect(values.accepts(param("zqpair"), {})).toBe(false);
    expect(values.accepts(param("zqpair"), { zqsort: {} })).toBe(false);
    // Style form writes a field as field=value: a list or an object in it has no such form.
    expect(values.accepts(param("zqpair"), { amount: 3, zqsort: { a: 1 } })).toBe(false);
    // Spread as its own pairs, a field its schema does not list reads as no field of it.
    expect(values.accepts(param("zqpair"), { amount: 3, zqextra: 1 })).toBe(false);
    expect(values.accepts(param("zqpair"), { amount: 3 })).toBe(true);
    const minimal = values.minimal();
    expect(nonEmpty(minimal.zqpair), JSON.stringify(minimal)).toBe(true);
    expect(values.accepts(param("zqpair"), minimal.zqpair)).toBe(true);
    expect(nonEmpty(values.full().zqpair)).toBe(true);
  });

  it("is drawn with fields in random valid inputs, each one its schema lists and style form can write", () => {
    for (const input of fc.sample(validInput(tool, values, "https://api.zqmatch.test"), { numRuns: 60, seed: 5 })) {
      expect(nonEmpty(input.zqpair), JSON.stringify(input)).toBe(true);
      for (const [k, v] of Object.entries(input.zqpair as object)) {
        expect(["amount", "zqsort"]).toContain(k);
        expect(typeof v === "object" && v !== null).toBe(false);
      }
    }
  });

  it("whose field takes another query parameter's name (refused: forbiddenKeys) is made without that field", () => {
    const minimal = values.minimal();
    expect(nonEmpty(minimal.zqfilter), JSON.stringify(minimal)).toBe(true);
    expect(Object.keys(minimal.zqfilter as object)).not.toContain("kind");
  });

  it("and an optional list or text is given a value that sends a pair, not a list of nothing", () => {
    const full = values.full();
    expect(full.zqwhen).toBeDefined();
    expect(full.zqwhen).not.toEqual([]);
  });

  it("while an optional one may still be empty (it is then left out)", () => {
    expect(values.accepts(param("zqtags"), {})).toBe(true);
  });
});
