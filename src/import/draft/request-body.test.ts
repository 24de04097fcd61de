// The drafted request body: the fields of JSON and form bodies, a body that is
// no object of fields as one parameter, raw bytes as a file, and a body of a
// media type the runtime does not write left out, with the reason.
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

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const withBody = (content: Json, required = false) =>
  openapi({ "/items": { post: { operationId: "createItem", requestBody: { required, content }, responses: ok } } });

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
        description: "The due-date field.",
        format: "date",
        wire: { in: "body", pointer: "/due-date" },
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "with an enum but no type take the type their values share; a list whose enum holds no list " +
      "is read as its items' values (list-enum-of-no-list.test.ts), and said",
    async () => {
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
      expect(params.sources).toMatchObject({ type: "json", jsonType: "array" });
      expect(notesAt(d, "openapi").join("\n")).toMatch(/sources \(enum of no list: its items' values now\)/);
      expect(await linkProblems(d)).toEqual([]);
    },
  );

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
      nullable: true,
      wire: { in: "body" },
    });
    expect(params.mode).toMatchObject({ type: "string", enum: ["zq-reasoning"], nullable: true });
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "of a form: several shapes (anyOf) of one kind drafted as it, marked; of several kinds, as " + "each form",
    async () => {
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
        'the spec also allows "" (to clear the value, in some APIs), which the runtime treats as no value and ' +
          "never sends: drafted as the other form",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

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

  it(
    "an object that names no properties (any object): one parameter holding it whole, required " + "as the body is",
    async () => {
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
    },
  );

  it(
    "an object that is one of several shapes (type: object with oneOf, no properties of its " +
      "own): one parameter holding it whole, required as the body is",
    async () => {
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
    },
  );

  it(
    "an id or an inline object (oneOf): each form, the id's limits on its own; a string of one " +
      "of two formats: the first format",
    async () => {
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
        "the spec allows object ZqVector or object ZqRegion (oneOf): drafted as object, each value held before any " +
          "request to the one whose fields hold all its keys (no shape requires a field, closes or fixes one, so by " +
          "JSON Schema's letter every object meets several and none the oneOf: read as the request judge and the " +
          "mocks read it)",
      );
      expect(await linkProblems(d, "zqmail")).toEqual([]);
    },
  );

  it(
    "a body of raw bytes (octet-stream, a range, no schema) is one file parameter holding the " +
      "whole body, required as the body is",
    async () => {
      const d = drafted(
        withBody(
          { "application/octet-stream": { schema: { type: "string", format: "binary", maxLength: 2048 } } },
          true,
        ),
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
    },
  );

  it(
    "a body of another media type that is no file (a vendor's pack of an object) is still refused when required, and " +
      "left out with the reason when optional",
    () => {
      // Not a text type: an object under it may be any encoding of it (one under text/csv is its JSON text:
      // json-text-body).
      const csv = { "application/zq-pack": { schema: { type: "object", properties: { name: { type: "string" } } } } };
      expect(() => drafted(withBody(csv, true), ["createItem"])).toThrow(
        /createItem \(its request body \(application\/zq-pack\) is of a media type/,
      );
      const d = drafted(withBody(csv), ["createItem"]);
      expect(d.manifest.operations.acme_create_item!.params).toBeUndefined();
      expect(notesAt(d, "operations.acme_create_item")).toEqual([
        "the request body is application/zq-pack, which the runtime does not write (JSON, " +
          "application/x-www-form-urlencoded, multipart/form-data, XML, a file's bytes or one text): not drafted",
      ]);
    },
  );

  it("an XML body is drafted from its fields; one whose schema names no root element is refused, saying why", () => {
    const item = { type: "object", properties: { name: { type: "string" } } };
    const d = drafted(withBody({ "application/xml": { schema: { ...item, xml: { name: "zqItem" } } } }, true), [
      "createItem",
    ]);
    expect(d.manifest.operations.acme_create_item!.params).toEqual({
      name: { type: "string", description: "The name field.", required: true, wire: { in: "body" } },
    });
    const rootless = { "application/xml": { schema: { ...item, properties: { ...item.properties, note: item } } } };
    expect(() => drafted(withBody(rootless, true), ["createItem"])).toThrow(
      /createItem \(its XML body names no root element: .*it has 2: name, note\)\): no call of it could succeed/,
    );
  });

  it("a body of any media type (`*/*`) is a file whose description names the type as written", () => {
    const d = drafted(withBody({ "*/*": { schema: { type: "string" } } }, true), ["createItem"]);
    expect(d.manifest.operations.acme_create_item!.params?.file).toMatchObject({
      type: "file",
      description: "The file sent as the request body (*/*).",
      wire: { in: "body", pointer: "" },
    });
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
