// Secrets add drafted plain, found in the public directory (seed 1241, every operation of 40 documents): a bank
// API's sign-in `pass` and `pass2` in the query, described in Spanish ("Contraseña"), beside `user`; a list of access
// tokens (`access_tokens`, an array of a string schema); a live stream's `stream_key` (whoever holds it broadcasts).
// Each was a plain input: a literal on the command line, a model asked for it, the value in logs.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });
const query = (name: string, description: string, required = true) => ({
  name,
  in: "query",
  required,
  description,
  schema: { type: "string" },
});
const ok = { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) };
const jsonBody = (properties: Json) => ({
  content: { "application/json": { schema: { type: "object", properties } } },
});

function zqDoc(): Json {
  return openapi(
    {
      "/zqsesion": {
        post: {
          operationId: "zqEntrar",
          parameters: [
            query("user", "Usuario"),
            query("pass", "Contraseña"),
            query("pass2", "Algunos bancos utilizan una segunda contraseña.", false),
          ],
          responses: ok,
        },
      },
      "/zqcuenta": {
        post: {
          operationId: "zqCuenta",
          requestBody: jsonBody({ zqNome: text("Nome"), senha: text(), motDePasse: text("Mot de passe du compte") }),
          responses: ok,
        },
      },
      "/zqexam": {
        post: {
          operationId: "zqExam",
          parameters: [query("pass", "Resultado del examen: sí o no")],
          responses: ok,
        },
      },
      "/zqreport": {
        post: {
          operationId: "zqReport",
          requestBody: jsonBody({
            access_tokens: {
              type: "array",
              items: { $ref: "#/components/schemas/ZqAccessToken" },
              description: "An array of access tokens of the items the report covers.",
            },
            api_keys: {
              type: "array",
              items: { type: "object", properties: { zqId: text() } },
              description: "The keys' records.",
            },
            zqLabels: { type: "array", items: text(), description: "Labels of the report." },
            stream_key: text("Stream key of the third-party service to simulcast to."),
          }),
          responses: ok,
        },
      },
    },
    { schemas: { ZqAccessToken: { type: "string", description: "A token of an item." } } },
  );
}

const OPS = ["zqEntrar", "zqCuenta", "zqExam", "zqReport"];

describe("a password in another language, a list of credentials, a stream's key", () => {
  const d = drafted(zqDoc(), OPS, "zqlang");
  const ops = d.manifest.operations;

  it("drafts `pass` described as a password in Spanish secret, `pass2` too; `pass` of an exam stays plain", () => {
    for (const name of ["pass", "pass2"])
      expect(ops.zqlang_zq_entrar?.params?.[name]).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.zqlang_zq_entrar?.params?.user?.secret).toBeFalsy();
    expect(ops.zqlang_zq_exam?.params?.pass?.secret).toBeFalsy();
  });

  it("drafts a field named or described as a password in Portuguese or French secret", () => {
    for (const name of ["senha", "motDePasse"])
      expect(ops.zqlang_zq_cuenta?.params?.[name]).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.zqlang_zq_cuenta?.params?.zqNome?.secret).toBeFalsy();
  });

  it("drafts a list of access tokens and a stream key secret; a list of records or labels stays plain", async () => {
    const params = ops.zqlang_zq_report?.params ?? {};
    expect(params.access_tokens).toMatchObject({ type: "json", jsonType: "array", secret: true });
    expect(params.stream_key).toMatchObject({ secret: true, visibility: "user-only" });
    expect(params.api_keys?.secret).toBeFalsy();
    expect(params.zqLabels?.secret).toBeFalsy();
    expect(await linkProblems(d, "zqlang")).toEqual([]);
  });

  it("withholds each access token of the list from an upstream's error", async () => {
    const tool = (await linkedTools(d, "zqlang")).find((t) => t.operationId === "zqReport") as ToolSpec;
    const tokens = ["zq-access-sandbox-0001", "zq-access-sandbox-0002"];
    const failing = scriptedFetch(json(400, { message: `unknown item ${tokens[1]}` }));
    const input = { accessToken: "zq-bearer-0001", access_tokens: tokens, stream_key: "zq-stream-key-0001" };
    const failed = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(failed.success).toBe(false);
    expect(JSON.stringify(failed)).not.toContain("zq-access-sandbox-0002");
    expect(JSON.stringify(failed)).toContain("[redacted]");
  });
});
