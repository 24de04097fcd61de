// A body that is one of two shapes (`oneOf`) and requires, beside the union,
// a field of each (`required: [zqLampId, zqLamp]`, each listed by one shape):
// a body holding both is of no one shape, so no body met the schema and a mock
// refused every request. add writes each field required by its own shape in
// the cut, says so in its header and a note, and drafts the fields optional,
// a call giving those of one shape.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { requestJudge } from "../../judge/judge.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = (shapes: unknown[]) => ({
  ...openapi({
    "/zqlamps/quote": {
      post: {
        operationId: "quoteZqlamp",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { zqNote: { type: "string", maxLength: 40 } },
                oneOf: shapes,
                required: ["zqLampId", "zqLamp"],
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  }),
});
const byId = { $ref: "#/components/schemas/ZqById" };
const inline = {
  type: "object",
  properties: { zqLamp: { type: "object", properties: { zqName: { type: "string" } } } },
};
const withShapes = () => {
  const d = doc([byId, inline]) as Record<string, Record<string, unknown>>;
  d.components = {
    ...d.components,
    schemas: { ZqById: { type: "object", properties: { zqLampId: { type: "string", maxLength: 20 } } } },
  };
  return d;
};

describe("a union body that requires a field of each of its shapes beside it", () => {
  it("is cut with each field required by its own shape, said in the header and a note; links", async () => {
    const d = drafted(withShapes(), ["quoteZqlamp"]);
    expect(d.openapiText).toContain(
      "# Changed by blockwright add: paths./zqlamps/quote.post.requestBody.content.application/json.schema " +
        "(zqLampId, zqLamp): each field required by the one shape of its oneOf that lists it",
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("check which the API requires");
    const params = d.manifest.operations.acme_quote_zqlamp!.params!;
    expect(params.zqLampId?.required).toBeUndefined();
    expect(params.zqLamp?.required).toBeUndefined();
    // A field beside the shapes is no envelope the body needs: a body of one shape is sent without it.
    expect(params.zqNote?.required).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
    // The cut's schema: a body of one shape meets it, one of both or neither does not.
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const rules = (body: unknown) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqlamps/quote",
        headers: new Headers({ "content-type": "application/json" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.map((r) => r.rule);
    expect(rules({ zqLampId: "l1" })).toEqual([]);
    expect(rules({ zqLampId: "l1", zqNote: "desk" })).toEqual([]);
    expect(rules({ zqLamp: { zqName: "desk" } })).toEqual([]);
    expect(rules({ zqLampId: "l1", zqLamp: { zqName: "desk" } })).toEqual(["schema"]);
    expect(rules({})).toEqual(["schema"]);
  });

  it("is left as published where one shape lists every required field", () => {
    const both = { type: "object", properties: { zqLampId: { type: "string" }, zqLamp: { type: "object" } } };
    const d = drafted(doc([both, inline]), ["quoteZqlamp"]);
    expect(d.openapiText).not.toContain("Changed by blockwright add");
  });
});
