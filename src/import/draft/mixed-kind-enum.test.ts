// A query parameter with no type whose enum mixes kinds (`[true, false, 0, 1]`: a flag a curl user writes as 0 or
// 1): drafted as a string with no enum, which the link refused as looser than the document's (BW2006), so the draft
// did not link; then the mock's Prism compared the text "true" with the value true and refused it. A query value is
// text: drafted as a string of their texts, which links, and the mock takes each text the runtime sends. A form's or a
// multipart body's field is text too: the link refused its drafted enum of texts (BW2007) and an enum with a null
// (`["zqa", 2, null]`) was drafted with none (BW2006); Prism refused "true", and the request judge read "2" as the
// text, not the number the enum lists.
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

/** Each input the tool `id` of the draft `d` is called with, on the mocks (Prism behind the request judge). */
async function eachAccepted(d: ReturnType<typeof drafted>, id: string, inputs: Record<string, unknown>[]) {
  const project = mkdtempSync(join(tmpdir(), "blockwright-zq-mixed-enum-"));
  const dir = join(project, "specs", "acme");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  const tool = (await loadProvider(project, dir)).operations.find((o) => o.tool.id === id)!.tool;
  const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
  try {
    for (const input of inputs) {
      const result = await executeToolDefinition(
        tool,
        { accessToken: "zq-token-0001", ...input },
        { baseUrl: mocks.urls.acme! },
      );
      expect(result, JSON.stringify(input)).toMatchObject({ success: true });
    }
  } finally {
    await mocks.close();
    rmSync(project, { recursive: true, force: true });
  }
}

describe("a query parameter with no type whose enum mixes kinds", () => {
  it("is drafted as a string of their texts that links, and the mock takes each", async () => {
    const d = drafted(doc, ["markZqreply"]);
    expect(d.manifest.operations.acme_mark_zqreply?.params?.zqdelivered).toMatchObject({
      type: "string",
      enum: ["true", "false", "0", "1"],
    });
    expect(await linkProblems(d)).toEqual([]);
    await eachAccepted(
      d,
      "acme_mark_zqreply",
      ["true", "false", "0", "1"].map((zqdelivered) => ({ zqdelivered })),
    );
  });
});

const bodyDoc = (mediaType: string) =>
  openapi({
    "/zqnotes": {
      post: {
        operationId: "sendZqnote",
        requestBody: {
          required: true,
          content: {
            [mediaType]: {
              schema: {
                type: "object",
                properties: { zqflag: { enum: [true, false, 0, 1] }, zqmode: { enum: ["zqa", 2, null] } },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  });

describe.each(["application/x-www-form-urlencoded", "multipart/form-data"])(
  "a %s body's field with no type whose enum mixes kinds",
  (mediaType) => {
    it("is drafted as a string of their texts (a null left out) that links, and the mock takes each", async () => {
      const d = drafted(bodyDoc(mediaType), ["sendZqnote"]);
      const params = d.manifest.operations.acme_send_zqnote?.params;
      expect(params?.zqflag).toMatchObject({ type: "string", enum: ["true", "false", "0", "1"] });
      expect(params?.zqmode).toMatchObject({ type: "string", enum: ["zqa", "2"] });
      expect(await linkProblems(d)).toEqual([]);
      await eachAccepted(d, "acme_send_zqnote", [
        ...["true", "false", "0", "1"].map((zqflag) => ({ zqflag })),
        ...["zqa", "2"].map((zqmode) => ({ zqmode })),
      ]);
    });
  },
);
