// A resource that keeps another service's key (a storage account's `{storageAccountId, accessKey}`, "The access key to
// the storage account."), written by an API whose every way is OAuth 2: add read the key as the one that authorises
// the call and drafted it sent from the credential (auth.alsoSends), so the access token would have gone where the
// storage key goes, and the draft did not generate (BW2010: the object's other required field had no parameter). An
// OAuth 2 access token is never a key: the object stays a field of the call's JSON parameter, the caller gives both.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const made = reply({ type: "object", properties: { zqName: { type: "string" } } }, { zqName: "zq" });
const storage = {
  type: "object",
  required: ["zqStorageId", "accessKey"],
  properties: {
    zqStorageId: { type: "string", description: "The id of the zq storage account." },
    accessKey: { type: "string", description: "The access key to the storage account." },
  },
};
const document = openapi(
  {
    "/zq/accounts/{zqName}": {
      put: {
        operationId: "zqPutAccount",
        parameters: [{ name: "zqName", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqLocation"],
                properties: {
                  zqLocation: { type: "string" },
                  zqProperties: { type: "object", properties: { zqStorage: storage } },
                },
              },
            },
          },
        },
        responses: { "200": made },
      },
    },
  },
  {
    securitySchemes: {
      zqOAuth: {
        type: "oauth2",
        flows: { implicit: { authorizationUrl: "https://login.zq.example/authorize", scopes: {} } },
      },
    },
  },
  { security: [{ zqOAuth: [] }] },
);

describe("another service's access key inside a body, the API's ways all OAuth 2", () => {
  it("stays a field of the call's JSON parameter, not the credential sent there: the draft links", async () => {
    const d = drafted(document, ["zqPutAccount"]);
    expect(d.manifest.auth.alsoSends).toBeUndefined();
    expect(Object.keys(d.manifest.operations.acme_zq_put_account?.params ?? {})).toContain("zqProperties");
    expect(d.manifestText).not.toContain("is the key that authorises the call");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const inside = tool?.params.find((p) => p.name === "zqProperties")?.object?.fields?.zqStorage;
    expect(inside?.required).toEqual(["zqStorageId", "accessKey"]);
  });
});
