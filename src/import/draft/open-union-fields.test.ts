// A request body that is a oneOf of open object shapes requiring nothing (a note `{note, language}`, an opinion
// `{opinion 0–100, comment}`, a relationship `{related_object_uuid, relationship_type}`): by JSON Schema's letter every
// object meets two or three shapes, so none meets the union, yet the runtime checked the shapes as anyOf and sent
// anything, `{"opinion": 200}` (of the note's and the relationship's open shapes) among them, which the request judge
// and the mocks refuse (each shape read as closed over its own fields). The runtime now reads such a union as they do:
// a value is held to the shape whose fields hold all its keys, and its error names the field, the rule and the value.
// Shapes told apart by a required field of their own are held to the letter as before.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ParamSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { nestedSchema } from "../../../runtime/llm/nested-schema.js";
import { typeCheckMessages } from "../../../test-support/type-check.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  notesAt,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const open = {
  ZqNote: { type: "object", properties: { note: text, language: text } },
  ZqOpinion: { type: "object", properties: { opinion: { type: "integer", minimum: 0, maximum: 100 }, comment: text } },
  ZqRelationship: {
    type: "object",
    properties: { related_object_uuid: { type: "string", format: "uuid" }, relationship_type: text },
  },
};
const requiring = {
  ZqNote: { ...open.ZqNote, required: ["note"] },
  ZqOpinion: { ...open.ZqOpinion, required: ["opinion"] },
  ZqRelationship: { ...open.ZqRelationship, required: ["related_object_uuid"] },
};

function document(shapes: Record<string, unknown>) {
  return openapi(
    {
      "/zqanalyst": {
        post: {
          operationId: "zqAddAnalystData",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { oneOf: Object.keys(shapes).map((name) => ({ $ref: `#/components/schemas/${name}` })) },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
        },
      },
    },
    { schemas: shapes },
  );
}

async function calls(shapes: Record<string, unknown>) {
  const d = drafted(document(shapes), ["zqAddAnalystData"], "zqanalyst");
  const [tool] = await linkedTools(d, "zqanalyst");
  const { refusals } = judgedCut(d, "/zqanalyst");
  const call = (body: unknown) => sentOrRefused(tool!, { body }, { id: "zq1" });
  return { d, tool: tool!, refusals, call };
}

describe("a oneOf body of open shapes that require nothing", () => {
  it("holds a value to the shape whose fields hold its keys, naming the field, the rule and the value", async () => {
    const { call } = await calls(open);
    expect(await call({ opinion: 200 })).toEqual({ message: "body.opinion: must be at most 100, got 200", sent: 0 });
    expect(await call({ note: 5 })).toEqual({ message: "body.note: must be a string, got 5", sent: 0 });
    expect(await call({ note: "a", opinion: 50 })).toEqual({
      message: expect.stringContaining("body: must hold the fields of one of its 3 shapes (it holds note (shape 1)"),
      sent: 0,
    });
    expect(await call({ zqOther: 1 })).toEqual({
      message: expect.stringContaining("body.zqOther: is a field of none of its 3 shapes"),
      sent: 0,
    });
    for (const body of [{ opinion: 50, comment: "c" }, { note: "n" }, {}])
      expect(await call(body)).toEqual({ message: "sent", sent: 1 });
  });

  it("sends what the request judge takes and refuses before any request what it refuses", async () => {
    const { call, refusals } = await calls(open);
    for (const body of [{ opinion: 200 }, { opinion: 50 }, { note: 5 }, { note: "a", opinion: 5 }, {}, { zqX: 1 }]) {
      const judged = refusals(body).length === 0;
      expect({ body, sent: (await call(body)).sent }).toEqual({ body, sent: judged ? 1 : 0 });
    }
  });

  it("says so in the draft's note, and shows a model each shape closed", async () => {
    const { d, tool } = await calls(open);
    const notes = notesAt(d, "operations.zqanalyst_zq_add_analyst_data.params.body").join("\n");
    expect(notes).toContain("each value held before any request to the one whose fields hold all its keys");
    const body = tool.params.find((p) => p.name === "body") as { object?: Parameters<typeof nestedSchema>[0] };
    const shown = nestedSchema(body.object!) as { anyOf: { additionalProperties?: boolean }[] };
    expect(shown.anyOf.map((s) => s.additionalProperties)).toEqual([false, false, false]);
  });
  it("is typed so that a literal mixing two shapes does not type-check, as the runtime refuses it", async () => {
    const { tool } = await calls(open);
    const body = tool.params.find((p) => p.name === "body") as ParamSpec;
    const file = join(draftWorkFolder, "zq-told-shapes.mts");
    const literals = [`{ opinion: 50, comment: "c" }`, `{ note: "n" }`, `{}`, `{ note: "a", opinion: 50 }`];
    const lines = literals.map((literal, i) => `export const zqValue${i}: ZqBody = ${literal};`);
    writeFileSync(file, [`type ZqBody = ${paramTsType(body)};`, ...lines, ""].join("\n"));
    const messages = typeCheckMessages([file]);
    // One message, the mixed literal's: each shape's fields are `?: never` in the others.
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/'\{ note: string; opinion: number; \}' is not assignable to type 'ZqBody'/);
  });
});

describe("a oneOf body of shapes each requiring a field of its own", () => {
  it("is left to the letter: drafted as fields, a value of exactly one shape sent, as the judge takes it", async () => {
    const d = drafted(document(requiring), ["zqAddAnalystData"], "zqanalyst");
    const [tool] = await linkedTools(d, "zqanalyst");
    const { refusals } = judgedCut(d, "/zqanalyst");
    const call = (fields: Record<string, unknown>) => sentOrRefused(tool!, fields, { id: "zq1" });
    expect(await call({ opinion: 50 })).toEqual({ message: "sent", sent: 1 });
    expect((await call({ opinion: 200 })).message).toContain("opinion: must be at most 100 (allowed: 0–100), got 200");
    expect((await call({ note: "a", opinion: 5 })).sent).toBe(0);
    for (const body of [{ opinion: 50 }, { opinion: 200 }, { note: "a", opinion: 5 }])
      expect({ body, sent: (await call(body)).sent }).toEqual({ body, sent: refusals(body).length ? 0 : 1 });
    expect(JSON.stringify(tool!.params)).not.toContain("byFields");
  });
});
