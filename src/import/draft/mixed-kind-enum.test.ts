// A query parameter with no type whose enum mixes kinds (`[true, false, 0, 1]`: a flag a curl user writes as 0 or
// 1): drafted as a string with no enum, which the link refused as looser than the document's (BW2006), so the draft
// did not link; then the mock's Prism compared the text "true" with the value true and refused it. A query value is
// text: drafted as a string of their texts, which links, and the mock takes each text the runtime sends.
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
  "/zqreplies": {
    post: {
      operationId: "markZqreply",
      parameters: [{ name: "zqdelivered", in: "query", required: true, schema: { enum: [true, false, 0, 1] } }],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

describe("a query parameter with no type whose enum mixes kinds", () => {
  it("is drafted as a string of their texts that links, and the mock takes each", async () => {
    const d = drafted(doc, ["markZqreply"]);
    expect(d.manifest.operations.acme_mark_zqreply?.params?.zqdelivered).toMatchObject({
      type: "string",
      enum: ["true", "false", "0", "1"],
    });
    expect(await linkProblems(d)).toEqual([]);
    const project = mkdtempSync(join(tmpdir(), "blockwright-zq-mixed-enum-"));
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const mark = (await loadProvider(project, dir)).operations.find((o) => o.tool.id === "acme_mark_zqreply")!.tool;
    const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
    try {
      for (const zqdelivered of ["true", "false", "0", "1"]) {
        const result = await executeToolDefinition(
          mark,
          { accessToken: "zq-token-0001", zqdelivered },
          { baseUrl: mocks.urls.acme! },
        );
        expect(result, zqdelivered).toMatchObject({ success: true });
      }
    } finally {
      await mocks.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
