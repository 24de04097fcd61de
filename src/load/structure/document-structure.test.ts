// A published document holding null or a text where OpenAPI gives an object or a list (`parameters: [null]`, a
// response that is null, `oneOf: {…}`, `$ref: 5`) failed deep inside a reader: add and generate ended with an
// internal error (exit 70). Both now refuse it at its place, naming the rule and the value (add: exit 2, as a
// document it cannot read; generate: BW2019 at file:line:col); a broken part no taken operation reaches stays harmless.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { UndraftableDocument } from "../../import/draft-provider.js";
import { loadOpenApi, OpenApiProblems } from "../openapi-source.js";
import { structurePlace, structureProblems } from "./document-structure.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(runScratch(), "blockwright-structure-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }) };

/** Each broken place of one operation's, with what it must be. */
const broken: [string, Record<string, unknown>, string, string][] = [
  [
    "a parameter that is null",
    { parameters: [null], responses: ok },
    "parameters[0]",
    "a parameter must be a mapping, got null",
  ],
  [
    "parameters that are a map",
    { parameters: { zq: 1 }, responses: ok },
    "parameters",
    'parameters must be a list of parameters, got {"zq":1}',
  ],
  [
    "a parameter's schema that is null",
    { parameters: [{ name: "zq", in: "query", schema: null }], responses: ok },
    "parameters[0].schema",
    "a schema must be a mapping, got null",
  ],
  [
    "a parameter without in",
    { parameters: [{ name: "zq", schema: { type: "string" } }], responses: ok },
    "parameters[0].in",
    "a parameter's in must be a text (query, header, path, cookie), got undefined",
  ],
  [
    "a response that is null",
    { responses: { "200": null } },
    "responses.200",
    "a response must be a mapping, got null",
  ],
  [
    "a header that is null",
    { responses: { "200": { description: "ok", headers: { "X-Zq": null } } } },
    "responses.200.headers.X-Zq",
    "a header must be a mapping, got null",
  ],
  [
    "a media type that is null",
    { requestBody: { content: { "application/json": null } }, responses: ok },
    "requestBody.content.application/json",
    "a media type must be a mapping, got null",
  ],
  [
    "an example that is null",
    {
      responses: {
        "200": {
          description: "ok",
          content: { "application/json": { schema: { type: "string" }, examples: { zq: null } } },
        },
      },
    },
    "responses.200.content.application/json.examples.zq",
    "an example must be a mapping, got null",
  ],
  [
    "a oneOf that is a map",
    { requestBody: { content: { "application/json": { schema: { oneOf: { zq: 1 } } } } }, responses: ok },
    "requestBody.content.application/json.schema.oneOf",
    'oneOf must be a list of schemas, got {"zq":1}',
  ],
  [
    "an anyOf member that is null",
    {
      requestBody: { content: { "application/json": { schema: { anyOf: [null, { type: "string" }] } } } },
      responses: ok,
    },
    "requestBody.content.application/json.schema.anyOf[0]",
    "a schema must be a mapping, got null",
  ],
  [
    "a $ref that is a number",
    { responses: { "200": reply({ $ref: 5 }) } },
    "responses.200.content.application/json.schema.$ref",
    "a $ref must be a text, got 5",
  ],
  [
    "an operationId that is a number",
    { operationId: 5, responses: ok },
    "operationId",
    "an operationId must be a text, got 5",
  ],
  [
    "a required that is a text",
    { responses: { "200": reply({ type: "object", required: "zqid" }) } },
    "responses.200.content.application/json.schema.required",
    'a schema\'s required must be a list of field names, got "zqid"',
  ],
];

describe("a document without OpenAPI's structure where a reader takes it", () => {
  it.each(broken)("is refused by add at its place: %s", (_, op, at, message) => {
    const document = openapi({
      "/zqthings": { post: op },
      "/zqother": { get: { operationId: "zqOther", responses: ok } },
    });
    const draft = () => drafted(document, ["POST /zqthings"]);
    expect(draft).toThrow(UndraftableDocument);
    expect(draft).toThrow(`paths./zqthings.post.${at} (${message})`);
    // Another operation of the document is drafted as before.
    expect(drafted(document, ["zqOther"]).manifestText).toContain("zqOther");
  });

  it("is found through a $ref in the part it names, and only in what the operations walked reach", () => {
    const document = openapi(
      { "/zqthings": { get: { parameters: [{ $ref: "#/components/parameters/ZqBroken" }], responses: ok } } },
      { parameters: { ZqBroken: { name: "zq", in: "query", schema: "string" } }, schemas: { ZqUnused: { oneOf: 7 } } },
      { "x-zq-paths": true },
    );
    (document.paths as Record<string, unknown>)["x-zq-root"] = "/zq";
    const problems = structureProblems(document);
    expect(problems.map((p) => `${structurePlace(p.path)}: ${p.message}`)).toEqual([
      'components.parameters.ZqBroken.schema: a schema must be a mapping, got "string"',
    ]);
    expect(structureProblems(document, [{ path: "/zqthings", method: "post" }])).toEqual([]);
  });

  it("keeps what OpenAPI allows: a boolean schema, required: true on a property, extensions", () => {
    const document = openapi({
      "/zqthings": {
        "x-zq": null,
        get: {
          responses: {
            "x-zq": 1,
            "200": reply({ type: "object", properties: { zqa: { type: "string", required: true }, zqb: true } }),
          },
        },
      },
    });
    expect(structureProblems(document)).toEqual([]);
  });

  it("is refused by generate's load with BW2019 at its place, before a reader takes it", async () => {
    const file = join(dir, "openapi.yaml");
    writeFileSync(
      file,
      [
        "openapi: 3.0.3",
        'info: { title: Zq things, version: "1" }',
        "paths:",
        "  /zqthings:",
        "    get:",
        "      operationId: listZqThings",
        "      parameters:",
        "        - null",
        "      responses:",
        '        "200": { description: ok }',
        "",
      ].join("\n"),
    );
    const load = loadOpenApi(file, dir);
    await expect(load).rejects.toThrow(OpenApiProblems);
    await expect(loadOpenApi(file, dir)).rejects.toThrow(
      "openapi.yaml:8:11: paths./zqthings.get.parameters[0]: a parameter must be a mapping, got null",
    );
  });

  it("is refused in an operation's callback, by name, at its place (a 3.0 callback's null response)", async () => {
    const file = join(dir, "callbacks.yaml");
    writeFileSync(
      file,
      [
        "openapi: 3.0.3",
        'info: { title: Zq things, version: "1" }',
        "paths:",
        "  /zqthings:",
        "    post:",
        "      operationId: watchZqThings",
        "      responses:",
        '        "201": { description: ok }',
        "      callbacks:",
        "        zqAdded:",
        "          x-zq: 1",
        "          '{$request.body#/url}':",
        "            post:",
        "              responses:",
        '                "200": null',
        "",
      ].join("\n"),
    );
    await expect(loadOpenApi(file, dir)).rejects.toThrow(
      "callbacks.yaml:15:24: paths./zqthings.post.callbacks.zqAdded.{$request.body#/url}.post.responses.200: " +
        "a response must be a mapping, got null",
    );
    const document = openapi({
      "/zqthings": { post: { responses: ok, callbacks: { zqGone: null, "x-zq": 1 } } },
    });
    expect(structureProblems(document).map((p) => `${structurePlace(p.path)}: ${p.message}`)).toEqual([
      "paths./zqthings.post.callbacks.zqGone: a callback must be a mapping, got null",
    ]);
  });
});
