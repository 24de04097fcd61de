// A boolean query parameter whose enum lists its values as texts (`type: boolean, enum: ["false", "true"]`, JSON's
// quotes): the link read the manifest's boolean, which lists no enum, as looser than the document's and refused it
// (BW2006); then the request judge and the mock's Prism read `prefix=false` as the boolean false and refused it as not
// one of "false", "true". Read as their values, the enum restricts nothing, as the author means.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqsearch": {
    get: {
      operationId: "searchZq",
      parameters: [
        { name: "zqprefix", in: "query", schema: { type: "boolean", enum: ["false", "true"], default: "false" } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

describe("a boolean query parameter whose enum lists its values as texts", () => {
  it("is drafted as a boolean that links, and the judge and the mock take the values the runtime sends", async () => {
    const d = drafted(doc, ["searchZq"]);
    expect(await linkProblems(d)).toEqual([]);
    const project = mkdtempSync(join(tmpdir(), "blockwright-zq-boolean-enum-"));
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const search = (await loadProvider(project, dir)).operations.find((o) => o.tool.id === "acme_search_zq")!.tool;
    const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
    try {
      for (const zqprefix of [false, true]) {
        const result = await executeToolDefinition(
          search,
          { accessToken: "zq-token-0001", zqprefix },
          { baseUrl: mocks.urls.acme! },
        );
        expect(result).toMatchObject({ success: true });
      }
    } finally {
      await mocks.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
