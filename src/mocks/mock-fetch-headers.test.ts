// An optional header that fetch writes itself when a call gives none
// (`Accept-Language: *`, as the Fetch standard has it), declared with an
// enum of locales: every call that left it out reached the mock with `*`,
// which Prism refused (Zalando's article reviews: 24 of 80 cases failed).
// The mock's schema also takes `*`; a value the call gives is still checked.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const Ajv = AjvModule.default ?? AjvModule;

const header = (extra: Record<string, unknown>, schema: Record<string, unknown>) => ({
  name: "Accept-Language",
  in: "header",
  ...extra,
  schema,
});
const document = (parameters: unknown[]) => ({
  openapi: "3.0.3",
  info: { title: "zqshop", version: "1" },
  components: { schemas: { ZqLocale: { type: "string", pattern: "^[a-z]{2}-[A-Z]{2}$" } } },
  paths: { "/zq/reviews": { get: { parameters, responses: { "200": { description: "listed" } } } } },
});
const served = (parameters: unknown[]) => {
  const out = mockDocument(document(parameters), () => false) as {
    paths: Record<string, { get: { parameters: { schema: object }[] } }>;
  };
  return out.paths["/zq/reviews"]!.get.parameters[0]!.schema;
};
const accepts = (schema: object, value: string) =>
  new Ajv({ strict: false }).validate({ ...schema, components: document([]).components }, value);

describe("an optional Accept-Language header in a mock", () => {
  it("takes the * fetch sends without one, beside the values its enum lists", () => {
    const schema = served([header({}, { type: "string", enum: ["de-DE", "zq-ZQ"] })]);
    expect(accepts(schema, "*")).toBe(true);
    expect(accepts(schema, "zq-ZQ")).toBe(true);
    expect(accepts(schema, "xx-XX")).toBe(false);
  });

  it("takes it beside a pattern of its own (a $ref), still checked otherwise", () => {
    const schema = served([header({}, { $ref: "#/components/schemas/ZqLocale" })]);
    expect(accepts(schema, "*")).toBe(true);
    expect(accepts(schema, "de-DE")).toBe(true);
    expect(accepts(schema, "german")).toBe(false);
  });

  it("is left as declared where the header is required (the call always gives it) or is another header", () => {
    expect(accepts(served([header({ required: true }, { type: "string", enum: ["de-DE"] })]), "*")).toBe(false);
    expect(
      accepts(served([{ name: "X-Zq-Locale", in: "header", schema: { type: "string", enum: ["de-DE"] } }]), "*"),
    ).toBe(false);
  });
});
