// A required body field the credential covers (`auth.covers`: nothing sends it, and the mock is not to require it), of
// a body whose schema is a `$ref` to a named schema (an authorization server's API: `token`, required, in
// `introspection_request`; newvendors66). The mock left a `$ref`'d schema's `required` as written (only an inline
// schema's lost the covered name), so Prism refused every call: "must have required property 'token'". Now the
// schema the `$ref` names is served with the covered name out of its `required`, for that operation alone.
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

// biome-ignore lint/suspicious/noExplicitAny: a served document read field by field
type Json = Record<string, any>;

const document = {
  openapi: "3.0.3",
  info: { title: "Zq", version: "1" },
  components: {
    schemas: {
      ZqIntrospect: {
        type: "object",
        required: ["token", "zqscope"],
        properties: { token: { type: "string" }, zqscope: { type: "string" } },
      },
    },
  },
  paths: {
    "/zq/introspect": {
      post: {
        operationId: "zqIntrospect",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/ZqIntrospect" } },
            "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/ZqIntrospect" } },
          },
        },
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

/** The schema served for a media type, its `$ref` (if any) followed. */
function servedSchema(served: Json, type: string): Json {
  const schema = served.paths["/zq/introspect"].post.requestBody.content[type].schema as Json;
  return typeof schema.$ref === "string" ? served.components.schemas[schema.$ref.split("/").at(-1) as string] : schema;
}

describe("a covered body field of a $ref'd schema", () => {
  it("is not required by the mock, in each media type; the other required fields stay", () => {
    const served = mockDocument(document, (slot) => slot.in === "body" && slot.name === "token") as Json;
    for (const type of ["application/json", "application/x-www-form-urlencoded"])
      expect(servedSchema(served, type).required).toEqual(["zqscope"]);
    // The named schema itself is left as published: another operation's body may require it.
    expect(served.components.schemas.ZqIntrospect.required).toEqual(["token", "zqscope"]);
  });

  it("stays required where the credential covers nothing", () => {
    const served = mockDocument(document, () => false) as Json;
    expect(servedSchema(served, "application/json").required).toEqual(["token", "zqscope"]);
  });
});
