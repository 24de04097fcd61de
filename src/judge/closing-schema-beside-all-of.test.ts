// A base every request extends closing its object with a schema (`additionalProperties: {type: object}`, as generated
// documents write a base open to more fields), the requests listing their own fields beside it in an `allOf`, and a
// nested object listing a text field beside a closing of that kind. By JSON Schema's letter the base's closing held
// the extension's boolean and texts ("must be object"), so the judge and the mock refused every full request, and the
// runtime held the nested object's listed text to its closing, so that no value of it passed ("must be an object").
// Read as meant: the closing holds the fields none lists; a listed field is held to its own schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { executeToolDefinition } from "@blockwright/runtime";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const document = openapi(
  {
    "/zqmembers": {
      post: {
        operationId: "zqAddMember",
        requestBody: { required: true, content: { "application/json": { schema: ref("ZqMemberNew") } } },
        responses: { "201": { description: "added", content: { "application/json": { schema: ref("ZqMember") } } } },
      },
    },
  },
  {
    schemas: {
      ZqBase: {
        type: "object",
        additionalProperties: { type: "object" },
        properties: { zqGiven: { type: "string" } },
      },
      ZqMemberNew: {
        allOf: [ref("ZqBase")],
        type: "object",
        required: ["zqEnabled", "zqName", "zqPass"],
        properties: {
          zqEnabled: { type: "boolean" },
          zqName: { type: "string" },
          zqPass: ref("ZqPass"),
        },
      },
      ZqPass: {
        type: "object",
        additionalProperties: { type: "object" },
        required: ["zqCode"],
        properties: { zqCode: { type: "string" }, zqRenew: { type: "boolean" } },
      },
      ZqMember: {
        allOf: [ref("ZqBase")],
        type: "object",
        properties: { zqId: { type: "string" }, zqEnabled: { type: "boolean" } },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqclosing", document, ["zqAddMember"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a schema closing an object beside the fields others list", () => {
  it("holds only the fields none lists: every case passes on the mock", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });

  it("still refuses a field none lists that breaks the closing, before any request and at the mock", async () => {
    if (!on) throw new Error("the mock did not start");
    const tool = on.subject.tools[0];
    if (!tool) throw new Error("no tool drafted");
    const given = {
      accessToken: "zq-mock-token-0001",
      zqEnabled: true,
      zqName: "zq",
      zqPass: { zqCode: "zq-code", zqRenew: true },
    };
    const options = { baseUrl: on.url, retries: 0 };
    const ok = await executeToolDefinition(tool, given, options);
    expect(ok.success, JSON.stringify(ok)).toBe(true);
    const bad = await executeToolDefinition(tool, { ...given, zqPass: { zqCode: "zq-code", zqExtra: 3 } }, options);
    expect(bad).toMatchObject({ success: false, error: { type: "validation", param: "zqPass", rule: "type" } });
    const headers = { authorization: "Bearer zq-mock-token-0001", "content-type": "application/json" };
    const body = JSON.stringify({ zqEnabled: true, zqName: "zq", zqPass: { zqCode: "c" }, zqLoose: 2 });
    const refused = await fetch(`${on.url}/zqmembers`, { method: "POST", headers, body });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/zqLoose/);
  });
});
