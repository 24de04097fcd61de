// A whole JSON request body that is a `oneOf` of open objects (no `additionalProperties: false`), one shape itself a
// `oneOf` of two that differ by a nested option's enum, and two shapes overlapping through an `allOf`: every body of
// one shape's fields met several, so the suite made none ("no value of parameter body passes its own rules") and every
// case of the operations failed. The body made now meets exactly one shape, as Prism reads the document (by the letter)
// and as the mock's judge does (which reads the inner twins as closed over their fields: a body of theirs told apart
// from the outer shapes by those shapes' fields is refused, so another shape's is made). Every derived case passes,
// the invalid-input cases among them (refused before any request, for the rule each names).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";
import { valuesOf } from "./inputs/values.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const option = (kinds: string[]) => ({
  type: "object",
  properties: { zqKind: { type: "string", enum: kinds }, zqDomains: { type: "string" } },
});
const patch = (operationId: string, schema: unknown) => ({
  patch: {
    operationId,
    parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: { "204": { description: "Updated." } },
  },
});

const document = openapi(
  {
    "/zqaccounts/{zqId}/settings": patch("UpdateZqAccountSettings", {
      oneOf: [
        {
          type: "object",
          title: "ZqAccountSettings",
          properties: {
            zqNotify: { type: "object", properties: { zqEmail: { type: "boolean" } } },
            zqRecording: { type: "object", properties: { zqCloud: { type: "boolean" } } },
          },
        },
        {
          type: "object",
          title: "ZqAuthenticationUpdate",
          oneOf: [
            { properties: { zqOption: option(["login", "same_account"]), zqMeetingAuth: { type: "boolean" } } },
            { properties: { zqOption: option(["internally", "login"]), zqRecordingAuth: { type: "boolean" } } },
          ],
        },
        ref("ZqSecuritySettings"),
      ],
    }),
    "/zqusers/{zqId}/limits": patch("UpdateZqUserLimits", { oneOf: [ref("ZqExtendedLimits"), ref("ZqLimits")] }),
  },
  {
    schemas: {
      ZqSecuritySettings: {
        type: "object",
        properties: { zqSecurity: { type: "object", properties: { zqWaitingRoom: { type: "boolean" } } } },
      },
      ZqLimits: { type: "object", properties: { zqDaily: { type: "integer" } } },
      // Every value of the extended limits is one of the plain limits too: only a plain one is of exactly one shape.
      ZqExtendedLimits: {
        allOf: [ref("ZqLimits"), { type: "object", properties: { zqMonthly: { type: "integer" } } }],
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqsettings", document, ["UpdateZqAccountSettings", "UpdateZqUserLimits"]);
}, 60_000);
afterAll(async () => {
  await on?.close();
});

describe("a request body of a oneOf of open objects", () => {
  it("is made to meet exactly one shape, and every derived case passes on the mock", async () => {
    const { subject } = on as DraftedOnMock;
    for (const tool of subject.tools) {
      const body = valuesOf(tool, subject.document).example("body");
      expect(body?.source, tool.id).toBe("made from the request schema");
    }
    const ids = deriveCases(subject).map((c) => c.id);
    expect(ids).toContain("zqsettings_update_zq_account_settings › example › minimal input");
    expect(ids).toContain(
      "zqsettings_update_zq_user_limits › property › random invalid inputs: refused before any request",
    );
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
