// A Content-Length header parameter beside a request body (a chunked upload that declares each chunk's size): add
// drafted it as a parameter, the call sent the value given beside a body of another length, and fetch refused the
// request before it left ("Request body length does not match content-length header"). fetch writes that header from
// the body: add does not draft it and says why, and the link does not ask for it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { mockDocument } from "../../mocks/mock-document.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqchunks": {
    put: {
      operationId: "zqPutChunk",
      parameters: [
        { name: "Content-Range", in: "header", required: true, schema: { type: "string", example: "bytes 0-9/20" } },
        { name: "Content-Length", in: "header", required: true, schema: { type: "number", example: 10 } },
      ],
      requestBody: { content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } },
      responses: { "204": { description: "Stored." } },
    },
  },
});

describe("a Content-Length header parameter beside a request body", () => {
  it("is not drafted (fetch writes it from the body), said in a note, and the draft links", async () => {
    const d = drafted(document, ["zqPutChunk"]);
    const id = Object.keys(d.manifest.operations)[0] ?? "";
    const params = Object.values(d.manifest.operations[id]?.params ?? {}) as { wire?: { name?: string } }[];
    expect(params.map((p) => p.wire?.name)).toContain("Content-Range");
    expect(params.map((p) => p.wire?.name)).not.toContain("Content-Length");
    expect(notesAt(d, `operations.${id}`).join("\n")).toContain(
      "header parameter Content-Length not drafted: fetch writes it from the body the call sends",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === id);
    expect(tool?.params.some((p) => p.wire.in === "header" && p.wire.name === "Content-Length")).toBe(false);
  });
});

// An optional Content-Encoding header parameter (`enum: [gzip]`) beside a JSON body (an events import that takes its
// body compressed or not): add drafted it, and a call that gave `gzip` sent `Content-Encoding: gzip` beside the plain
// JSON it wrote, which the upstream decodes as gzip. It names a coding of the body that no call applies: add does not
// draft it and says why; the body goes as given, without the header.
const encoded = openapi({
  "/zqimport": {
    post: {
      operationId: "zqImportRows",
      parameters: [
        { name: "zqStrict", in: "query", schema: { type: "string", enum: ["0", "1"] } },
        { name: "Content-Encoding", in: "header", schema: { type: "string", enum: ["gzip"] } },
      ],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "array", items: { type: "object" }, minItems: 1 } } },
      },
      responses: { "200": { description: "Imported." } },
    },
  },
});

describe("a Content-Encoding header parameter beside a request body", () => {
  it("is not drafted (the call sends the body as given), said in a note, and the draft links", async () => {
    const d = drafted(encoded, ["zqImportRows"]);
    const id = Object.keys(d.manifest.operations)[0] ?? "";
    const params = Object.values(d.manifest.operations[id]?.params ?? {}) as { wire?: { name?: string } }[];
    expect(params.map((p) => p.wire?.name)).not.toContain("Content-Encoding");
    expect(notesAt(d, `operations.${id}`).join("\n")).toContain(
      "header parameter Content-Encoding not drafted: it names a coding of the body's bytes that the call does not",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === id);
    expect(tool?.params.some((p) => p.wire.in === "header")).toBe(false);
    expect(tool?.params.some((p) => p.wire.in === "query" && p.wire.name === "zqStrict")).toBe(true);
  });
});

// A required `Transfer-Encoding: chunked` beside an append's body (a file system's concurrent append): its one value
// made it a constant the package sent, and fetch refused every call before it left ("invalid transfer-encoding
// header"). fetch frames the body itself: add drafts neither a parameter nor a constant, and says why.
describe("a required Transfer-Encoding header of one value beside a request body", () => {
  it("is neither a parameter nor a constant, said in a note, and the draft links", async () => {
    const appendDocument = openapi({
      "/zqappend/{zqPath}": {
        post: {
          operationId: "zqConcurrentAppend",
          parameters: [
            { name: "zqPath", in: "path", required: true, schema: { type: "string" } },
            { name: "Transfer-Encoding", in: "header", required: true, schema: { type: "string", enum: ["chunked"] } },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { zqLine: { type: "string" } } } } },
          },
          responses: { "200": { description: "Appended." } },
        },
      },
    });
    const d = drafted(appendDocument, ["zqConcurrentAppend"]);
    const id = Object.keys(d.manifest.operations)[0] ?? "";
    const operation = d.manifest.operations[id];
    expect(JSON.stringify(operation?.constants ?? [])).not.toContain("Transfer-Encoding");
    expect(JSON.stringify(operation?.params ?? {})).not.toContain("Transfer-Encoding");
    expect(notesAt(d, `operations.${id}`).join("\n")).toContain(
      "header parameter Transfer-Encoding not drafted: fetch frames the body itself",
    );
    expect(await linkProblems(d)).toEqual([]);
    // The call sends none (fetch would refuse it); the request judge and the mock's copy of the document ask none.
    const tool = (await linkedTools(d)).find((t) => t.id === id);
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", zqPath: "zq1", zqLine: "a" });
    expect(sent.headers.has("transfer-encoding")).toBe(false);
    expect(judged.refusals).toEqual([]);
    const served = JSON.stringify(mockDocument(appendDocument, () => false));
    expect(served).not.toContain("Transfer-Encoding");
  });
});
