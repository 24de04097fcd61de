// An answer's schema that requires a field written only (an activation's `token`, a login's `password`: the same
// component serves the request and the answer): OpenAPI says such a field's `required` holds for requests only, and a
// mock, as the service, answers without it. `add` drafted a promised output of it, so every call of the tool failed
// ("answered 200 without $response.body#/zqtoken"). The draft has no output of a field written only.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi } from "../__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";

const activation = {
  type: "object",
  required: ["zqtoken", "zqstate"],
  properties: {
    zqtoken: { type: "string", format: "uuid", writeOnly: true },
    zqsecret: { allOf: [{ $ref: "#/components/schemas/ZqSecret" }], writeOnly: true },
    zqstate: { type: "string", maxLength: 20, readOnly: true },
  },
};
const document = openapi(
  {
    "/zqroles/{zqId}/zqactivate/": {
      post: {
        operationId: "ZqRoleActivate",
        parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqActivation" } } },
        },
        responses: {
          "200": {
            description: "",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqActivation" } } },
          },
        },
      },
    },
  },
  { schemas: { ZqActivation: activation, ZqSecret: { type: "string", maxLength: 40 } } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqroles", document, ["ZqRoleActivate"]);
});
afterAll(async () => {
  await on?.close();
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

describe("an answer's required field written only", () => {
  it("gets no output in the draft, while the request still takes it", () => {
    const d = drafted(document, ["ZqRoleActivate"], "zqroles");
    const tool = d.manifest.operations.zqroles_zq_role_activate!;
    expect(Object.keys(tool.outputs ?? {}).sort()).toEqual(["data", "metadata.zqstate"]);
    expect(Object.keys(tool.params ?? {})).toEqual(expect.arrayContaining(["zqtoken", "zqsecret"]));
  });

  it("is not promised: every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
