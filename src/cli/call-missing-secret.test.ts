// `call` without a tool's secret given: the package's client and `mcp` read it from `<PROVIDER>_<PARAM>` (the
// variable the package's README names), while `call` refused ("accessToken: is required") with that variable set, so
// the same credential worked in code and in an MCP client but not on the command line. `call` reads it too now, as
// the client does (a credential given on the command line, a reference, wins, and none is read beside it); unset, the
// refusal names the variable and the reference form, and nothing is sent.
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

const project = addedProject("blockwright-call-missing-secret-", "zqkeys", document, () => ({
  status: 200,
  body: JSON.stringify({ zqCount: 1 }),
}));
const { dir } = project;

describe("call without a secret", () => {
  it("reads it from the variable the README names, as the package's client and mcp do", async () => {
    const before = project.upstream.received.length;
    const run = await cli(
      ["call", "zqkeys_list_zq_keys", "--param", "zqOwner=zq", "--base-url", project.upstream.url],
      { cwd: dir, env: { ZQKEYS_ACCESS_TOKEN: "zq-token-from-the-variable" } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true });
    const sent = project.upstream.received.slice(before);
    expect(sent.map((r) => r.headers.authorization)).toEqual(["Bearer zq-token-from-the-variable"]);
    expect(run.stdout + run.stderr).not.toContain("zq-token-from-the-variable");
  });

  it("takes a reference given on the command line over the variable", async () => {
    const before = project.upstream.received.length;
    const run = await cli(
      [
        "call",
        "zqkeys_list_zq_keys",
        "--param",
        "zqOwner=zq",
        "--param",
        "accessToken={{ZQ_OTHER_TOKEN}}",
        "--base-url",
        project.upstream.url,
      ],
      { cwd: dir, env: { ZQKEYS_ACCESS_TOKEN: "zq-token-not-used", ZQ_OTHER_TOKEN: "zq-token-referenced-2" } },
    );
    expect(run.code, run.stderr).toBe(0);
    const sent = project.upstream.received.slice(before);
    expect(sent.map((r) => r.headers.authorization)).toEqual(["Bearer zq-token-referenced-2"]);
  });

  it("unset, names the variable and the reference form, and sends nothing", async () => {
    const before = project.upstream.received.length;
    const run = await cli(
      ["call", "zqkeys_list_zq_keys", "--param", "zqOwner=zq", "--base-url", project.upstream.url],
      { cwd: dir, env: { ZQKEYS_ACCESS_TOKEN: "" } },
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toMatchObject({ param: "accessToken", rule: "required" });
    expect(run.stderr).toContain(
      "call: accessToken is a secret: set ZQKEYS_ACCESS_TOKEN in the environment, or give " +
        "--param 'accessToken={{NAME}}' naming another variable (literal secrets are refused)",
    );
    expect(project.upstream.received.length).toBe(before);
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
