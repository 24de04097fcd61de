// Files in a draft: a multipart upload's binary field becomes a file
// parameter (the other fields ordinary ones), and an answer that is a file
// is drafted download: true; both link as drafted.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const upload = (schema: Json, required = true) =>
  openapi({
    "/zqfiles": {
      post: {
        operationId: "uploadFile",
        requestBody: { required, content: { "multipart/form-data": { schema } } },
        responses: ok,
      },
    },
  });

describe("a multipart upload", () => {
  it(
    "drafts its binary field as a file parameter with the document's maxLength as maxBytes, and " +
      "its other fields as ordinary parameters",
    async () => {
      const d = drafted(
        upload({
          type: "object",
          required: ["file", "purpose"],
          properties: {
            purpose: { type: "string", enum: ["batch", "fine-tune"], description: "What it is for." },
            file: { type: "string", format: "binary", maxLength: 2048, description: "The file." },
          },
        }),
        ["uploadFile"],
      );
      expect(d.manifest.operations.acme_upload_file!.params).toEqual({
        purpose: {
          type: "string",
          description: "What it is for.",
          required: true,
          enum: ["batch", "fine-tune"],
          wire: { in: "body" },
        },
        file: { type: "file", description: "The file.", required: true, maxBytes: 2048, wire: { in: "body" } },
      });
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("takes a 3.1 field with a contentMediaType as a file of that type", async () => {
    const d = drafted(
      upload({ type: "object", properties: { image: { type: "string", contentMediaType: "image/png" } } }, false),
      ["uploadFile"],
    );
    expect(d.manifest.operations.acme_upload_file!.params?.image).toEqual({
      type: "file",
      description: "The image file.",
      contentType: "image/png",
      wire: { in: "body" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it('names a field named as a file once (`zqFile`, `files`: not "The file file.")', () => {
    const binary = { type: "string", format: "binary" };
    const fields = { zqFile: binary, files: { type: "array", items: binary }, zqprofile: binary };
    const d = drafted(upload({ type: "object", properties: fields }, false), ["uploadFile"]);
    const params = d.manifest.operations.acme_upload_file!.params ?? {};
    expect([params.zqFile?.description, params.files?.description, params.zqprofile?.description]).toEqual([
      "The zqFile.",
      "The files.",
      "The zqprofile file.",
    ]);
  });
});

describe("a multipart body that is one file, naming no part (schema: a binary string)", () => {
  it(
    "is drafted as a file parameter sent as the part `file`, says so, links, and the runtime " + "sends the file there",
    async () => {
      const d = drafted(upload({ type: "string", format: "binary" }), ["uploadFile"]);
      expect(d.manifest.operations.acme_upload_file!.params).toEqual({
        file: { type: "file", description: "The file.", required: true, wire: { in: "body" } },
      });
      expect(notesAt(d, "operations.acme_upload_file.params")).toContain(
        'the multipart body is one value and names no part: sent as the part "file", the usual name for a file; ' +
          "if the upstream reads another, write it in the spec",
      );
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      let sent: FormData | undefined;
      const fetchFn = async (request: Request) => {
        sent = await request.formData();
        return new Response(JSON.stringify({ id: "zq1" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      };
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", file: new Blob(["zq bytes"], { type: "text/plain" }) },
        { baseUrl: "https://api.acme.test", fetch: fetchFn },
      );
      expect(result).toMatchObject({ success: true });
      const form = sent ?? new FormData();
      expect([...form.keys()]).toEqual(["file"]);
      expect(await (form.get("file") as Blob).text()).toBe("zq bytes");
    },
  );
});

describe("a multipart body that is one string, naming no part (schema: a string, not an object of parts)", () => {
  it(
    "is drafted as a parameter sent as the one part `file` (it was left out, and generate " +
      "refused the required body); the judge reads the part as the body's value",
    async () => {
      const doc = upload({ type: "string", example: "zq-text" });
      const d = drafted(doc, ["uploadFile"]);
      expect(d.manifest.operations.acme_upload_file!.params).toMatchObject({
        file: { type: "string", required: true, wire: { in: "body" } },
      });
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      // The published document's body is the string itself: one part of it meets that schema, and reads back as given.
      const { judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", file: "zq words" });
      expect(judged.refusals).toEqual([]);
      expect(judged.read.body).toEqual({ file: "zq words" });
    },
  );
});

describe("a multipart field that is a list of files (an array of binary strings)", () => {
  it(
    "is drafted as one file parameter taking several (multiple), links, and the runtime sends a " +
      "part per file under the field's name, which the judge reads as the list",
    async () => {
      const doc = upload({
        type: "object",
        required: ["docs"],
        properties: {
          docs: {
            type: "array",
            description: "The documents, in order.",
            items: { type: "string", format: "binary", maxLength: 64 },
          },
        },
      });
      const d = drafted(doc, ["uploadFile"]);
      expect(d.manifest.operations.acme_upload_file!.params).toEqual({
        docs: {
          type: "file",
          description: "The documents, in order.",
          required: true,
          maxBytes: 64,
          multiple: true,
          wire: { in: "body" },
        },
      });
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      const files = [
        new File(["zq one"], "one.txt", { type: "text/plain" }),
        new File(["zq two"], "two.txt", { type: "text/plain" }),
      ];
      const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", docs: files });
      const form = await new Response(sent.body as BodyInit, { headers: sent.headers }).formData();
      const parts = form.getAll("docs");
      expect(await Promise.all(parts.map((p) => (p as Blob).text()))).toEqual(["zq one", "zq two"]);
      expect(judged.refusals).toEqual([]);
      // Each file stands for a digest of its bytes (two files of one content would be duplicate items).
      const standIn = expect.stringMatching(/^\(file [0-9a-f]{12}\)$/);
      expect(judged.read.body).toEqual({ docs: [standIn, standIn] });
      expect(new Set((judged.read.body as { docs: string[] }).docs).size).toBe(2);
      // No request leaves for these (any answer would do).
      const fetchFn = async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
      // One file where a list is wanted, or a list with a file past maxBytes: refused before any request.
      expect(
        await executeToolDefinition(
          tool!,
          { accessToken: "zq-token-0001", docs: files[0] },
          { baseUrl: "https://api.acme.test", fetch: fetchFn },
        ),
      ).toMatchObject({ success: false, error: { param: "docs", rule: "type" } });
      const big = new Blob(["z".repeat(65)]);
      expect(
        await executeToolDefinition(
          tool!,
          { accessToken: "zq-token-0001", docs: [files[0], big] },
          { baseUrl: "https://api.acme.test", fetch: fetchFn },
        ),
      ).toMatchObject({ success: false, error: { param: "docs", rule: "maxBytes" } });
    },
  );
});

describe("an answer that is a file", () => {
  const download = (responses: Json) =>
    openapi({
      "/zqfiles/{id}/content": {
        get: {
          operationId: "downloadFile",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses,
        },
      },
    });

  it("is drafted download: true with no outputs of its own, and says so", async () => {
    const d = drafted(
      download({
        "200": {
          description: "The bytes.",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
      }),
      ["downloadFile"],
    );
    const op = d.manifest.operations.acme_download_file!;
    expect(op.download).toBe(true);
    expect(op.outputs).toEqual({});
    expect(notesAt(d, "operations.acme_download_file")).toContain(
      "downloadFile answers a file (application/pdf): drafted download: true, whose outputs are its content, " +
        "contentType, size and filename",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is a redirect to the file when that is all the operation answers", async () => {
    const d = drafted(
      download({
        "200": { description: "Nothing." },
        "302": { description: "To the file.", headers: { Location: { schema: { type: "string" } } } },
      }),
      ["downloadFile"],
    );
    expect(d.manifest.operations.acme_download_file!.download).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is not drafted where the answer is JSON", () => {
    const d = drafted(download({ "200": reply({ type: "object", properties: { id: { type: "string" } } }) }), [
      "downloadFile",
    ]);
    expect(d.manifest.operations.acme_download_file!.download).toBeUndefined();
  });
});

describe("an answer declared as one JSON string", () => {
  it("is drafted as a string output (not json), as the document types it", async () => {
    const d = drafted(
      openapi({
        "/zqfiles/{id}/text": {
          get: {
            operationId: "fileText",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
            responses: { "200": reply({ type: "string" }, "hello") },
          },
        },
      }),
      ["fileText"],
    );
    expect(d.manifest.operations.acme_file_text!.outputs).toMatchObject({
      data: { type: "string", from: "$response.body" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
