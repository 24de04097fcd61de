// A form body (application/x-www-form-urlencoded) that is one of several object shapes told apart by a field each
// requires, narrowed to a value of its own (an OAuth token endpoint's form: `grant_type` client credentials, with
// `client_id` and `client_secret`, or a token exchange, with `subject_token`). It was drafted as one JSON parameter
// holding the whole form, so `client_secret` was no secret parameter: a literal was taken, and a model asked to fill
// the body was asked for it. It is drafted as the shapes' fields, as a form of one shape is: the tag required with
// every shape's values, the fields each value's shape requires as the rule requiredWhen, `client_secret` secret.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 64 };
const credentials = {
  type: "object",
  required: ["grant_type", "client_id", "client_secret"],
  properties: {
    grant_type: { type: "string", enum: ["client_credentials"] },
    scope: text,
    client_id: text,
    client_secret: { type: "string", minLength: 8, maxLength: 64 },
  },
};
const exchange = {
  type: "object",
  required: ["grant_type", "subject_token", "subject_token_type"],
  properties: {
    grant_type: { type: "string", enum: ["urn:ietf:params:oauth:grant-type:token-exchange"] },
    scope: text,
    subject_token: text,
    subject_token_type: text,
  },
};
const doc = openapi(
  {
    "/zqtokens": {
      post: {
        operationId: "getZqtoken",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: { oneOf: [{ $ref: "#/components/schemas/ZqCred" }, { $ref: "#/components/schemas/ZqExch" }] },
            },
          },
        },
        responses: {
          "200": reply({ type: "object", properties: { access_token: { type: "string" } } }, { access_token: "t" }),
        },
      },
    },
  },
  { schemas: { ZqCred: credentials, ZqExch: exchange } },
);

describe("a form body of shapes told apart by a tag each requires", () => {
  const d = drafted(doc, ["getZqtoken"], "zqform");
  const op = d.manifest.operations.zqform_get_zqtoken;

  it("is drafted as the shapes' fields: the tag required, the secret a secret one, requiredWhen rules", async () => {
    const params = op?.params ?? {};
    expect(Object.values(params).some((p) => p.wire?.in === "body" && p.wire.pointer === "")).toBe(false);
    expect(params.grant_type).toMatchObject({
      required: true,
      enum: ["client_credentials", "urn:ietf:params:oauth:grant-type:token-exchange"],
    });
    expect(params.client_secret).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params.client_id?.secret).toBeFalsy();
    expect(op?.rules).toContainEqual({
      rule: "requiredWhen",
      param: "client_secret",
      dependsOn: "grant_type",
      values: ["client_credentials"],
    });
    expect(await linkProblems(d, "zqform")).toEqual([]);
  });

  it("refuses a client secret breaking its rule without its value, and sends one that meets it", async () => {
    const [tool] = await linkedTools(d, "zqform");
    const base = { grant_type: "client_credentials", client_id: "zq-client" };
    const short = await sentOrRefused(tool!, { ...base, client_secret: "zqshh" }, {});
    expect(short.sent).toBe(0);
    expect(short.message).toContain("client_secret");
    expect(short.message).not.toContain("zqshh");
    const missing = await sentOrRefused(tool!, base, {});
    expect(missing.message).toContain("client_secret");
    expect(await sentOrRefused(tool!, { ...base, client_secret: "zqsecret-0001" }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqform");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});
