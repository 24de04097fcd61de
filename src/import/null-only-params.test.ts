// A query, header or path parameter whose schema admits only null (3.1's `type: 'null'`, `enum: [null]`, `nullable:
// true` with `enum: [null]`): add drafted it as a string, which the link refused (BW2006, BW2007), so generate refused
// add's own draft. Its value is text, and a manifest has no null to send there: an optional one is left out of the
// inputs with a note naming it and why, and every derived case passes on the mock; an operation that requires one
// is left out of a group, and refused when named, saying why.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const param = (name: string, where: string, schema: object, required = false) => ({
  name,
  in: where,
  ...(required ? { required } : {}),
  schema,
});
const document = (version: string, nullOnly: object) =>
  openapi(
    {
      "/zqthings": {
        get: {
          operationId: "listZqThings",
          parameters: [
            param("zqName", "query", { type: "string", maxLength: 20 }),
            param("zqNone", "query", nullOnly),
            param("zqGone", "query", { type: "string", nullable: true, enum: [null] }),
            param("X-Zq-Nothing", "header", nullOnly),
          ],
          responses: { "200": reply({ type: "object", properties: { zqCount: { type: "integer" } } }) },
        },
      },
      "/zqthings/count": {
        get: {
          operationId: "countZqThings",
          parameters: [param("zqAll", "query", nullOnly, true)],
          responses: { "200": reply({ type: "object", properties: { zqCount: { type: "integer" } } }) },
        },
      },
    },
    {},
    { openapi: version },
  );
const documents = [
  ["3.0", document("3.0.3", { enum: [null] })],
  ["3.1", document("3.1.0", { type: "null" })],
] as const;

describe("a query or header parameter that admits only null", () => {
  it.each(documents)("is left out when optional, named with why, and the draft links (%s)", async (_, doc) => {
    const d = drafted(doc, ["listZqThings"]);
    expect(Object.keys(d.manifest.operations.acme_list_zq_things?.params ?? {})).toEqual(["zqName"]);
    const notes = notesAt(d, "operations.acme_list_zq_things").join("\n");
    for (const [where, name] of [
      ["query", "zqNone"],
      ["query", "zqGone"],
      ["header", "X-Zq-Nothing"],
    ])
      expect(notes).toContain(`the ${where} parameter ${name} admits only null in the spec: left out of the inputs`);
    expect(await linkProblems(d)).toEqual([]);
  });

  it.each(documents)("leaves an operation that requires one out of a group, and refuses it named (%s)", (_, doc) => {
    const why = "its required query parameter zqAll admits only null, and a query value is text";
    const d = drafted(doc, ["all"]);
    expect(Object.keys(d.manifest.operations)).toEqual(["acme_list_zq_things"]);
    expect(notesAt(d, "operations").join()).toContain(`countZqThings (${why}`);
    expect(() => drafted(doc, ["countZqThings"])).toThrow(
      new RegExp(`countZqThings \\(${why}.*\\): no call of it could succeed; leave it out of --operations`),
    );
  });

  it("sends none: every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", documents[1][1], ["listZqThings"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
