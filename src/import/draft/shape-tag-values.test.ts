// A body of common fields beside a union of shapes (`allOf: [{properties: …}, {oneOf: [link, text, asset]}]`) whose
// shapes each require a tag of their own value (`type: {enum: [link]}`, `{enum: [text]}`, `{const: asset}`): the tag
// was drafted with the first shape's schema alone, `enum: [link]`, so the rules that name the other shapes' values
// (text requiredWhen type is text) did not link (BW2023) and a call of another shape was refused before any request.
// The tag takes every shape's value now; a field one shape leaves open takes any value. The contract suite's case of
// a shape's field left out then gave the shape's other required fields only where they had an example: one of an
// enum (its kind) was left out too, and the refusal named it, not the field the case left out; it takes its first
// value now.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { checkRules } from "@blockwright/runtime/internal";
import { settledUnder } from "../../contract/inputs/rule-values.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shape = (tag: Json, field: string, more: Json = {}) => ({
  type: "object",
  required: ["type", field],
  properties: { type: { type: "string", ...tag }, [field]: { type: "string" }, zqNote: { type: "string", ...more } },
});
type Json = Record<string, unknown>;

const document = {
  ...openapi({
    "/zqmarks": {
      post: {
        operationId: "zqCreateMark",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { type: "object", properties: { title: { type: "string" } } },
                  {
                    oneOf: [
                      shape({ enum: ["zqlink"] }, "url", { enum: ["a"] }),
                      shape({ enum: ["zqtext"] }, "text", { enum: ["b"] }),
                      {
                        ...shape({ const: "zqasset" }, "assetId"),
                        required: ["type", "assetId", "assetKind"],
                        properties: {
                          ...shape({ const: "zqasset" }, "assetId").properties,
                          assetKind: { type: "string", enum: ["zqimage", "zqpdf"] },
                        },
                      },
                    ],
                  },
                ],
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  }),
  openapi: "3.1.0",
};

describe("a tag each shape beside common fields requires, of a value of its own", () => {
  const d = drafted(document, ["zqCreateMark"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("takes every shape's value; a field one shape leaves open takes any", () => {
    expect(params.type).toMatchObject({ type: "string", required: true, enum: ["zqlink", "zqtext", "zqasset"] });
    expect(params.zqNote).not.toHaveProperty("enum");
  });

  it("links, and a call of each shape passes the request judge", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqmarks");
    expect(refusals({ type: "zqtext", text: "t" })).toEqual([]);
    expect(refusals({ type: "zqasset", assetId: "a", assetKind: "zqpdf" })).toEqual([]);
  });

  it("a case leaving out one field of a shape gives its others, so the refusal names that field alone", async () => {
    const [tool] = await linkedTools(d);
    if (!tool) throw new Error("no tool linked");
    const input = settledUnder(tool, { title: "t", type: "zqasset" }, "type", "assetId");
    expect(input).toMatchObject({ assetKind: "zqimage" });
    expect(checkRules(tool, input)).toEqual([expect.objectContaining({ param: "assetId", rule: "requiredWhen" })]);
  });
});
