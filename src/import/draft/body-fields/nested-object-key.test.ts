// A storage object's `key` inside a JSON body (a code-signing service's `{source: {s3: {bucketName, key, version}}}`,
// "Key name of the bucket object that contains your unsigned code"), found in the public directory (seed 1245): add
// read the bare `key` as the key that authorises the call, and drafted the credential sent there too. The call's
// way signs each request (AWS Signature Version 4) and sends no key, so the draft broke the link (the object's other
// required fields supplied by nothing) and, beside an API key, would have sent the key as the object's path. A bare
// `key` or `token` is the call's key only where its words or its object's name say so.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, type Json } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });
const objectKey = {
  type: "object",
  required: ["zqBucket", "key", "zqVersion"],
  properties: {
    zqBucket: text("Name of the bucket."),
    key: { allOf: [text(), { description: "Key name of the bucket object that holds your unsigned code." }] },
    zqVersion: text("Version of the object."),
  },
};
const body = (properties: Json, required: string[]) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", required, properties } } },
});
const ok = { "200": reply({ type: "object", properties: { zqJob: { type: "string" } } }, { zqJob: "j1" }) };

function document(schemes: Json, properties: Json, required: string[]): Json {
  const name = Object.keys(schemes)[0] as string;
  const op = { operationId: "zqStartJob", requestBody: body(properties, required), responses: ok };
  return openapi({ "/zq/jobs": { post: op } }, { securitySchemes: schemes }, { security: [{ [name]: [] }] });
}

const apiKey = { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } };
const sigv4 = {
  zqSig: { type: "apiKey", in: "header", name: "Authorization", "x-amazon-apigateway-authtype": "awsSigv4" },
};

describe("a bare `key` inside a body's object", () => {
  it("stays the object's field beside an API key: no credential sent there, and the draft links", async () => {
    const d = drafted(document(apiKey, { zqSource: { type: "object", properties: { s3: objectKey } } }, []), [
      "zqStartJob",
    ]);
    expect(d.manifest.auth).not.toHaveProperty("alsoSends");
    expect(d.manifest.operations.acme_zq_start_job?.params?.zqSource).toMatchObject({ type: "json" });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is never a signing way's key, even in an object named as credentials", async () => {
    const holder = { type: "object", required: ["key"], properties: { key: text("The key.") } };
    const d = drafted(document(sigv4, { credentials: holder, zqName: text() }, ["credentials"]), ["zqStartJob"]);
    expect(d.manifest.auth).not.toHaveProperty("alsoSends");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is the call's key in an object named for authentication, beside an API key", () => {
    const holder = { type: "object", required: ["key"], properties: { key: text() } };
    const d = drafted(document(apiKey, { auth: holder, zqName: text() }, ["auth"]), ["zqStartJob"]);
    expect(d.manifest.auth).toMatchObject({ alsoSends: [{ in: "body", path: ["auth", "key"] }] });
  });
});
