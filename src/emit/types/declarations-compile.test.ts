// A package's declarations compile (tsc --strict, declarations checked) where openapi-typescript's own types of the
// document would not: a `$ref` into a union's member, a list's items, a property's property or an optional property
// (hoisted-refs.ts); a discriminated family whose members come before their parents, one with no properties of its
// own, whose discriminator an output reads (link/outputs/inherited-discriminator.ts); an operation id with a `#`; a
// body that may be null.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedDraft } from "../../../test-support/cli/generated-draft.js";
import { typeCheckMessages } from "../../../test-support/type-check.js";
import {
  draftWorkFolder,
  drafted,
  type Json,
  linkProblems,
  openapi,
  reply,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(join(draftWorkFolder, "declarations-compile"), { recursive: true, force: true }));

const at = (name: string, ...steps: string[]) => ({ $ref: `#/components/schemas/${[name, ...steps].join("/")}` });
const text = { type: "string", maxLength: 40 };

/** Into a union's member, a member's property, a list's items, and a property of a property. */
const pointedInside = openapi(
  {
    "/zqchannels/{zqid}": {
      get: {
        operationId: "getZqchannel",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: { "200": reply(at("ZqChannel")) },
      },
    },
  },
  {
    schemas: {
      ZqChannel: {
        type: "object",
        properties: {
          from: {
            oneOf: [
              { type: "object", required: ["zquser"], properties: { zquser: text } },
              { type: "object", required: ["zqnumber"], properties: { zqnumber: text } },
            ],
          },
          to: {
            oneOf: [
              at("ZqChannel", "properties", "from", "oneOf", "0"),
              {
                type: "object",
                properties: { zqnumber: at("ZqChannel", "properties", "from", "oneOf", "1", "properties", "zqnumber") },
              },
            ],
          },
          tags: { type: "array", items: { type: "object", properties: { zqlabel: text } } },
          firstTag: at("ZqChannel", "properties", "tags", "items"),
          meta: {
            type: "object",
            properties: { inner: { type: "object", properties: { zqdepth: { type: "integer" } } } },
          },
          inner: at("ZqChannel", "properties", "meta", "properties", "inner"),
        },
      },
    },
  },
);

/** An object declaring the family's discriminator `@zqkind` as its own, beside a field. */
function declaring(field: string): Json {
  return {
    type: "object",
    required: ["@zqkind"],
    discriminator: { propertyName: "@zqkind" },
    properties: { "@zqkind": text, [field]: text },
  };
}

/** Each member's own part declaring the discriminator, children before their parents (a directory API's entities). */
const familyDeclaring = openapi(
  {
    "/zqshifts/{zqid}": {
      get: {
        operationId: "getZqshift",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: { "2XX": reply(at("ZqOfferShift")) },
      },
    },
  },
  {
    schemas: {
      ZqOfferShift: { allOf: [at("ZqChangeRequest"), declaring("zqto")] },
      ZqChangeRequest: { allOf: [at("ZqEntity"), declaring("zqfrom")] },
      ZqEntity: declaring("zqid"),
    },
  },
);

/** Children before their parents, one link with no properties of its own. */
const familyBackwards = openapi(
  {
    "/zqsuggestions": {
      get: { operationId: "getZqsuggestions", responses: { "200": reply(at("ZqSuggestions")) } },
    },
  },
  {
    schemas: {
      ZqSuggestions: {
        type: "object",
        required: ["zqgroups"],
        allOf: [at("ZqAnswer")],
        properties: { zqgroups: { type: "array", items: text } },
      },
      ZqAnswer: { type: "object", allOf: [at("ZqResponse")] },
      ZqResponse: { type: "object", allOf: [at("ZqBase")], properties: { zqlink: text } },
      ZqBase: {
        type: "object",
        required: ["_zqkind"],
        discriminator: { propertyName: "_zqkind" },
        properties: { _zqkind: text },
      },
    },
  },
);

/**
 * An operation id with a `#` (openapi-typescript keys it with a `/`), its answer a nullable record; an answer whose
 * schema is under a JSON type with parameters, `application/json` beside it with an example only; an answer keyed by a
 * range of statuses (`2XX`, openapi-typescript's key for it).
 */
const hashedNullable = openapi(
  {
    "/zqranges": {
      get: {
        operationId: "getZqrange",
        responses: {
          "2XX": reply({ type: "object", required: ["zqspan"], properties: { zqspan: { type: "integer" } } }),
        },
      },
    },
    "/zqthings": {
      get: {
        operationId: "listZqthings",
        responses: {
          "200": {
            description: "The things.",
            content: {
              "application/json": { example: { zqcount: 1 } },
              "application/json; charset=utf-8": {
                schema: { type: "object", required: ["zqcount"], properties: { zqcount: { type: "integer" } } },
              },
            },
          },
        },
      },
    },
    "/zqthings/{zqid}": {
      get: {
        operationId: "zqthing#Get",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: { "200": reply(at("ZqThing")) },
      },
    },
  },
  {
    schemas: {
      ZqThing: {
        type: "object",
        nullable: true,
        required: ["zqlabel"],
        properties: { zqlabel: text, zqsize: { type: "integer" } },
      },
    },
  },
);

/** A discriminator without a mapping over members that declare their value themselves. */
const declaredValues = openapi(
  {
    "/zqepisodes/{zqid}": {
      get: {
        operationId: "getZqepisode",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: { "200": reply(at("ZqEpisode")) },
      },
    },
    "/zqplaying": { get: { operationId: "getZqplaying", responses: { "200": reply(at("ZqPlaying")) } } },
  },
  {
    schemas: {
      ZqPlaying: {
        type: "object",
        properties: { item: { oneOf: [at("ZqTrack"), at("ZqEpisode")], discriminator: { propertyName: "type" } } },
      },
      ZqTrack: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string", enum: ["zqtrack"] }, zqtitle: text },
      },
      ZqEpisode: { type: "object", allOf: [at("ZqEpisodeBase"), { type: "object", properties: { zqshow: text } }] },
      ZqEpisodeBase: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string", enum: ["zqepisode"] }, zqname: text },
      },
    },
  },
);

/** A value typed `null` beside a union of other kinds, one a list of itself (OpenAPI 3.1). */
const nullBesideUnion = openapi(
  {
    "/zqitems/{zqid}": {
      get: {
        operationId: "getZqitem",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: { "200": reply(at("ZqItem")) },
      },
    },
  },
  {
    schemas: {
      ZqItem: { type: "object", required: ["zqkey"], properties: { zqkey: text, zqvalue: at("ZqValue") } },
      ZqValue: {
        type: "null",
        oneOf: [{ type: "string" }, { type: "number" }, { type: "array", items: at("ZqValue") }],
      },
    },
  },
  { openapi: "3.1.0" },
);

/** An answer that is a component's optional property (`#/components/schemas/ZqWall/properties/rules`). */
const optionalProperty = openapi(
  {
    "/zqwalls/{zqid}/rules": {
      get: {
        operationId: "getZqwallRules",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: { "200": reply(at("ZqWall", "properties", "rules"), { zqpolicy: "ZQDROP" }) },
      },
    },
  },
  {
    schemas: {
      ZqWall: {
        type: "object",
        required: ["zqlabel"],
        properties: {
          zqlabel: text,
          rules: {
            type: "object",
            properties: {
              zqpolicy: { type: "string", enum: ["ZQACCEPT", "ZQDROP"] },
              zqlist: { type: "array", items: text },
            },
          },
        },
      },
    },
  },
);

async function compiled(name: string, document: Json, operationIds: string[], consumer: string[]) {
  const d = drafted(document, operationIds);
  expect(await linkProblems(d)).toEqual([]);
  const folder = join(draftWorkFolder, "declarations-compile", name);
  const files = await generatedDraft(folder, d);
  const outDir = join(folder, "generated");
  writeFileSync(join(outDir, "consumer.mts"), `${consumer.join("\n")}\n`);
  const checked = ["acme/index.d.ts", "acme/index.d.cts", "consumer.mts"].map((f) => join(outDir, f));
  return { types: files.get("acme/index.d.ts") ?? "", messages: typeCheckMessages(checked, { skipLibCheck: false }) };
}

describe("a package's declarations", () => {
  it("compile where the document refs a union's member, a list's items or a property's property", async () => {
    const { types, messages } = await compiled(
      "pointed-inside",
      pointedInside,
      ["getZqchannel"],
      [
        'import type { AcmeOpenApiComponents as C } from "./acme/index.js";',
        'type Channel = C["schemas"]["ZqChannel"];',
        'export const to: Channel["to"] = { zquser: "u1" };',
        'export const first: Channel["firstTag"] = { zqlabel: "l1" };',
        'export const inner: Channel["inner"] = { zqdepth: 2 };',
        "// @ts-expect-error: a member's field keeps its type",
        'export const wrong: Channel["to"] = { zqnumber: 5 };',
      ],
    );
    expect(messages).toEqual([]);
    expect(types).toContain('"ZqChannel/properties/from/oneOf/0": {');
    expect(types).toContain('components["schemas"]["ZqChannel/properties/tags/items"]');
    expect(types).not.toContain('["oneOf"]');
  });

  it("compile where an answer is a component's optional property, its fields read as outputs", async () => {
    const { types, messages } = await compiled(
      "optional-property",
      optionalProperty,
      ["getZqwallRules"],
      [
        'import type { AcmeGetZqwallRulesOutput as Out } from "./acme/index.js";',
        'export const policy: Out["metadata"]["zqpolicy"] = "ZQDROP";',
        "// @ts-expect-error: the answer is the rules, never absent",
        'export const absent: Out["data"] = undefined;',
      ],
    );
    expect(messages).toEqual([]);
    expect(types).toContain('components["schemas"]["ZqWall/properties/rules"]');
  });

  it("compile where a family's member lists before its parent, its discriminator typed by its schema", async () => {
    const { types, messages } = await compiled(
      "family-backwards",
      familyBackwards,
      ["getZqsuggestions"],
      [
        'import type { AcmeGetZqsuggestionsOutput as Out } from "./acme/index.js";',
        'export const kind: string = ({} as Out)["metadata"]["zqkind"];',
      ],
    );
    expect(messages).toEqual([]);
    expect(types).not.toContain('["_zqkind"]');
  });

  it("compile where each member of a family declares its discriminator, children first", async () => {
    const { messages } = await compiled(
      "family-declaring",
      familyDeclaring,
      ["getZqshift"],
      [
        'import type { AcmeGetZqshiftOutput as Out } from "./acme/index.js";',
        'export const kind: string = ({} as Out)["metadata"]["zqkind"];',
      ],
    );
    expect(messages).toEqual([]);
  });

  it("type a discriminated member by the value it declares, not never", async () => {
    const { types, messages } = await compiled(
      "declared-values",
      declaredValues,
      ["getZqepisode", "getZqplaying"],
      [
        'import type { AcmeGetZqepisodeOutput as Out, AcmeOpenApiComponents as C } from "./acme/index.js";',
        "type IsNever<T> = [T] extends [never] ? true : false;",
        'export const typed: IsNever<Out["data"]> = false;',
        'export const kind: "zqepisode" = ({} as Out)["data"]["type"];',
        'export const track: C["schemas"]["ZqTrack"]["type"] = "zqtrack";',
      ],
    );
    expect(messages).toEqual([]);
    expect(types).toContain('type: "zqepisode";');
  });

  it("compile where a value is typed null beside a union holding a list of itself", async () => {
    const { messages, types } = await compiled(
      "null-beside-union",
      nullBesideUnion,
      ["getZqitem"],
      [
        'import type { AcmeOpenApiComponents as C } from "./acme/index.js";',
        'export const values: C["schemas"]["ZqValue"][] = ["a", 1, null, ["b", [2, null]]];',
      ],
    );
    expect(types).toContain("ZqValue: string | number | unknown[] | null;");
    expect(messages).toEqual([]);
  });

  it("compile where an operation id has a `#`, an answer is nullable, under another JSON type or a range", async () => {
    const { types, messages } = await compiled(
      "hashed-nullable",
      hashedNullable,
      ["zqthing#Get", "listZqthings", "getZqrange"],
      [
        'import type { AcmeGetZqrangeOutput as Range } from "./acme/index.js";',
        'export const span: number = ({} as Range)["metadata"]["zqspan"];',
        'import type { AcmeListZqthingsOutput as List, AcmeZqthingGetOutput as Out } from "./acme/index.js";',
        'export const label: string = ({} as Out)["metadata"]["zqlabel"];',
        'export const count: number = ({} as List)["metadata"]["zqcount"];',
      ],
    );
    expect(messages).toEqual([]);
    expect(types).toContain('NonNullable<operations["zqthing/Get"]');
  });
});
