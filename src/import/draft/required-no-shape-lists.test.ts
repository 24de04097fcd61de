// A body that is one of two shapes (`oneOf`, nothing telling them apart) and
// requires, beside the union, fields that no shape lists (a shape's
// sub-fields hoisted: `required: [zqTitle, zqFile, zqName]` where only
// `zqFile` lists `zqName`): the request judge and the mocks read such shapes
// as closed over their own fields, so no body met the schema and every case
// was refused. add leaves those fields out of the union's `required` in the
// cut, and says so in its header and a note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const upload = {
  type: "object",
  properties: {
    zqTitle: { type: "string" },
    zqFile: { type: "object", properties: { zqName: { type: "string" }, zqBlob: { type: "string" } } },
  },
};
const doc = (beside: Record<string, unknown> = {}) =>
  openapi({
    "/zqcrates/{crateId}/labels": {
      post: {
        operationId: "labelZqcrate",
        parameters: [{ name: "crateId", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                oneOf: [{ type: "object", properties: { zqLabelId: { type: "string" } } }, upload],
                required: ["zqTitle", "zqFile", "zqName", "zqBlob"],
                ...beside,
              },
            },
          },
        },
        responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  });

describe("a union body that requires, beside its shapes, fields no shape lists", () => {
  it("is cut without those fields required, said in the header and a note; a body of one shape meets it", async () => {
    const d = drafted(doc(), ["labelZqcrate"]);
    expect(d.openapiText).toContain(
      "# Left out by blockwright add: the required fields of " +
        "paths./zqcrates/{crateId}/labels.post.requestBody.content.application/json.schema (zqName, zqBlob)",
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("no longer requires the fields of");
    expect(await linkProblems(d)).toEqual([]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const rules = (body: unknown) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqcrates/c1/labels",
        headers: new Headers({ "content-type": "application/json" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.map((r) => r.rule);
    expect(rules({ zqTitle: "t", zqFile: { zqName: "a.pdf", zqBlob: "QQ==" } })).toEqual([]);
    // The fields still required stay so, and the hoisted ones are still no field of a shape.
    expect(rules({ zqFile: { zqName: "a.pdf" } })).toEqual(["schema"]);
    expect(rules({ zqTitle: "t", zqFile: {}, zqName: "a.pdf", zqBlob: "QQ==" })).toEqual(["schema"]);
  });

  it("is left as published where the union itself lists them", () => {
    const d = drafted(doc({ properties: { zqName: { type: "string" }, zqBlob: { type: "string" } } }), [
      "labelZqcrate",
    ]);
    expect(d.openapiText).not.toContain("Left out by blockwright add: the required fields");
  });

  it("is left as published where a shape may take fields it does not name", () => {
    const d = drafted(doc({ oneOf: [{ type: "object", patternProperties: { "^zq": { type: "string" } } }, upload] }), [
      "labelZqcrate",
    ]);
    expect(d.openapiText).not.toContain("Left out by blockwright add: the required fields");
  });
});

// A closed answer (`additionalProperties: false`) that requires a field it does not list (`validationStatus` beside
// the `pinValid` it lists: a field renamed in one place): no value met it, and the mock's every answer was refused as
// lacking it. add leaves that field out of its `required`; the closing and the fields it lists stay.
const closed = (extra: Record<string, unknown> = {}) =>
  openapi({
    "/zqpins": {
      post: {
        operationId: "checkZqpin",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqPin: { type: "string" } } } } },
        },
        responses: {
          "200": reply({
            type: "object",
            additionalProperties: false,
            properties: { zqPinValid: { type: "string" }, zqTrace: { type: "string" } },
            required: ["zqValidationStatus", "zqTrace"],
            ...extra,
          }),
        },
      },
    },
  });

describe("a closed object that requires a field it does not list", () => {
  it("is cut without that field required (the rest kept), said in the header and a note", async () => {
    const d = drafted(closed(), ["checkZqpin"]);
    expect(d.openapiText).toMatch(/# Left out by blockwright add: the required fields of .*\(zqValidationStatus\)/);
    expect(notesAt(d, "openapi").join("\n")).toContain("no longer requires the fields of");
    const cut = parseYamlSource(d.openapiText, "openapi.yaml").data as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    const answer = JSON.stringify(cut.paths["/zqpins"]?.post.responses["200"]);
    expect(answer).toContain('"required":["zqTrace"]');
    expect(answer).toContain('"additionalProperties":false');
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is left as published where it is open, or lists every field it requires", () => {
    for (const extra of [{ additionalProperties: true }, { required: ["zqTrace"] }]) {
      const d = drafted(closed(extra), ["checkZqpin"]);
      expect(d.openapiText, JSON.stringify(extra)).not.toContain("Left out by blockwright add: the required fields");
    }
  });
});

// A closed answer beside an `allOf` (`additionalProperties: false`, read as closed over its members' fields) that
// requires fields neither it nor any member lists (`zqNotes` beside a member's `zqPickupNotes`): no value met it, and
// the mock's every answer was refused. add leaves those out of its `required`; the fields a member lists stay required.
const member = {
  type: "object",
  additionalProperties: false,
  properties: { zqPinValid: { type: "string" }, zqPickupNotes: { type: "string" } },
};
const closedBesideMembers = (required: string[]) =>
  closed({ properties: { zqTrace: { type: "string" } }, allOf: [{ allOf: [member] }], required });

describe("a closed object beside allOf members that requires a field none of them lists", () => {
  it("is cut without that field required (those a member lists kept), said in the header and a note", async () => {
    const d = drafted(closedBesideMembers(["zqTrace", "zqPinValid", "zqNotes", "zqPickup"]), ["checkZqpin"]);
    expect(d.openapiText).toMatch(/# Left out by blockwright add: the required fields of .*\(zqNotes, zqPickup\)/);
    expect(notesAt(d, "openapi").join("\n")).toContain("no longer requires the fields of");
    const cut = parseYamlSource(d.openapiText, "openapi.yaml").data as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    const answer = JSON.stringify(cut.paths["/zqpins"]?.post.responses["200"]);
    expect(answer).toContain('"required":["zqTrace","zqPinValid"]');
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is left as published where a member lists every field it requires, or may take others", () => {
    const listed = drafted(closedBesideMembers(["zqTrace", "zqPickupNotes"]), ["checkZqpin"]);
    expect(listed.openapiText).not.toContain("Left out by blockwright add: the required fields");
    const open = closed({
      allOf: [{ type: "object", additionalProperties: { type: "string" } }],
      required: ["zqTrace", "zqNotes"],
    });
    expect(drafted(open, ["checkZqpin"]).openapiText).not.toContain("Left out by blockwright add: the required fields");
  });
});
