// The secret half of an access key pair (`secret_access_key`, `secretKey`), as a sign-in's body takes it beside the
// pair's id: its name matched none of the secret names, so it was drafted a plain input, which a message, a log or a
// recording could show and an agent could be asked to fill. It is drafted secret, set by a person; the id stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const signIn = {
  type: "object",
  required: ["access_key_id", "secret_access_key"],
  properties: {
    access_key_id: { type: "string", maxLength: 64 },
    secret_access_key: { type: "string", maxLength: 128 },
    secretKey: { type: "string", maxLength: 128 },
    key_name: { type: "string", maxLength: 40 },
  },
};
const zqDoc = openapi({
  "/zqlogin": {
    post: {
      operationId: "zqSignIn",
      security: [],
      requestBody: { required: true, content: { "application/json": { schema: signIn } } },
      responses: { "200": reply({ type: "object", properties: { token: { type: "string" } } }, { token: "t1" }) },
    },
  },
  "/zqkeys": {
    post: {
      operationId: "zqAddKey",
      requestBody: { required: true, content: { "application/json": { schema: signIn } } },
      responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "k1" }) },
    },
  },
});

describe("the secret half of an access key pair", () => {
  const d = drafted(zqDoc, ["zqSignIn", "zqAddKey"], "zqkeypair");
  it("is drafted secret and set by a person, with or without the provider's credential; the id stays plain", () => {
    for (const id of ["zqkeypair_zq_sign_in", "zqkeypair_zq_add_key"]) {
      const params = d.manifest.operations[id]?.params ?? {};
      for (const p of [params.secret_access_key, params.secretKey])
        expect(p).toMatchObject({ secret: true, visibility: "user-only" });
      for (const p of [params.access_key_id, params.key_name]) expect(p?.secret).toBeFalsy();
    }
  });
});
