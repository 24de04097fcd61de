// $refs into other operations' parts: the kind of part a pointer names, and a
// document that reuses parts that way drafted, linked and called with no edit.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { pathPartKind } from "./moved-parts.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("the kind of part a pointer into paths names", () => {
  it(
    "follows the OpenAPI structure: parameters, request bodies, responses, headers, examples, " +
      "schemas and their subschemas",
    () => {
      expect(pathPartKind(["paths", "/zq", "get", "parameters", "0"])).toBe("parameters");
      expect(pathPartKind(["paths", "/zq", "parameters", "1", "schema"])).toBe("schemas");
      expect(pathPartKind(["paths", "/zq", "post", "requestBody"])).toBe("requestBodies");
      expect(
        pathPartKind([
          "paths",
          "/zq",
          "post",
          "requestBody",
          "content",
          "application/json",
          "schema",
          "properties",
          "a",
          "items",
          "allOf",
          "0",
        ]),
      ).toBe("schemas");
      expect(pathPartKind(["paths", "/zq", "get", "responses", "200"])).toBe("responses");
      expect(pathPartKind(["paths", "/zq", "get", "responses", "200", "headers", "X-Zq"])).toBe("headers");
      expect(
        pathPartKind(["paths", "/zq", "get", "responses", "200", "content", "application/json", "examples", "one"]),
      ).toBe("examples");
      expect(
        pathPartKind([
          "paths",
          "/zq",
          "get",
          "responses",
          "200",
          "content",
          "application/json",
          "schema",
          "items",
          "1",
        ]),
      ).toBe("schemas");
    },
  );

  it(
    "names no part for a path item, an operation, a media type entry, a place inside data or a " + "pointer cut short",
    () => {
      for (const pointer of [
        ["paths", "/zq"],
        ["paths", "/zq", "get"],
        ["paths", "/zq", "get", "responses", "200", "content", "application/json"],
        ["paths", "/zq", "get", "responses", "200", "content", "application/json", "example"],
        ["paths", "/zq", "get", "responses", "200", "content", "application/json", "schema", "properties"],
        ["paths", "/zq", "get", "responses"],
        ["components", "schemas", "Zq"],
      ])
        expect(pathPartKind(pointer), pointer.join("/")).toBeUndefined();
    },
  );
});

describe("a document whose operation $refs a part of another", () => {
  it("is drafted with the part moved into components: it links, and a call maps the moved schema's field", async () => {
    const owner = { type: "object", properties: { name: { type: "string", maxLength: 40 } } };
    const doc = openapi({
      "/zqteams/{id}": {
        get: {
          operationId: "getZqTeam",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
          responses: { "200": reply({ type: "object", properties: { owner } }, { owner: { name: "Ada" } }) },
        },
      },
      "/zqme": {
        get: {
          operationId: "getZqMe",
          responses: {
            "200": reply(
              {
                type: "object",
                properties: {
                  me: {
                    $ref:
                      "#/paths/~1zqteams~1%7Bid%7D/get/responses/200/" +
                      "content/application~1json/schema/properties/owner",
                  },
                },
              },
              { me: { name: "Ada" } },
            ),
          },
        },
      },
    });
    const d = drafted(doc, ["getZqMe"]);
    expect(d.openapiText).toMatch(/^# Moved by blockwright add into components/m);
    expect(d.openapiText).toContain("$ref: '#/components/schemas/getZqTeam_200_owner'");
    expect(d.openapiText).not.toContain("/zqteams/");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const fetchFn = async () =>
      new Response(JSON.stringify({ me: { name: "Grace" } }), { headers: { "content-type": "application/json" } });
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    expect(JSON.stringify(result)).toContain("Grace");
  });
});
