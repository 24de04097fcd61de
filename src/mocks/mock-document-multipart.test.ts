// The multipart bodies of a mock's document: a field that is an object (a JSON part) or a union of objects is
// taken as the text Prism reads the part as.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const Ajv = AjvModule.default ?? AjvModule;

describe("a mock's multipart body with an object field in one of its allOf members (a JSON part)", () => {
  const uploads = {
    openapi: "3.0.3",
    info: { title: "zquploads", version: "1" },
    components: {
      schemas: {
        ZqUpload: {
          allOf: [{ $ref: "#/components/schemas/ZqShared" }, { $ref: "#/components/schemas/ZqRequest" }],
          required: ["zqfile", "zqkind"],
        },
        ZqShared: { type: "object", properties: { zqkind: { type: "string", enum: ["passport"] } } },
        ZqRequest: {
          type: "object",
          properties: {
            zqfile: { type: "string", format: "binary" },
            zqlocation: { $ref: "#/components/schemas/ZqLocation" },
          },
        },
        ZqLocation: { type: "object", properties: { country: { type: "string" } } },
      },
    },
    paths: {
      "/zq/uploads": {
        post: {
          requestBody: {
            required: true,
            content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/ZqUpload" } } },
          },
          responses: { "201": { description: "made" } },
        },
      },
    },
  };

  it(
    "takes that field as the text Prism reads the part as; the other fields are checked as before, " +
      "and the document is not written to",
    () => {
      const served = mockDocument(uploads, () => false) as typeof uploads;
      const schema = (served.paths["/zq/uploads"].post.requestBody.content["multipart/form-data"] as { schema: object })
        .schema;
      const ajv = new Ajv({ strict: false, validateFormats: false });
      ajv.addSchema({ $id: "zq://uploads", components: uploads.components });
      const check = ajv.compile({
        $id: "zq://uploads/body",
        ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://uploads#/components')),
      });
      expect(check({ zqkind: "passport", zqfile: "bytes", zqlocation: '{"country":"GBR"}' })).toBe(true);
      expect(check({ zqkind: "visa", zqfile: "bytes", zqlocation: '{"country":"GBR"}' })).toBe(false);
      expect(check({ zqkind: "passport", zqlocation: "{}" })).toBe(false);
      expect(uploads.components.schemas.ZqRequest.properties.zqlocation).toEqual({
        $ref: "#/components/schemas/ZqLocation",
      });
    },
  );
});

describe(
  "a mock's multipart body with a field that is a union " + "of objects (anyOf of four kinds of reply markup)",
  () => {
    it("takes that field as the text Prism reads its JSON part as; a union with a string member stays as it is", () => {
      const markup = {
        anyOf: [
          { $ref: "#/components/schemas/ZqKeyboard" },
          { type: "object", properties: { zqforce: { type: "boolean" } } },
        ],
      };
      const doc = {
        openapi: "3.0.3",
        info: { title: "zqmarkup", version: "1" },
        components: {
          schemas: {
            ZqKeyboard: { type: "object", properties: { zqrows: { type: "array", items: { type: "string" } } } },
          },
        },
        paths: {
          "/zq/send": {
            post: {
              requestBody: {
                content: {
                  "multipart/form-data": {
                    schema: {
                      type: "object",
                      properties: { zqmarkup: markup, zqchat: { anyOf: [{ type: "integer" }, { type: "string" }] } },
                    },
                  },
                },
              },
              responses: { "200": { description: "sent" } },
            },
          },
        },
      };
      const served = mockDocument(doc, () => false) as typeof doc;
      const properties = (
        served.paths["/zq/send"].post.requestBody.content["multipart/form-data"].schema as {
          properties: Record<string, unknown>;
        }
      ).properties;
      expect(properties.zqmarkup).toMatchObject({ type: "string" });
      expect(properties.zqchat).toEqual({ anyOf: [{ type: "integer" }, { type: "string" }] });
      expect(doc.paths["/zq/send"].post.requestBody.content["multipart/form-data"].schema.properties.zqmarkup).toBe(
        markup,
      );
    });
  },
);
