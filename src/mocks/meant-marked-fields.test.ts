// A schema read as meant and written once beside the document's own (open-all-of.ts, `.meant`) reads as Prism reads
// it written in place: a request's without the fields it declares readOnly, an answer's without those it declares
// writeOnly (requests/marked-left-out.ts). Referred to by a `$ref`, which Prism's reading does not follow, a closed
// object's readOnly field was taken in a request that the schema written out had refused.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { MeantSchemas, withAnswersAsMeant, withOpenAllOfMembers } from "./open-all-of.js";

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A team of accounts, each closed beside its base, which declares a field read only and one written only. */
const schemas: Json = {
  ZqTeam: {
    type: "object",
    properties: { zqowner: ref("ZqAccount"), zqmembers: { type: "array", items: ref("ZqAccount") } },
  },
  ZqAccount: {
    type: "object",
    additionalProperties: false,
    allOf: [ref("ZqAccountBase")],
    properties: { zqname: { type: "string" } },
  },
  ZqAccountBase: {
    type: "object",
    properties: { zqid: { type: "string", readOnly: true }, zqsecret: { type: "string", writeOnly: true } },
  },
};
const resolve = (value: unknown): unknown => {
  let v = value as Json | undefined;
  while (v && typeof v.$ref === "string") v = schemas[v.$ref.split("/").pop() as string] as Json;
  return v;
};
const body = { content: { "application/json": { schema: ref("ZqTeam") } } };
const schemaOf = (b: unknown) =>
  (b as { content: Record<string, { schema: Json }> }).content["application/json"]?.schema;
const checker = (schema: Json | undefined, meant: MeantSchemas) =>
  new Ajv({ strict: false }).compile({ ...schema, ...meant.withMeant({ components: { schemas } }) });

describe("a closed schema read as meant and reached by a $ref", () => {
  it("refuses a request's field read only, at every depth, and takes one written only", () => {
    const meant = new MeantSchemas({ components: { schemas } });
    const valid = checker(schemaOf(withOpenAllOfMembers(body, resolve, meant)), meant);
    expect(valid({ zqowner: { zqname: "a" }, zqmembers: [{ zqname: "b" }] }), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ zqowner: { zqname: "a", zqsecret: "s" } })).toBe(true);
    expect(valid({ zqowner: { zqname: "a", zqid: "1" } })).toBe(false);
    expect(valid({ zqmembers: [{ zqname: "b", zqid: "1" }] })).toBe(false);
  });

  it("refuses an answer's field written only, and takes one read only", () => {
    const meant = new MeantSchemas({ components: { schemas } });
    const answers = withAnswersAsMeant({ "200": { description: "A team.", ...body } }, resolve, meant) as Json;
    const valid = checker(schemaOf(answers["200"]), meant);
    expect(valid({ zqowner: { zqname: "a", zqid: "1" } }), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ zqowner: { zqname: "a", zqid: "1", zqsecret: "s" } })).toBe(false);
    expect(valid({ zqmembers: [{ zqid: "1", zqsecret: "s" }] })).toBe(false);
  });

  it("leaves the document's own schemas as they were", () => {
    const before = structuredClone(schemas);
    const meant = new MeantSchemas({ components: { schemas } });
    withOpenAllOfMembers(body, resolve, meant);
    const document = meant.withMeant({ components: { schemas } });
    expect(schemas).toEqual(before);
    expect(Object.keys((document.components as { schemas: Json }).schemas)).toContain("ZqAccount.meant");
  });
});
