// A field named as a secret (a password, a client's secret, a refresh token) in an operation that takes the provider's
// credential too: a token endpoint, an account's form. It was drafted as a plain input, so its value could reach a
// message, a log or a recording, and an agent could be asked to fill it. It is drafted secret, set by a person, in
// any operation; a key or a token by name stays secret only where the operation takes no credential (elsewhere it is
// the credential again). An example shorter than a secret can be (a password `hunter2`) is left out, or the draft did
// not link; a field bounded below a PIN's 4 characters stays plain. A bare `token` is a secret where its description
// says it is an API or access token (a user's new API token, sent once and never shown again), as a bare `key` where
// it says an API key; elsewhere (a page's, a device's token) it stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const form = {
  type: "object",
  required: ["grant_type", "client_id", "client_secret"],
  properties: {
    grant_type: { type: "string", enum: ["refresh_token"] },
    client_id: { type: "string", maxLength: 64 },
    client_secret: { type: "string", minLength: 8, maxLength: 64 },
    refresh_token: { type: "string", maxLength: 256, example: "zq-rt1" },
    passphrase: { type: "string", maxLength: 3 },
    note: { type: "string", maxLength: 40 },
  },
};
const account = {
  type: "object",
  required: ["login", "password"],
  properties: { login: { type: "string", maxLength: 40 }, password: { type: "string", minLength: 12, maxLength: 72 } },
};
const zqDoc = openapi({
  "/zqtokens": {
    post: {
      operationId: "renewZqtoken",
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: form } } },
      responses: { "200": reply({ type: "object", properties: { token: { type: "string" } } }, { token: "t1" }) },
    },
  },
  "/zqaccounts": {
    post: {
      operationId: "createZqaccount",
      requestBody: { required: true, content: { "application/json": { schema: account } } },
      responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "a1" }) },
    },
  },
});

describe("a bare token field whose description says it is an API token", () => {
  const tokenBody = {
    type: "object",
    properties: {
      tokenName: { type: "string", maxLength: 40 },
      token: { type: "string", description: "API Token. Minimum 32 characters, never shown again." },
    },
  };
  const pushBody = {
    type: "object",
    properties: { token: { type: "string", description: "The device's push token." } },
  };
  const tokenDoc = openapi({
    "/zqusers/{id}/token": {
      post: {
        operationId: "addZqtoken",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { required: true, content: { "application/json": { schema: tokenBody } } },
        responses: { "200": reply({ type: "object", properties: { tokenName: { type: "string" } } }, {}) },
      },
    },
    "/zqdevices": {
      post: {
        operationId: "addZqdevice",
        requestBody: { required: true, content: { "application/json": { schema: pushBody } } },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "d1" }) },
      },
    },
  });

  it("is drafted secret and set by a person; a device's token stays plain", async () => {
    const d = drafted(tokenDoc, ["addZqtoken", "addZqdevice"], "zqtok");
    expect(d.manifest.operations.zqtok_add_zqtoken?.params?.token).toMatchObject({
      secret: true,
      visibility: "user-only",
    });
    expect(d.manifest.operations.zqtok_add_zqtoken?.params?.tokenName?.secret).toBeFalsy();
    expect(d.manifest.operations.zqtok_add_zqdevice?.params?.token?.secret).toBeFalsy();
    expect(await linkProblems(d, "zqtok")).toEqual([]);
  });
});

describe("a field named as a secret beside the provider's credential", () => {
  const d = drafted(zqDoc, ["renewZqtoken", "createZqaccount"], "zqsec");
  const renew = d.manifest.operations.zqsec_renew_zqtoken?.params ?? {};
  const create = d.manifest.operations.zqsec_create_zqaccount?.params ?? {};

  it("is drafted secret and set by a person, with a note; other fields stay as they are", async () => {
    for (const p of [renew.client_secret, renew.refresh_token, create.password])
      expect(p).toMatchObject({ secret: true, visibility: "user-only" });
    for (const p of [renew.client_id, renew.note, create.login]) expect(p?.secret).toBeFalsy();
    expect(notesAt(d, "operations.zqsec_create_zqaccount.params.password")).toContainEqual(
      expect.stringContaining("named as a secret: drafted secret, set by a person"),
    );
    expect(renew.refresh_token).not.toHaveProperty("example");
    expect(notesAt(d, "operations.zqsec_renew_zqtoken.params.refresh_token")).toContainEqual(
      expect.stringContaining("its example, shorter than a secret's 8 characters, left out"),
    );
    expect(renew.passphrase?.secret).toBeFalsy();
    expect(d.manifest.auth?.param).toBeDefined();
    expect(await linkProblems(d, "zqsec")).toEqual([]);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqsec");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});

// A one-time password's seed (`totp_secret`: the shared secret an authenticator app derives its codes from) in a
// user's body was drafted plain: whoever holds it makes the second factor's codes. It is a secret by name, as a
// client's or a webhook's secret is; a flag about it (`is_mfa_enabled`) stays plain.
describe("a one-time password's seed named as such", () => {
  const user = {
    type: "object",
    required: ["username"],
    properties: {
      username: { type: "string", maxLength: 40 },
      totp_secret: { type: "string" },
      mfaSecret: { type: "string" },
      is_mfa_enabled: { type: "boolean" },
      mfa_secret_hint: { type: "string" },
    },
  };
  const otpDoc = openapi({
    "/zqusers": {
      post: {
        operationId: "createZqotpUser",
        requestBody: { required: true, content: { "application/json": { schema: user } } },
        responses: { "200": reply({ type: "object", properties: { username: { type: "string" } } }, {}) },
      },
    },
  });

  it("is drafted secret and set by a person; its flag and other words stay plain", async () => {
    const d = drafted(otpDoc, ["createZqotpUser"], "zqotp");
    const params = d.manifest.operations.zqotp_create_zqotp_user?.params ?? {};
    for (const p of [params.totp_secret, params.mfaSecret])
      expect(p).toMatchObject({ secret: true, visibility: "user-only" });
    for (const p of [params.username, params.is_mfa_enabled, params.mfa_secret_hint]) expect(p?.secret).toBeFalsy();
    expect(await linkProblems(d, "zqotp")).toEqual([]);
  });
});

// A self-hosted service's secret sent as a header beside the provider's API key (`X-API-SECRET: <the server's
// secret>` on a sign-in) was drafted plain: the `X-` prefix hid the name, so a literal secret was taken by a call and
// could reach a message, a log or a recording. The name past a header's `X-` prefix is read as the name itself; an
// `X-` header naming no secret (X-Requested-With, X-Secret-Hint) stays plain.
describe("a header named as a secret past its X- prefix", () => {
  const header = (name: string) => ({ name, in: "header", schema: { type: "string" } });
  const signInDoc = openapi({
    "/zqsignin": {
      post: {
        operationId: "signInZqhost",
        parameters: [
          header("X-API-SECRET"),
          header("X-Client-Secret"),
          header("x-admin-password"),
          header("X-Requested-With"),
          header("X-Secret-Hint"),
        ],
        requestBody: { required: true, content: { "application/json": { schema: account } } },
        responses: { "200": reply({ type: "object", properties: { login: { type: "string" } } }, {}) },
      },
    },
  });

  it("is drafted secret and set by a person; other X- headers stay plain", async () => {
    const d = drafted(signInDoc, ["signInZqhost"], "zqxsec");
    const params = d.manifest.operations.zqxsec_sign_in_zqhost?.params ?? {};
    const byHeader = (h: string) => Object.values(params).find((p) => p.wire?.in === "header" && p.wire.name === h);
    for (const h of ["X-API-SECRET", "X-Client-Secret", "x-admin-password"])
      expect(byHeader(h), h).toMatchObject({ secret: true, visibility: "user-only" });
    for (const h of ["X-Requested-With", "X-Secret-Hint"]) expect(byHeader(h)?.secret, h).toBeFalsy();
    expect(await linkProblems(d, "zqxsec")).toEqual([]);
  });
});

// A wallet's recovery phrase and master private key in the body that creates it (`seed_mnemonic` as one text;
// `extended_master_key`, an xprv) were drafted plain: whoever holds either holds every key of the wallet. They are
// secrets by name, as a private key is; a hint or an id of them (`mnemonic_hint`, `master_key_id`) and the wallet's
// birthday stay plain.
describe("a wallet's recovery phrase and master key named as such", () => {
  const text = { type: "string" };
  const wallet = {
    type: "object",
    properties: {
      seed_mnemonic: text,
      seedPhrase: text,
      extended_master_key: text,
      xprv: text,
      mnemonic_hint: text,
      master_key_id: text,
      birthday: { type: "integer" },
    },
  };
  const walletDoc = openapi({
    "/zqwallets": {
      post: {
        operationId: "initZqwallet",
        requestBody: { required: true, content: { "application/json": { schema: wallet } } },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "w1" }) },
      },
    },
  });

  it("is drafted secret and set by a person; a hint, an id and the birthday stay plain", async () => {
    const d = drafted(walletDoc, ["initZqwallet"], "zqwal");
    const params = d.manifest.operations.zqwal_init_zqwallet?.params ?? {};
    for (const name of ["seed_mnemonic", "seedPhrase", "extended_master_key", "xprv"])
      expect(params[name], name).toMatchObject({ secret: true, visibility: "user-only" });
    for (const name of ["mnemonic_hint", "master_key_id", "birthday"]) expect(params[name]?.secret, name).toBeFalsy();
    expect(await linkProblems(d, "zqwal")).toEqual([]);
  });
});
