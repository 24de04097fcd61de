// The document a mock serves: a form's list field also takes one item (a
// one-item list goes on the wire as `Key=value`, which Prism reads as text);
// a request body does not require the fields its branches declare readOnly;
// and the answers (an object schema under a media type of bytes served as JSON
// among them): mock-document-answers.test.ts; multipart bodies: mock-document-multipart.test.ts.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const Ajv = AjvModule.default ?? AjvModule;

const document = {
  openapi: "3.0.3",
  info: { title: "zqforms", version: "1" },
  components: { schemas: { ZqLinks: { type: "array", items: { type: "string", format: "uri" } } } },
  paths: {
    "/zq/files": {
      get: {
        parameters: [
          {
            name: "source",
            in: "query",
            schema: {
              anyOf: [
                { type: "array", items: { type: "string", enum: ["zq-upload", "zq-mistral"] } },
                { type: "null" },
              ],
              title: "Source",
            },
          },
        ],
        responses: { "200": { description: "listed" } },
      },
    },
    "/zq/messages": {
      post: {
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["To"],
                properties: {
                  To: { type: "string" },
                  MediaUrl: { $ref: "#/components/schemas/ZqLinks" },
                  Tags: { type: "array", items: { type: "string", maxLength: 3 } },
                },
              },
            },
          },
        },
        responses: { "201": { description: "made" } },
      },
    },
  },
};

describe("a mock's form with a list field", () => {
  it("takes one item as well as a list, each item still checked", () => {
    const served = mockDocument(document, () => false) as typeof document;
    const schema = served.paths["/zq/messages"].post.requestBody.content["application/x-www-form-urlencoded"].schema;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: "zq://forms", components: document.components });
    const check = ajv.compile({
      $id: "zq://forms/body",
      ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://forms#/components')),
    });
    expect(check({ To: "zq", Tags: "abc" })).toBe(true);
    expect(check({ To: "zq", Tags: ["abc", "de"] })).toBe(true);
    expect(check({ To: "zq", Tags: "abcd" })).toBe(false);
    expect(check({ To: "zq", MediaUrl: "https://zq.example/a.png" })).toBe(true);
    // The document itself is not written to.
    expect(
      document.paths["/zq/messages"].post.requestBody.content["application/x-www-form-urlencoded"].schema.properties
        .Tags,
    ).toEqual({ type: "array", items: { type: "string", maxLength: 3 } });
  });
});

describe("a mock's parameter that is a schema or null", () => {
  it("is that schema: an address carries no null, and a one-item list is read as a list", () => {
    const served = mockDocument(document, () => false) as typeof document;
    expect(served.paths["/zq/files"].get.parameters[0]?.schema).toEqual({
      title: "Source",
      type: "array",
      items: { type: "string", enum: ["zq-upload", "zq-mistral"] },
    });
  });
  it("is that schema when the null is in its type (3.1) or nullable (3.0)", () => {
    const items = { type: "string", enum: ["zq-airtime"] };
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqnullable", version: "1" },
      paths: {
        "/zq": {
          get: {
            parameters: [
              { name: "fields", in: "query", schema: { type: "array", nullable: true, items } },
              { name: "ids", in: "query", schema: { type: ["array", "null"], items } },
              { name: "limit", in: "query", schema: { type: "integer", nullable: false } },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const served = mockDocument(doc, () => false) as typeof doc;
    expect(served.paths["/zq"].get.parameters.map((p) => p.schema)).toEqual([
      { type: "array", items },
      { type: "array", items },
      { type: "integer", nullable: false },
    ]);
  });
});

describe("a mock's query object sent as its fields (form, exploded)", () => {
  const spread = {
    openapi: "3.0.3",
    info: { title: "zqsearch", version: "1" },
    components: {
      schemas: {
        ZqQuery: {
          type: "object",
          required: ["q"],
          properties: { q: { type: "string" }, per_page: { type: "integer", maximum: 50 } },
        },
        ZqCriteria: {
          type: "object",
          required: ["zqAccount", "zqList"],
          properties: {
            zqAccount: { type: "string" },
            zqList: { type: "array", items: { type: "object", properties: { zqField: { type: "string" } } } },
          },
        },
      },
    },
    paths: {
      "/zq/search": {
        get: {
          parameters: [
            { name: "zqQuery", in: "query", required: true, schema: { $ref: "#/components/schemas/ZqQuery" } },
            {
              name: "zqFilter",
              in: "query",
              style: "deepObject",
              schema: { type: "object", properties: { kind: { type: "string" } } },
            },
          ],
          responses: { "200": { description: "found" } },
        },
      },
    },
  };

  it(
    "takes each field as a query parameter of its own, required where the object requires it; " +
      "other styles stay as they are",
    () => {
      const served = mockDocument(spread, () => false) as { paths: Record<string, { get: { parameters: unknown[] } }> };
      expect(served.paths["/zq/search"]?.get.parameters).toEqual([
        { name: "q", in: "query", required: true, schema: { type: "string" } },
        { name: "per_page", in: "query", schema: { type: "integer", maximum: 50 } },
        spread.paths["/zq/search"].get.parameters[1],
      ]);
    },
  );

  // A field holding a list of objects goes in bracket form under its own name (`zqList[0][zqField]=…`), which Prism
  // reads as no value of it: required, every call was refused. The judge holds it to the document.
  it("does not require of Prism a field that holds objects, still requiring the others", () => {
    const criteria = {
      name: "zqCriteria",
      in: "query",
      required: true,
      schema: { $ref: "#/components/schemas/ZqCriteria" },
    };
    const document = { ...spread, paths: { "/zq/search": { get: { parameters: [criteria], responses: {} } } } };
    const served = mockDocument(document, () => false) as { paths: Record<string, { get: { parameters: unknown[] } }> };
    expect(served.paths["/zq/search"]?.get.parameters).toEqual([
      { name: "zqAccount", in: "query", required: true, schema: { type: "string" } },
      // A list field, its explode stated as its own parameter's is (served-parameters.ts).
      { name: "zqList", in: "query", schema: spread.components.schemas.ZqCriteria.properties.zqList, explode: true },
    ]);
  });
});

describe("a mock's request body that requires fields its branches declare readOnly", () => {
  const records = {
    openapi: "3.0.3",
    info: { title: "zqrecords", version: "1" },
    components: {
      schemas: {
        ZqBase: {
          type: "object",
          properties: {
            id: { type: "string", readOnly: true },
            created_on: { type: "string", readOnly: true },
            ttl: { type: "integer" },
          },
        },
        ZqARecord: {
          allOf: [
            {
              type: "object",
              required: ["type"],
              properties: { type: { type: "string", enum: ["A"] }, name: { type: "string" } },
            },
            { $ref: "#/components/schemas/ZqBase" },
          ],
        },
        ZqRecord: {
          oneOf: [{ $ref: "#/components/schemas/ZqARecord" }],
          required: ["id", "type", "name", "created_on"],
        },
      },
    },
    paths: {
      "/zq/records": {
        post: {
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRecord" } } },
          },
          responses: {
            "200": {
              description: "made",
              content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRecord" } } },
            },
          },
        },
      },
    },
  };

  it("does not require them of a request (answers still do); the document is not written to", () => {
    const served = mockDocument(records, () => false) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> } }
      >;
    };
    const post = served.paths["/zq/records"]!.post;
    const schema = post.requestBody.content["application/json"]!.schema;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: "zq://records", components: served.components });
    const check = ajv.compile({
      $id: "zq://records/body",
      ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://records#/components')),
    });
    expect(check({ type: "A", name: "zq.example" })).toBe(true);
    expect(check({ name: "zq.example" })).toBe(false);
    // The body's schema rewritten once, as a schema of its own that the body refers to.
    expect(schema).toEqual({ $ref: "#/components/schemas/ZqRecord.request" });
    expect(served.components.schemas["ZqRecord.request"]).toMatchObject({ required: ["type", "name"] });
    expect(post.responses).toMatchObject({
      "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRecord" } } } },
    });
    expect(records.components.schemas.ZqRecord.required).toEqual(["id", "type", "name", "created_on"]);
  });
});

describe(
  "a mock's request body with a nested object that " + "requires its readOnly fields (through a nullable allOf)",
  () => {
    const zqAddress = {
      type: "object",
      required: ["geocoded_at", "line"],
      properties: { line: { type: "string" }, geocoded_at: { type: "string", readOnly: true } },
    };
    const roles = {
      openapi: "3.0.3",
      info: { title: "zqroles", version: "1" },
      components: {
        schemas: {
          ZqAddress: zqAddress,
          ZqRole: {
            type: "object",
            properties: {
              name: { type: "string" },
              start: { allOf: [{ $ref: "#/components/schemas/ZqAddress" }], nullable: true },
              stops: { type: "array", items: { $ref: "#/components/schemas/ZqAddress" } },
            },
          },
        },
      },
      paths: {
        "/zq/roles": {
          post: {
            requestBody: {
              required: true,
              content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRole" } } },
            },
            responses: { "201": { description: "made" } },
          },
        },
      },
    };

    it(
      "takes the object without them, at any depth, and still requires the rest; " + "the document is not written to",
      () => {
        const served = mockDocument(roles, () => false) as {
          paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
          components: unknown;
        };
        const schema = served.paths["/zq/roles"]!.post.requestBody.content["application/json"]!.schema;
        const ajv = new Ajv({ strict: false, validateFormats: false });
        ajv.addSchema({ $id: "zq://roles", components: served.components });
        const check = ajv.compile({
          $id: "zq://roles/body",
          ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://roles#/components')),
        });
        expect(check({ name: "zq", start: { line: "1 Zq Road" }, stops: [{ line: "2 Zq Road" }] })).toBe(true);
        expect(check({ name: "zq", start: {} })).toBe(false);
        expect(check({ name: "zq", stops: [{}] })).toBe(false);
        expect(roles.components.schemas.ZqAddress.required).toEqual(["geocoded_at", "line"]);
      },
    );
  },
);

describe("a string parameter whose enum lists numbers", () => {
  it(
    "takes the texts of its values, as a query carries them (Prism checks a query value as text against the " + "enum)",
    () => {
      const doc = {
        openapi: "3.0.3",
        info: { title: "zqplaces", version: "1" },
        components: {
          parameters: { ZqPrice: { name: "zqmaxprice", in: "query", schema: { type: "string", enum: [0, 1, 2] } } },
        },
        paths: {
          "/zqplaces": {
            get: {
              parameters: [{ $ref: "#/components/parameters/ZqPrice" }],
              responses: { "200": { description: "ok" } },
            },
          },
        },
      };
      type Param = { $ref?: string; schema?: { enum: unknown[] } };
      const served = mockDocument(doc, () => false) as {
        paths: Record<string, { get: { parameters: Param[] } }>;
        components: { parameters: Record<string, Param> };
      };
      // Read where it is served: inline, or in the copy's component the reference names.
      const param = served.paths["/zqplaces"]?.get.parameters[0];
      const schema = (param?.$ref ? served.components.parameters.ZqPrice : param)?.schema;
      expect(schema?.enum).toEqual(["0", "1", "2"]);
      expect(new Ajv().compile(schema as object)("1")).toBe(true);
      expect(doc.components.parameters.ZqPrice.schema.enum).toEqual([0, 1, 2]);
    },
  );
});
