// An API that chooses its version by the Accept, in a vendor JSON type (`application/vnd.zq.v1.hal+json`), whose
// creating operations answer 201 with a Location and no body, their errors in that type: the request asked for any
// type (`*/*`), so such a service answered in its default version, or refused. It asks for the vendor type by name
// now, as an operation answering in it did already.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const hal = "application/vnd.zq.v1.hal+json";
const problem = {
  description: "The request was refused.",
  content: {
    [hal]: {
      schema: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } } },
      example: { code: "ValidationError", message: "zqName is required." },
    },
  },
};
const document = openapi({
  "/zqcustomers": {
    post: {
      operationId: "zqCreateCustomer",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } },
          },
        },
      },
      responses: {
        "201": { description: "Created.", headers: { Location: { schema: { type: "string", format: "uri" } } } },
        "400": problem,
      },
    },
  },
  "/zqcustomers/{zqId}": {
    delete: {
      operationId: "zqDeleteCustomer",
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
      responses: { "204": { description: "Deleted." }, "404": reply({ type: "object" }) },
    },
  },
});

describe("an operation answering no body, its errors in a vendor JSON type", () => {
  it("asks for the vendor type by name; one whose errors are plain JSON sends no Accept of its own", async () => {
    const d = drafted(document, ["zqCreateCustomer", "zqDeleteCustomer"], "zqhal");
    const tools = await linkedTools(d, "zqhal");
    const accepts = Object.fromEntries(tools.map((t) => [t.id, t.accept]));
    expect(accepts).toEqual({ zqhal_zq_create_customer: hal, zqhal_zq_delete_customer: undefined });
  });
});
