// A password named `pass` with no description (a converter from Go's comments writes none): a sign-in's form
// (`e_mail` and `pass`), a change's (`old_pass` and `pass`), a reset's at an address naming a password. `pass` was a
// password only where its description said so, so each was drafted as a plain input: a literal taken by call, a model
// asked for it. It is drafted secret where what is beside it says so; a `pass` of an exam's result stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 32 };
const body = (properties: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties } } },
});
const op = (operationId: string, summary: string, properties: Record<string, unknown>) => ({
  post: {
    operationId,
    summary,
    requestBody: body(properties),
    responses: { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) },
  },
});
const zqDoc = openapi({
  "/zq/user/login/email": op("zqSignIn", "email login", { e_mail: text, pass: text }),
  "/zq/user/pass": op("zqChangePass", "modify the user's pass", { old_pass: text, pass: text }),
  "/zq/user/password/replacement": op("zqResetPass", "reset", { code: text, pass: text }),
  "/zq/exams": op("zqGrade", "grade an exam", { zqStudent: text, pass: { type: "string", enum: ["yes", "no"] } }),
});

describe("a password named pass, with no description", () => {
  const d = drafted(zqDoc, ["zqSignIn", "zqChangePass", "zqResetPass", "zqGrade"], "zqpass");
  const ops = d.manifest.operations;

  it("is drafted secret beside an account's name or another password, or where the address names a password", () => {
    for (const p of [
      ops.zqpass_zq_sign_in?.params?.pass,
      ops.zqpass_zq_change_pass?.params?.pass,
      ops.zqpass_zq_change_pass?.params?.old_pass,
      ops.zqpass_zq_reset_pass?.params?.pass,
    ])
      expect(p).toMatchObject({ secret: true, visibility: "user-only" });
    for (const p of [ops.zqpass_zq_sign_in?.params?.e_mail, ops.zqpass_zq_reset_pass?.params?.code])
      expect(p?.secret).toBeFalsy();
  });

  it("stays plain where nothing beside it says it is a password (an exam's result)", async () => {
    expect(ops.zqpass_zq_grade?.params?.pass?.secret).toBeFalsy();
    expect(await linkProblems(d, "zqpass")).toEqual([]);
  });
});

describe("a multipart upload's certificate file beside its password named as one (zqP12Pass)", () => {
  // Found in the public directory (seed 283, ably.net's control API: `POST /apps/{id}/pkcs12`, fields `p12File` and
  // `p12Pass`): the password was drafted as a plain required text, a literal taken on the command line.
  const upload = openapi({
    "/zq/apps/{zqApp}/pkcs12": {
      post: {
        operationId: "zqUploadCert",
        parameters: [{ name: "zqApp", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqP12File", "zqP12Pass"],
                properties: { zqP12File: { type: "string", format: "binary" }, zqP12Pass: { type: "string" } },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) },
      },
    },
  });
  const d = drafted(upload, ["zqUploadCert"], "zqcert");

  it("drafts the password secret, set by a person, and the draft links", async () => {
    expect(d.manifest.operations.zqcert_zq_upload_cert?.params?.zqP12Pass).toMatchObject({
      secret: true,
      visibility: "user-only",
    });
    expect(await linkProblems(d, "zqcert")).toEqual([]);
  });
});
