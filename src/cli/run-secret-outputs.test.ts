// `run` printed a secret the reply hands out (manifest output `secret`: an access token a record carries) in its
// summary table, and `--json` wrote it whole, though its help says "secrets redacted" and `call` prints such an output
// as [redacted]. Both withhold it now, as `call` does; the blocks that reference it still get it. Seen with a
// loopback upstream standing at the provider's instance address.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";

const TOKEN = "zq-handed-out-token-0000000001";
const document = {
  openapi: "3.0.3",
  info: { title: "Zq Boxes", version: "1.0.0" },
  servers: [{ url: "https://{zqHost}/v1", variables: { zqHost: { default: "api.zqbx.example" } } }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqboxes/{zqName}": {
      get: {
        operationId: "zqGetBox",
        parameters: [{ name: "zqName", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        responses: {
          "200": {
            description: "The box.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { zqName: { type: "string" }, zqAccessToken: { type: "string" } },
                },
              },
            },
          },
        },
      },
    },
  },
};
const project = addedProject(
  "blockwright-run-secret-outputs-",
  "zqbx",
  document,
  JSON.stringify({ zqName: "zq-box", zqAccessToken: TOKEN }),
);

describe("run and a secret the reply hands out", () => {
  it("withholds it from the summary table and --json, while a later block still reads it", async () => {
    const file = join(project.dir, "boxes.json");
    const address = project.upstream.url;
    writeFileSync(
      file,
      JSON.stringify({
        blocks: {
          first: {
            type: "zqbx",
            name: "First",
            inputs: { operation: "zqbx_zq_get_box", apiKey: "{{ZQ_KEY}}", instanceUrl: address, zqName: "zq-box" },
            connections: { outgoing: [{ target: "second" }] },
          },
          second: {
            type: "zqbx",
            name: "Second",
            inputs: {
              operation: "zqbx_zq_get_box",
              apiKey: "{{ZQ_KEY}}",
              instanceUrl: address,
              zqName: "{{first.metadata.zqAccessToken}}",
            },
          },
        },
      }),
    );
    const before = project.upstream.received.length;
    const r = await cli(["run", file, "--live", "--json", "out.json"], {
      cwd: project.dir,
      env: { ZQ_KEY: "zq-key-0000000001", COLUMNS: "400" },
    });
    expect(r.code, r.stderr).toBe(0);
    // The second block was given the token (a path value of its request).
    expect(project.upstream.received.slice(before).map((s) => s.url)).toEqual([
      "/v1/zqboxes/zq-box",
      `/v1/zqboxes/${TOKEN}`,
    ]);
    const written = readFileSync(join(project.dir, "out.json"), "utf8");
    expect(r.stdout + written).not.toContain(TOKEN);
    expect(r.stdout).toContain("zqAccessToken: [redacted]");
    expect(JSON.parse(written).blocks[0].outputs.metadata.zqAccessToken).toBe("[redacted]");
    expect(r.stderr).toContain("first: metadata.zqAccessToken: a secret (manifest output secret), shown as [redacted]");
  });

  it("redacts it from a later block's failure that echoes it", async () => {
    const file = join(project.dir, "echoed.json");
    const address = project.upstream.url;
    const block = (zqName: string) => ({
      type: "zqbx",
      name: zqName.startsWith("{{") ? "Second" : "First",
      inputs: { operation: "zqbx_zq_get_box", apiKey: "{{ZQ_KEY}}", instanceUrl: address, zqName },
    });
    writeFileSync(
      file,
      JSON.stringify({
        blocks: {
          first: { ...block("zq-box"), connections: { outgoing: [{ target: "second" }] } },
          // Refused before any request: the token is longer than the 40 characters a name may have.
          second: block("{{first.metadata.zqAccessToken}}{{first.metadata.zqAccessToken}}"),
        },
      }),
    );
    const r = await cli(["run", file, "--live", "--json", "echoed-out.json"], {
      cwd: project.dir,
      env: { ZQ_KEY: "zq-key-0000000001", COLUMNS: "400" },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("second: failed");
    const written = readFileSync(join(project.dir, "echoed-out.json"), "utf8");
    expect(JSON.parse(written).blocks.find((b: { id: string }) => b.id === "second").error.rule).toBe("maxLength");
    expect(r.stdout + r.stderr + written).not.toContain(TOKEN);
  });
});
