// A file field of an application/x-www-form-urlencoded body, end to end through add, generate, the contract suite on
// the mock and `call` on a loopback upstream: a file parameter whose bytes go percent-encoded, or as base64 text where
// the field's contentEncoding says so (OpenAPI 3.1.1: a form is a text format). Before, add drafted a text parameter.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";
import { startMocks } from "../mocks/mocks.js";

const document = {
  openapi: "3.1.0",
  info: { title: "Zq skins", version: "1", description: "Zq keeps skins." },
  servers: [{ url: "https://api.zqskins.test" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqskins/upload": {
      post: {
        operationId: "uploadZqSkin",
        summary: "Upload a skin",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["file"],
                properties: {
                  name: { type: "string", maxLength: 20 },
                  file: { type: "string", format: "binary", description: "The skin's image." },
                  icon: { type: "string", contentEncoding: "base64", contentMediaType: "image/png" },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Uploaded.",
            content: {
              "application/json": {
                schema: { type: "object", properties: { zqId: { type: "string" } } },
                example: { zqId: "s1" },
              },
            },
          },
        },
      },
    },
  },
};

const project = addedProject("bw-form-files-", "zqskins", document, '{"zqId":"s1"}');
const env = { ZQ_SKINS_KEY: "zq-key-00000001" };

describe("a file field of a urlencoded form", () => {
  it("is drafted a file parameter and passes the contract suite on the mock", async () => {
    const manifest = readFileSync(join(project.dir, "specs/zqskins/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/ file:\n(.*\n)*? +type: file/);
    // 10 random inputs a property, not the default 100: the base64 field's text sent without its percent-encoding
    // (planted in the runtime) failed every run at 10 by its fixed cases; a `+` left bare among a file's bytes passed
    // it at 10 and at 100 alike: the 90 draws more found nothing planted.
    const r = await cli(["test", "zqskins", "--runs", "10"], { cwd: project.dir, startMocks });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/zqskins +\d+ cases +\d+ passed +0 failed/);
  });

  it("sends a file's bytes percent-encoded and base64 where the field says so", async () => {
    const skin = join(project.dir, "skin.png");
    writeFileSync(skin, Buffer.from([0x89, 0x50, 0x00, 0xff, 0x20, 0x26, 0x7e]));
    const icon = join(project.dir, "icon.png");
    writeFileSync(icon, Buffer.from([0xfb, 0xff, 0xfe, 0x01]));
    const r = await cli(
      [
        "call",
        "zqskins_upload_zq_skin",
        "--params",
        JSON.stringify({ name: "a b", file: skin, icon }),
        "--param",
        "apiKey={{ZQ_SKINS_KEY}}",
        "--base-url",
        project.upstream.url,
      ],
      { cwd: project.dir, env },
    );
    expect(r.code, r.stderr).toBe(0);
    const received = project.upstream.received.at(-1);
    expect(received?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(received?.body).toBe("name=a%20b&file=%89P%00%FF%20%26~&icon=%2B%2F%2F%2BAQ%3D%3D");
  });
});
