// `call` without a tool's secret: the refusal said only "accessToken: is required", while the package's README
// names the environment variable (`ZQKEYS_ACCESS_TOKEN`) and `mcp` reads it, so a person who set it and ran `call`
// was refused with no word of how `call` takes a secret (a reference, `--param accessToken={{VARIABLE}}`). It says
// so now, and nothing is sent; a required plain parameter's refusal gets no such line.
import { describe, expect, it } from "vitest";
import { addedProject } from "../../test-support/cli/added-project.js";
import { cli } from "../../test-support/cli-harness.js";

const document = {
  openapi: "3.0.3",
  info: { title: "Zq keys", version: "1", description: "Zq lists keys." },
  servers: [{ url: "https://zqkeys.test/v1" }],
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  security: [{ bearer: [] }],
  paths: {
    "/zqkeys": {
      get: {
        operationId: "listZqKeys",
        summary: "List keys",
        parameters: [{ name: "zqOwner", in: "query", required: true, schema: { type: "string", maxLength: 20 } }],
        responses: {
          "200": {
            description: "The keys.",
            content: {
              "application/json": { schema: { type: "object", properties: { zqCount: { type: "integer" } } } },
            },
          },
        },
      },
    },
  },
};

const { dir } = addedProject("blockwright-call-missing-secret-", "zqkeys", document);

describe("call without a secret", () => {
  it("says how call takes it, naming the variable the README names", async () => {
    const run = await cli(["call", "zqkeys_list_zq_keys", "--param", "zqOwner=zq"], {
      cwd: dir,
      env: { ZQKEYS_ACCESS_TOKEN: "zq-token-set-but-not-referenced" },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toMatchObject({ param: "accessToken", rule: "required" });
    expect(run.stderr).toContain(
      "call: accessToken is a secret: give it as --param 'accessToken={{ZQKEYS_ACCESS_TOKEN}}' with " +
        "ZQKEYS_ACCESS_TOKEN set in the environment",
    );
    expect(run.stdout + run.stderr).not.toContain("zq-token-set-but-not-referenced");
  });

  it("adds nothing to a plain parameter's refusal", async () => {
    const run = await cli(["call", "zqkeys_list_zq_keys", "--param", "accessToken={{ZQ_TOKEN}}"], {
      cwd: dir,
      env: { ZQ_TOKEN: "zq-token-referenced-1" },
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toMatchObject({ param: "zqOwner", rule: "required" });
    expect(run.stderr).not.toContain("is a secret");
  });
});
