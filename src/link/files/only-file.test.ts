// issue 59: a download whose success declares a file's type only (`application/pdf`) took a 200 JSON error as the
// file, labelled `application/json`. The link names the statuses whose declared types are a file's only (onlyFile),
// where the runtime refuses a JSON or an HTML answer (runtime/call/files.test.ts); a status declaring JSON, HTML or any
// body (`application/octet-stream`, `*/*`, a key that is no media type) takes any answer as the file, as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkedTools, openapi } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const file = (...types: string[]) => ({
  description: "The file.",
  content: Object.fromEntries(types.map((t) => [t, { schema: { type: "string", format: "binary" } }])),
});

async function onlyFileOf(responses: Record<string, unknown>): Promise<number[] | undefined> {
  const document = openapi({
    "/zqexports/{id}": {
      get: {
        operationId: "getZqExport",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
        responses,
      },
    },
  });
  const d = drafted(document, ["getZqExport"]);
  expect(d.manifest.operations.acme_get_zq_export?.download).toBe(true);
  return (await linkedTools(d)).find((t) => t.id === "acme_get_zq_export")?.download?.onlyFile;
}

describe("a download's statuses that declare only a file's types", () => {
  it.each([
    [{ "200": file("application/pdf") }, [200]],
    [{ "200": file("image/png", "image/*") }, [200]],
    [{ "200": file("text/csv") }, [200]],
    [{ "200": file("text/plain") }, [200]],
    [{ "200": file("application/zip"), "202": file("application/zip") }, [200, 202]],
  ])("%j refuses a JSON or an HTML answer under %j", async (responses, statuses) => {
    expect(await onlyFileOf(responses)).toEqual(statuses);
  });

  it.each([
    { "200": file("application/pdf", "application/json") },
    { "200": file("application/pdf", "text/html") },
    { "200": file("application/octet-stream") },
    { "200": file("application/pdf", "*/*") },
    { "200": file("ZQDOC") },
  ])("%j takes any answer as the file", async (responses) => {
    expect(await onlyFileOf(responses)).toBeUndefined();
  });
});
