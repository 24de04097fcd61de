// A required form body (application/x-www-form-urlencoded) whose schema is a list of objects, not an object of named
// fields: a form's pairs name fields, and a list names none, so the runtime sent an empty body and the request judge
// refused it as no list (every case of the operation failed; no value could be made that the request check took).
// add refuses the operation up front, saying why and to leave it out, as it does a form of one value; an optional
// one is drafted without its body.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const task = (name: string) => ({
  type: "object",
  properties: { name: { type: "string", enum: [name] }, zqOptions: { type: "object" } },
});
const document = (required: boolean) =>
  openapi(
    {
      "/zqvideos/{id}/zqedit": {
        post: {
          operationId: "zqEdit",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          requestBody: {
            required,
            content: { "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/ZqTasks" } } },
          },
          responses: { "200": reply({ type: "object" }) },
        },
      },
    },
    { schemas: { ZqTasks: { type: "array", items: { anyOf: [task("zqcut"), task("zqintro")] } } } },
  );

describe("a form body that is a list", () => {
  it("refuses the operation when the body is required, naming it and what to do", () => {
    expect(() => drafted(document(true), ["zqEdit"])).toThrow(
      /zqEdit.*application\/x-www-form-urlencoded.*leave it out of --operations/,
    );
  });

  it("drafts the operation without its body when the body is optional", () => {
    const params = drafted(document(false), ["zqEdit"]).manifest.operations.acme_zq_edit?.params ?? {};
    expect(Object.keys(params)).toEqual(["id"]);
  });
});
