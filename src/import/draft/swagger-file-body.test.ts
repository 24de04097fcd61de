// A body that is a file's bytes, written as converters carry Swagger 2.0's `type: file` into OpenAPI 3: `{type: object,
// format: file}` under `application/octet-stream` and `multipart/form-data`. Read as JSON Schema it is an object, so
// add drafted a JSON object parameter and sent its fields as multipart parts (the suite then failed on a number part),
// while the service reads the image's bytes. The cut writes it as OpenAPI 3's file (`type: string, format: binary`),
// says so in its header, and the draft takes a file, sent as the body's bytes or its one part.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const swaggerFile = { type: "object", format: "file" };
const document = openapi(
  {
    "/zqanalyze": {
      post: {
        operationId: "zqAnalyzeImage",
        requestBody: { $ref: "#/components/requestBodies/ZqImage" },
        responses: { "200": reply({ type: "object", properties: { zqTags: { type: "string" } } }, { zqTags: "a" }) },
      },
    },
  },
  {
    requestBodies: {
      ZqImage: {
        required: true,
        description: "An image stream.",
        content: {
          "application/octet-stream": { schema: swaggerFile },
          "multipart/form-data": { schema: swaggerFile },
        },
      },
    },
  },
);

describe("a body of Swagger 2.0's file type, as converted", () => {
  const d = drafted(document, ["zqAnalyzeImage"], "zqimg");
  const id = Object.keys(d.manifest.operations)[0] ?? "";

  it("is written as OpenAPI 3's file in the cut, said in its header, and drafted as a file", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
    const cut = jsyaml.load(d.openapiText) as any;
    const content = cut.components.requestBodies.ZqImage.content;
    expect(content["application/octet-stream"].schema).toEqual({ type: "string", format: "binary" });
    expect(d.openapiText).toMatch(
      /# Changed by blockwright add: [^\n]*\(Swagger 2.0's file as type string, format binary\)/,
    );
    expect(notesAt(d, "openapi").filter((n) => n.includes("Swagger 2.0's file"))).toEqual([]);
    const params = Object.values(d.manifest.operations[id]?.params ?? {});
    expect(params.filter((p) => p.type === "json")).toEqual([]);
    expect(params.filter((p) => p.type === "file")).toHaveLength(1);
    expect(await linkProblems(d, "zqimg")).toEqual([]);
  });

  it("sends the file's bytes, as the request judge reads the document", async () => {
    const [tool] = await linkedTools(d, "zqimg");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    const bytes = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01]);
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [file]: bytes });
    expect(judged.refusals).toEqual([]);
    // One of the body's two media types, as the document offers them: the file's bytes as the body or as its part.
    const type = sent.headers.get("content-type") ?? "";
    expect(type).toMatch(/^(application\/octet-stream|multipart\/form-data; boundary=)/);
    expect(Buffer.from(sent.body ?? new Uint8Array()).includes(Buffer.from(bytes))).toBe(true);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqimg");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});

// The same file offered alone under a text media type (`text/plain`, `application/text`: a job's script as sent): add
// refused the operation as a body of a media type the runtime does not write, reading the schema before the cut
// rewrote it. It is read as the cut writes it: a file, sent as the body's bytes.
describe("a body of Swagger 2.0's file type under a text media type alone", () => {
  const textDocument = openapi({
    "/zqjobs": {
      post: {
        operationId: "zqSubmitJob",
        requestBody: { required: true, content: { "application/text": { schema: swaggerFile } } },
        responses: { "200": reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "j1" }) },
      },
    },
  });

  it("is drafted as a file, not refused, and its bytes are sent as the body", async () => {
    const t = drafted(textDocument, ["zqSubmitJob"], "zqjob");
    const [tool] = await linkedTools(t, "zqjob");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    expect(file).not.toBe("");
    const bytes = new Uint8Array([0x53, 0x45, 0x4c, 0x45, 0x43, 0x54, 0x0a]);
    const { sent, judged } = await judgedCall(t, tool!, { accessToken: "zq-token-0001", [file]: bytes });
    expect(judged.refusals).toEqual([]);
    expect(sent.headers.get("content-type")).toBe("application/text");
    expect(Buffer.from(sent.body ?? new Uint8Array())).toEqual(Buffer.from(bytes));
  });
});

// The same file offered under several text media types, one of them XML (`text/plain`, `text/html`, `text/xml`,
// `text/markdown`: a text to screen, whichever kind it is): add left the operation out as an XML body whose schema
// names no root element, reading the XML type's schema before the cut rewrote it. It is a file under each type.
describe("a body of Swagger 2.0's file type under several text media types, one of them XML", () => {
  const textsDocument = openapi(
    {
      "/zqscreen": {
        post: {
          operationId: "zqScreenText",
          parameters: [
            {
              name: "Content-Type",
              in: "header",
              required: true,
              schema: { type: "string", enum: ["text/plain", "text/html", "text/xml", "text/markdown"] },
            },
          ],
          requestBody: { $ref: "#/components/requestBodies/ZqTexts" },
          responses: { "200": reply({ type: "object", properties: { zqLang: { type: "string" } } }, { zqLang: "e" }) },
        },
      },
    },
    {
      requestBodies: {
        ZqTexts: {
          required: true,
          content: Object.fromEntries(
            ["text/plain", "text/html", "text/xml", "text/markdown"].map((t) => [t, { schema: swaggerFile }]),
          ),
        },
      },
    },
  );

  it("is drafted as a file, not refused, and its bytes are sent under one of its types", async () => {
    const t = drafted(textsDocument, ["zqScreenText"], "zqscr");
    expect(await linkProblems(t, "zqscr")).toEqual([]);
    const [tool] = await linkedTools(t, "zqscr");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    expect(file).not.toBe("");
    const bytes = Buffer.from("<p>zq text</p>\n");
    const { sent, judged } = await judgedCall(t, tool!, { accessToken: "zq-token-0001", [file]: bytes });
    expect(judged.refusals).toEqual([]);
    expect(sent.headers.get("content-type")).toMatch(/^text\/(plain|html|xml|markdown)$/);
    expect(Buffer.from(sent.body ?? new Uint8Array())).toEqual(bytes);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const t = drafted(textsDocument, ["zqScreenText"], "zqscr");
    const { ids, failed } = await failedCases(t, "zqscr");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});

// A document written for OpenAPI 3 that keeps Swagger 2.0's own spelling, `{type: file}` with no format, as a
// multipart body's whole schema (a track file uploaded for import): add read it as a body of no type and drafted a JSON
// object of any fields, so no file could be sent. It is the file the cut writes, sent as the body's one part.
describe("a multipart body whose schema is Swagger 2.0's `type: file` alone", () => {
  const loneDocument = openapi({
    "/zqimports": {
      post: {
        operationId: "zqCreateImport",
        requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "file" } } } },
        responses: { "201": reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "i1" }) },
      },
    },
  });

  it("is drafted as a file, its bytes sent as the body's one part, and every derived case passes", async () => {
    const t = drafted(loneDocument, ["zqCreateImport"], "zqimp");
    expect(t.openapiText).toContain("Swagger 2.0's file as type string, format binary");
    expect(await linkProblems(t, "zqimp")).toEqual([]);
    const [tool] = await linkedTools(t, "zqimp");
    expect(tool?.params.filter((p) => p.type === "json")).toEqual([]);
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    expect(file).not.toBe("");
    const bytes = Buffer.from("<gpx>zq</gpx>\n");
    const { sent, judged } = await judgedCall(t, tool!, { accessToken: "zq-token-0001", [file]: bytes });
    expect(judged.refusals).toEqual([]);
    expect(sent.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(Buffer.from(sent.body ?? new Uint8Array()).toString()).toContain('name="file"');
    const { ids, failed } = await failedCases(t, "zqimp");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
