// An operation whose security offers an API-key requirement that one of its
// own required parameters fills (`security: [{key}, {token}]`, and `token` a
// required query parameter of the operation, `key` none of its parameters):
// the request the suite sends without the tool's credential still meets that
// requirement, so the mock rightly accepts it, and no 401 is expected of it.
// (Where the operation requires both places, the two are one requirement:
// src/import/auth/requirements/schemes-required-as-params.test.ts.)
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { authKind } from "./kinds/auth.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const schemes = {
  zqKey: { type: "apiKey", in: "query", name: "key" },
  zqToken: { type: "apiKey", in: "query", name: "token" },
};

async function caseNames(tokenRequired: boolean): Promise<string[]> {
  const token = { name: "token", in: "query", required: tokenRequired, schema: { type: "string", maxLength: 64 } };
  const doc = openapi(
    {
      "/zqcards/{id}": {
        get: {
          operationId: "getZqcard",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 24 } }, token],
          security: [{ zqKey: [] }, { zqToken: [] }],
          responses: ok,
        },
      },
    },
    { securitySchemes: schemes },
    { security: [] },
  );
  const d = drafted(doc, ["getZqcard"], "zqcards");
  const [tool] = await linkedTools(d, "zqcards");
  if (!tool) throw new Error("no tool linked");
  const document = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));
  const subject = { provider: "zqcards", tools: [tool], document };
  const names = authKind.derive(tool, subject).map((c) => c.name);
  // The kind applies where it makes a case (contract-tests/derived.contract.test.ts holds the two to each other).
  expect(authKind.applies(tool, subject)).toBe(names.length > 0);
  return names;
}

describe("a security requirement a required parameter meets", () => {
  it("no 401 is expected without the credential: the request still carries the other requirement's key", async () => {
    expect(await caseNames(true)).not.toContain("without a credential the mock answers 401, a structured error");
  });

  it("an optional parameter there is left out of the minimal request: the 401 case stays", async () => {
    expect(await caseNames(false)).toContain("without a credential the mock answers 401, a structured error");
  });
});
