// A query parameter written `type: string` with an enum of numbers (YAML's
// unquoted `0`…`4`, as a published document has it): its values are the
// texts a query carries; add drafts them, generate links the draft.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { withTextEnum } from "../../load/text-enum.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("a string parameter whose enum lists numbers", () => {
  const doc = openapi({
    "/zqplaces": {
      get: {
        operationId: "listPlaces",
        parameters: [{ name: "zqmaxprice", in: "query", schema: { type: "string", enum: [0, 1, 2, 3, 4] } }],
        responses: { "200": reply({ type: "object", properties: { zqname: { type: "string" } } }, { zqname: "a" }) },
      },
    },
  });

  it("is drafted with the texts of its values, and links", async () => {
    const d = drafted(doc, ["listPlaces"]);
    expect(d.manifest.operations.acme_list_places!.params?.zqmaxprice).toMatchObject({
      type: "string",
      enum: ["0", "1", "2", "3", "4"],
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("reads only such an enum so: a string enum, a number's enum and a list of objects stay as written", () => {
    const strings = { type: "string", enum: ["a", null] };
    const numbers = { type: "integer", enum: [0, 1] };
    const objects = { type: "string", enum: [{ a: 1 }] };
    for (const s of [strings, numbers, objects]) expect(withTextEnum(s)).toBe(s);
    expect(withTextEnum({ type: "string", enum: [true, 2, null] })).toEqual({
      type: "string",
      enum: ["true", "2", null],
    });
  });

  it(
    "reads a list of such strings item by item, without a format its texts cannot meet, and the " + "draft links",
    async () => {
      const list = { type: "array", items: { type: "string", format: "date", enum: [20990101, 20990202] } };
      expect(withTextEnum(list)).toEqual({ type: "array", items: { type: "string", enum: ["20990101", "20990202"] } });
      const listed = openapi({
        "/zqstamps": {
          get: {
            operationId: "listStamps",
            parameters: [{ name: "zqstamp", in: "query", style: "form", explode: false, schema: list }],
            responses: {
              "200": reply({ type: "object", properties: { zqname: { type: "string" } } }, { zqname: "a" }),
            },
          },
        },
      });
      const d = drafted(listed, ["listStamps"]);
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe("a JSON body's string field whose enum lists booleans", () => {
  // `type: string, enum: [true, false]`: no JSON value is both, so the judge and the mocks read the texts
  // ("true", "false"), as for a parameter in the address; the draft and the link read them so too.
  const doc = openapi({
    "/zqswaps": {
      post: {
        operationId: "swapValues",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqfold"],
                properties: { zqfold: { type: "string", enum: [true, false], default: true } },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqname: { type: "string" } } }, { zqname: "a" }) },
      },
    },
  });

  it("is drafted with the texts of its values, and links", async () => {
    const d = drafted(doc, ["swapValues"]);
    expect(d.manifest.operations.acme_swap_values!.params?.zqfold).toMatchObject({
      type: "string",
      enum: ["true", "false"],
      wire: { in: "body" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
