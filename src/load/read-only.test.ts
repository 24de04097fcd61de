// readOnly required fields are not required of a request: the draft leaves
// them out and requires the rest, the linker does not ask a parameter for
// them, and the suite's value check accepts a nested object without them.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, type Json } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "./openapi-document.js";
import { parseYamlSource } from "./yaml-source.js";
import { requiredInRequest, withoutReadOnlyRequired } from "./read-only.js";
import { DocumentSampler } from "../mocks/sample/schema-sample.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const item: Json = {
  type: "object",
  required: ["id", "name", "owner"],
  properties: {
    id: { type: "string", readOnly: true },
    name: { type: "string", maxLength: 40 },
    owner: { $ref: "#/components/schemas/Owner" },
    created: { $ref: "#/components/schemas/Stamp" },
  },
};
const components = {
  schemas: {
    Owner: {
      type: "object",
      required: ["id", "email"],
      properties: { id: { $ref: "#/components/schemas/Stamp" }, email: { type: "string", maxLength: 80 } },
    },
    Stamp: { type: "string", readOnly: true },
  },
};
const doc = () =>
  openapi(
    {
      "/items": {
        post: {
          operationId: "createItem",
          requestBody: { required: true, content: { "application/json": { schema: item } } },
          responses: { "201": reply({ type: "object" }) },
        },
      },
    },
    components,
  );

describe("readOnly required fields in a request", () => {
  it("are left out of requiredInRequest, directly or through a $ref", () => {
    const d = new OpenApiDocument(parseYamlSource(JSON.stringify(doc()), "openapi.json"));
    expect(requiredInRequest(d, item)).toEqual(["name", "owner"]);
    expect(requiredInRequest(d, components.schemas.Owner)).toEqual(["email"]);
  });

  it("are not drafted, and the draft links: the rest stay required", async () => {
    const d = drafted(doc(), ["createItem"]);
    const params = d.manifest.operations.acme_create_item!.params!;
    expect(Object.keys(params).sort()).toEqual(["name", "owner"]);
    expect([params.name?.required, params.owner?.required]).toEqual([true, true]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("are not required by the request schemas the suite checks values against", () => {
    const sampler = new DocumentSampler(withoutReadOnlyRequired(doc()));
    const owner = "/paths/~1items/post/requestBody/content/application~1json/schema/properties/owner";
    expect(sampler.valid({ email: "a@zq.test" }, owner)).toBe(true);
    expect(sampler.valid({}, owner)).toBe(false);
    // The document itself is left as it was (answers keep their required fields).
    expect(new DocumentSampler(doc()).valid({ email: "a@zq.test" }, owner)).toBe(false);
  });
});

describe("a field read only through an allOf member", () => {
  it("is not required of a request either (as the mocks read it), and the document keeps its requirement", () => {
    const data = {
      components: {
        schemas: {
          ZqStamp: { type: "object", readOnly: true, properties: { zqat: { type: "string" } } },
          ZqThing: {
            type: "object",
            required: ["zqname", "zqstamp"],
            properties: {
              zqname: { type: "string" },
              zqstamp: { allOf: [{ $ref: "#/components/schemas/ZqStamp" }], description: "When." },
            },
          },
        },
      },
    };
    const thing = (withoutReadOnlyRequired(data) as typeof data).components.schemas.ZqThing;
    expect(thing.required).toEqual(["zqname"]);
    expect(data.components.schemas.ZqThing.required).toEqual(["zqname", "zqstamp"]);
  });
});
