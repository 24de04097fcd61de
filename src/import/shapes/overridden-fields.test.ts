// A generic reply whose `data` is an object (`ZqBaseReply`) and an endpoint's allOf giving `data` as a list (what
// NestJS's Swagger writes for each endpoint): no value is both, and the mock answered a list its own check refused, so
// every case of the operation failed. add writes the base member, for that allOf only, without `data`: the endpoint's
// list is read, the shared schema stays as published for the operations answering it whole.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";
import { withOverriddenFieldsReplaced } from "./null-members.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const line = { type: "object", required: ["id"], properties: { id: { type: "string" }, zqAmount: { type: "number" } } };
const components = {
  schemas: {
    ZqBaseReply: {
      type: "object",
      required: ["data", "errors"],
      properties: { data: { type: "object" }, errors: { type: "object", nullable: true } },
    },
    ZqLine: line,
  },
};
const doc = openapi(
  {
    "/zqbills/{id}/lines": {
      post: {
        operationId: "createZqLines",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 24 } }],
        responses: {
          "201": reply({
            allOf: [
              { $ref: "#/components/schemas/ZqBaseReply" },
              { properties: { data: { type: "array", items: { $ref: "#/components/schemas/ZqLine" } } } },
            ],
          }),
        },
      },
    },
    "/zqstatus": {
      get: { operationId: "getZqStatus", responses: { "200": reply({ $ref: "#/components/schemas/ZqBaseReply" }) } },
    },
  },
  components,
);

describe("an allOf member's field a later member gives another type", () => {
  it("is left out of that member for that allOf; the shared schema stays as published", async () => {
    const d = drafted(doc, ["createZqLines", "getZqStatus"], "zqbills");
    expect(d.manifest.operations.zqbills_create_zq_lines!.outputs?.data).toMatchObject({ type: "array" });
    expect(d.openapiText).toMatch(
      /ZqBaseReply:\n\s+type: object\n\s+required:\n\s+- data\n\s+- errors\n\s+properties:\n\s+data:/,
    );
    expect(notesAt(d, "openapi").join()).toMatch(/ZqBaseReply's data replaced by a later member's/);
    expect(await linkProblems(d, "zqbills")).toEqual([]);
  });

  it("leaves fields whose types a value can meet together, and members naming no type", () => {
    const alike = {
      allOf: [
        { type: "object", properties: { n: { type: "number" }, s: { type: "string" }, free: {} } },
        { properties: { n: { type: "integer" }, s: { type: "string", maxLength: 3 }, free: { type: "array" } } },
      ],
    };
    expect(withOverriddenFieldsReplaced({ components: { schemas: { Alike: alike } } })).toEqual([]);
  });

  describe("on the mock", () => {
    let on: DraftedOnMock | undefined;
    beforeAll(async () => {
      on = await draftedOnMock("zqbills", doc, ["createZqLines", "getZqStatus"]);
    });
    afterAll(async () => {
      await on?.close();
    });
    it("every derived case of add's draft passes", async () => {
      expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
    });
  });
});
