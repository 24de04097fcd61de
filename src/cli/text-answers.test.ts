// An answer the document declares as one text (`text/plain`, named examples `{"a":1}` and `hello`), end to end through
// add, generate, the contract suite on the mock, `call` and the generated package's executeTool: each reads the text
// as the text, JSON-looking or not. Before, add drafted a download (the text as a file's bytes), and the contract
// suite's outputs check JSON.parsed the mock's text.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";
import { startMocks } from "../mocks/mocks.js";

const TEXTS = { zqjson: '{"a":1}', zqword: "hello" };
const document = {
  openapi: "3.0.3",
  info: { title: "Zq text", version: "1", description: "Zq answers in text." },
  servers: [{ url: "https://api.zqtext.test" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqfortune": {
      get: {
        operationId: "getZqFortune",
        summary: "Get a fortune",
        responses: {
          "200": {
            description: "The fortune's text.",
            content: {
              "text/plain": {
                schema: { type: "string" },
                examples: Object.fromEntries(Object.entries(TEXTS).map(([name, value]) => [name, { value }])),
              },
            },
          },
        },
      },
    },
  },
};

let answer = "";
const project = addedProject("bw-text-answers-", "zqtext", document, () => ({
  status: 200,
  headers: { "content-type": "text/plain; charset=utf-8" },
  body: answer,
}));
const env = { ZQ_TEXT_KEY: "zq-key-00000001" };

describe("an answer declared as one text", () => {
  it("passes the contract suite on the mock, each named example served and read as its text", async () => {
    const r = await cli(["test", "zqtext"], { cwd: project.dir, startMocks });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/zqtext +\d+ cases +\d+ passed +0 failed/);
    const list = await cli(["test", "zqtext", "--list"], { cwd: project.dir });
    for (const name of Object.keys(TEXTS)) expect(list.stdout).toContain(`answer 200 "${name}"`);
  });

  it("is the output's text in call and in the generated package's executeTool, JSON-looking or not", async () => {
    const pkg = (await import(pathToFileURL(join(project.dir, "generated/zqtext/index.js")).href)) as {
      executeTool: (id: string, input: object, options: object) => Promise<unknown>;
    };
    for (const text of Object.values(TEXTS)) {
      answer = text;
      const r = await cli(
        ["call", "zqtext_get_zq_fortune", "--param", "apiKey={{ZQ_TEXT_KEY}}", "--base-url", project.upstream.url],
        { cwd: project.dir, env },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout), text).toEqual({ success: true, output: { data: text } });
      const result = await pkg.executeTool(
        "zqtext_get_zq_fortune",
        { apiKey: env.ZQ_TEXT_KEY },
        { baseUrl: project.upstream.url },
      );
      expect(result, text).toEqual({ success: true, output: { data: text } });
    }
  });
});
