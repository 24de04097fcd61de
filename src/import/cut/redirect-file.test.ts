// An operation that answers only by a redirect to its file (no 2xx declared):
// add gives the cut a 200 of bytes, says so, drafts download: true, and the
// draft links; a call follows the redirect to the file.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const exportDocument = (responses: Record<string, unknown>) =>
  openapi({
    "/zqexports/{id}": {
      get: {
        operationId: "downloadZqExport",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
        responses,
      },
    },
  });
const redirect = {
  description: "Redirection",
  headers: { location: { required: true, schema: { type: "string", format: "uri" } } },
};

describe("an operation that answers only by a redirect to its file", () => {
  it(
    "gets a 200 of bytes in the cut, said in its header and a note; it is drafted download: " + "true and links",
    async () => {
      const d = drafted(exportDocument({ "302": redirect, "404": { description: "Not found." } }), [
        "downloadZqExport",
      ]);
      expect(d.manifest.operations.acme_download_zq_export!.download).toBe(true);
      expect(d.openapiText).toMatch(
        /^# Added by blockwright add, not published: downloadZqExport 200, the file the redirect points to /m,
      );
      expect(d.added).toContain("downloadZqExport 200");
      expect(notesAt(d, "openapi").join("\n")).toContain("adds a 200 answer of bytes to downloadZqExport");
      expect(await linkProblems(d)).toEqual([]);

      // A call: the redirect, then the file at the address it names.
      const [tool] = await linkedTools(d);
      const seen: string[] = [];
      const fetchFn = async (request: Request) => {
        seen.push(request.url);
        return request.url.startsWith("https://api.acme.test/")
          ? new Response(null, { status: 302, headers: { location: "https://files.acme.test/zq-export.zip" } })
          : new Response("zq archive", { status: 200, headers: { "content-type": "application/zip" } });
      };
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", id: "e1" },
        { baseUrl: "https://api.acme.test", fetch: fetchFn },
      );
      expect(result).toMatchObject({ success: true, output: { contentType: "application/zip", size: 10 } });
      expect(seen).toEqual(["https://api.acme.test/zqexports/e1", "https://files.acme.test/zq-export.zip"]);
    },
  );

  it("is left as published when it declares a 2xx answer besides", () => {
    const d = drafted(
      exportDocument({
        "200": {
          description: "The file.",
          content: { "application/zip": { schema: { type: "string", format: "binary" } } },
        },
        "302": redirect,
      }),
      ["downloadZqExport"],
    );
    expect(d.openapiText).not.toContain("Added by blockwright add, not published: downloadZqExport");
    expect(d.added).not.toContain("downloadZqExport 200");
  });
});
