// A request body of a discriminated base of many kinds, read as the union of its kinds (load/schemas/base-kinds.ts),
// is checked by the request judge as the kind its property names (load/schemas/guarded-kinds.ts): the validator tried
// every kind's whole schema for every value, so a body of a base of n kinds walked n kinds. Counted by a format only
// the base's own field has, checked once each time a kind's schema (its allOf of the base) is walked. A refusal still
// says what it said: the kinds' own reasons are read again on a failure.
import { format } from "@cfworker/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { schemaChecker } from "./schema-check.js";
import { manyKinds, ref } from "../load/schemas/__fixtures__/many-kinds.js";

const KINDS = 300;
const FILE = "/specs/zqkinds/openapi.yaml";
const kinds = manyKinds(KINDS, { type: "string" }, true);
const data = {
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqevents": {
      post: {
        operationId: "postZqEvent",
        requestBody: { required: true, content: { "application/json": { schema: ref("ZqEvent") } } },
        responses: { "204": { description: "Kept." } },
      },
    },
  },
  components: {
    schemas: {
      ZqEvent: {
        type: "object",
        required: ["zqType", "zqId"],
        discriminator: { propertyName: "zqType" },
        properties: { zqType: { type: "string" }, zqId: { type: "string", format: "uuid" } },
      },
      ...kinds,
    },
  },
};
const BODY = ["paths", "/zqevents", "post", "requestBody", "content", "application/json", "schema"];
const ID = "0b5c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3";

const formats = format as Record<string, (value: string) => boolean>;
const uuid = formats.uuid as (value: string) => boolean;
afterEach(() => {
  formats.uuid = uuid;
});

describe("a request body of a base of many kinds, held by the judge", () => {
  it("is checked as the kind its property names, its refusals told as before", () => {
    const checker = schemaChecker(new OpenApiDocument(parseYamlSource(JSON.stringify(data), FILE)));
    expect(checker.check({ zqType: "ZqKind0", zqId: ID, zqField0: "zq" }, BODY)).toBeUndefined();
    let walked = 0;
    formats.uuid = (value) => {
      walked++;
      return uuid(value);
    };
    expect(checker.check({ zqType: "ZqKind7", zqId: ID, zqField7: "zq" }, BODY)).toBeUndefined();
    expect(walked).toBeGreaterThan(0);
    expect(walked).toBeLessThan(KINDS / 10);
    // One kind named, another's fields: the discriminator's words, naming both kinds.
    const crossed = checker.check({ zqType: "ZqKind7", zqId: ID, zqField8: "zq" }, BODY);
    expect(crossed?.rule).toBe("discriminator");
    expect(crossed?.message).toMatch(/names the shape ZqKind7 .* has the fields of ZqKind8 instead/);
    expect(checker.check({ zqType: "ZqNone", zqId: ID }, BODY)?.message).toMatch(/names no shape of its union/);
    expect(checker.check({ zqType: "ZqKind7", zqId: "zq", zqField7: "zq" }, BODY)?.path).toEqual(["zqId"]);
  });
});
