// A number bounded exclusively inside a union (one value or a list: `anyOf: [number, array of numbers]`), in a form
// body and in a JSON body, and in the fields of a form body of shapes told apart by a tag: `add` drafts each bound as
// the flat parameter's (add-exclusive-bounds.test.ts), the manifest's `exclusiveMinimum`/`exclusiveMaximum`, the
// list's items' too, and an integer's as the whole number inside; a value at a bound is refused before any request,
// one inside it sent. Before, a list form's items kept `minimum`/`maximum` only: an exclusive bound of theirs reached
// the manifest not at all, and its reader had no word of it.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

// OpenAPI 3.0's exclusive bounds (a flag beside the bound) and 3.1's (the bound itself).
const SCHEMAS = {
  "3.0.3": {
    score: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
    count: { type: "integer", minimum: 0, exclusiveMinimum: true },
  },
  "3.1.0": {
    score: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 },
    count: { type: "integer", exclusiveMinimum: 0 },
  },
};
const oneOrList = (schema: object) => ({ anyOf: [schema, { type: "array", items: schema, maxItems: 5 }] });
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const body = (type: string, schema: object) => ({ required: true, content: { [type]: { schema } } });

/** The operations, their numbers bounded in `version`'s words. */
const documentOf = (version: keyof typeof SCHEMAS) => {
  const { score, count } = SCHEMAS[version];
  return openapi(
    {
      "/zqscores": {
        post: {
          operationId: "sendZqScores",
          requestBody: body("application/x-www-form-urlencoded", {
            type: "object",
            required: ["zqscore"],
            properties: { zqscore: oneOrList(score), zqcount: oneOrList(count) },
          }),
          responses: ok,
        },
      },
      "/zqjson": {
        post: {
          operationId: "sendZqJson",
          requestBody: body("application/json", {
            type: "object",
            required: ["zqscore"],
            properties: { zqscore: oneOrList(score), zqcount: oneOrList(count) },
          }),
          responses: ok,
        },
      },
      "/zqgrants": {
        post: {
          operationId: "grantZq",
          requestBody: body("application/x-www-form-urlencoded", {
            oneOf: [
              {
                type: "object",
                required: ["zqkind", "zqratio"],
                properties: { zqkind: { type: "string", enum: ["ratio"] }, zqratio: score },
              },
              {
                type: "object",
                required: ["zqkind", "zqtally"],
                properties: { zqkind: { type: "string", enum: ["tally"] }, zqtally: count },
              },
            ],
          }),
          responses: ok,
        },
      },
    },
    {},
    { openapi: version },
  );
};
const OPERATIONS = ["sendZqScores", "sendZqJson", "grantZq"];
afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])("OpenAPI %s", (version) => {
  const d = drafted(documentOf(version), OPERATIONS);
  const paramsOf = (op: string) =>
    (d.manifest.operations as unknown as Record<string, { params: Record<string, Record<string, unknown>> }>)[
      `acme_${op}`
    ]?.params ?? {};

  describe("an exclusive bound of a number in a union (one value or a list) or a form of shapes", () => {
    it.each(["send_zq_scores", "send_zq_json"])("%s: drafted on the value's form and on the list's items", (op) => {
      const params = paramsOf(op);
      const scoreBounds = { exclusiveMinimum: 0, exclusiveMaximum: 10 };
      expect(params.zqscore?.anyOf).toEqual([
        expect.objectContaining({ type: "number", ...scoreBounds }),
        expect.objectContaining({ type: "json", jsonType: "array", items: { type: "number", ...scoreBounds } }),
      ]);
      expect(params.zqcount?.anyOf).toEqual([
        expect.objectContaining({ type: "number", integer: true, minimum: 1 }),
        expect.objectContaining({ jsonType: "array", items: { type: "integer", minimum: 1 } }),
      ]);
      expect(JSON.stringify(params.zqcount)).not.toMatch(/exclusive/);
    });

    it("grant_zq: a form of shapes' fields drafted with their bounds", () => {
      const params = paramsOf("grant_zq");
      expect(params.zqratio).toMatchObject({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 });
      expect(params.zqtally).toMatchObject({ type: "number", integer: true, minimum: 1 });
    });

    it("links, and a value at a bound is refused before any request, one inside sent", async () => {
      expect(await linkProblems(d)).toEqual([]);
      const tools = Object.fromEntries((await linkedTools(d)).map((t) => [t.id, t]));
      const call = async (op: string, params: Record<string, unknown>) =>
        (await sentOrRefused(tools[`acme_${op}`] as never, params, { id: "zq1" })).message;
      for (const op of ["send_zq_scores", "send_zq_json"]) {
        expect(await call(op, { zqscore: 0 })).toMatch(/zqscore.*greater than 0/);
        expect(await call(op, { zqscore: [5, 10] })).toMatch(/zqscore.*less than 10/);
        expect(await call(op, { zqscore: [0.5, 0] })).toMatch(/zqscore.*greater than 0/);
        expect(await call(op, { zqscore: 1, zqcount: [2, 0] })).toMatch(/zqcount.*at least 1/);
        expect(await call(op, { zqscore: [0.001, 9.999], zqcount: [1, 3] })).toBe("sent");
        expect(await call(op, { zqscore: 9.5, zqcount: 1 })).toBe("sent");
      }
      expect(await call("grant_zq", { zqkind: "ratio", zqratio: 10 })).toMatch(/zqratio.*less than 10/);
      expect(await call("grant_zq", { zqkind: "tally", zqtally: 0 })).toMatch(/zqtally.*at least 1/);
      expect(await call("grant_zq", { zqkind: "ratio", zqratio: 0.25 })).toBe("sent");
    });
  });
});
