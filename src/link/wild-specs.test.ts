// Specs as found in the wild (several files, external references, examples) refused where they are broken:
// each with the exact message, `file:line:col` first, and never a stack trace. On copies of the fixture
// providers of specs-wild.
import { describe, expect, it } from "vitest";
import { linkWild, wildProblems, type Edit } from "../../test-support/link-wild.js";

const T = "specs/tracker/manifest.yaml";
const TRACKER_OPENAPI = "specs/tracker/openapi.yaml";

describe("specs as found in the wild", () => {
  it("refuses an external $ref to a file that does not exist, at the reference", async () => {
    expect(
      await wildProblems("tracker", [
        {
          file: "openapi.yaml",
          find: './components/issue.yaml#/Issue" }\n              examples',
          replace: './components/issues.yaml#/Issue" }\n              examples',
        },
      ]),
    ).toEqual([
      `${TRACKER_OPENAPI}:50:24: $ref "./components/issues.yaml#/Issue" does not resolve: ` +
        `specs/tracker/components/issues.yaml: no such file`,
    ]);
  });

  it("refuses an external $ref to a place the file does not have", async () => {
    expect(
      await wildProblems("tracker", [
        {
          file: "openapi.yaml",
          find: '$ref: "./components/errors.yaml#/BasicError" }\n          example: { message: Not Found',
          replace: '$ref: "./components/errors.yaml#/NotFoundError" }\n          example: { message: Not Found',
        },
      ]),
    ).toEqual([
      `${TRACKER_OPENAPI}:115:19: $ref "./components/errors.yaml#/NotFoundError" does not resolve (no such ` +
        `place in that file)`,
    ]);
  });

  it("refuses a $ref to a network address: generation reads local files only", async () => {
    expect(
      await wildProblems("tracker", [
        {
          file: "openapi.yaml",
          find: '$ref: "./components/errors.yaml#/ValidationError"',
          replace: '$ref: "https://schemas.tracker.test/errors.yaml#/ValidationError"',
        },
      ]),
    ).toEqual([
      `${TRACKER_OPENAPI}:90:23: $ref "https://schemas.tracker.test/errors.yaml#/ValidationError" does not ` +
        `resolve: https://schemas.tracker.test/errors.yaml is not a local file: ` +
        `generation reads no network address (save the file beside the spec and refer to it by path)`,
    ]);
  });

  it("names the referenced file that is not valid YAML, and only that", async () => {
    expect(
      await wildProblems("tracker", [
        {
          file: "components/errors.yaml",
          find: "BasicError:\n  type: object",
          replace: "BasicError:\n  type: [object",
        },
      ]),
    ).toEqual([
      "specs/tracker/components/errors.yaml:4:3: invalid YAML: Flow sequence in block collection must be " +
        "sufficiently indented and end with a ]",
    ]);
  });

  it("refuses a default the runtime would refuse from a caller (an address over http)", async () => {
    const edits: Edit[] = [
      { find: "server:\n  default: https://api.tracker.test\n", replace: "server:\n  param: address\n" },
      {
        find: "params:\n",
        replace:
          "params:\n  address:\n    type: string\n    format: base-url\n    maxLength: 255\n    default: " +
          '"http://api.tracker.test/v3"\n    description: Address.\n',
      },
    ];
    expect(await wildProblems("tracker", edits)).toEqual([
      `${T}:52:14: params.address.default: default "http://api.tracker.test/v3" breaks the parameter's rules: ` +
        `address: must use https (http is allowed only for loopback hosts), got "http://api.tracker.test/v3"`,
    ]);
  });

  it("reads a $ref's fragment as a URI fragment everywhere (percent-encoding, then ~1 and ~0)", async () => {
    const edits: Edit[] = [
      { file: "openapi.yaml", find: "    Customer:\n", replace: "    Customer record/v1:\n" },
      {
        file: "openapi.yaml",
        find: 'schema: { $ref: "#/components/schemas/Customer" }',
        replace: 'schema: { $ref: "#/components/schemas/Customer%20record~1v1" }',
      },
      {
        file: "openapi.yaml",
        find: 'items: { $ref: "#/components/schemas/Customer" }',
        replace: 'items: { $ref: "#/components/schemas/Customer%20record~1v1" }',
      },
    ];
    const linked = await linkWild("zqpayments", edits);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    expect(
      linked.ir.operations
        .find((o) => o.tool.id === "zqpayments_create_customer")
        ?.tool.outputs.find((o) => o.path === "metadata.id")?.source,
    ).toMatchObject({ required: true });
  });

  it("refuses an operationId used twice, at the second, naming the first", async () => {
    expect(
      await wildProblems("zqpayments", [
        { file: "openapi.yaml", find: "operationId: PostCustomers", replace: "operationId: GetCustomers" },
      ]),
    ).toEqual([
      `specs/zqpayments/openapi.yaml:57:20: operationId "GetCustomers" is already used by GET /v1/customers ` +
        `(specs/zqpayments/openapi.yaml:18:20): operation ids must be unique`,
    ]);
  });

  it("counts only operations for unique operation ids, not an extension of the path item that has one", async () => {
    const extension = {
      file: "openapi.yaml",
      find: "  /v1/customers:\n    get:\n",
      replace: "  /v1/customers:\n    x-internal: { operationId: GetCustomers }\n    get:\n",
    };
    expect(await wildProblems("zqpayments", [extension])).toEqual([]);
  });

  it("refuses a document that is not OpenAPI 3.0, 3.1 or 3.2, naming the version found", async () => {
    expect(
      await wildProblems("zqpayments", [{ file: "openapi.yaml", find: "openapi: 3.0.3", replace: "openapi: 2.0.0" }]),
    ).toEqual([
      `specs/zqpayments/openapi.yaml:1:10: openapi: must be an OpenAPI version 3.0.x, 3.1.x or 3.2.x, got "2.0.0"`,
    ]);
    expect(
      await wildProblems("zqpayments", [{ file: "openapi.yaml", find: "openapi: 3.0.3", replace: 'swagger: "2.0"' }]),
    ).toEqual([
      `specs/zqpayments/openapi.yaml:1:10: swagger: "2.0" is Swagger 2; generation reads OpenAPI 3.0 or 3.1 ` +
        `(blockwright add converts a Swagger 2.0 document: add <provider> --from <document>)`,
    ]);
  });

  it("refuses a local $ref to a place a one-file spec does not have, at the reference", async () => {
    expect(
      await wildProblems("zqpayments", [
        {
          file: "openapi.yaml",
          find: '"401": { $ref: "#/components/responses/Error" }',
          replace: '"401": { $ref: "#/components/responses/Errors" }',
        },
      ]),
    ).toEqual([
      `specs/zqpayments/openapi.yaml:54:24: $ref "#/components/responses/Errors" does not resolve (no such ` +
        `place in this file)`,
    ]);
    expect(
      await wildProblems("zqpayments", [
        {
          file: "openapi.yaml",
          find: 'schema: { $ref: "#/components/schemas/Customer" }',
          replace: 'schema: { $ref: "#/components/schemas/Client" }',
        },
      ]),
    ).toEqual([
      `specs/zqpayments/openapi.yaml:94:31: $ref "#/components/schemas/Client" does not resolve (no such ` +
        `place in this file)`,
    ]);
  });

  it(
    "refuses a local $ref to a name every object inherits (constructor, toString), " +
      "as a place the file does not have",
    async () => {
      expect(
        await wildProblems("zqpayments", [
          {
            file: "openapi.yaml",
            find: '"401": { $ref: "#/components/responses/Error" }',
            replace: '"401": { $ref: "#/constructor" }',
          },
        ]),
      ).toEqual([
        `specs/zqpayments/openapi.yaml:54:24: $ref "#/constructor" does not resolve (no such place in this file)`,
      ]);
      expect(
        await wildProblems("zqpayments", [
          {
            file: "openapi.yaml",
            find: 'schema: { $ref: "#/components/schemas/Customer" }',
            replace: 'schema: { $ref: "#/components/schemas/toString" }',
          },
        ]),
      ).toEqual([
        `specs/zqpayments/openapi.yaml:94:31: $ref "#/components/schemas/toString" does not resolve (no such ` +
          `place in this file)`,
      ]);
    },
  );

  it("refuses an example that does not match its schema, at the value that is wrong", async () => {
    expect(
      await wildProblems("zqpayments", [
        {
          file: "openapi.yaml",
          find: "                    has_more: true",
          replace: '                    has_more: "yes"',
        },
      ]),
    ).toEqual([
      `specs/zqpayments/openapi.yaml:42:31: example "firstPage" of the 200 response of "GetCustomers" ` +
        `(application/json) does not match its schema: /has_more must be boolean, got "yes" (the vendor's own ` +
        `example? pin the document it publishes, blockwright upstream zqpayments <document> --accept, and it is ` +
        `left out with a warning)`,
    ]);
  });

  it("checks the examples of referenced files too, naming that file", async () => {
    expect(
      await wildProblems("tracker", [
        {
          file: "components/issue.yaml",
          find: "color: { type: string, example: f29513 }",
          replace: "color: { type: integer, example: f29513 }",
        },
      ]),
    ).toEqual([
      `specs/tracker/components/issue.yaml:19:38: the example of the schema at Label.properties.color does ` +
        `not match its schema: (the whole example) must be integer, got "f29513"`,
    ]);
  });

  it("checks an example against a schema in another file (a required field missing)", async () => {
    expect(
      await wildProblems("tracker", [
        {
          file: "openapi.yaml",
          find: "              example: { id: 9, number: 1350, title: Found a bug, state: open",
          replace: "              example: { id: 9, title: Found a bug, state: open",
        },
      ]),
    ).toEqual([
      `specs/tracker/openapi.yaml:78:24: the example of the 201 response of "issues/create" ` +
        `(application/vnd.tracker+json) does not match its schema: (the whole example) ` +
        `lacks required field "number" (the vendor's own example? pin the document it publishes, blockwright ` +
        `upstream tracker <document> --accept, and it is left out with a warning)`,
    ]);
  });
});
