// A text the document marks `format: password` under a name that says no secret (a sign-in's `PasswordField`, a
// query's `zqPin`): add drafted it plain, with the note "the spec gives format password, which a manifest cannot state
// yet", so a literal password was taken on the command line and its value could reach a message, a log or a
// recording. It is drafted secret, set by a person, as a field named as a password is; one bounded under a secret's
// length stays plain, its note saying why.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const signIn = {
  type: "object",
  required: ["ZqUserField", "ZqSecretWordField"],
  properties: {
    ZqUserField: { type: "string", format: "email", minLength: 1 },
    ZqSecretWordField: { type: "string", format: "password", minLength: 1, example: "Password", writeOnly: true },
    ZqCodeField: { type: "string", format: "password", maxLength: 3 },
    ZqPinField: { type: "string", format: "password", minLength: 4, maxLength: 6 },
  },
};
const document = openapi({
  "/ZqLogin": {
    post: {
      operationId: "ZqLogin",
      parameters: [{ name: "zqWord", in: "query", schema: { type: "string", format: "password" } }],
      requestBody: { required: true, content: { "application/json": { schema: signIn } } },
      responses: { "200": reply({ type: "object", properties: { ZqTokenField: { type: "string" } } }, {}) },
    },
  },
});

describe("a text marked format: password under a name that says no secret", () => {
  const d = drafted(document, ["ZqLogin"]);
  const params = d.manifest.operations.acme_zq_login?.params ?? {};

  it("is drafted secret, set by a person, in the body and in the query, the note saying why", async () => {
    for (const name of ["ZqSecretWordField", "zqWord"]) {
      expect(params[name], name).toMatchObject({ secret: true, visibility: "user-only" });
      expect(notesAt(d, `operations.acme_zq_login.params.${name}`).join(" ")).toContain(
        "the spec marks it secret (format: password or x-ms-secret: true): drafted secret, set by a person",
      );
    }
    expect(params.ZqUserField?.secret).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("stays plain where its bound is under a secret's length, the note saying so", () => {
    expect(params.ZqCodeField?.secret).toBeUndefined();
    expect(notesAt(d, "operations.acme_zq_login.params.ZqCodeField").join(" ")).toContain(
      "maxLength 3 is under a secret's 4 characters: not drafted secret",
    );
    // A PIN of 4 to 6 characters is a secret: the runtime withholds it as a whole value (redact.ts).
    expect(params.ZqPinField).toMatchObject({ secret: true, minLength: 4, maxLength: 6 });
  });
});
