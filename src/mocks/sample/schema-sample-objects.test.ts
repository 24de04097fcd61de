// Values of objects made in parts (allOf, a member requiring one field of several), of a schema with an
// example of its own, and of a boolean with a documented default: each valid, as the document says.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { realisticValues } from "../realistic-values.js";
import { DocumentSampler } from "./schema-sample.js";

const Ajv = AjvModule.default ?? AjvModule;

describe("values of objects in parts (allOf)", () => {
  it("take each property from the member that pins it, and every member's required fields", () => {
    const schemas = {
      ZqBase: {
        allOf: [
          {
            type: "object",
            properties: {
              id: { type: "string" },
              type: { type: "string" },
              self: { type: "string", format: "url", nullable: true },
            },
          },
        ],
      },
      ZqReference: {
        allOf: [{ $ref: "#/components/schemas/ZqBase/allOf/0" }, { type: "object", required: ["type", "id"] }],
      },
      ZqServiceReference: {
        allOf: [
          { $ref: "#/components/schemas/ZqReference" },
          { type: "object", properties: { type: { type: "string", enum: ["zq_service_reference"] } } },
        ],
      },
      ZqIncident: {
        type: "object",
        required: ["service"],
        properties: { service: { $ref: "#/components/schemas/ZqServiceReference" } },
      },
    };
    const document = { openapi: "3.0.3", info: { title: "zqparts", version: "1" }, paths: {}, components: { schemas } };
    const sampler = new DocumentSampler(document);
    const made = sampler.sample("/components/schemas/ZqIncident");
    expect(made?.value).toEqual({ service: { type: "zq_service_reference", id: expect.any(String) } });
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({
      $id: "zq://parts",
      components: JSON.parse(JSON.stringify(document.components).replaceAll('"nullable":true', '"_n":1')),
    });
    expect(ajv.validate({ $ref: "zq://parts#/components/schemas/ZqIncident" }, made?.value)).toBe(true);
  });
});

describe("values of objects in parts whose members define one field differently", () => {
  it("meet every member's definition of the field, a schema both reach collected once", () => {
    // A detail extends a header; both define `links`, the detail's (allOf: the header's links, more required) the
    // stricter. The walk took the header's definition alone, held its value to the header's place, and Prism's
    // sampler answered with what the detail's schema refuses.
    const link = { type: "object", required: ["href"], properties: { href: { type: "string", example: "/zq/1" } } };
    const schemas = {
      ZqLink: link,
      ZqHeaderLinks: {
        type: "object",
        required: ["self"],
        properties: { self: { $ref: "#/components/schemas/ZqLink" } },
      },
      ZqDetailLinks: {
        allOf: [
          { $ref: "#/components/schemas/ZqHeaderLinks" },
          {
            type: "object",
            required: ["self", "history"],
            properties: { history: { $ref: "#/components/schemas/ZqLink" } },
          },
        ],
      },
      ZqHeader: {
        type: "object",
        properties: { id: { type: "string" }, links: { $ref: "#/components/schemas/ZqHeaderLinks" } },
      },
      ZqDetail: {
        allOf: [
          { $ref: "#/components/schemas/ZqHeader" },
          {
            type: "object",
            required: ["links"],
            properties: { links: { $ref: "#/components/schemas/ZqDetailLinks" } },
          },
        ],
      },
    };
    const document = { openapi: "3.0.3", info: { title: "zqlinks", version: "1" }, paths: {}, components: { schemas } };
    const made = new DocumentSampler(document).sample("/components/schemas/ZqDetail");
    expect(made?.value).toEqual({ links: { self: { href: "/zq/1" }, history: { href: "/zq/1" } } });
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ $id: "zq://links", components: document.components });
    expect(ajv.validate({ $ref: "zq://links#/components/schemas/ZqDetail" }, made?.value)).toBe(true);
  });
});

describe("values of objects in parts whose member requires one field of several (anyOf of required lists)", () => {
  it("take the pinned enum from the member that declares it, and the first required list's fields", () => {
    const schemas = {
      ZqKind: { type: "string", enum: ["zq_letter", "zq_address"] },
      ZqBase: { type: "object", required: ["object"], properties: { object: { $ref: "#/components/schemas/ZqKind" } } },
      ZqAddress: {
        allOf: [
          { $ref: "#/components/schemas/ZqBase" },
          {
            type: "object",
            required: ["id"],
            anyOf: [
              { title: "with a name", required: ["name"] },
              { title: "with a company", required: ["company"] },
            ],
            properties: {
              id: { type: "string", pattern: "^zqadr_[a-z0-9]+$" },
              object: { type: "string", enum: ["zq_address"] },
              name: { type: "string", maxLength: 40 },
              company: { type: "string", maxLength: 40 },
            },
          },
        ],
      },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "zqaddresses", version: "1" },
      paths: {},
      components: { schemas },
    };
    const made = new DocumentSampler(document).sample("/components/schemas/ZqAddress");
    expect(made?.value).toEqual({
      object: "zq_address",
      id: expect.stringMatching(/^zqadr_/),
      name: expect.any(String),
    });
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ $id: "zq://addresses", components: document.components });
    expect(ajv.validate({ $ref: "zq://addresses#/components/schemas/ZqAddress" }, made?.value)).toBe(true);
  });
});

describe("values of a schema with an example of its own", () => {
  it("are that example where it is valid (an error's messages hold one), made otherwise", () => {
    const messages = {
      type: "array",
      items: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { type: "integer", minimum: 1000 }, message: { type: "string" } },
      },
    };
    const schemas = {
      ZqFailure: {
        type: "object",
        required: ["success", "errors", "notes"],
        properties: {
          success: { type: "boolean", example: false },
          errors: { allOf: [messages], example: [{ code: 7003, message: "No zq route" }] },
          notes: { allOf: [messages], example: [{ code: 1, message: "below its minimum" }] },
        },
      },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "zqfailures", version: "1" },
      paths: {},
      components: { schemas },
    };
    expect(new DocumentSampler(document).sample("/components/schemas/ZqFailure")?.value).toEqual({
      success: false,
      errors: [{ code: 7003, message: "No zq route" }],
      notes: [],
    });
  });
});

describe("a boolean field with a documented default (a reply's ok: default true)", () => {
  it("is that default in every realistic value, whatever the seed, where a coin flip decided before", () => {
    const schemas = {
      ZqReply: {
        type: "object",
        required: ["ok", "done"],
        properties: { ok: { type: "boolean", default: true }, done: { type: "boolean", default: false } },
      },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "zqreplies", version: "1" },
      paths: {},
      components: { schemas },
    };
    const sampler = new DocumentSampler(document);
    const values = realisticValues();
    for (let seed = 1; seed <= 40; seed++)
      expect(sampler.sample("/components/schemas/ZqReply", { seed, realistic: values })?.value).toEqual({
        ok: true,
        done: false,
      });
  });
});

describe("lists the bounds ask items of (listItems)", () => {
  const schemas = {
    ZqFeed: {
      type: "object",
      required: ["zqSinks", "zqNone", "zqLoops"],
      properties: {
        zqSinks: {
          type: "array",
          items: { type: "object", required: ["zqKind"], properties: { zqKind: { type: "string", enum: ["zqa"] } } },
        },
        zqNone: { type: "array", maxItems: 0, items: { type: "string" } },
        // Items that cannot be made (each requires itself): the list the schema allows without them.
        zqLoops: { type: "array", items: { $ref: "#/components/schemas/ZqLoop" } },
      },
    },
    ZqLoop: { type: "object", required: ["zqNext"], properties: { zqNext: { $ref: "#/components/schemas/ZqLoop" } } },
  };
  const document = { openapi: "3.0.3", info: { title: "zqlists", version: "1" }, paths: {}, components: { schemas } };
  const sampler = new DocumentSampler(document);

  it("hold that many within maxItems, fewer where the items cannot be made; the fewest without the bound", () => {
    expect(sampler.sample("/components/schemas/ZqFeed", { listItems: 1 })?.value).toEqual({
      zqSinks: [{ zqKind: "zqa" }],
      zqNone: [],
      zqLoops: [],
    });
    expect(sampler.sample("/components/schemas/ZqFeed")?.value).toEqual({ zqSinks: [], zqNone: [], zqLoops: [] });
  });
});

describe("values of a union whose members are one $ref with the fields each requires beside it", () => {
  it("meet a member's required fields (3.0 ignores a $ref's siblings; the publisher, Prism and 3.1 do not)", () => {
    // Pinterest's conversion events: `user_data` is `anyOf` of `{$ref: UserData, required: [em]}` and the like. The
    // sampler read each member as its `$ref` alone and made `{}`, which the mock refused.
    const data = { $ref: "#/components/schemas/ZqUserData" };
    const schemas = {
      ZqUserData: { type: "object", properties: { zqEmail: { type: "string" }, zqIp: { type: "string" } } },
      ZqEvent: {
        type: "object",
        required: ["zqUser"],
        properties: {
          zqUser: {
            type: "object",
            anyOf: [
              { ...data, required: ["zqEmail"] },
              { ...data, required: ["zqIp"] },
            ],
          },
        },
      },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "zqbeside", version: "1" },
      paths: {},
      components: { schemas },
    };
    const made = new DocumentSampler(document).sample("/components/schemas/ZqEvent")?.value as { zqUser: object };
    expect(Object.keys(made.zqUser).some((k) => k === "zqEmail" || k === "zqIp")).toBe(true);
  });
});
