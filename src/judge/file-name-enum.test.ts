// A multipart file field whose schema lists the names the file may have (`type: string, format: binary, enum:
// ["*.png", "*.jpg"]`: a project's icon): the judge read the file as a stand-in of its bytes and held it to the enum,
// so every file the suite sent was refused ("must be one of "*.png", …"), and so did the mock's Prism. A file's bytes
// are no listed text: its enum, const and pattern are not held; a text field's enum still is.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../import/__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted } from "../import/__fixtures__/draft-kit.js";
import { sampleFile } from "../contract/inputs/rule-values.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqicons, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqprojects:
    post:
      operationId: zqCreateProject
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [zqKind]
              properties:
                zqKind: { type: string, enum: [zqmod, zqpack] }
                zqIcon: { type: string, format: binary, enum: ["*.png", "*.jpg"] }
                zqBanner: { $ref: "#/components/schemas/ZqBanner" }
      responses: { "201": { description: created } }
components:
  schemas:
    ZqBanner: { type: string, format: binary, pattern: "^zq-banner$" }
`;

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqicons.yaml")), {
  basePath: "",
  credential: "present",
});

async function refusalsFor(kind: string, files: Record<string, File>) {
  const form = new FormData();
  form.append("zqKind", kind);
  for (const [name, file] of Object.entries(files))
    form.append(name, file.slice(0, file.size, "application/octet-stream"), file.name);
  const request = new Request("https://zq.example.test/zqprojects", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  return judge({ method: "POST", url: request.url, headers: request.headers, body }).refusals;
}

describe("a multipart file field whose schema lists names or a pattern", () => {
  it("takes any file there, inline or through a $ref", async () => {
    expect(await refusalsFor("zqmod", { zqIcon: sampleFile("image/png") })).toEqual([]);
    expect(
      await refusalsFor("zqpack", { zqIcon: sampleFile("image/png"), zqBanner: sampleFile("image/png", 2) }),
    ).toEqual([]);
  });

  it("still holds a text field to its enum", async () => {
    expect(await refusalsFor("zqother", { zqIcon: sampleFile("image/png") })).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/zqKind must be one of/) }),
    ]);
  });
});

describe("an operation drafted with such a file field", () => {
  it("passes every derived case on the mock (Prism) and its judge", async () => {
    const d = drafted(jsyaml.load(DOCUMENT) as Record<string, unknown>, ["zqCreateProject"], "zqicons");
    const { ids, failed } = await failedCases(d, "zqicons");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
