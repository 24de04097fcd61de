// A password under another name: `newPassword`, `smtp_password`, `passwd`, and `pass` where its description says it is
// a password (an SMTP account's settings). Only `password` itself was drafted secret, so these were plain inputs a
// message, a log or a recording could show and an agent could be asked to fill. They are drafted secret, set by a
// person, now; `pass` as a route, a password's hint and a flag stay plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const settings = {
  type: "object",
  properties: {
    host: { type: "string", maxLength: 200 },
    user: { type: "string", maxLength: 200 },
    pass: { type: "string", maxLength: 200, description: "The password for SMTP authentication." },
    newPassword: { type: "string", maxLength: 200 },
    smtp_password: { type: "string", maxLength: 200 },
    passwd: { type: "string", maxLength: 200 },
    password_hint: { type: "string", maxLength: 200 },
    passwordless: { type: "string", maxLength: 200 },
  },
};
const route = {
  type: "object",
  properties: { pass: { type: "string", maxLength: 200, description: "Where the listener passes requests." } },
};
const put = (operationId: string, schema: unknown) => ({
  put: {
    operationId,
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
  },
});
const zqDoc = openapi({ "/zqsettings": put("zqSetMail", settings), "/zqlisteners": put("zqSetListener", route) });

describe("a password under another name", () => {
  const d = drafted(zqDoc, ["zqSetMail", "zqSetListener"], "zqpasswords");
  it("is drafted secret and set by a person; a hint, a flag and a route's `pass` stay plain", () => {
    const mail = d.manifest.operations.zqpasswords_zq_set_mail?.params ?? {};
    for (const name of ["pass", "newPassword", "smtp_password", "passwd"])
      expect(mail[name], name).toMatchObject({ secret: true, visibility: "user-only" });
    for (const name of ["host", "user", "password_hint", "passwordless"]) expect(mail[name]?.secret, name).toBeFalsy();
    expect(d.manifest.operations.zqpasswords_zq_set_listener?.params?.pass?.secret).toBeFalsy();
  });
});

// A password's confirmation, the same secret typed again (a mailbox's `password2`, an app password's `app_passwd2`,
// `password_confirmation`): the first was drafted secret and its repeat a plain input, which showed the password
// wherever an input shows. The repeat is drafted secret too; a password's policy and count stay plain.
/** Text fields of at most `max` characters, by name: the properties of an object schema. */
const textFields = (max: number, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: "string", maxLength: max }]));

const account = {
  type: "object",
  properties: textFields(200, [
    "password",
    "password2",
    "app_passwd",
    "app_passwd2",
    "password_confirmation",
    "newPasswordRepeat",
    "password_policy",
    "passwords",
  ]),
};

describe("a password's confirmation", () => {
  const d = drafted(openapi({ "/zqaccounts": put("zqSetAccount", account) }), ["zqSetAccount"], "zqpasswords");
  it("is drafted secret as the password is; a policy and a plural stay plain", () => {
    const params = d.manifest.operations.zqpasswords_zq_set_account?.params ?? {};
    const secrets = [
      "password",
      "password2",
      "app_passwd",
      "app_passwd2",
      "password_confirmation",
      "newPasswordRepeat",
    ];
    for (const name of secrets) expect(params[name], name).toMatchObject({ secret: true, visibility: "user-only" });
    for (const name of ["password_policy", "passwords"]) expect(params[name]?.secret, name).toBeFalsy();
  });
});

// A private key under another name: a TLS certificate's (`certificate_key`, `ssl_key`, in PEM), an SSH key's
// (`ssh_private_key`), `private_key_pem`. Only `private_key` itself was drafted secret, so a certificate's key was a
// plain input, shown wherever an input shows. A public key, a key's id and the certificate itself stay plain.
const certificate = {
  type: "object",
  properties: {
    ...textFields(9000, [
      "certificate",
      "certificate_key",
      "ssl_key",
      "tlsKey",
      "ssh_private_key",
      "privateKeyPem",
      "public_key",
    ]),
    ...textFields(200, ["ssl_key_id", "sort_key"]),
  },
};

describe("a private key under another name", () => {
  const d = drafted(openapi({ "/zqcertificates": put("zqSetCertificate", certificate) }), ["zqSetCertificate"], "zqpk");
  it("is drafted secret and set by a person; the certificate, a public key and a key's id stay plain", () => {
    const params = d.manifest.operations.zqpk_zq_set_certificate?.params ?? {};
    for (const name of ["certificate_key", "ssl_key", "tlsKey", "ssh_private_key", "privateKeyPem"])
      expect(params[name], name).toMatchObject({ secret: true, visibility: "user-only" });
    for (const name of ["certificate", "public_key", "ssl_key_id", "sort_key"])
      expect(params[name]?.secret, name).toBeFalsy();
  });
});
