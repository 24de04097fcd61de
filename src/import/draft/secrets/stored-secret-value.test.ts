// A stored secret's value in a request body, named as nothing secret (a container engine's `POST /secrets/create`
// body `Data`, "Base64-url-safe-encoded (RFC 4648) data to store as secret", found in the public directory, link audit
// 1290): add drafted it a plain input, so the secret was written in clear in logs, errors and recordings and a model
// could be asked for it. Drafted secret and user-only now; the secret's name stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqsecrets/create": {
    post: {
      operationId: "zqSecretCreate",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                Name: { type: "string", description: "User-defined name of the secret." },
                Data: { type: "string", description: "Base64-url-safe-encoded (RFC 4648) data to store as secret." },
              },
            },
          },
        },
      },
      responses: { "201": reply({ type: "object", properties: { ID: { type: "string" } } }, { ID: "zq1" }) },
    },
  },
});

describe("a body field described as a stored secret's value", () => {
  const d = drafted(doc, ["zqSecretCreate"]);
  const params = d.manifest.operations.acme_zq_secret_create?.params ?? {};

  it("is drafted secret and user-only; the secret's name stays plain; the draft links", async () => {
    expect(params.Data).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params.Name?.secret).toBeFalsy();
    expect(await linkProblems(d)).toEqual([]);
  });
});
