// A success's record served as text of its media type (XML, YAML, CSV, its JSON text under a text type, a file's
// bytes) keeps its named examples, each under its own name: the contract suite asks the mock for each by name
// (`Prefer: example=<name>`), and where only one `example` was left Prism answered 500 ("cannot find the requested
// content") to every such case. A text under an XML type (a component of `type: string`, an OData metadata document)
// is served as Prism serves a text, its named examples as written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mockDocument } from "../mock-document.js";
import { startMocks } from "../mocks.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const record = { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } };
const named = (value: unknown) => ({ "zq first": { summary: "the first", value }, zqSecond: { value } });
const answer = (content: unknown) => ({ get: { responses: { "200": { description: "the answer", content } } } });
const XML_TEXT = '<zqEdmx Version="4.0"><zqSchema/></zqEdmx>';
const document = {
  openapi: "3.0.3",
  info: { title: "zqnamed", version: "1" },
  servers: [{ url: "https://zqnamed.invalid" }],
  paths: {
    "/zqmetadata": answer({
      "application/xml": { schema: { $ref: "#/components/schemas/ZqDocument" }, examples: named(XML_TEXT) },
    }),
    "/zqxml": answer({
      "application/xml": { schema: { $ref: "#/components/schemas/ZqRecord" }, examples: named({ zqName: "x" }) },
    }),
    "/zqyaml": answer({ "application/yaml": { schema: record, examples: named({ zqName: "y" }) } }),
    "/zqcsv": answer({ "text/csv": { schema: { type: "array", items: record }, examples: named([{ zqName: "c" }]) } }),
    "/zqtext": answer({ "text/plain": { schema: record, examples: named({ zqName: "t" }) } }),
    "/zqzip": answer({ "application/zip": { schema: record, examples: named({ zqName: "z" }) } }),
  },
  components: { schemas: { ZqDocument: { type: "string" }, ZqRecord: record } },
};

/** Each path, its media type and the text each named example is served as. */
const expected: Record<string, [string, string]> = {
  "/zqmetadata": ["application/xml", XML_TEXT],
  "/zqxml": ["application/xml", '<?xml version="1.0" encoding="UTF-8"?><ZqRecord><zqName>x</zqName></ZqRecord>'],
  "/zqyaml": ["application/yaml", "zqName: y\n"],
  "/zqcsv": ["text/csv", "zqName\r\nc\r\n"],
  "/zqtext": ["text/plain", '{"zqName":"t"}'],
  "/zqzip": ["application/zip", '{"zqName":"z"}'],
};

type Media = { schema: unknown; examples?: Record<string, { summary?: string; value: unknown }> };
type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, Media> }> } }> };

const work = mkdtempSync(join(runScratch(), "blockwright-zqnamed-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a success's record served as text keeps its named examples", () => {
  it("serves each named example as the text of its type under its own name, its summary kept", () => {
    const served = mockDocument(document, () => false) as unknown as Served;
    for (const [path, [type, text]] of Object.entries(expected)) {
      const media = served.paths[path]!.get.responses["200"]!.content[type]!;
      expect(media.examples, path).toEqual({
        "zq first": { summary: "the first", value: text },
        zqSecond: { value: text },
      });
    }
  });

  it("answers a call asking for each example by name with that example's text", async () => {
    const dir = join(work, "specs", "zqnamed");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqnamed"], { specsDir: join(work, "specs"), logLevel: "silent" });
    try {
      for (const [path, [type, text]] of Object.entries(expected))
        for (const name of ["zq first", "zqSecond"]) {
          const headers = { accept: type, prefer: `code=200, example=${name}` };
          const response = await fetch(`${mocks.urls.zqnamed}${path}`, { headers });
          expect(`${path} ${name}: ${response.status}`).toBe(`${path} ${name}: 200`);
          expect(await response.text(), `${path} ${name}`).toBe(text);
        }
    } finally {
      await mocks.close();
    }
  });
});
