// The answers a mock's document declares: an object schema under a media type of bytes is served as JSON;
// headers OpenAPI ignores or a real answer's transport sets are left out; content maps keep only media types.
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

describe("a mock's answer whose object schema is given under a media type of bytes (a Swagger 2 produces list)", () => {
  const archive = {
    openapi: "3.0.0",
    info: { title: "zqarchive", version: "1" },
    components: {
      schemas: { ZqError: { type: "object", required: ["message"], properties: { message: { type: "string" } } } },
    },
    paths: {
      "/zq/archive": {
        get: {
          responses: {
            "200": {
              description: "the tar",
              content: { "application/x-tar": { schema: { type: "string", format: "binary" } } },
            },
            "400": {
              description: "bad",
              content: { "application/x-tar": { schema: { $ref: "#/components/schemas/ZqError" } } },
            },
            "404": {
              description: "none",
              content: {
                "application/x-tar": { schema: { $ref: "#/components/schemas/ZqError" } },
                "application/json": { examples: { response: { value: { message: "No such zq" } } } },
              },
            },
          },
        },
      },
    },
  };

  it("is served as JSON (with the JSON media type's examples); bytes stay bytes", () => {
    const served = mockDocument(archive, () => false) as {
      paths: Record<string, { get: { responses: Record<string, { content: unknown }> } }>;
    };
    const responses = served.paths["/zq/archive"]!.get.responses;
    expect(responses["200"]!.content).toEqual(archive.paths["/zq/archive"].get.responses["200"].content);
    expect(responses["400"]!.content).toEqual({
      "application/json": { schema: { $ref: "#/components/schemas/ZqError" } },
    });
    expect(responses["404"]!.content).toEqual({
      "application/json": {
        schema: { $ref: "#/components/schemas/ZqError" },
        examples: { response: { value: { message: "No such zq" } } },
      },
    });
  });
});

describe("a mock's header parameters that OpenAPI ignores", () => {
  it("requires none named Accept, Content-Type or Authorization of a request, and keeps the others", () => {
    const header = (name: string) => ({
      name,
      in: "header",
      required: true,
      schema: { type: "string", enum: ["application/json; zq=a,b"] },
    });
    const doc = {
      openapi: "3.0.3",
      info: { title: "zqheaders", version: "1" },
      paths: {
        "/zq": {
          get: {
            parameters: ["Content-Type", "accept", "Authorization", "X-Zq-Version"].map(header),
            responses: { "200": { description: "ok" } },
          },
        },
      },
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
      paths: {
        "/zq": {
          delete: {
            responses: {
              "200": { description: "ok", content: json },
              "204": { description: "gone", content: json },
              "205": { description: "reset", content: json },
            },
          },
        },
      },
    };
    const served = mockDocument(doc, () => false) as {
      paths: Record<string, { delete: { responses: Record<string, object> } }>;
    };
    const responses = served.paths["/zq"]!.delete.responses;
    expect([responses["200"], responses["204"], responses["205"]]).toEqual([
      { description: "ok", content: json },
      { description: "gone" },
      { description: "reset" },
    ]);
  });
});

describe("a mock's answers whose document lists a real answer's transport headers", () => {
  it(
    "serves them without Content-Encoding, Transfer-Encoding, Content-Length or Connection (the mock writes a " +
      "plain body), other headers and $refs as declared",
    () => {
      const header = (example: string) => ({ schema: { type: "string", example } });
      const doc = {
        openapi: "3.0.3",
        info: { title: "zqtransport", version: "1" },
        components: { responses: { Plain: { description: "plain", headers: { "X-Zq-Trace": header("t1") } } } },
        paths: {
          "/zq": {
            get: {
              responses: {
                "200": {
                  description: "ok",
                  headers: {
                    "Content-Encoding": header("gzip"),
                    "transfer-encoding": header("chunked"),
                    "Content-Length": header("12"),
                    Connection: header("keep-alive"),
                    "X-Zq-Trace": header("t0"),
                  },
                },
                "404": { $ref: "#/components/responses/Plain" },
              },
            },
          },
        },
      };
      const before = structuredClone(doc);
      const served = mockDocument(doc, () => false) as {
        paths: Record<string, { get: { responses: Record<string, { headers?: object }> } }>;
      };
      const responses = served.paths["/zq"]!.get.responses;
      expect(Object.keys(responses["200"]!.headers!)).toEqual(["X-Zq-Trace"]);
      expect(responses["404"]).toEqual({ $ref: "#/components/responses/Plain" });
      expect(doc).toEqual(before);
    },
  );
});

describe("a mock's answer whose document lists a Content-Type header", () => {
  it(
    "serves it without that header, which OpenAPI ignores (Prism sent its made-up value as the type and then " +
      "answered 500)",
    () => {
      const doc = {
        openapi: "3.0.3",
        info: { title: "zqcontenttype", version: "1" },
        paths: {
          "/zq/file": {
            get: {
              responses: {
                "200": {
                  description: "a file",
                  headers: {
                    "content-type": { schema: { type: "string" } },
                    "X-Zq-Name": { schema: { type: "string" } },
                  },
                },
              },
            },
          },
        },
      };
      const served = mockDocument(doc, () => false) as {
        paths: Record<string, { get: { responses: Record<string, { headers?: object }> } }>;
      };
      expect(Object.keys(served.paths["/zq/file"]!.get.responses["200"]!.headers!)).toEqual(["X-Zq-Name"]);
    },
  );
});

describe("a mock's answer with a JSON type that has no schema beside one that has", () => {
  it(
    "serves the first with the second's schema (one body, with and without its charset); " + "other types as declared",
    () => {
      const schema = { type: "object", properties: { id: { type: "string" } } };
      const doc = {
        openapi: "3.0.3",
        info: { title: "zqsibling", version: "1" },
        paths: {
          "/zq": {
            get: {
              responses: {
                "200": {
                  description: "ok",
                  content: {
                    "application/json": { examples: {} },
                    "application/json; charset=utf-8": { schema },
                    "application/xml": {},
                  },
                },
              },
            },
          },
        },
      };
      const served = mockDocument(doc, () => false) as {
        paths: Record<string, { get: { responses: Record<string, { content: Record<string, object> }> } }>;
      };
      expect(served.paths["/zq"]!.get.responses["200"]!.content).toEqual({
        "application/json": { examples: {}, schema },
        "application/json; charset=utf-8": { schema },
        "application/xml": {},
      });
    },
  );
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
            responses: {
              "201": { description: "made", content: { "application/json": { schema } } },
              "401": {
                description: "no",
                content: { "application/json": { schema }, code: { examples: { response: { value: { code: 401 } } } } },
              },
            },
          },
        },
      },
    };
    const before = structuredClone(doc);
    const served = mockDocument(doc, () => false) as {
      paths: Record<
        string,
        { post: { requestBody: { content: object }; responses: Record<string, { content: object }> } }
      >;
    };
    const op = served.paths["/zq"]!.post;
    expect(Object.keys(op.responses["401"]!.content)).toEqual(["application/json"]);
    expect(Object.keys(op.requestBody.content)).toEqual(["application/json"]);
    expect(op.responses["201"]).toEqual(doc.paths["/zq"].post.responses["201"]);
    expect(doc).toEqual(before);
  });
});

describe("a mock's answer whose list schema is under a wildcard type, beside a JSON type with examples only", () => {
  it("is served as JSON with that schema and the JSON type's examples (Prism wrote no list as text: a 500)", () => {
    const schema = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };
    const doc = {
      openapi: "3.0.0",
      info: { title: "zqwildlist", version: "1" },
      paths: {
        "/zq": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "*/*": { schema },
                  "application/json": { examples: { response: { value: [{ id: "zq-1" }] } } },
                },
              },
            },
          },
        },
      },
    };
    const served = mockDocument(doc, () => false) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, object> }> } }>;
    };
    expect(served.paths["/zq"]!.get.responses["200"]!.content).toEqual({
      "application/json": { schema, examples: { response: { value: [{ id: "zq-1" }] } } },
    });
  });
});
