// The drafted parameters: types and limits from the schema, the maxLength the
// project requires in the address and headers (a default, marked), names
// that must change to be identifiers, body fields of JSON and form bodies,
// and what is left out, with the reason, rather than drafted wrongly.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";
import { DEFAULT_MAX_LENGTH } from "./params.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const withParams = (parameters: Json[], doc: Json = {}) =>
  openapi(
    {
      "/items/{id}": {
        get: {
          operationId: "getItem",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...parameters],
          responses: ok,
        },
      },
    },
    {},
    doc,
  );
const withBody = (content: Json, required = false) =>
  openapi({ "/items": { post: { operationId: "createItem", requestBody: { required, content }, responses: ok } } });

describe("parameters of the address and headers", () => {
  it("take the schema's type and limits", async () => {
    const doc = withParams([
      {
        name: "q",
        in: "query",
        required: true,
        description: "Search words.",
        schema: { type: "string", minLength: 1, maxLength: 200, pattern: "^[^<>]*$" },
        example: "red shoes",
      },
      { name: "size", in: "query", schema: { type: "integer", minimum: 1, maximum: 50, default: 10 } },
      { name: "sort", in: "query", schema: { type: "string", enum: ["new", "old", null] } },
      { name: "ratio", in: "query", schema: { type: "number", minimum: 0, maximum: 1 } },
      { name: "exact", in: "query", schema: { type: "boolean" } },
    ]);
    const drafted_ = drafted(doc, ["getItem"]);
    expect(drafted_.manifest.operations.acme_get_item!.params).toEqual({
      id: {
        type: "string",
        description: "The id parameter.",
        required: true,
        maxLength: DEFAULT_MAX_LENGTH.path,
        wire: { in: "path" },
      },
      q: {
        type: "string",
        description: "Search words.",
        required: true,
        minLength: 1,
        maxLength: 200,
        pattern: "^[^<>]*$",
        example: "red shoes",
        wire: { in: "query" },
      },
      size: {
        type: "number",
        description: "The size parameter.",
        integer: true,
        minimum: 1,
        maximum: 50,
        default: 10,
        sendDefault: false,
        wire: { in: "query" },
      },
      sort: { type: "string", description: "The sort parameter.", enum: ["new", "old"], wire: { in: "query" } },
      ratio: { type: "number", description: "The ratio parameter.", minimum: 0, maximum: 1, wire: { in: "query" } },
      exact: { type: "boolean", description: "The exact parameter.", wire: { in: "query" } },
    });
    expect(notesAt(drafted_, "operations.acme_get_item.params.id")).toEqual([
      "the spec describes id nowhere: write what it means",
      `maxLength ${DEFAULT_MAX_LENGTH.path} is blockwright add's default for a path value the spec leaves ` +
        "unbounded; set the upstream's real limit",
    ]);
    expect(await linkProblems(drafted_)).toEqual([]);
  });

  it("give free text in the query or a header the default maxLength, marked for review", async () => {
    const d = drafted(
      withParams([
        { name: "q", in: "query", description: "Words.", schema: { type: "string" } },
        { name: "X-Trace", in: "header", description: "A trace id.", schema: { type: "string" } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect([p.q!.maxLength, p.xTrace!.maxLength]).toEqual([DEFAULT_MAX_LENGTH.query, DEFAULT_MAX_LENGTH.header]);
    expect(notesAt(d, "operations.acme_get_item.params.xTrace")).toEqual([
      `maxLength ${DEFAULT_MAX_LENGTH.header} is blockwright add's default for a header value the spec leaves ` +
        "unbounded; set the upstream's real limit",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("turn exclusive bounds into inclusive ones: integers to the next integer, other numbers left to the spec", async () => {
    const d = drafted(
      withParams([
        {
          name: "above",
          in: "query",
          schema: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
        },
        { name: "share", in: "query", schema: { type: "number", minimum: 0, exclusiveMinimum: true } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(p.above).toMatchObject({ integer: true, minimum: 1, maximum: 9 });
    expect(p.share).toMatchObject({ limitsFromSpec: true });
    expect(p.share!.minimum).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
    const d31 = drafted(
      {
        ...withParams([
          { name: "n", in: "query", schema: { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 100 } },
        ]),
        openapi: "3.1.0",
      },
      ["getItem"],
    );
    expect(d31.manifest.operations.acme_get_item!.params!.n).toMatchObject({ minimum: 1, maximum: 99 });
  });

  it("draft a number's step (multipleOf: an offset by pages of 20), which the draft then links with", async () => {
    const d = drafted(withParams([{ name: "offset", in: "query", schema: { type: "integer", multipleOf: 20 } }]), [
      "getItem",
    ]);
    expect(d.manifest.operations.acme_get_item!.params!.offset).toMatchObject({ integer: true, multipleOf: 20 });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("send the default of a parameter the spec requires (an API version header): the upstream's own default only of an optional one goes unsent", async () => {
    const d = drafted(
      withParams([
        { name: "zq-revision", in: "header", required: true, schema: { type: "string", default: "2026-07-15" } },
        { name: "size", in: "query", schema: { type: "integer", default: 10 } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect([p.zqRevision, p.size]).toMatchObject([
      { required: true, default: "2026-07-15" },
      { default: 10, sendDefault: false },
    ]);
    expect(p.zqRevision!.sendDefault).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
    // Written unsent by hand, the link refuses it: no request would carry what the upstream requires.
    const unsent = {
      ...d,
      manifestText: d.manifestText.replace(
        /\n( +)default: "?2026-07-15"?\n/,
        (line, indent) => `${line}${indent}sendDefault: false\n`,
      ),
    };
    expect(unsent.manifestText.split("sendDefault: false").length).toBe(
      d.manifestText.split("sendDefault: false").length + 1,
    );
    expect(await linkProblems(unsent)).toEqual([
      expect.stringContaining(
        'requires header parameter "zq-revision"; declare required: true or a default that is sent',
      ),
    ]);
  });

  it("send the default of a header fetch fills in when it is left out (Accept-Language: *), and draft one where fetch's value is not among the spec's", async () => {
    const languages = { type: "string", enum: ["zq", "zz"] };
    const d = drafted(
      withParams([
        { name: "Accept-Language", in: "header", schema: { ...languages, default: "zz" } },
        { name: "zq-locale", in: "header", schema: { ...languages, default: "zz" } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(p.acceptLanguage).toMatchObject({
      enum: ["zq", "zz"],
      default: "zz",
      wire: { in: "header", name: "Accept-Language" },
    });
    expect(p.acceptLanguage!.sendDefault).toBeUndefined();
    // A header fetch leaves alone keeps the upstream's default unsent.
    expect(p.zqLocale).toMatchObject({ default: "zz", sendDefault: false });
    expect(await linkProblems(d)).toEqual([]);

    const bare = drafted(withParams([{ name: "accept-language", in: "header", schema: languages }]), ["getItem"]);
    const language = bare.manifest.operations.acme_get_item!.params!.acceptLanguage!;
    expect(language).toMatchObject({ enum: ["zq", "zz"], default: "zq" });
    expect(language.sendDefault).toBeUndefined();
    expect(notesAt(bare, "operations.acme_get_item.params.acceptLanguage")).toContain(
      'fetch sends accept-language: * when a call leaves it out, which is not one of the spec\'s values: drafted default "zq" (the first), sent; set the one the upstream assumes',
    );
    // One whose values include fetch's own is left as the spec has it.
    const open = drafted(
      withParams([{ name: "Accept-Language", in: "header", schema: { type: "string", enum: ["*", "zq"] } }]),
      ["getItem"],
    );
    expect(open.manifest.operations.acme_get_item!.params!.acceptLanguage!.default).toBeUndefined();
  });

  it("leave out a Content-Type or Accept header parameter, which OpenAPI ignores (the runtime writes both), and still link where the spec requires them", async () => {
    const d = drafted(
      withParams([
        {
          name: "Content-Type",
          in: "header",
          required: true,
          schema: { type: "string", enum: ["application/json; zq-response=omitLinks,omitMeta"] },
        },
        { name: "accept", in: "header", required: true, schema: { type: "string", example: "zq-example" } },
      ]),
      ["getItem"],
    );
    expect(Object.keys(d.manifest.operations.acme_get_item!.params!)).toEqual(["id"]);
    for (const name of ["Content-Type", "accept"])
      expect(notesAt(d, "operations.acme_get_item")).toContain(
        `header parameter ${name} not drafted: OpenAPI ignores it (the media types and the security schemes say ` +
          "it), and the runtime writes it itself",
      );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("say what they cannot state: a format, deprecation, a default or example that breaks the limits", () => {
    const d = drafted(
      withParams([
        {
          name: "since",
          in: "query",
          deprecated: true,
          schema: { type: "string", format: "hostname", maxLength: 40, default: "" },
          example: "x".repeat(41),
        },
      ]),
      ["getItem"],
    );
    expect(d.manifest.operations.acme_get_item!.params!.since).toEqual({
      type: "string",
      description: "The since parameter.",
      maxLength: 40,
      wire: { in: "query" },
    });
    expect(notesAt(d, "operations.acme_get_item.params.since")).toEqual([
      "the spec describes since nowhere: write what it means",
      "the spec gives format hostname, which a manifest cannot state yet",
      "since is deprecated in the spec",
      'the spec\'s default "" does not pass the drafted limits: left out',
      `the spec's example "${"x".repeat(41)}" does not pass the drafted limits: left out`,
    ]);
  });

  it("rename what is no identifier, or is reserved, and keep the wire name", async () => {
    const d = drafted(
      withParams([
        { name: "X-Request-Id", in: "header", schema: { type: "string", maxLength: 64 } },
        { name: "maxItems", in: "query", schema: { type: "integer" } },
        { name: "operation", in: "query", schema: { type: "string", enum: ["a"] } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(Object.keys(p)).toEqual(["id", "maxItemsValue", "operationValue", "xRequestId"]);
    expect([p.xRequestId!.wire, p.maxItemsValue!.wire, p.operationValue!.wire]).toEqual([
      { in: "header", name: "X-Request-Id" },
      { in: "query", name: "maxItems" },
      { in: "query", name: "operation" },
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("send a list or an object in the query as its style says, and a cookie as a Cookie pair", async () => {
    const d = drafted(
      withParams([
        { name: "tag", in: "query", schema: { type: "array", items: { type: "string" } } },
        {
          name: "expand",
          in: "query",
          style: "deepObject",
          explode: true,
          schema: { type: "array", items: { type: "string" } },
        },
        {
          name: "filter",
          in: "query",
          style: "deepObject",
          required: true,
          schema: { type: "object", properties: { a: { type: "string" } } },
        },
        { name: "session", in: "cookie", schema: { type: "string" } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(p.tag).toMatchObject({ type: "json", jsonType: "array", wire: { in: "query" } });
    expect(p.expand).toMatchObject({ type: "json", jsonType: "array", wire: { in: "query" } });
    // An object of named fields: a parameter per field (draft-query-object.test.ts).
    expect(p.a).toMatchObject({ type: "string", wire: { in: "query", name: "filter", field: "a" } });
    expect(notesAt(d, "operations.acme_get_item")).toEqual([
      "query parameter filter is an object of 1 field, sent as filter[field]=value (style deepObject): drafted as " +
        "a parameter per field, each with its type, limits and description",
    ]);
    // A cookie: a pair of the Cookie header (draft-cookie-params.test.ts).
    expect(p.session).toMatchObject({ type: "string", wire: { in: "cookie" } });
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("body fields", () => {
  it("of a JSON body: each top-level field, required where the schema says, read-only fields left out", async () => {
    const d = drafted(
      withBody(
        {
          "application/json": {
            schema: {
              type: "object",
              required: ["name"],
              properties: {
                id: { type: "string", readOnly: true },
                name: { type: "string", maxLength: 100, description: "The name." },
                tags: { type: "array", items: { type: "string" } },
                meta: { type: "object", additionalProperties: { type: "string" } },
                "due-date": { type: "string", format: "date" },
              },
            },
          },
        },
        true,
      ),
      ["createItem"],
    );
    expect(d.manifest.operations.acme_create_item!.params).toEqual({
      name: { type: "string", description: "The name.", required: true, maxLength: 100, wire: { in: "body" } },
      tags: { type: "json", description: "The tags field.", jsonType: "array", wire: { in: "body" } },
      meta: { type: "json", description: "The meta field.", jsonType: "object", wire: { in: "body" } },
      // A format the manifest states is drafted (the link would take it from the spec anyway).
      dueDate: {
        type: "string",
        description: "The dueDate field.",
        format: "date",
        wire: { in: "body", pointer: "/due-date" },
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("with an enum but no type take the type their values share; a list whose enum holds no list is not drafted, and said", async () => {
    const d = drafted(
      withBody({
        "application/json": {
          schema: {
            type: "object",
            properties: {
              state: { enum: ["zq-running", "zq-done"], description: "The state." },
              level: { enum: [1, 2, null] },
              sources: { type: "array", enum: ["zq-one", "zq-two"], items: { type: "string" } },
            },
          },
        },
      }),
      ["createItem"],
    );
    const params = d.manifest.operations.acme_create_item!.params!;
    expect(params.state).toEqual({
      type: "string",
      description: "The state.",
      enum: ["zq-running", "zq-done"],
      wire: { in: "body" },
    });
    expect(params.level).toMatchObject({ type: "number", integer: true, enum: [1, 2] });
    expect(params.sources).toBeUndefined();
    expect(notesAt(d, "operations.acme_create_item")).toContain(
      'the spec\'s enum of sources (["zq-one","zq-two"]) holds no list, which its type says it is: no value can be sent, not drafted (the spec may mean its items\' values)',
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("that are a schema or null (OpenAPI 3.1's nullable as anyOf) take that schema's type and limits", async () => {
    const d = drafted(
      {
        ...withBody({
          "application/json": {
            schema: {
              type: "object",
              properties: {
                n: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }], description: "How many." },
                mode: { anyOf: [{ $ref: "#/components/schemas/ZqMode" }, { type: "null" }] },
              },
            },
          },
        }),
        openapi: "3.1.0",
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
          schemas: { ZqMode: { type: "string", enum: ["zq-reasoning"] } },
        },
      },
      ["createItem"],
    );
    const params = d.manifest.operations.acme_create_item!.params!;
    expect(params.n).toEqual({
      type: "number",
      description: "How many.",
      integer: true,
      minimum: 1,
      wire: { in: "body" },
    });
    expect(params.mode).toMatchObject({ type: "string", enum: ["zq-reasoning"] });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("of a form: several shapes (anyOf) of one kind drafted as it, marked; of several kinds, as each form", async () => {
    const d = drafted(
      withBody({
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            properties: {
              metadata: {
                anyOf: [
                  { type: "object", additionalProperties: { type: "string" } },
                  { type: "string", enum: [""] },
                ],
              },
              title: { oneOf: [{ type: "string" }, { type: "integer" }] },
              count: { oneOf: [{ type: "integer" }, { type: "integer", format: "int64" }] },
            },
          },
          encoding: { metadata: { style: "deepObject", explode: true } },
        },
      }),
      ["createItem"],
    );
    const p = d.manifest.operations.acme_create_item!.params!;
    expect([p.metadata, p.title, p.count].map((x) => [x!.type, x!.jsonType, x!.integer])).toEqual([
      ["json", "object", undefined],
      ["json", undefined, undefined],
      ["number", undefined, true],
    ]);
    expect(p.title?.anyOf).toEqual([{ type: "string" }, { type: "number", integer: true }]);
    expect(notesAt(d, "operations.acme_create_item.params.metadata")).toContain(
      'the spec also allows "" (to clear the value, in some APIs), which the runtime treats as no value and never sends: drafted as the other form',
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a body that is no object of fields: one parameter holding it whole", async () => {
    const d = drafted(
      withBody({ "application/json": { schema: { type: "array", items: { type: "string" } } } }, true),
      ["createItem"],
    );
    expect(d.manifest.operations.acme_create_item!.params).toEqual({
      body: {
        type: "json",
        description: "The request body.",
        required: true,
        jsonType: "array",
        wire: { in: "body", pointer: "" },
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an object that names no properties (any object): one parameter holding it whole, required as the body is", async () => {
    const d = drafted(
      withBody({ "application/json": { schema: { type: "object", description: "Any key-value pairs" } } }, true),
      ["createItem"],
    );
    expect(d.manifest.operations.acme_create_item!.params).toEqual({
      body: {
        type: "json",
        description: "The request body.",
        required: true,
        jsonType: "object",
        wire: { in: "body", pointer: "" },
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an object that is one of several shapes (type: object with oneOf, no properties of its own): one parameter holding it whole, required as the body is", async () => {
    const shape = (kind: string, extra: Json) => ({
      type: "object",
      required: ["kind", ...Object.keys(extra)],
      properties: { kind: { type: "string", enum: [kind] }, ...extra },
    });
    const schema = {
      type: "object",
      oneOf: [
        shape("a", { address: { type: "string", maxLength: 40 } }),
        shape("cname", { target: { type: "string", maxLength: 60 } }),
      ],
    };
    const d = drafted(withBody({ "application/json": { schema } }, true), ["createItem"], "zqdns");
    // Its example is the first shape's required fields.
    expect(d.manifest.operations.zqdns_create_item!.params).toEqual({
      body: {
        type: "json",
        description: "The request body.",
        required: true,
        jsonType: "object",
        example: { kind: "a", address: "example" },
        wire: { in: "body", pointer: "" },
      },
    });
    expect(notesAt(d, "operations.zqdns_create_item.params.body")).toContain(
      "the request body is one of 2 shapes (oneOf): drafted as one parameter holding the whole body, one of them",
    );
    expect(await linkProblems(d, "zqdns")).toEqual([]);
  });

  it("an id or an inline object (oneOf): each form, the id's limits on its own; a string of one of two formats: the first format", async () => {
    const inline = {
      oneOf: [
        { type: "object", required: ["line1"], properties: { line1: { type: "string" } } },
        { type: "object", required: ["zip"], properties: { zip: { type: "string" } } },
      ],
    };
    const schema = {
      type: "object",
      required: ["to"],
      properties: {
        to: { oneOf: [{ type: "string", pattern: "^zqa_[a-z0-9]+$", example: "zqa_1" }, inline] },
        when: { type: "string", anyOf: [{ format: "date-time" }, { format: "date" }] },
        // Shapes the spec names (a title here, a component's name when it is a $ref): the note names them.
        at: {
          oneOf: [
            { type: "object", title: "ZqVector", properties: { x: { type: "number" } } },
            { type: "object", title: "ZqRegion", properties: { w: { type: "number" } } },
          ],
        },
        file: {
          oneOf: [
            { type: "string", pattern: "^zqt_[a-z]+$" },
            { type: "string", pattern: "^https://" },
          ],
        },
      },
    };
    const d = drafted(withBody({ "application/json": { schema } }, true), ["createItem"], "zqmail");
    const p = d.manifest.operations.zqmail_create_item!.params!;
    expect(p.to).toMatchObject({
      type: "json",
      anyOf: [
        { type: "string", pattern: "^zqa_[a-z0-9]+$" },
        { type: "json", jsonType: "object" },
      ],
      required: true,
    });
    expect(notesAt(d, "operations.zqmail_create_item.params.to")).toContain(
      "the spec allows string or object (oneOf): drafted as its 2 forms (anyOf), each with its limits; a value " +
        "meeting one is sent as it is",
    );
    expect(p.when).toMatchObject({ type: "string", format: "date-time" });
    expect(p.file?.anyOf).toEqual([
      { type: "string", pattern: "^zqt_[a-z]+$" },
      { type: "string", pattern: "^https://" },
    ]);
    expect(notesAt(d, "operations.zqmail_create_item.params.when")).toContain(
      "the spec allows format date-time or date (anyOf): drafted as date-time, the first",
    );
    expect(notesAt(d, "operations.zqmail_create_item.params.at")).toContain(
      "the spec allows object ZqVector or object ZqRegion (oneOf): drafted as object, without the limits of any " +
        "one of them",
    );
    expect(await linkProblems(d, "zqmail")).toEqual([]);
  });

  it("a body of raw bytes (octet-stream, a range, no schema) is one file parameter holding the whole body, required as the body is", async () => {
    const d = drafted(
      withBody({ "application/octet-stream": { schema: { type: "string", format: "binary", maxLength: 2048 } } }, true),
      ["createItem"],
    );
    expect(d.manifest.operations.acme_create_item!.params).toEqual({
      file: {
        type: "file",
        description: "The file sent as the request body (application/octet-stream).",
        required: true,
        maxBytes: 2048,
        wire: { in: "body", pointer: "" },
      },
    });
    expect(await linkProblems(d)).toEqual([]);
    const ranged = drafted(withBody({ "image/*": {} }), ["createItem"]);
    expect(ranged.manifest.operations.acme_create_item!.params).toEqual({
      file: {
        type: "file",
        description: "The file sent as the request body (image/*).",
        wire: { in: "body", pointer: "" },
      },
    });
    expect(await linkProblems(ranged)).toEqual([]);
  });

  it("a body of another media type that is no file (XML) is still refused when required, and left out with the reason when optional", () => {
    const xml = { "application/xml": { schema: { type: "object", properties: { name: { type: "string" } } } } };
    expect(() => drafted(withBody(xml, true), ["createItem"])).toThrow(
      /createItem \(application\/xml\): its request body/,
    );
    const d = drafted(withBody(xml), ["createItem"]);
    expect(d.manifest.operations.acme_create_item!.params).toBeUndefined();
    expect(notesAt(d, "operations.acme_create_item")).toEqual([
      "the request body is application/xml, which the runtime does not write (JSON, " +
        "application/x-www-form-urlencoded or multipart/form-data): not drafted",
    ]);
  });

  it("a body offered as JSON or multipart is drafted from its JSON", () => {
    const schema = { type: "object", required: ["name"], properties: { name: { type: "string", maxLength: 50 } } };
    const d = drafted(withBody({ "application/json": { schema }, "multipart/form-data": { schema } }, true), [
      "createItem",
    ]);
    expect(d.manifest.operations.acme_create_item!.params).toEqual({
      name: { type: "string", description: "The name field.", required: true, maxLength: 50, wire: { in: "body" } },
    });
  });
});
