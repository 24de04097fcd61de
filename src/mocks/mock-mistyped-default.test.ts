// A schema whose default is of another type than the schema's (`type:
// boolean, default: 'false'`, as a generator wrote it), or a list whose
// default's items are not of its items' type (a list of lists defaulting to a
// list of texts): Prism's sampler answered with the default, then its own
// check refused the answer (Billingo: 103 of 170 cases failed; Nordigen's
// agreements: 15 of 107). The mock answers with a made value instead.
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";

// The field is required, so that every made answer holds it: what is checked is its value, not its absence.
const account = (needsQr: Record<string, unknown>) => ({
  type: "object",
  required: ["id", "zqNeedQr"],
  properties: { id: { type: "integer" }, zqNeedQr: needsQr },
});
const document = {
  openapi: "3.0.1",
  info: { title: "zqbank", version: "1" },
  components: {
    schemas: {
      ZqAccount: account({ type: "boolean", default: "false" }),
      ZqPlain: account({ type: "boolean", default: false }),
      ZqListed: account({ type: ["boolean", "null"], default: null }),
      ZqScopes: account({
        type: "array",
        minItems: 1,
        default: ["zqa", "zqb"],
        items: { type: "array", items: { default: ["zqa", "zqb"] } },
      }),
      ZqTexts: account({ type: "array", default: ["zqa", "zqb"], items: { type: "string" } }),
    },
  },
  paths: Object.fromEntries(
    ["ZqAccount", "ZqPlain", "ZqListed", "ZqScopes", "ZqTexts"].map((name) => [
      `/zq/${name}`,
      {
        get: {
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
            },
          },
        },
      },
    ]),
  ),
};

describe("a mock's answer whose schema has a default of another type", () => {
  it("is a made value of the schema's type; a default of its type is left to Prism", () => {
    const served = withSampledAnswers(document) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example?: unknown }> }> } }>;
    };
    const media = (name: string) => served.paths[`/zq/${name}`]!.get.responses["200"]!.content["application/json"]!;
    expect(media("ZqAccount").example).toMatchObject({ id: expect.any(Number) });
    expect(typeof (media("ZqAccount").example as { zqNeedQr?: unknown }).zqNeedQr).toBe("boolean");
    expect(media("ZqPlain")).not.toHaveProperty("example");
    expect(media("ZqListed")).not.toHaveProperty("example");
    expect(media("ZqTexts")).not.toHaveProperty("example");
  });

  it("is a made value where a list's default holds items not of its items' type", () => {
    const served = withSampledAnswers(document) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example?: unknown }> }> } }>;
    };
    const made = served.paths["/zq/ZqScopes"]!.get.responses["200"]!.content["application/json"]!.example as
      | { zqNeedQr?: unknown }
      | undefined;
    expect(made).toMatchObject({ id: expect.any(Number) });
    // At least one item (minItems: 1), each a list as the items' type says, not a text of the default.
    const list = made!.zqNeedQr as unknown[];
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(Array.isArray(item)).toBe(true);
  });
});
