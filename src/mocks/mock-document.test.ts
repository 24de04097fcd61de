// The document a mock serves: a form's list field also takes one item (a
// one-item list goes on the wire as `Key=value`, which Prism reads as text);
// a request body does not require the fields its branches declare readOnly;
// an object schema under a media type of bytes is served as JSON.
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
        parameters: [{ name: "source", in: "query", schema: { anyOf: [{ type: "array", items: { type: "string", enum: ["zq-upload", "zq-mistral"] } }, { type: "null" }], title: "Source" } }],
        responses: { "200": { description: "listed" } },
      },
    },
    "/zq/messages": {
      post: {
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", required: ["To"], properties: { To: { type: "string" }, MediaUrl: { $ref: "#/components/schemas/ZqLinks" }, Tags: { type: "array", items: { type: "string", maxLength: 3 } } } },
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
    const check = ajv.compile({ $id: "zq://forms/body", ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://forms#/components')) });
    expect(check({ To: "zq", Tags: "abc" })).toBe(true);
    expect(check({ To: "zq", Tags: ["abc", "de"] })).toBe(true);
    expect(check({ To: "zq", Tags: "abcd" })).toBe(false);
    expect(check({ To: "zq", MediaUrl: "https://zq.example/a.png" })).toBe(true);
    // The document itself is not written to.
    expect(document.paths["/zq/messages"].post.requestBody.content["application/x-www-form-urlencoded"].schema.properties.Tags).toEqual({ type: "array", items: { type: "string", maxLength: 3 } });
  });
});

describe("a mock's parameter that is a schema or null", () => {
  it("is that schema: an address carries no null, and a one-item list is read as a list", () => {
    const served = mockDocument(document, () => false) as typeof document;
    expect(served.paths["/zq/files"].get.parameters[0]?.schema).toEqual({ title: "Source", type: "array", items: { type: "string", enum: ["zq-upload", "zq-mistral"] } });
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
    components: { schemas: { ZqQuery: { type: "object", required: ["q"], properties: { q: { type: "string" }, per_page: { type: "integer", maximum: 50 } } } } },
    paths: {
      "/zq/search": {
        get: {
          parameters: [
            { name: "zqQuery", in: "query", required: true, schema: { $ref: "#/components/schemas/ZqQuery" } },
            { name: "zqFilter", in: "query", style: "deepObject", schema: { type: "object", properties: { kind: { type: "string" } } } },
          ],
          responses: { "200": { description: "found" } },
        },
      },
    },
  };

  it("takes each field as a query parameter of its own, required where the object requires it; other styles stay as they are", () => {
    const served = mockDocument(spread, () => false) as { paths: Record<string, { get: { parameters: unknown[] } }> };
    expect(served.paths["/zq/search"]?.get.parameters).toEqual([
      { name: "q", in: "query", required: true, schema: { type: "string" } },
      { name: "per_page", in: "query", schema: { type: "integer", maximum: 50 } },
      spread.paths["/zq/search"].get.parameters[1],
    ]);
  });
});

describe("a mock's request body that requires fields its branches declare readOnly", () => {
  const records = {
    openapi: "3.0.3",
    info: { title: "zqrecords", version: "1" },
    components: {
      schemas: {
        ZqBase: { type: "object", properties: { id: { type: "string", readOnly: true }, created_on: { type: "string", readOnly: true }, ttl: { type: "integer" } } },
        ZqARecord: { allOf: [{ type: "object", required: ["type"], properties: { type: { type: "string", enum: ["A"] }, name: { type: "string" } } }, { $ref: "#/components/schemas/ZqBase" }] },
        ZqRecord: { oneOf: [{ $ref: "#/components/schemas/ZqARecord" }], required: ["id", "type", "name", "created_on"] },
      },
    },
    paths: {
      "/zq/records": {
        post: {
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRecord" } } } },
          responses: { "200": { description: "made", content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRecord" } } } } },
        },
      },
    },
  };

  it("does not require them of a request (answers still do); the document is not written to", () => {
    const served = mockDocument(records, () => false) as { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> } }> };
    const post = served.paths["/zq/records"]!.post;
    const schema = post.requestBody.content["application/json"]!.schema;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: "zq://records", components: records.components });
    const check = ajv.compile({ $id: "zq://records/body", ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://records#/components')) });
    expect(check({ type: "A", name: "zq.example" })).toBe(true);
    expect(check({ name: "zq.example" })).toBe(false);
    expect(schema).toMatchObject({ required: ["type", "name"] });
    expect(post.responses).toMatchObject({ "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRecord" } } } } });
    expect(records.components.schemas.ZqRecord.required).toEqual(["id", "type", "name", "created_on"]);
  });
});

describe("a mock's request body with a nested object that requires its readOnly fields (through a nullable allOf)", () => {
  const zqAddress = { type: "object", required: ["geocoded_at", "line"], properties: { line: { type: "string" }, geocoded_at: { type: "string", readOnly: true } } };
  const roles = {
    openapi: "3.0.3",
    info: { title: "zqroles", version: "1" },
    components: {
      schemas: {
        ZqAddress: zqAddress,
        ZqRole: { type: "object", properties: { name: { type: "string" }, start: { allOf: [{ $ref: "#/components/schemas/ZqAddress" }], nullable: true }, stops: { type: "array", items: { $ref: "#/components/schemas/ZqAddress" } } } },
      },
    },
    paths: { "/zq/roles": { post: { requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRole" } } } }, responses: { "201": { description: "made" } } } } },
  };

  it("takes the object without them, at any depth, and still requires the rest; the document is not written to", () => {
    const served = mockDocument(roles, () => false) as { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>; components: unknown };
    const schema = served.paths["/zq/roles"]!.post.requestBody.content["application/json"]!.schema;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: "zq://roles", components: served.components });
    const check = ajv.compile({ $id: "zq://roles/body", ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://roles#/components')) });
    expect(check({ name: "zq", start: { line: "1 Zq Road" }, stops: [{ line: "2 Zq Road" }] })).toBe(true);
    expect(check({ name: "zq", start: {} })).toBe(false);
    expect(check({ name: "zq", stops: [{}] })).toBe(false);
    expect(roles.components.schemas.ZqAddress.required).toEqual(["geocoded_at", "line"]);
  });
});

describe("a mock's answer whose object schema is given under a media type of bytes (a Swagger 2 produces list)", () => {
  const archive = {
    openapi: "3.0.0",
    info: { title: "zqarchive", version: "1" },
    components: { schemas: { ZqError: { type: "object", required: ["message"], properties: { message: { type: "string" } } } } },
    paths: {
      "/zq/archive": {
        get: {
          responses: {
            "200": { description: "the tar", content: { "application/x-tar": { schema: { type: "string", format: "binary" } } } },
            "400": { description: "bad", content: { "application/x-tar": { schema: { $ref: "#/components/schemas/ZqError" } } } },
            "404": {
              description: "none",
              content: { "application/x-tar": { schema: { $ref: "#/components/schemas/ZqError" } }, "application/json": { examples: { response: { value: { message: "No such zq" } } } } },
            },
          },
        },
      },
    },
  };

  it("is served as JSON (with the JSON media type's examples); bytes stay bytes", () => {
    const served = mockDocument(archive, () => false) as { paths: Record<string, { get: { responses: Record<string, { content: unknown }> } }> };
    const responses = served.paths["/zq/archive"]!.get.responses;
    expect(responses["200"]!.content).toEqual(archive.paths["/zq/archive"].get.responses["200"].content);
    expect(responses["400"]!.content).toEqual({ "application/json": { schema: { $ref: "#/components/schemas/ZqError" } } });
    expect(responses["404"]!.content).toEqual({ "application/json": { schema: { $ref: "#/components/schemas/ZqError" }, examples: { response: { value: { message: "No such zq" } } } } });
  });
});

describe("a string parameter whose enum lists numbers", () => {
  it("takes the texts of its values, as a query carries them (Prism checks a query value as text against the enum)", () => {
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqplaces", version: "1" },
      components: { parameters: { ZqPrice: { name: "zqmaxprice", in: "query", schema: { type: "string", enum: [0, 1, 2] } } } },
      paths: { "/zqplaces": { get: { parameters: [{ $ref: "#/components/parameters/ZqPrice" }], responses: { "200": { description: "ok" } } } } },
    };
    const served = mockDocument(doc, () => false) as { paths: Record<string, { get: { parameters: { schema: { enum: unknown[] } }[] } }> };
    const schema = served.paths["/zqplaces"]?.get.parameters[0]?.schema;
    expect(schema?.enum).toEqual(["0", "1", "2"]);
    expect(new Ajv().compile(schema as object)("1")).toBe(true);
    expect(doc.components.parameters.ZqPrice.schema.enum).toEqual([0, 1, 2]);
  });
});

describe("a mock's multipart body with an object field in one of its allOf members (a JSON part)", () => {
  const uploads = {
    openapi: "3.0.3",
    info: { title: "zquploads", version: "1" },
    components: {
      schemas: {
        ZqUpload: { allOf: [{ $ref: "#/components/schemas/ZqShared" }, { $ref: "#/components/schemas/ZqRequest" }], required: ["zqfile", "zqkind"] },
        ZqShared: { type: "object", properties: { zqkind: { type: "string", enum: ["passport"] } } },
        ZqRequest: { type: "object", properties: { zqfile: { type: "string", format: "binary" }, zqlocation: { $ref: "#/components/schemas/ZqLocation" } } },
        ZqLocation: { type: "object", properties: { country: { type: "string" } } },
      },
    },
    paths: { "/zq/uploads": { post: { requestBody: { required: true, content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/ZqUpload" } } } }, responses: { "201": { description: "made" } } } } },
  };

  it("takes that field as the text Prism reads the part as; the other fields are checked as before, and the document is not written to", () => {
    const served = mockDocument(uploads, () => false) as typeof uploads;
    const schema = (served.paths["/zq/uploads"].post.requestBody.content["multipart/form-data"] as { schema: object }).schema;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: "zq://uploads", components: uploads.components });
    const check = ajv.compile({ $id: "zq://uploads/body", ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"zq://uploads#/components')) });
    expect(check({ zqkind: "passport", zqfile: "bytes", zqlocation: '{"country":"GBR"}' })).toBe(true);
    expect(check({ zqkind: "visa", zqfile: "bytes", zqlocation: '{"country":"GBR"}' })).toBe(false);
    expect(check({ zqkind: "passport", zqlocation: "{}" })).toBe(false);
    expect(uploads.components.schemas.ZqRequest.properties.zqlocation).toEqual({ $ref: "#/components/schemas/ZqLocation" });
  });
});

describe("a mock's multipart body with a field that is a union of objects (anyOf of four kinds of reply markup)", () => {
  it("takes that field as the text Prism reads its JSON part as; a union with a string member stays as it is", () => {
    const markup = { anyOf: [{ $ref: "#/components/schemas/ZqKeyboard" }, { type: "object", properties: { zqforce: { type: "boolean" } } }] };
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqmarkup", version: "1" },
      components: { schemas: { ZqKeyboard: { type: "object", properties: { zqrows: { type: "array", items: { type: "string" } } } } } },
      paths: {
        "/zq/send": {
          post: {
            requestBody: {
              content: { "multipart/form-data": { schema: { type: "object", properties: { zqmarkup: markup, zqchat: { anyOf: [{ type: "integer" }, { type: "string" }] } } } } },
            },
            responses: { "200": { description: "sent" } },
          },
        },
      },
    };
    const served = mockDocument(doc, () => false) as typeof doc;
    const properties = (served.paths["/zq/send"].post.requestBody.content["multipart/form-data"].schema as { properties: Record<string, unknown> }).properties;
    expect(properties.zqmarkup).toMatchObject({ type: "string" });
    expect(properties.zqchat).toEqual({ anyOf: [{ type: "integer" }, { type: "string" }] });
    expect(doc.paths["/zq/send"].post.requestBody.content["multipart/form-data"].schema.properties.zqmarkup).toBe(markup);
  });
});

describe("a mock's header parameters that OpenAPI ignores", () => {
  it("requires none named Accept, Content-Type or Authorization of a request, and keeps the others", () => {
    const header = (name: string) => ({ name, in: "header", required: true, schema: { type: "string", enum: ["application/json; zq=a,b"] } });
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqheaders", version: "1" },
      paths: { "/zq": { get: { parameters: ["Content-Type", "accept", "Authorization", "X-Zq-Version"].map(header), responses: { "200": { description: "ok" } } } } },
    };
    const served = mockDocument(doc, () => false) as typeof doc;
    expect(served.paths["/zq"].get.parameters.map((p) => p.name)).toEqual(["X-Zq-Version"]);
  });
});

describe("a mock's answers that HTTP says carry no content", () => {
  it("serves a 204, 205 or 304 without the body a document declares for it, and other answers as declared", () => {
    const json = { "application/json": { schema: { type: "object" } } };
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqnocontent", version: "1" },
      paths: { "/zq": { delete: { responses: { "200": { description: "ok", content: json }, "204": { description: "gone", content: json }, "205": { description: "reset", content: json } } } } },
    };
    const served = mockDocument(doc, () => false) as { paths: Record<string, { delete: { responses: Record<string, object> } }> };
    const responses = served.paths["/zq"]!.delete.responses;
    expect([responses["200"], responses["204"], responses["205"]]).toEqual([{ description: "ok", content: json }, { description: "gone" }, { description: "reset" }]);
  });
});

describe("a mock's answers whose document lists a real answer's transport headers", () => {
  it("serves them without Content-Encoding, Transfer-Encoding, Content-Length or Connection (the mock writes a plain body), other headers and $refs as declared", () => {
    const header = (example: string) => ({ schema: { type: "string", example } });
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqtransport", version: "1" },
      components: { responses: { Plain: { description: "plain", headers: { "X-Zq-Trace": header("t1") } } } },
      paths: {
        "/zq": {
          get: {
            responses: {
              "200": { description: "ok", headers: { "Content-Encoding": header("gzip"), "transfer-encoding": header("chunked"), "Content-Length": header("12"), Connection: header("keep-alive"), "X-Zq-Trace": header("t0") } },
              "404": { $ref: "#/components/responses/Plain" },
            },
          },
        },
      },
    };
    const before = structuredClone(doc);
    const served = mockDocument(doc, () => false) as { paths: Record<string, { get: { responses: Record<string, { headers?: object }> } }> };
    const responses = served.paths["/zq"]!.get.responses;
    expect(Object.keys(responses["200"]!.headers!)).toEqual(["X-Zq-Trace"]);
    expect(responses["404"]).toEqual({ $ref: "#/components/responses/Plain" });
    expect(doc).toEqual(before);
  });
});

describe("a mock's answer whose document lists a Content-Type header", () => {
  it("serves it without that header, which OpenAPI ignores (Prism sent its made-up value as the type and then answered 500)", () => {
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqcontenttype", version: "1" },
      paths: { "/zq/file": { get: { responses: { "200": { description: "a file", headers: { "content-type": { schema: { type: "string" } }, "X-Zq-Name": { schema: { type: "string" } } } } } } } },
    };
    const served = mockDocument(doc, () => false) as { paths: Record<string, { get: { responses: Record<string, { headers?: object }> } }> };
    expect(Object.keys(served.paths["/zq/file"]!.get.responses["200"]!.headers!)).toEqual(["X-Zq-Name"]);
  });
});

describe("a mock's answer with a JSON type that has no schema beside one that has", () => {
  it("serves the first with the second's schema (one body, with and without its charset); other types as declared", () => {
    const schema = { type: "object", properties: { id: { type: "string" } } };
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqsibling", version: "1" },
      paths: { "/zq": { get: { responses: { "200": { description: "ok", content: { "application/json": { examples: {} }, "application/json; charset=utf-8": { schema }, "application/xml": {} } } } } } },
    };
    const served = mockDocument(doc, () => false) as { paths: Record<string, { get: { responses: Record<string, { content: Record<string, object> }> } }> };
    expect(served.paths["/zq"]!.get.responses["200"]!.content).toEqual({ "application/json": { examples: {}, schema }, "application/json; charset=utf-8": { schema }, "application/xml": {} });
  });
});

describe("a mock's content maps with a key that is no media type", () => {
  it("keep only their media types, in answers and request bodies; the document stays as it was", () => {
    const schema = { type: "object", properties: { code: { type: "integer" } } };
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqcontentkeys", version: "1" },
      paths: {
        "/zq": {
          post: {
            requestBody: { content: { "application/json": { schema }, zqExample: { value: 1 } } },
            responses: { "201": { description: "made", content: { "application/json": { schema } } }, "401": { description: "no", content: { "application/json": { schema }, code: { examples: { response: { value: { code: 401 } } } } } } },
          },
        },
      },
    };
    const before = structuredClone(doc);
    const served = mockDocument(doc, () => false) as { paths: Record<string, { post: { requestBody: { content: object }; responses: Record<string, { content: object }> } }> };
    const op = served.paths["/zq"]!.post;
    expect(Object.keys(op.responses["401"]!.content)).toEqual(["application/json"]);
    expect(Object.keys(op.requestBody.content)).toEqual(["application/json"]);
    expect(op.responses["201"]).toEqual(doc.paths["/zq"].post.responses["201"]);
    expect(doc).toEqual(before);
  });
});
