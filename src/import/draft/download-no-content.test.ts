// A download (an operation answering a file) that also declares a success
// answer without a body (a 204 "nothing to download" beside its 206 of bytes):
// the file outputs promised content, contentType and size, which the 204
// cannot carry, so every call the mock answered 204 failed with "answered 204
// without $response.body#/content". The outputs are optional for such an
// operation: a 204 is a success with no file, the 206 the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { exampleKind } from "../../contract/kinds/example.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const bytes = { "application/octet-stream": { schema: { type: "string", format: "binary" } } };
const doc = (responses: Json) =>
  openapi({
    "/zqarchives/{id}/contents": {
      get: {
        operationId: "fetchZqArchive",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 36 } }],
        responses,
      },
    },
  });
const withEmpty = doc({
  "204": { description: "Nothing to download yet." },
  "206": { description: "Part of the archive.", content: bytes },
  "404": { description: "No such archive." },
});

describe("a download that also declares a success answer without a body", () => {
  it("has optional file outputs; a 204 is a success without a file, the 206 the file", async () => {
    const d = drafted(withEmpty, ["fetchZqArchive"]);
    expect(d.manifest.operations.acme_fetch_zq_archive!.download).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
    const project = mkdtempSync(join(tmpdir(), "blockwright-zq-download-empty-"));
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const tool = (await loadProvider(project, dir)).operations[0]!.tool;
    expect(tool.outputs.map((o) => [o.path, o.optional])).toEqual([
      ["content", true],
      ["contentType", true],
      ["filename", true],
      ["size", true],
    ]);
    const values = { accessToken: "zq-token-0001", id: "a1" };
    const answering = (response: () => Response) => ({
      baseUrl: "https://api.acme.test",
      fetch: async () => response(),
    });
    expect(
      await executeToolDefinition(
        tool,
        values,
        answering(() => new Response(null, { status: 204 })),
      ),
    ).toEqual({
      success: true,
      output: {},
    });
    const part = () =>
      new Response("zq part", { status: 206, headers: { "content-type": "application/octet-stream" } });
    expect(await executeToolDefinition(tool, values, answering(part))).toMatchObject({
      success: true,
      output: { contentType: "application/octet-stream", size: 7 },
    });

    // The suite's cases, on the mock (which answers the 204): they expect what the runtime does.
    const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
    try {
      const document = new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml")));
      const cases = exampleKind.derive(tool, { provider: "acme", tools: [tool], document });
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases)
        await expect(c.run({ mockUrl: () => mocks.urls.acme!, seed: 1, runs: 1 })).resolves.toBeUndefined();
    } finally {
      await mocks.close();
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("keeps its file outputs promised when every success answer carries the file", async () => {
    const d = drafted(doc({ "200": { description: "The archive.", content: bytes } }), ["fetchZqArchive"]);
    const [tool] = await linkedTools(d);
    expect(await linkProblems(d)).toEqual([]);
    expect(tool!.outputs.filter((o) => !o.optional).map((o) => o.path)).toEqual(["content", "contentType", "size"]);
  });
});
