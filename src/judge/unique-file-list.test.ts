// A multipart list of files the document makes `uniqueItems` (several files uploaded at once, no two alike): the suite
// sent its one sample file twice, and the request judge read every file as the same stand-in, so any two files were
// "duplicate items" and every draw of two was refused. The suite's files of a list now differ, and the judge reads a
// file by its bytes: two equal files are still refused.
import { describe, expect, it } from "vitest";
import { sampleFile } from "../contract/inputs/rule-values.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqshelf, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqfiles:
    post:
      operationId: zqPutFiles
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                zqNames: { type: array, minItems: 1, uniqueItems: true, items: { type: string, format: binary } }
      responses: { "201": { description: stored } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqshelf.yaml")), {
  basePath: "",
  credential: "present",
});

async function refusalsFor(files: File[]) {
  const form = new FormData();
  // Each part as the runtime sends a file where the document names no type: application/octet-stream.
  for (const file of files) form.append("zqNames", file.slice(0, file.size, "application/octet-stream"), file.name);
  const request = new Request("https://zq.example.test/zqfiles", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  return judge({ method: "POST", url: request.url, headers: request.headers, body }).refusals;
}

describe("a multipart list of files that must be unique", () => {
  it("keeps the suite's two sample files of a list, which differ", async () => {
    const [first, second] = [sampleFile("text/plain"), sampleFile("text/plain", 2)];
    expect(first.name).not.toBe(second.name);
    expect(await refusalsFor([first, second])).toEqual([]);
  });

  it("refuses two files of the same bytes as duplicate items", async () => {
    expect(await refusalsFor([sampleFile("text/plain"), sampleFile("text/plain")])).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/duplicate items/) }),
    ]);
  });
});
