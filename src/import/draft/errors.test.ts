// Where a drafted manifest reads an error's message: from every place the
// chosen operations' error answers keep one, a list of errors
// (`errors[0].message`) and a single error object (`errors.message`) alike,
// as SendGrid's operations answer one or the other.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const message = { type: "object", properties: { field: { type: "string" }, message: { type: "string" } } };
const ok = reply({ type: "object", properties: { id: { type: "string" } } });

describe("error answers that keep the message in an errors list and in an errors object", () => {
  it("draft both places, the more frequent first; it links", async () => {
    const d = drafted(
      openapi({
        "/zq-contacts": {
          get: {
            operationId: "listContacts",
            responses: {
              "200": ok,
              "400": reply({ type: "object", properties: { errors: { type: "array", items: message } } }),
            },
          },
          post: {
            operationId: "searchContacts",
            responses: {
              "200": ok,
              "400": reply({ type: "object", properties: { errors: { type: "array", items: message } } }),
            },
          },
        },
        "/zq-imports/{id}": {
          get: {
            operationId: "getImport",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
            responses: { "200": ok, "400": reply({ type: "object", properties: { errors: message } }) },
          },
        },
      }),
      ["listContacts", "searchContacts", "getImport"],
    );
    expect(d.manifest.errors.message).toEqual(["$response.body#/errors/0/message", "$response.body#/errors/message"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("error answers whose examples keep the message elsewhere than their schema says", () => {
  it("draft the schema's place, then the examples' (the mock serves the examples); it links", async () => {
    const schema = {
      type: "object",
      properties: { error: { type: "object", properties: { details: { type: "string" }, name: { type: "string" } } } },
    };
    const d = drafted(
      openapi({
        "/zqcourses": {
          get: {
            operationId: "listZqCourses",
            responses: {
              "200": ok,
              "401": reply(schema, { details: "No authorization token was found.", name: "NotAuthorizedError" }),
            },
          },
        },
      }),
      ["listZqCourses"],
    );
    expect(d.manifest.errors.message).toEqual(["$response.body#/error/details", "$response.body#/details"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("error answers that are a list of errors", () => {
  it("draft the message of the first item", async () => {
    const schema = {
      type: "array",
      items: { type: "object", properties: { source: { type: "string" }, details: { type: "string" } } },
    };
    const d = drafted(
      openapi({
        "/zqexists": {
          post: {
            operationId: "zqExists",
            responses: { "200": ok, "422": reply(schema, [{ source: "identifier", details: "is not valid" }]) },
          },
        },
      }),
      ["zqExists"],
    );
    expect(d.manifest.errors.message).toEqual(["$response.body#/0/details"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("error answers that wrap the error in another object ({data: {code, message}, success: false})", () => {
  const wrapped = (inner: Record<string, unknown>) => ({
    type: "object",
    properties: { zqdata: { type: "object", properties: inner }, success: { type: "boolean" } },
  });

  it("draft the message inside the wrapper; it links", async () => {
    const d = drafted(
      openapi({
        "/zqcities/{id}": {
          get: {
            operationId: "getZqCity",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
            responses: {
              "200": ok,
              "404": reply(
                wrapped({ code: { type: "integer" }, message: { type: "string" }, url: { type: "string" } }),
              ),
            },
          },
        },
      }),
      ["getZqCity"],
    );
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqdata/message"]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("still prefer a text field at the top, and a single text field there, to the wrapper's", () => {
    const at = (schema: Record<string, unknown>) =>
      drafted(
        openapi({
          "/zqcities": { get: { operationId: "listZqCities", responses: { "200": ok, "400": reply(schema) } } },
        }),
        ["listZqCities"],
      ).manifest.errors.message;
    expect(
      at({
        type: "object",
        properties: {
          zqdata: { type: "object", properties: { message: { type: "string" } } },
          error_message: { type: "string" },
        },
      }),
    ).toEqual(["$response.body#/error_message"]);
    expect(
      at({
        type: "object",
        properties: {
          zqdata: { type: "object", properties: { message: { type: "string" } } },
          err: { type: "string" },
        },
      }),
    ).toEqual(["$response.body#/err"]);
  });
});

describe(
  "an error list whose schema's own example keeps the message elsewhere than the schema's " +
    "first place (JSON:API's title beside detail)",
  () => {
    it("draft the schema's place, then the example's; it links", async () => {
      const issue = {
        type: "object",
        properties: { code: { type: "integer" }, title: { type: "string" }, detail: { type: "string" } },
      };
      const schema = {
        type: "object",
        properties: { errors: { type: "array", items: issue } },
        example: { errors: [{ code: 141, title: "ZQ SYSTEM ERROR" }] },
      };
      const d = drafted(
        openapi({
          "/zqplaces": {
            get: {
              operationId: "listZqPlaces",
              responses: {
                "200": ok,
                default: { description: "Unexpected.", content: { "application/json": { schema } } },
              },
            },
          },
        }),
        ["listZqPlaces"],
      );
      expect(d.manifest.errors.message).toEqual(["$response.body#/errors/0/detail", "$response.body#/errors/0/title"]);
      expect(await linkProblems(d)).toEqual([]);
    });
  },
);

describe("error answers declared only as XML, their message in `summary`", () => {
  it("draft the places their XML type's schema and examples show (a mock serves that record as JSON)", () => {
    const status = {
      type: "object",
      xml: { name: "status" },
      properties: {
        code: { type: "string", xml: { attribute: true } },
        details: { type: "string" },
        summary: { type: "string" },
      },
    };
    const xml = {
      description: "refused",
      content: {
        "application/xml; charset=utf-8": {
          schema: status,
          examples: { anonymous: { value: { code: "anonymous_zq", summary: "Anonymous zq is not allowed here" } } },
        },
      },
    };
    const d = drafted(
      openapi({ "/zqbuilds": { get: { operationId: "listZqbuilds", responses: { "200": ok, "401": xml } } } }),
      ["listZqbuilds"],
    );
    expect(d.manifest.errors.message).toEqual(["$response.body#/details", "$response.body#/summary"]);
    expect(d.manifest.errors.code).toEqual(["$response.body#/code"]);
  });
});

describe("error answers under a type without +json whose schema is a structure (application/vnd.zq.error)", () => {
  it("draft the places its schema shows beside the other answers' (a mock serves that record as JSON)", async () => {
    // One operation's errors are {success, error} as JSON, another's {code, detail, id} under a vendor type without
    // +json: the drafted places read only the first, and the second's message was found nowhere.
    const flag = reply({ type: "object", properties: { success: { type: "boolean" }, error: { type: "string" } } });
    const vendor = {
      description: "refused",
      content: {
        "application/vnd.zq.error": {
          schema: {
            type: "object",
            properties: { code: { type: "string" }, detail: { type: "string" }, id: { type: "string" } },
          },
        },
      },
    };
    const d = drafted(
      openapi({
        "/zqbuilds": {
          get: { operationId: "listZqbuilds", responses: { "200": ok, "500": flag } },
          post: { operationId: "createZqbuild", responses: { "200": ok, "400": vendor } },
        },
      }),
      ["listZqbuilds", "createZqbuild"],
    );
    expect(d.manifest.errors.message).toEqual(["$response.body#/error", "$response.body#/detail"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("error answers declared only under a vendor type that is no JSON by name, their message in `detail`", () => {
  it("draft the places its schema shows (a mock serves the record as JSON), beside the other answers'", async () => {
    const problem = {
      type: "object",
      properties: {
        code: { type: "string" },
        detail: { type: "string" },
        id: { type: "string" },
        status: { type: "string" },
      },
      example: { code: "zq_invalid", detail: "Value of zq must be an integer", id: "ZQ1", status: "400" },
    };
    const failed = reply({ type: "object", properties: { error: { type: "string" }, done: { type: "boolean" } } });
    const d = drafted(
      openapi({
        "/zqpins": {
          post: {
            operationId: "createZqpin",
            responses: {
              "201": ok,
              "400": { description: "refused", content: { "application/vnd.zq.error": { schema: problem } } },
            },
          },
          put: { operationId: "putZqpins", responses: { "200": ok, "500": failed } },
        },
      }),
      ["createZqpin", "putZqpins"],
    );
    expect(d.manifest.errors.message).toContain("$response.body#/detail");
    expect(d.manifest.errors.code).toContain("$response.body#/code");
    expect(await linkProblems(d)).toEqual([]);
  });
});
