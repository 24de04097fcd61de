// A whole JSON request body that is a `oneOf` of open objects (no `additionalProperties: false`), one shape itself a
// `oneOf` of two that differ by a nested option's enum, and two shapes overlapping through an `allOf`: every body of
// one shape's fields met several, so the suite made none ("no value of parameter body passes its own rules") and every
// case of the operations failed. The body made now meets exactly one shape, as Prism reads the document (by the letter)
// and as the mock's judge does (which reads the inner twins as closed over their fields: a body of theirs told apart
// from the outer shapes by those shapes' fields is refused, so another shape's is made). Every derived case passes,
// the invalid-input cases among them (refused before any request, for the rule each names). Where no body meets exactly
// one shape (each takes the other's values through an allOf), add cuts the union as anyOf, which any shape's body
// meets, and says so: no case fails for it.
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
    // Each shape takes every value of the other: no body meets exactly one, and add cuts the union as anyOf.
    "/zqgroups/{zqId}/limits": patch("UpdateZqGroupLimits", { oneOf: [ref("ZqSameLimits"), ref("ZqLimits")] }),
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
      ZqSameLimits: { allOf: [ref("ZqLimits")], description: "The limits, in parts." },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqsettings", document, [
    "UpdateZqAccountSettings",
    "UpdateZqUserLimits",
    "UpdateZqGroupLimits",
  ]);
});
afterAll(async () => {
  await on?.close();
});

describe("a request body of a oneOf of open objects", () => {
  it("is made to meet exactly one shape, and every derived case passes on the mock", async () => {
    const { subject } = on as DraftedOnMock;
    // Of a oneOf add drafts no example for (no body of a shape's fields meets exactly one): made by the suite. Of the
    // union cut as anyOf: add's example, a body of its first shape.
    const sources = Object.fromEntries(
      subject.tools.map((tool) => [tool.id, valuesOf(tool, subject.document).example("body")?.source]),
    );
    expect(sources).toEqual({
      zqsettings_update_zq_account_settings: "made from the request schema",
      zqsettings_update_zq_user_limits: "made from the request schema",
      zqsettings_update_zq_group_limits: "example",
    });
    const ids = deriveCases(subject).map((c) => c.id);
    expect(ids).toContain("zqsettings_update_zq_account_settings › example › minimal input");
    expect(ids).toContain(
      "zqsettings_update_zq_user_limits › property › random invalid inputs: refused before any request",
    );
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("is cut as anyOf, and said so, where no body meets exactly one shape (each takes the other's values)", () => {
    const { subject } = on as DraftedOnMock;
    type Cut = { paths: Record<string, { patch: { requestBody: { content: Record<string, { schema: unknown }> } } }> };
    const { paths } = subject.document.source.data as Cut;
    const schemaOf = (path: string) => paths[path]?.patch.requestBody.content["application/json"]?.schema;
    expect(schemaOf("/zqgroups/{zqId}/limits")).toEqual({ anyOf: [ref("ZqSameLimits"), ref("ZqLimits")] });
    // A body of one shape exists where one shape lists a field the other does not: left a oneOf.
    expect(schemaOf("/zqusers/{zqId}/limits")).toEqual({ oneOf: [ref("ZqExtendedLimits"), ref("ZqLimits")] });
    expect(subject.document.source.text).toContain(
      "Changed by blockwright add: paths./zqgroups/{zqId}/limits.patch.requestBody.content.application/json.schema " +
        "(oneOf of ZqSameLimits, ZqLimits): anyOf, not oneOf",
    );
  });
});
