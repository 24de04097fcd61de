// `upstream --accept`'s re-cut of a provider add started rewrites the newer document's shapes as add's cut does
// (src/import/cut-rewrites.ts): Maesn's second version gave its answers' `allOf` a later member overriding the base's
// `data` object with a list, and the re-cut kept it as published, so every answer Prism drew broke its own schema
// (819 cases failed where add from the same document was green).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { recut } from "./recut.js";

const zqBase = { type: "object", properties: { data: { type: "object" }, zqOk: { type: "boolean" } } };
const ledgers = (schema: object, body?: object) =>
  openapi(
    {
      "/zqledgers": {
        get: { operationId: "zqListLedgers", responses: { "200": reply(schema) } },
        ...(body
          ? {
              post: {
                operationId: "zqAddLedger",
                requestBody: { required: true, content: { "application/json": { schema: body } } },
                responses: { "201": reply(zqBase) },
              },
            }
          : {}),
      },
    },
    { schemas: { ZqBase: zqBase } },
  );

// Two shapes no value meets as published: a later allOf member giving `data` a type the base's shares none of, and a
// oneOf of two shapes alike but for their words, each taking every value of the other.
const overridden = {
  allOf: [
    { $ref: "#/components/schemas/ZqBase" },
    { type: "object", properties: { data: { type: "array", items: { type: "string" } } } },
  ],
};
const zqShape = (title: string) => ({ title, type: "object", properties: { zqName: { type: "string" } } });
const overlapping = { oneOf: [zqShape("ZqByName"), zqShape("ZqByLabel")] };

describe("upstream --accept's re-cut", () => {
  const older = drafted(ledgers({ $ref: "#/components/schemas/ZqBase" }, { type: "object" }), [
    "zqListLedgers",
    "zqAddLedger",
  ]);
  const newer = ledgers(overridden, overlapping);
  const operations = [
    { method: "get", path: "/zqledgers" },
    { method: "post", path: "/zqledgers" },
  ];
  const again = recut(older.openapiText, newer, operations, "zqnewer.json", "ab".repeat(32));

  it("rewrites the newer document's shapes as add's cut of it does", () => {
    const added = parse(drafted(newer, ["zqListLedgers", "zqAddLedger"]).openapiText);
    const cut = parse(again.text);
    expect(cut.paths).toEqual(added.paths);
    expect(cut.components.schemas).toEqual(added.components.schemas);
    // As published, neither: the base's data and the list side by side, and the union a oneOf.
    expect(JSON.stringify(cut.paths)).not.toContain("oneOf");
  });

  it("says in its header what it changed, and by which command", () => {
    const header = again.text.split("\n").filter((l) => l.startsWith("# "));
    expect(
      header.some((l) => /^# Changed by blockwright upstream --accept: .*data replaced by a later member/.test(l)),
    ).toBe(true);
    expect(header.some((l) => /^# Changed by blockwright upstream --accept: .*anyOf, not oneOf/.test(l))).toBe(true);
    expect(header.join("\n")).not.toContain("by blockwright add");
  });
});
