// A merge patch (RFC 7396) whose publisher reuses the resource's schema, `required` and all: read to the letter, the
// draft made every such field required and the request judge and the mock refused a one-field patch, the request the
// operation exists for. A merge patch is partial by definition: every field optional at any depth, null removing one;
// the judge stays strict about the rest (a field's type, its enum, an unknown field of a closed object), and a body
// of another media type over the same schema still requires what it requires.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { requestJudge } from "../../judge/judge.js";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqShelf = {
  type: "object",
  additionalProperties: false,
  required: ["zqlabel", "zqsize", "zqplace"],
  properties: {
    zqlabel: { type: "string", maxLength: 40 },
    zqsize: { type: "integer", minimum: 1, maximum: 9 },
    zqkind: { type: "string", enum: ["zqwide", "zqtall"] },
    zqplace: {
      type: "object",
      additionalProperties: false,
      required: ["zqroom", "zqrow"],
      properties: { zqroom: { type: "string", maxLength: 20 }, zqrow: { type: "integer" } },
    },
  },
};
const shelfReply = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" });
const byId = [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } }];
const document = openapi(
  {
    "/zqshelves/{id}": {
      patch: {
        operationId: "zqPatchShelf",
        parameters: byId,
        requestBody: {
          required: true,
          content: {
            "application/merge-patch+json": {
              schema: { $ref: "#/components/schemas/ZqShelf" },
              example: { zqsize: 4 },
            },
          },
        },
        responses: { "200": shelfReply },
      },
      put: {
        operationId: "zqPutShelf",
        parameters: byId,
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqShelf" } } },
        },
        responses: { "200": shelfReply },
      },
    },
  },
  { schemas: { ZqShelf: zqShelf } },
);

describe("a merge patch body over a schema with required fields", () => {
  const d = drafted(document, ["zqPatchShelf", "zqPutShelf"], "zqpatch");

  it("is drafted with every field optional and nullable, and a note saying why", () => {
    const params = d.manifest.operations.zqpatch_zq_patch_shelf?.params as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const name of ["zqlabel", "zqsize", "zqplace"]) {
      expect(params[name]?.required, name).not.toBe(true);
      expect(params[name]?.nullable, name).toBe(true);
    }
    expect(notesAt(d, "operations.zqpatch_zq_patch_shelf.params").join(" ")).toMatch(
      /merge patch .*RFC 7396.*every field/,
    );
    // The publisher's one-field example is a patch the judge takes: the cut keeps it.
    expect(d.openapiText).toMatch(/example:\s*\n?\s*zqsize: 4/);
    // The same schema under application/json is the whole record: its fields stay required.
    const put = d.manifest.operations.zqpatch_zq_put_shelf?.params as unknown as Record<
      string,
      Record<string, unknown>
    >;
    expect(put.zqlabel?.required).toBe(true);
  });

  it("sends a one-field patch the judge takes; it still refuses a wrong type, enum or unknown field", async () => {
    const tools = await linkedTools(d, "zqpatch");
    const patch = tools.find((t) => t.id.endsWith("zqPatchShelf") || t.operationId === "zqPatchShelf");
    const { sent, judged } = await judgedCall(d, patch!, { accessToken: "zq-token-0001", id: "s1", zqsize: 3 });
    expect(judged.refusals).toEqual([]);
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ zqsize: 3 });

    const cut = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));
    const judge = requestJudge(cut, { basePath: "", credential: "form" });
    const refusals = (method: string, type: string, body: unknown) =>
      judge({
        method,
        url: "https://api.acme.test/zqshelves/s1",
        headers: new Headers({ "content-type": type, authorization: "Bearer zq-token-0001" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.map((r) => `${r.rule} ${r.pointer}`);
    const merge = "application/merge-patch+json";
    expect(refusals("PATCH", merge, { zqlabel: "zq one" })).toEqual([]);
    expect(refusals("PATCH", merge, { zqplace: { zqrow: 2 } })).toEqual([]); // nested objects merge too
    // null removes a field, at any depth
    expect(refusals("PATCH", merge, { zqkind: null, zqplace: { zqroom: null } })).toEqual([]);
    expect(refusals("PATCH", merge, { zqsize: "three" })).toEqual(["schema /body/zqsize"]);
    expect(refusals("PATCH", merge, { zqsize: 12 })).toEqual(["schema /body/zqsize"]);
    expect(refusals("PATCH", merge, { zqkind: "zqround" })).toEqual(["schema /body/zqkind"]);
    expect(refusals("PATCH", merge, { zqcolour: "red" })).toHaveLength(1);
    expect(refusals("PATCH", merge, { zqplace: { zqshelf: 1 } })).toHaveLength(1);
    // The whole record under application/json: a field left out is refused.
    expect(refusals("PUT", "application/json", { zqlabel: "zq one" })).toHaveLength(1);
  });

  it("passes every derived case on the mock (Prism's check and the judge's)", async () => {
    const { ids, failed } = await failedCases(d, "zqpatch");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});

// Every merge patch body's operation had a second note, "the request body is required, but its schema requires none
// of its fields", that the patch reading itself made true (and a one-field patch had its field drafted required, as
// an envelope): a reviewer of a document of many patches read it on each. The merge patch's note says it once per
// operation now, `{}` included; a required JSON body that requires no field keeps its note.
describe("a required merge patch body, over fields a whole record requires", () => {
  const zqTag = { type: "object", required: ["zqname"], properties: { zqname: { type: "string", maxLength: 20 } } };
  const patchOf = (operationId: string, schema: unknown, media = "application/merge-patch+json") => ({
    operationId,
    parameters: byId,
    requestBody: { required: true, content: { [media]: { schema } } },
    responses: { "200": shelfReply },
  });
  const open = { type: "object", properties: { zqa: { type: "string" }, zqb: { type: "integer" } } };
  const d = drafted(
    openapi(
      {
        "/zqshelves/{id}": { patch: patchOf("zqPatchShelf", { $ref: "#/components/schemas/ZqShelf" }) },
        "/zqtags/{id}": { patch: patchOf("zqPatchTag", zqTag) },
        "/zqopen/{id}": { put: patchOf("zqPutOpen", open, "application/json") },
      },
      { schemas: { ZqShelf: zqShelf } },
    ),
    ["zqPatchShelf", "zqPatchTag", "zqPutOpen"],
    "zqnotes",
  );
  const notes = (op: string) => notesAt(d, `operations.zqnotes_${op}.params`).join("\n");

  it("is said once, by the merge patch's note, with no field drafted required", () => {
    for (const op of ["zq_patch_shelf", "zq_patch_tag"]) {
      expect(notes(op)).toMatch(/merge patch .*\(\{\} when it gives none: a patch that changes nothing\)/);
      expect(notes(op)).not.toMatch(/requires none of its fields|drafted required/);
    }
    const tag = d.manifest.operations.zqnotes_zq_patch_tag?.params as unknown as Record<string, { required?: true }>;
    expect(tag.zqname?.required).not.toBe(true);
  });

  it("a required JSON body that requires no field keeps its note", () => {
    expect(notes("zq_put_open")).toMatch(/the request body is required, but its schema requires none of its fields/);
  });
});

// A merge patch of a discriminated union of two shapes, each requiring its tag: the draft's example of the whole body
// was tried against the union's place read to the letter, not as the patch it is, so every body lacked the tag and the
// draft said none met the shapes ("the value lacks required field \"type\"") and gave no example.
const zqKind = (extra: string) => ({
  type: "object",
  required: ["type", extra],
  properties: { type: { type: "string" }, [extra]: { type: "integer", minimum: 1 } },
});
const zqRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const kinds = openapi(
  {
    "/zqtools/{id}": {
      patch: {
        operationId: "zqPatchTool",
        parameters: byId,
        requestBody: {
          required: true,
          content: { "application/merge-patch+json": { schema: zqRef("ZqTool") } },
        },
        responses: { "200": shelfReply },
      },
    },
  },
  {
    schemas: {
      ZqTool: {
        discriminator: {
          propertyName: "type",
          mapping: { zqa: "#/components/schemas/ZqA", zqb: "#/components/schemas/ZqB" },
        },
        oneOf: [zqRef("ZqA"), zqRef("ZqB")],
      },
      ZqA: zqKind("zqsize"),
      ZqB: zqKind("zqcount"),
    },
  },
);

describe("a merge patch of a discriminated union of shapes", () => {
  it("drafts an example the request judge takes as the patch, with no note that none was found", async () => {
    const d = drafted(kinds, ["zqPatchTool"], "zqpatchkinds");
    const [op] = Object.values(d.manifest.operations);
    expect(op?.params?.body).toMatchObject({ type: "json", example: {} });
    expect(d.manifestText).not.toContain("no body made from");
    const { ids, failed } = await failedCases(d, "zqpatchkinds");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
