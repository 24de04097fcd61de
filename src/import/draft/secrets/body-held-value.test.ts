// A request body's own field read by the rule a JSON value's field is read by (heldSecret): a bare `value` inside an
// object named as a secret (`zqlogin: {password: {value}}`) was secret, while the same `value` as the whole body's
// field, the body named `Password` by its schema, was drafted a plain input a model was asked for and every error,
// log and recording showed. The body's name is its schema's (or its own component's), as a JSON field's is its key.
// A field named as a secret's data (`secretData`, a text or a map of texts) was plain at either place: secret at both.
import { rmSync } from "node:fs";
import { toLlmTools } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const pair = { type: "object", properties: { value: text, zqnote: text } };
const ok = { "200": reply({ type: "object", properties: { zqid: text } }, { zqid: "zq1" }) };
const body = (ref: string) => ({ required: true, content: { "application/json": { schema: { $ref: ref } } } });
const doc = openapi(
  {
    "/zqaccounts/{zqid}/password": {
      put: {
        operationId: "zqSetPassword",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        requestBody: body("#/components/schemas/Password"),
        responses: ok,
      },
    },
    "/zqaccounts/{zqid}/secrets": {
      post: {
        operationId: "zqAddCredential",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        requestBody: { $ref: "#/components/requestBodies/ZqCredentials" },
        responses: ok,
      },
    },
    "/zqaccounts/{zqid}/settings": {
      put: {
        operationId: "zqSetSetting",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        requestBody: body("#/components/schemas/ZqSetting"),
        responses: ok,
      },
    },
    "/zqvaults": {
      post: {
        operationId: "zqStore",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  secretData: text,
                  zq_secret_contents: { type: "object", additionalProperties: text },
                  zqfile: { type: "object", properties: { secretData: text, zqsize: { type: "integer" } } },
                  zqSecretId: text,
                },
              },
            },
          },
        },
        responses: ok,
      },
    },
    "/zqlogins": {
      post: {
        operationId: "zqLogin",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", properties: { zqlogin: { type: "object", properties: { password: pair } } } },
            },
          },
        },
        responses: ok,
      },
    },
  },
  {
    schemas: { Password: pair, ZqSetting: pair },
    requestBodies: { ZqCredentials: { required: true, content: { "application/json": { schema: pair } } } },
  },
);

describe("a body's bare value, the body named as a secret", () => {
  const d = drafted(doc, ["zqSetPassword", "zqAddCredential", "zqSetSetting", "zqLogin", "zqStore"]);
  const params = (op: string) => d.manifest.operations[op]?.params ?? {};

  it("is drafted secret and user-only as the same field inside a JSON value is; a setting's stays plain", async () => {
    expect(params("acme_zq_set_password").value).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params("acme_zq_add_credential").value).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params("acme_zq_set_password").zqnote?.secret).toBeFalsy();
    expect(params("acme_zq_set_setting").value?.secret).toBeFalsy();
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const login = tools.find((t) => t.operationId === "zqLogin");
    expect(login?.params.find((p) => p.name === "zqlogin")?.object?.fields?.password?.fields?.value?.secret).toBe(true);
  });

  it("is left out of what a model sees, as a secret field inside a JSON value is", async () => {
    const tools = await linkedTools(d);
    const offered = (operationId: string) =>
      Object.keys(
        toLlmTools(
          tools.filter((t) => t.operationId === operationId),
          "mcp",
        )[0]?.inputSchema.properties ?? {},
      );
    expect(offered("zqSetPassword")).toEqual(["zqid", "zqnote"]);
    expect(offered("zqSetSetting")).toEqual(["zqid", "value", "zqnote"]);
  });

  it("names a secret's data by its name, a text or a map, at the top and inside a JSON value alike", async () => {
    expect(params("acme_zq_store").secretData).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params("acme_zq_store").zqSecretId?.secret).toBeFalsy();
    const store = (await linkedTools(d)).find((t) => t.operationId === "zqStore");
    const param = (name: string) => store?.params.find((p) => p.name === name);
    expect(param("zq_secret_contents")?.values?.secret).toBe(true);
    expect(param("zqfile")?.object?.fields?.secretData?.secret).toBe(true);
    expect(param("zqfile")?.object?.fields?.zqsize?.secret).toBeFalsy();
  });
});
