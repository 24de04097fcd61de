// An answer that is JSON or a file (a 2xx declaring `application/json` and `application/pdf`, the file asked for by a
// query value: the directory's PDF makers) is no download: the file lands in the `data` output as
// `{content, contentType, size}`. `blockwright call` replaced only a download's top-level `content`, so it printed the
// file's bytes as a JSON object of numbered bytes (`{"0": 37, "1": 80, …}`: a megabyte PDF, millions of lines), and
// MCP and the LLM tools handed a model the same (llmOutput looked one level down). The bytes anywhere in a result are
// now a line saying their size.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { llmOutput } from "@blockwright/runtime/internal";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-call-json-or-file-"));
const dir = runtimeProject(join(tmp, "project"), "specs");
const pdfSchema = { type: "string", format: "binary" };
const document = {
  openapi: "3.0.3",
  info: { title: "Zq pages", version: "1", description: "Zq renders pages." },
  servers: [{ url: "https://zqpages.test/v1" }],
  paths: {
    "/zqrender": {
      get: {
        operationId: "renderZqPage",
        summary: "Render a page",
        parameters: [
          { name: "url", in: "query", required: true, schema: { type: "string" } },
          {
            name: "output",
            in: "query",
            description: "json for a JSON answer; the PDF by default.",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": {
            description: "The PDF, or a JSON object naming it, by the output parameter.",
            content: {
              "application/json": {
                schema: { type: "object", properties: { zqPdf: { type: "string" }, zqSize: { type: "integer" } } },
              },
              "application/pdf": { schema: pdfSchema },
            },
          },
        },
      },
    },
  },
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "Authorization" } } },
  security: [{ key: [] }],
};
const PDF = `%PDF-1.4 ${"zq".repeat(40)}`;
let upstream: Awaited<ReturnType<typeof server>>;

beforeAll(async () => {
  writeFileSync(join(tmp, "zqpages.json"), JSON.stringify(document));
  const added = await cli(["add", "zqpages", "--from", join(tmp, "zqpages.json"), "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
  upstream = await server(() => ({ status: 200, headers: { "content-type": "application/pdf" }, body: PDF }));
});
afterAll(async () => {
  await upstream?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("an answer that is JSON or a file, answered the file", () => {
  it("call prints the file's size, not its bytes as numbered JSON", async () => {
    const r = await cli(
      [
        ...["call", "renderZqPage", "--param", "url=https://zq.test/a b?c=1"],
        ...["--param", "apiKey={{ZQ_PAGES_KEY}}", "--base-url", upstream.url],
      ],
      { cwd: dir, env: { ZQ_PAGES_KEY: "zq-key-00000001" } },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(upstream.received.at(-1)!.headers.accept).toContain("application/pdf");
    const printed = JSON.parse(r.stdout) as { output: { data: Record<string, unknown> } };
    expect(printed.output.data).toMatchObject({
      content: `(${PDF.length} bytes of file content, not shown)`,
      contentType: "application/pdf",
      size: PDF.length,
    });
    expect(r.stdout).not.toContain('"0": 37');
  });

  it("a model is shown the size of bytes nested in the result, in objects and lists alike", () => {
    const bytes = new TextEncoder().encode("%PDF");
    const shown = llmOutput({ data: { content: bytes, size: 4 }, pages: [{ content: bytes }], zqCount: 2 });
    expect(shown).toEqual({
      data: { content: "(4 bytes of file content, not shown)", size: 4 },
      pages: [{ content: "(4 bytes of file content, not shown)" }],
      zqCount: 2,
    });
    const plain = { data: { zqPdf: "a" } };
    expect(llmOutput(plain)).toBe(plain);
  });
});
