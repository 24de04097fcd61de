// An object schema whose enum lists texts (`type: object, properties: {name}, enum: [PKW, VAN]`, a document's slip: no
// value is both). openapi-typescript reads an object schema's enum as a list of schemas and threw at the first text
// ("Expected SchemaObject, received string"): generate ended in an internal error, exit 70. The types are made of a
// copy without such enums (the object's type), the document itself unchanged, and no other document is copied.
import { describe, expect, it } from "vitest";
import { emitOpenApiNamespace, withoutObjectEnums } from "./emit-types.js";

const document = (group: object) => ({
  openapi: "3.0.3",
  info: { title: "zqgroups", version: "1" },
  paths: {
    "/zqgroups": {
      get: {
        operationId: "listZqgroups",
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Group" } } },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Group: group } },
});
const object = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };

describe("an object schema whose enum lists values no object is", () => {
  it("gets the object's type, as the document without the enum would", async () => {
    const slipped = document({ ...object, enum: ["PKW", "VAN"] });
    const before = JSON.stringify(slipped);
    expect(await emitOpenApiNamespace(slipped, "ZqOpenApi")).toBe(
      await emitOpenApiNamespace(document(object), "ZqOpenApi"),
    );
    expect(JSON.stringify(slipped)).toBe(before);
  });

  it("is the only change of the copy; a document without one is itself", () => {
    const plain = document(object);
    expect(withoutObjectEnums(plain)).toBe(plain);
    const nullable = document({ ...object, nullable: true, enum: [null] });
    expect(withoutObjectEnums(nullable)).toBe(nullable);
    expect(withoutObjectEnums(document({ ...object, enum: ["PKW", 1] }))).toEqual(plain);
  });
});
