// OpenAPI 3.1 applies a schema `$ref` and the rules beside it both (JSON Schema 2020-12); the draft read the `$ref`
// alone. A body field `{$ref: ZqTimeout, type: integer}` whose target is a Parameter Object kept among the schemas
// (as a published NFT API keeps its parameters) was drafted with no type, and the suite's calls sent an object the
// request judge refused; a field whose target is a schema lost the rule beside it. add now writes the first as the
// rules beside it alone and the second as allOf of both, with a note; a 3.0 document's `$ref`s stay as written.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = (version: string) => ({
  ...openapi(
    {
      "/zqbatch": {
        post: {
          operationId: "zqBatch",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    zqTimeout: { $ref: "#/components/schemas/ZqTimeout", type: "integer" },
                    zqCode: { $ref: "#/components/schemas/ZqCode", maxLength: 4, description: "The code." },
                    zqNote: { $ref: "#/components/schemas/ZqCode", description: "Annotations only." },
                  },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    {
      schemas: {
        ZqTimeout: { name: "zqTimeout", in: "query", required: false, schema: { type: "integer" } },
        ZqCode: { type: "string", pattern: "^[a-z ]+$" },
      },
    },
  ),
  openapi: version,
});

const bodySchema = (text: string) =>
  (
    jsyaml.load(text) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
    }
  ).paths["/zqbatch"]!.post.requestBody.content["application/json"]!.schema as { properties: Record<string, object> };

describe("a schema $ref with rules beside it, in an OpenAPI 3.1 document", () => {
  it("is written as the rules alone when its target holds none, as allOf of both when it does", async () => {
    const d = drafted(document("3.1.0"), ["zqBatch"]);
    const { properties } = bodySchema(d.openapiText);
    expect(properties.zqTimeout).toEqual({ type: "integer" });
    expect(properties.zqCode).toEqual({
      maxLength: 4,
      description: "The code.",
      allOf: [{ $ref: "#/components/schemas/ZqCode" }],
    });
    expect(properties.zqNote).toEqual({ $ref: "#/components/schemas/ZqCode", description: "Annotations only." });
    const params = d.manifest.operations.acme_zq_batch?.params ?? {};
    expect(params.zqTimeout).toMatchObject({ type: "number", integer: true });
    expect(params.zqCode).toMatchObject({ type: "string", maxLength: 4, pattern: "^[a-z ]+$" });
    const notes = d.manifestText.replace(/\n#\s+/g, " ");
    expect(notes).toMatch(/type beside \$ref ZqTimeout, which holds no rule/);
    expect(notes).toMatch(/maxLength beside \$ref ZqCode: allOf of both/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is called with the values the judge takes", async () => {
    const d = drafted(document("3.1.0"), ["zqBatch"]);
    const [tool] = await linkedTools(d);
    const { sent, judged } = await judgedCall(d, tool as never, {
      accessToken: "zq-token-0001",
      zqTimeout: 0,
      zqCode: "ab c",
    });
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ zqTimeout: 0, zqCode: "ab c" });
    expect(judged.refusals).toEqual([]);
  });

  it("stays as written in a 3.0 document, which ignores what is beside a $ref", () => {
    const d = drafted(document("3.0.3"), ["zqBatch"]);
    expect(bodySchema(d.openapiText).properties.zqTimeout).toEqual({
      $ref: "#/components/schemas/ZqTimeout",
      type: "integer",
    });
  });
});
