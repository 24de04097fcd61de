// A request body the document leaves optional (no `required: true`, OpenAPI's default) whose schema requires fields:
// the fields stay required of every call, as such documents mostly mean a required body, but the draft says so and how
// to loosen it (a DELETE whose optional multipart body requires its file asked every call for one, with no word why).
import { describe, expect, it } from "vitest";
import { drafted, type Json, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

function withBody(method: string, required: boolean | undefined, media: string, schema: Json): Json {
  return openapi({
    "/zqicons/{id}": {
      [method]: {
        operationId: "zqIcon",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, example: "zq1" }],
        requestBody: { ...(required === undefined ? {} : { required }), content: { [media]: { schema } } },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });
}

const fileBody = { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" } } };
const twoFields = {
  type: "object",
  required: ["name", "size"],
  properties: { name: { type: "string" }, size: { type: "integer" }, note: { type: "string" } },
};

describe("an optional request body whose schema requires fields", () => {
  it("drafts them required, with a note naming them and how a call may send no body", () => {
    const d = drafted(withBody("delete", undefined, "multipart/form-data", fileBody), ["zqIcon"]);
    expect(d.manifest.operations.acme_zq_icon?.params?.file?.required).toBe(true);
    expect(notesAt(d, "operations.acme_zq_icon.params")).toContainEqual(
      "the request body is optional (the document does not say required: true), yet its schema requires file: " +
        "drafted required of every call, as such documents mostly mean a required body; if a call may send no " +
        "body, make file optional",
    );
    const two = drafted(withBody("post", false, "application/json", twoFields), ["zqIcon"]);
    expect(notesAt(two, "operations.acme_zq_icon.params").join("\n")).toContain("its schema requires name, size:");
  });

  it("says nothing of the kind for a required body", () => {
    const d = drafted(withBody("post", true, "application/json", twoFields), ["zqIcon"]);
    expect(notesAt(d, "operations.acme_zq_icon.params").join("\n")).not.toContain("the request body is optional");
  });
});
