// A server variable with no default (`https://{zq_tenant}.zq-engine-cloud.com`, whose default the document writes as
// the placeholder `{zq_tenant}`): a required connection input. The suite names the mock's address itself, and left
// the variable out of every input as it leaves the address parameter out; the runtime refused each call before any
// request ("zq_tenant: is required"), so no case of the provider could pass.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { linkProvider } from "../../emit/link-provider.js";
import { draftWorkFolder, drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = {
  ...openapi({
    "/zq-scores": {
      get: {
        operationId: "listZqScores",
        parameters: [{ name: "zq_limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 9 } }],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  }),
  servers: [
    {
      url: "https://{zq_tenant}.zq-engine-cloud.com/zqapi",
      variables: { zq_tenant: { default: "{zq_tenant}", description: "your tenant" } },
    },
  ],
};

describe("a required server variable", () => {
  it("is given a value its rules accept in every input; the call goes to the address the suite names", async () => {
    const d = drafted(document, ["listZqScores"], "zqtenant");
    expect(d.manifest.params?.zqTenant).toMatchObject({ required: true });
    const root = join(draftWorkFolder, "server-variable");
    const dir = join(root, "specs", "zqtenant");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const linked = await linkProvider(root, dir);
    const tool = linked.ir.operations[0]!.tool;
    const values = new ToolValues(tool, linked.document);
    const inputs = [values.minimal(), values.full(), ...fc.sample(validInput(tool, values, "http://127.0.0.1:9"), 5)];
    const sent: string[] = [];
    for (const input of inputs) {
      expect(typeof input.zqTenant).toBe("string");
      const result = await executeToolDefinition(
        tool,
        { ...input, accessToken: "zq-key-1" },
        {
          baseUrl: "http://127.0.0.1:9",
          fetch: async (request: Request) => {
            sent.push(request.url);
            return new Response(JSON.stringify({ id: "zq" }), { headers: { "content-type": "application/json" } });
          },
        },
      );
      expect(result.success ? "ok" : JSON.stringify(result.error)).toBe("ok");
    }
    expect(sent).toHaveLength(inputs.length);
    expect(sent.every((url) => url.startsWith("http://127.0.0.1:9/zqapi/zq-scores"))).toBe(true);
  });
});
