// Secrets a document marks or names in its own way (a secret audit of 150 documents of the public directory, seed
// 1304): Azure's documents mark a subscription's keys `x-ms-secret: true` (their SDKs withhold them), and a search
// service's datasource takes its `credentials: {connectionString}`, a string that carries the store's key
// (`AccountKey=…`). add drafted both plain, at the top of a body and inside a JSON parameter's object. Each is secret
// now; a field of the same object with no such mark or name stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const marked = { type: "string", "x-ms-secret": true, maxLength: 256 };
const doc = openapi({
  "/zqsubscriptions": {
    put: {
      operationId: "zqPutSubscription",
      requestBody: jsonBody({
        type: "object",
        properties: {
          zqPrimary: marked,
          zqScope: text,
          zqSource: {
            type: "object",
            properties: {
              zqCredentials: { type: "object", properties: { connectionString: text } },
              zqSealed: marked,
              zqKind: text,
            },
          },
        },
      }),
      responses: { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, {}) },
    },
  },
});

describe("a secret the document marks x-ms-secret, or names as a connection string", () => {
  const d = drafted(doc, ["zqPutSubscription"]);
  const params = d.manifest.operations.acme_zq_put_subscription?.params ?? {};

  it("is drafted secret at the top of a body, the note saying why; a field beside it stays plain", async () => {
    expect(params.zqPrimary).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params.zqScope?.secret).toBeUndefined();
    expect(d.manifestText).toContain("the spec marks it secret (format: password or x-ms-secret: true)");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is a secret field inside a JSON parameter's object, by the mark or by the name", async () => {
    const [tool] = await linkedTools(d);
    const source = tool?.params.find((p) => p.name === "zqSource")?.object?.fields;
    expect(source?.zqSealed?.secret).toBe(true);
    expect(source?.zqCredentials?.fields?.connectionString?.secret).toBe(true);
    expect(source?.zqKind?.secret).toBeFalsy();
  });
});
