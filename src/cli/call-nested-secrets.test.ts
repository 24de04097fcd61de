// A secret inside a JSON value (a password a resource is created with, `zqProfile.zqPassword`; a union body's
// `client_secret`), given by `blockwright call`: a top-level secret is given as `{{ENV}}` and a literal refused, but
// such a field's `{{ZQ_PW}}` went to the upstream as that text, and its literal was sent. It now reads as a secret
// parameter does: a reference resolved from the environment, a literal refused before any request, never echoed.
// Another service's API key kept in a list of settings (`zqProviders[].zqProviderApiKey`, named as an API key, not a
// password) was no secret at all: its literal was sent, its reference sent as that text. It is one now.
// A workflow's block took such a literal as well (its top-level secrets refused, BW4004): it is now refused at its
// place.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";

const text = { type: "string", maxLength: 64 };
const answer = { "200": { description: "Done.", content: { "application/json": { schema: { type: "object" } } } } };
const jsonBody = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } });
const grant = (value: string, field: string) => ({
  type: "object",
  required: ["zqGrant", field],
  properties: { zqGrant: { type: "string", enum: [value] }, [field]: text },
});
const document = {
  openapi: "3.0.3",
  info: { title: "Zq vault", version: "1", description: "Zq keeps accounts." },
  servers: [{ url: "https://zqvault.test/api" }],
  paths: {
    "/zqaccounts": {
      post: {
        operationId: "createZqAccount",
        summary: "Create an account",
        requestBody: jsonBody({
          type: "object",
          required: ["zqProfile"],
          properties: { zqProfile: { type: "object", properties: { zqName: text, zqPassword: text } } },
        }),
        responses: answer,
      },
    },
    "/zqsettings": {
      put: {
        operationId: "putZqSettings",
        summary: "Set the services",
        requestBody: jsonBody({
          type: "object",
          properties: {
            zqProviders: {
              type: "array",
              items: { type: "object", properties: { zqName: text, zqProviderApiKey: text, zq_api_key_id: text } },
            },
          },
        }),
        responses: answer,
      },
    },
    "/zqtokens": {
      post: {
        operationId: "getZqToken",
        summary: "Get a token",
        requestBody: jsonBody({ oneOf: [grant("zqcode", "zqCode"), grant("zqclient", "client_secret")] }),
        responses: answer,
      },
    },
  },
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  security: [{ bearer: [] }],
};
const project = addedProject("blockwright-call-nested-secrets-", "zqvault", document);
const dir = project.dir;

const call = (tool: string, params: string[], env: Record<string, string> = {}) =>
  cli(
    [
      ...["call", tool, ...params.flatMap((p) => ["--param", p])],
      ...["--param", "accessToken={{ZQ_VAULT_TOKEN}}", "--base-url", project.upstream.url],
    ],
    { cwd: dir, env: { ZQ_VAULT_TOKEN: "zq-token-00000001", ...env } },
  );

describe("a secret field inside a JSON value given to blockwright call", () => {
  it("takes {{ENV}}, sending the variable's value, never printing it", async () => {
    const before = project.upstream.received.length;
    const r = await call("zqvault_create_zq_account", ['zqProfile={"zqName":"zq","zqPassword":"{{ZQ_PW}}"}'], {
      ZQ_PW: "zq-pw-from-env-0001",
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(project.upstream.received.length).toBe(before + 1);
    expect(JSON.parse(project.upstream.received.at(-1)!.body)).toEqual({
      zqProfile: { zqName: "zq", zqPassword: "zq-pw-from-env-0001" },
    });
    expect(r.stdout + r.stderr).not.toContain("zq-pw-from-env-0001");
  });

  it("refuses a literal before any request, naming the field, never echoing it; an unset variable too", async () => {
    const before = project.upstream.received.length;
    const literal = await call("zqvault_create_zq_account", ['zqProfile={"zqPassword":"zqLiteralPw99"}']);
    expect(literal.code).toBe(2);
    expect(literal.stderr).toContain("zqProfile.zqPassword is a secret: pass it as a reference");
    expect(literal.stdout + literal.stderr).not.toContain("zqLiteralPw99");
    const unset = await call("zqvault_create_zq_account", ['zqProfile={"zqPassword":"{{ZQ_UNSET_PW}}"}']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain("zqProfile.zqPassword: environment variable ZQ_UNSET_PW is not set");
    expect(project.upstream.received.length).toBe(before);
  });

  it("reads a union's secret by the shape its tag names: {{ENV}} taken, a literal refused", async () => {
    const tool = "zqvault_get_zq_token";
    const env = { ZQ_SECRET: "zq-client-secret-01" };
    const sent = await call(tool, ['body={"zqGrant":"zqclient","client_secret":"{{ZQ_SECRET}}"}'], env);
    expect(sent.code, sent.stdout + sent.stderr).toBe(0);
    expect(JSON.parse(project.upstream.received.at(-1)!.body)).toEqual({
      zqGrant: "zqclient",
      client_secret: "zq-client-secret-01",
    });
    const literal = await call(tool, ['body={"zqGrant":"zqclient","client_secret":"zqLiteralSecret"}']);
    expect(literal.code).toBe(2);
    expect(literal.stderr).toContain("body.client_secret is a secret");
    expect(literal.stdout + literal.stderr).not.toContain("zqLiteralSecret");
    const plain = await call(tool, ['body={"zqGrant":"zqcode","zqCode":"zq-code-1"}']);
    expect(plain.code, plain.stdout + plain.stderr).toBe(0);
  });

  it("reads another service's API key in a list of objects as a secret, its id as a plain text", async () => {
    const tool = "zqvault_put_zq_settings";
    const before = project.upstream.received.length;
    const literal = await call(tool, ['zqProviders=[{"zqName":"zq","zqProviderApiKey":"zqLiteralKey77"}]']);
    expect(literal.code).toBe(2);
    expect(literal.stderr).toContain("zqProviders[0].zqProviderApiKey is a secret: pass it as a reference");
    expect(literal.stdout + literal.stderr).not.toContain("zqLiteralKey77");
    expect(project.upstream.received.length).toBe(before);
    const env = { ZQ_KEY: "zq-provider-key-0001" };
    const value = '[{"zqName":"zq","zqProviderApiKey":"{{ZQ_KEY}}","zq_api_key_id":"zq-id-1"}]';
    const sent = await call(tool, [`zqProviders=${value}`], env);
    expect(sent.code, sent.stdout + sent.stderr).toBe(0);
    expect(JSON.parse(project.upstream.received.at(-1)!.body)).toEqual({
      zqProviders: [{ zqName: "zq", zqProviderApiKey: "zq-provider-key-0001", zq_api_key_id: "zq-id-1" }],
    });
    expect(sent.stdout + sent.stderr).not.toContain("zq-provider-key-0001");
  });
});

describe("a secret field inside a JSON input of a workflow's block", () => {
  const flow = (profile: string) =>
    `blocks:\n  zqmake:\n    type: zqvault\n    name: Zq account\n    inputs:\n` +
    `      operation: zqvault_create_zq_account\n      accessToken: "{{ZQ_VAULT_TOKEN}}"\n` +
    `      zqProfile: ${profile}\n`;
  const validate = (name: string, profile: string, env: Record<string, string> = {}) => {
    writeFileSync(join(dir, name), flow(profile));
    return cli(["validate", name], { cwd: dir, env: { ZQ_VAULT_TOKEN: "zq-token-00000001", ...env } });
  };

  it("refuses a literal at its place, naming the field, never showing it; as an object or as JSON text", async () => {
    const literal = await validate("zq-literal.yaml", "\n        zqName: zq\n        zqPassword: zqLiteralPw42");
    expect(literal.code).toBe(1);
    expect(literal.stdout + literal.stderr).toContain(
      "zq-literal.yaml:10:21: zqmake.zqProfile.zqPassword: a secret must be given as a reference",
    );
    expect(literal.stdout + literal.stderr).not.toContain("zqLiteralPw42");
    const text = await validate("zq-text.yaml", `'{"zqPassword":"zqLiteralPw43"}'`);
    expect(text.code).toBe(1);
    expect(text.stdout + text.stderr).toContain("zqmake.zqProfile.zqPassword: a secret must be given as a reference");
    expect(text.stdout + text.stderr).not.toContain("zqLiteralPw43");
  });

  it("takes a reference to a variable, and names it when it is not set", async () => {
    const profile = '\n        zqName: zq\n        zqPassword: "{{ZQ_PW}}"';
    const set = await validate("zq-set.yaml", profile, { ZQ_PW: "zq-pw-from-env-0002" });
    expect(set.code, set.stdout + set.stderr).toBe(0);
    expect(set.stdout + set.stderr).not.toContain("zq-pw-from-env-0002");
    const unset = await validate("zq-unset.yaml", profile);
    expect(unset.code).toBe(1);
    expect(unset.stdout + unset.stderr).toContain("environment variable ZQ_PW is not set (a secret)");
  });
});
