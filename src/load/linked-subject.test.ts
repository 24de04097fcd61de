// A contract run's worker starts its mocks from the providers it has linked (linked-subject.ts): the document is not
// read again, and a mock serves only the operations of the tools the worker's cases call. A part of a whole published
// API's suite (tens of thousands of operations) had its mock prepare every one of them before its first case.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { keyedDocument, keyedManifest, linkedTool } from "../../test-support/linked-tool.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-linked-subject-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const answer = (example: object) => ({
  "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example } } },
});
const openapi = keyedDocument("zqshelf", {
  "/zqbins": { get: { operationId: "listZqbins", responses: answer({ bins: [] }) } },
  "/zqbins/{id}": {
    get: {
      operationId: "getZqbin",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: answer({ id: "zq-1" }),
    },
  },
});
const operation = (key: string, operationId: string, params: string) => `  ${key}:
    operationId: ${operationId}
    title: ${key}
    description: The ${key} operation.
    params:${params}
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`;
const manifest = keyedManifest(
  "zqshelf",
  `${operation("zqshelf_list", "listZqbins", " {}")}${operation(
    "zqshelf_get",
    "getZqbin",
    `
      id:
        type: string
        maxLength: 64
        required: true
        description: The bin.
        wire: { in: path }`,
  )}`,
);

const { linked } = await linkedTool(work, "zqshelf", openapi, manifest, "zqshelf_list");
const specsDir = join(work, "specs");
const subject = (serves?: string[]) => ({
  document: linked.document,
  manifest: parse(readFileSync(join(specsDir, "zqshelf", "manifest.yaml"), "utf8")),
  tools: linked.ir.operations.map((o) => o.tool),
  ...(serves ? { serves: new Set(serves) } : {}),
});

async function statuses(serves?: string[]): Promise<number[]> {
  const mocks = await startMocks(["zqshelf"], { specsDir, logLevel: "silent", linked: { zqshelf: subject(serves) } });
  try {
    return await Promise.all(
      ["/zqbins", "/zqbins/zq-1"].map(async (path) => {
        const response = await fetch(`${mocks.urls.zqshelf}${path}`, {
          headers: { accept: "application/json", "x-zq-key": "zq-key-1" },
        });
        await response.body?.cancel();
        return response.status;
      }),
    );
  } finally {
    await mocks.close();
  }
}

describe("a mock of a provider as its caller linked it", () => {
  it("serves the linked document, never reading the file again", async () => {
    // The file, broken after the link: a mock that read it would refuse to start.
    writeFileSync(join(specsDir, "zqshelf", "openapi.json"), "{ not json");
    expect(await statuses()).toEqual([200, 200]);
  });

  it("serves the operations of the tools named, and no other", async () => {
    expect(await statuses(["zqshelf_list"])).toEqual([200, 404]);
    expect(await statuses(["zqshelf_get"])).toEqual([404, 200]);
  });
});
