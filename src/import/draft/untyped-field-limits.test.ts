// A JSON body field the document gives no type but limits of several kinds (a payroll document's amount:
// `{format: double, minimum: 0, maximum: 99999999.99, pattern: "^(\d{1,8})(\.\d{1,2})?$"}`). add drafts such a field
// as a value of any form (a text, a number, a boolean, an object, a list), and drafted the forms bare: each was looser
// than the document's (a text under no pattern, a number under no bounds), and generate refused the draft (BW2006).
// JSON Schema holds each kind to its own keywords: the text form takes the pattern and lengths, the number form the
// bounds, the list form its counts, and a value of each is held to them before any request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqAmount = {
  description: "The zq amount kept.",
  format: "double",
  minimum: 0,
  maximum: 999.99,
  pattern: "^(\\d{1,3})(\\.\\d{1,2})?$",
  minItems: 1,
  example: 50,
};
const document = openapi({
  "/zqkeeps": {
    put: {
      operationId: "putZqKeep",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", properties: { zqAmount } } } },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});

describe("an untyped body field with limits of several kinds", () => {
  it("is drafted as any form, each form with its kind's limits; the draft links", async () => {
    const d = drafted(document, ["putZqKeep"]);
    const param = d.manifest.operations.acme_put_zq_keep?.params?.zqAmount;
    expect(param?.anyOf).toEqual([
      { type: "string", pattern: "^(\\d{1,3})(\\.\\d{1,2})?$" },
      { type: "number", minimum: 0, maximum: 999.99 },
      { type: "boolean" },
      { type: "json", jsonType: "object" },
      { type: "json", jsonType: "array", minItems: 1 },
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends a value of each form within its limits, and refuses one past them before any request", async () => {
    const [tool] = await linkedTools(drafted(document, ["putZqKeep"]));
    for (const ok of [12.5, "12.50", true, ["x"]])
      expect(await sentOrRefused(tool!, { zqAmount: ok }, { id: "1" }), JSON.stringify(ok)).toEqual({
        message: "sent",
        sent: 1,
      });
    for (const bad of [1000, -1, "zq-12", []]) {
      const refused = await sentOrRefused(tool!, { zqAmount: bad }, { id: "1" });
      expect(refused.sent, JSON.stringify(bad)).toBe(0);
      expect(refused.message).toContain("zqAmount");
    }
  });

  it("drafts an untyped open enum (`x-ms-enum` of `modelAsString`) as forms holding no known values", async () => {
    const open = openapi({
      "/zqkinds": {
        put: {
          operationId: "putZqKind",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    zqKind: { enum: ["zqa", "zqb"], "x-ms-enum": { modelAsString: true, name: "ZqKind" } },
                  },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    });
    const d = drafted(open, ["putZqKind"]);
    expect(d.manifest.operations.acme_put_zq_kind?.params?.zqKind?.anyOf?.[0]).toEqual({ type: "string" });
    expect(await linkProblems(d)).toEqual([]);
  });
});
