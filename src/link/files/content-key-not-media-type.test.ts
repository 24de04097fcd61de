// A file answer whose content key is no media type (`ZQDOC: {}` where `application/pdf` was meant: a directory
// document's `PDF`). The download asked for it by that key (`Accept: ZQDOC, application/json;q=0.5`), which is no media
// type: the mock answered 406 to every call, as a server that parses Accept would. The download asks for any type
// instead (`*/*`), add's review note says why, and the mock answers the call. A raw request body under such a key was
// sent with it as its Content-Type (415): the file goes as its own type, which the judge and the mock take there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkedTools, notesAt, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { startMocks } from "../../mocks/mocks.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-content-key-"));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

const document = openapi({
  "/zqchecks/{id}/zqupload": {
    post: {
      operationId: "uploadZqDoc",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
      requestBody: { required: true, content: { ZQDOC: { schema: { type: "string", format: "binary" } } } },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq7" }) },
    },
  },
  "/zqchecks/{id}/zqdoc": {
    get: {
      operationId: "getZqDoc",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
      responses: {
        "200": { description: "The document.", content: { ZQDOC: {} } },
        "404": reply({ type: "object", properties: { message: { type: "string" } } }, { message: "no" }),
      },
    },
  },
});

describe("a file answer whose content key is no media type", () => {
  it("is drafted as a download that asks for any type, the review note saying why", async () => {
    const d = drafted(document, ["getZqDoc"]);
    expect(d.manifest.operations.acme_get_zq_doc?.download).toBe(true);
    expect(notesAt(d, "operations.acme_get_zq_doc").join("\n")).toContain(
      '"ZQDOC" is no media type (type/subtype), so the call asks for any type (Accept: */*)',
    );
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_get_zq_doc");
    expect(tool?.download?.mediaTypes).toEqual(["*/*"]);
  });

  it("is asked for with an Accept the mock takes, and the call succeeds", async () => {
    const d = drafted(document, ["getZqDoc"]);
    const dir = join(work, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_get_zq_doc");
    const mocks = await startMocks(["acme"], { specsDir: join(work, "specs"), root: work, logLevel: "silent" });
    try {
      const accepts: (string | null)[] = [];
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", id: "zq7" },
        {
          baseUrl: mocks.urls.acme!,
          fetch: (request: Request) => {
            accepts.push(request.headers.get("accept"));
            return fetch(request);
          },
        },
      );
      expect(accepts).toEqual(["*/*, application/json;q=0.5"]);
      expect(result).toMatchObject({ success: true });
    } finally {
      await mocks.close();
    }
  });
});

describe("a raw request body whose content key is no media type", () => {
  it("is sent as the file's own type, said in a review note, and the judge and the mock take it", async () => {
    const d = drafted(document, ["uploadZqDoc"]);
    expect(notesAt(d, "operations.acme_upload_zq_doc.params").join("\n")).toContain(
      'the request body\'s media type "ZQDOC" is no media type (type/subtype): the file is sent as its own type',
    );
    const project = join(work, "upload");
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const [tool] = await linkedTools(d);
    const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
    try {
      const types: (string | null)[] = [];
      const options = {
        baseUrl: mocks.urls.acme!,
        fetch: (request: Request) => {
          types.push(request.headers.get("content-type"));
          return fetch(request);
        },
      };
      const bytes = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", id: "zq7", file: new Uint8Array([1, 2]) },
        options,
      );
      const typed = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", id: "zq7", file: new Blob(["%PDF-"], { type: "application/pdf" }) },
        options,
      );
      expect(types).toEqual(["application/octet-stream", "application/pdf"]);
      expect([bytes, typed]).toMatchObject([{ success: true }, { success: true }]);
    } finally {
      await mocks.close();
    }
  });
});
