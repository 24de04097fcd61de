// A schema whose `type` is a schema, not a type's name (`zqKind: {type: {enum: [round, square], type: string}}`). No
// validator reads it: the request judge refused every body holding the field, and the contract suite found no value
// of it that passes its own rules, so each case of the operation failed before it ran. add leaves that `type` out of
// the cut (the field then takes any value), says so in the header and a note; a field named `type` stays as it is.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";
import { withoutUnreadableTypes } from "../shapes/unreadable-schemas.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const kind = { type: { description: "Kind of zq widget.", enum: ["round", "square"], type: "string" } };
const widget = {
  type: "object",
  required: ["name", "kind"],
  properties: {
    name: { type: "string" },
    kind: { $ref: "#/components/schemas/ZqWidget/definitions/zqKind" },
    // A field named `type`: its schema, in a map of fields, not a type.
    type: { type: "string", enum: ["zqplain", "zqfancy"] },
  },
  definitions: { zqKind: kind },
};
const document = openapi(
  {
    "/zqwidgets": {
      post: {
        operationId: "zqCreateWidget",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqWidget" } } },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "w1" }) },
      },
    },
  },
  { schemas: { ZqWidget: widget } },
);

describe("a schema whose type is a schema, not a type's name", () => {
  it("is left out of the cut, said in the header and a note; the body's fields are judged as before", async () => {
    const d = drafted(document, ["zqCreateWidget"]);
    const place =
      "components.schemas.ZqWidget.definitions.zqKind " +
      '(type {"description":"Kind of zq widget.","enum":["round","square…)';
    expect(d.openapiText).toContain(`Left out by blockwright add: ${place}`);
    expect(notesAt(d, "openapi").join("\n")).toContain(`openapi.yaml leaves out ${place}: a type names a type`);
    // biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
    const cut = jsyaml.load(d.openapiText) as any;
    expect(cut.components.schemas.ZqWidget.definitions.zqKind).toEqual({});
    expect(cut.components.schemas.ZqWidget.properties.type).toEqual(widget.properties.type);
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqwidgets");
    const judged = (body: unknown) => refusals(body).filter((rule) => rule !== "security");
    expect(judged({ name: "zq", kind: "round", type: "zqplain" })).toEqual([]);
    expect(judged({ name: "zq", kind: "round", type: "zqother" })).toEqual(["schema"]);
    expect(judged({ kind: "round" })).toEqual(["schema"]);
  });

  it("leaves schemas of named types, lists of them, and data holding a type untouched", () => {
    const cut = {
      components: {
        schemas: {
          ZqA: { type: ["string", "null"], example: { type: { zq: 1 } } },
          ZqB: { type: "object", properties: { type: { type: "integer" } }, default: { type: { zq: 2 } } },
        },
        parameters: { type: { name: "type", in: "query", schema: { type: "string" } } },
      },
    };
    const before = structuredClone(cut);
    expect(withoutUnreadableTypes(cut)).toEqual([]);
    expect(cut).toEqual(before);
  });
});
