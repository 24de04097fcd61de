// Values of JSON parameters as the document shapes them inside: a `json`
// parameter whose schema requires fields (an object nested in the body, a
// closed object, a list of at least one item) gets a value the document's
// schema accepts, in the minimal and full inputs and in random draws, never
// the bare `{}` or `[]` the mock refuses.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "./random-inputs.js";
import { checkRequest } from "../request/request.js";
import { expectSent } from "../request/sent-value.js";
import { outputProblems } from "../outputs.js";
import { ToolValues } from "./values.js";
import { keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-spec-values-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = {
  openapi: "3.0.3",
  info: { title: "zqorders", version: "1" },
  servers: [{ url: "https://api.zqorders.test" }],
  security: [{ zqKey: [] }],
  components: {
    securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } },
    schemas: {
      Amount: {
        type: "object",
        required: ["currency", "value"],
        additionalProperties: false,
        properties: {
          currency: { type: "string", minLength: 3, maxLength: 3 },
          value: { type: "integer", minimum: 1 },
        },
      },
      Line: {
        type: "object",
        required: ["sku"],
        properties: { sku: { type: "string", pattern: "^ZQ-[0-9]{4}$" }, quantity: { type: "integer" } },
      },
    },
  },
  paths: {
    "/orders": {
      post: {
        operationId: "createOrder",
        requestBody: {
          required: true,
          content: {
            // With its charset, as published documents often write it: still the JSON body whose schema holds.
            "application/json; charset=utf-8": {
              schema: {
                type: "object",
                required: ["order"],
                properties: {
                  order: {
                    type: "object",
                    required: ["title", "amount"],
                    properties: {
                      title: { type: "string" },
                      amount: { $ref: "#/components/schemas/Amount" },
                      note: { type: "string" },
                    },
                  },
                  lines: { type: "array", minItems: 1, items: { $ref: "#/components/schemas/Line" } },
                  browser: {
                    allOf: [
                      {
                        type: "object",
                        required: ["language"],
                        properties: { language: { type: "string", enum: ["zq-ZQ"] } },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        responses: {
          "201": {
            description: "made",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    },
    "/orders/{id}": {
      get: {
        operationId: "getOrder",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          {
            name: "Content-Type",
            in: "header",
            required: true,
            schema: { type: "string", enum: ["application/json"] },
          },
          { name: "tags[]", in: "query", schema: { type: "array", uniqueItems: true, items: { type: "string" } } },
          {
            name: "fields",
            in: "query",
            style: "form",
            explode: false,
            schema: { type: "array", uniqueItems: true, items: { type: "string" } },
          },
          {
            name: "placed",
            in: "query",
            style: "deepObject",
            explode: true,
            schema: { type: "object", properties: { gt: { type: "integer" }, lt: { type: "integer" } } },
          },
        ],
        responses: {
          "200": {
            description: "found",
            content: {
              "application/json": {
                schema: { type: "object", properties: { id: { type: "string" }, etag: { type: "string" } } },
              },
            },
          },
        },
      },
    },
  },
};

const manifest = keyedManifest(
  "zqorders",
  `  zqorders_create_order:
    operationId: createOrder
    title: Create an order
    description: Create an order.
    params:
      order:
        type: json
        jsonType: object
        required: true
        description: The order.
        wire: { in: body }
      lines:
        type: json
        jsonType: array
        description: The lines.
        wire: { in: body }
      browser:
        type: json
        jsonType: object
        description: The browser.
        wire: { in: body }
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
  zqorders_get_order:
    operationId: getOrder
    title: Get an order
    description: Get an order.
    params:
      id:
        type: string
        maxLength: 64
        required: true
        description: The order.
        wire: { in: path }
      contentType:
        type: string
        enum: [ application/json ]
        required: true
        description: The content type.
        wire: { in: header, name: Content-Type }
      tags:
        type: json
        jsonType: array
        description: The tags.
        wire: { in: query, name: "tags[]" }
      fields:
        type: json
        jsonType: array
        description: The fields.
        wire: { in: query }
      placed:
        type: json
        jsonType: object
        description: When the order was placed, as bounds.
        wire: { in: query }
    outputs:
      id:
        type: string
        from: "$response.body#/id"
        description: The id.
      metadata.etag:
        type: string
        from: "$response.body#/etag"
        optional: true
        description: The version.
`,
);

const { linked, tool } = await linkedTool(work, "zqorders", openapi, manifest, "zqorders_create_order");
const values = new ToolValues(tool, linked.document);

describe("JSON parameters whose document schema has fields inside", () => {
  it("are given a value with the nested required fields, in the minimal and the full input", () => {
    const order = values.minimal().order as { title: unknown; amount: { currency: string; value: number } };
    expect(order).toMatchObject({
      title: expect.any(String),
      amount: { currency: expect.any(String), value: expect.any(Number) },
    });
    expect(order.amount.currency).toHaveLength(3);
    const full = values.full();
    expect((full.lines as { sku: string }[])[0]?.sku).toMatch(/^ZQ-[0-9]{4}$/);
    expect(full.browser).toEqual({ language: "zq-ZQ" });
  });

  it("refuse, as values, what the document's schema refuses", () => {
    const order = tool.params.find((p) => p.name === "order")!;
    expect(values.accepts(order, {})).toBe(false);
    expect(values.accepts(order, { title: "t", amount: { currency: "EUR", value: 1, extra: true } })).toBe(false);
    expect(values.accepts(order, { title: "t", amount: { currency: "EUR", value: 1 } })).toBe(true);
  });

  it("are drawn, in random valid inputs, only as the document's schema allows", () => {
    const draws = fc.sample(validInput(tool, values, "https://api.zqorders.test"), { numRuns: 60, seed: 7 });
    for (const input of draws) {
      for (const name of ["order", "lines", "browser"]) {
        if (input[name] !== undefined)
          expect(
            values.accepts(tool.params.find((p) => p.name === name)!, input[name]),
            `${name}: ${JSON.stringify(input[name])}`,
          ).toBe(true);
      }
    }
  });
});

describe("a Content-Type header the document declares as a parameter", () => {
  it("may be sent on a call without a body", () => {
    const get = linked.ir.operations.find((o) => o.tool.id === "zqorders_get_order")!.tool;
    const url = new URL("https://api.zqorders.test/orders/zq1");
    const headers = new Headers({ "content-type": "application/json", "x-zq-key": "zq-key-0001-0001" });
    const exchange = {
      method: "GET",
      url,
      search: "",
      headers,
      rawBody: "",
      body: undefined,
      status: 200,
      responseHeaders: new Headers(),
      responseBody: "",
      violations: [],
      at: 0,
    };
    expect(() =>
      checkRequest(exchange, get, linked.document, {
        apiKey: "zq-key-0001-0001",
        id: "zq1",
        contentType: "application/json",
      }),
    ).not.toThrow();
  });
});

describe("an object in the query that random inputs drew without a prototype", () => {
  // fast-check's dictionaries may have no prototype: such a value has no text (String() throws), only its pairs.
  const get = () => linked.ir.operations.find((o) => o.tool.id === "zqorders_get_order")!.tool;
  const exchangeTo = (search: string) => {
    const url = new URL(`https://api.zqorders.test/orders/zq1${search}`);
    const headers = new Headers({ "content-type": "application/json", "x-zq-key": "zq-key-0001-0001" });
    return {
      method: "GET",
      url,
      search: url.search,
      headers,
      rawBody: "",
      body: undefined,
      status: 200,
      responseHeaders: new Headers(),
      responseBody: "",
      violations: [],
      at: 0,
    };
  };
  const input = (placed: object) => ({
    apiKey: "zq-key-0001-0001",
    id: "zq1",
    contentType: "application/json",
    placed,
  });

  const placed = () => get().params.find((p) => p.name === "placed")!;

  it("is checked by the pairs its style makes, empty or not", () => {
    const empty = Object.create(null);
    expect(() => checkRequest(exchangeTo(""), get(), linked.document, input(empty))).not.toThrow();
    expect(() => expectSent(exchangeTo(""), get(), linked.document, placed(), empty)).not.toThrow();
    const bound = Object.assign(Object.create(null), { gt: 3 });
    expect(() => checkRequest(exchangeTo("?placed%5Bgt%5D=3"), get(), linked.document, input(bound))).not.toThrow();
    expect(() => expectSent(exchangeTo("?placed%5Bgt%5D=3"), get(), linked.document, placed(), bound)).not.toThrow();
  });

  it("and a pair it makes that was not sent is a failure naming it", () => {
    expect(() =>
      expectSent(exchangeTo(""), get(), linked.document, placed(), Object.assign(Object.create(null), { gt: 3 })),
    ).toThrow(/placed as sent \(query\): "placed\[gt\]=3" is not among the pairs sent/);
  });
});

describe("a query parameter's own schema", () => {
  it("refuses what it refuses (duplicate items of a uniqueItems list), and random draws keep to it", () => {
    const get = linked.ir.operations.find((o) => o.tool.id === "zqorders_get_order")!.tool;
    const getValues = new ToolValues(get, linked.document);
    const tags = get.params.find((p) => p.name === "tags")!;
    expect(getValues.accepts(tags, ["zq", "zq"])).toBe(false);
    expect(getValues.accepts(tags, ["zq", "qz"])).toBe(true);
    for (const input of fc.sample(validInput(get, getValues, "https://api.zqorders.test"), { numRuns: 80, seed: 3 })) {
      const list = input.tags as string[] | undefined;
      if (list) expect(new Set(list).size, JSON.stringify(list)).toBe(list.length);
      // Written as one comma-joined value: an item with a comma would read back as two.
      for (const item of (input.fields as unknown[] | undefined) ?? []) expect(String(item)).not.toContain(",");
    }
  });
});

describe("the declared outputs", () => {
  it("leave a group of optional outputs out whole when none has a value", () => {
    const get = linked.ir.operations.find((o) => o.tool.id === "zqorders_get_order")!.tool;
    expect(outputProblems(get, { id: "zq1" }, 200)).toEqual([]);
    expect(outputProblems(get, { id: "zq1", metadata: { etag: "v1" } }, 200)).toEqual([]);
    expect(outputProblems(get, { metadata: {} }, 200)).not.toEqual([]);
  });
});
