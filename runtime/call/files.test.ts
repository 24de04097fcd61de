// Files on the wire, on the zqfiles fixture (test-support/fixtures/specs-files):
// a file parameter given as bytes, a path or an address goes out as the last
// part of a multipart body with its name and type (or as the whole body, when
// the document's body is raw bytes), held to maxBytes before any
// request; a download answer (or a redirect to it) becomes bytes with their
// type, size and name, within the reply limit, never read as JSON.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { inputSchema, llmCallParams, llmOutput } from "../llm/llm-tools.js";
import type { ToolSpec } from "../spec/tool-types.js";

const ir = irFixture("zqfiles");
const toolOf = (id: string): ToolSpec => ir.operations.find((o) => o.tool.id === id)!.tool;
const upload = toolOf("zqfiles_upload_file");
const download = toolOf("zqfiles_download_file");
const replace = toolOf("zqfiles_replace_file_content");
const image = toolOf("zqfiles_upload_image");
const KEY = "zq-secret-key-1234";
const stored = () => json(200, { id: "file-1", filename: "x", bytes: 3 });
// Made before the tests, not as the module loads: a `-t` filter that skips them all runs no afterAll.
let folder = "";
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "zqfiles-"));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The multipart parts of a recorded request, in order: name, filename, type and text. */
async function parts(request: Request): Promise<{ name: string; filename?: string; type?: string; text: string }[]> {
  const form = await request.formData();
  return Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === "string"
        ? { name, text: value }
        : { name, filename: value.name, type: value.type, text: await value.text() },
    ),
  );
}

function recording() {
  const requests: Request[] = [];
  const { fetch } = scriptedFetch((request: Request) => {
    requests.push(request.clone());
    return stored();
  });
  return { fetch, requests };
}

describe("a file parameter", () => {
  it(
    "sends bytes as the last part, after the other fields (objects as JSON text), " +
      "with the multipart Content-Type fetch writes",
    async () => {
      const { fetch, requests } = recording();
      const result = await executeToolDefinition(
        upload,
        { apiKey: KEY, file: new TextEncoder().encode("abc"), purpose: "batch", attributes: { folder: "in" } },
        { fetch },
      );
      expect(result).toEqual({ success: true, output: { id: "file-1", bytes: 3 } });
      const [request] = requests;
      expect(request!.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
      expect(await parts(request!)).toEqual([
        { name: "purpose", text: "batch" },
        { name: "attributes", text: '{"folder":"in"}' },
        { name: "file", filename: "file", type: "application/octet-stream", text: "abc" },
      ]);
    },
  );

  it(
    "sends an object field with no encoding as one part of type application/json (OpenAPI's default for a " +
      "complex value), a scalar as plain text",
    async () => {
      const { fetch, requests } = recording();
      await executeToolDefinition(
        upload,
        { apiKey: KEY, file: new TextEncoder().encode("abc"), purpose: "batch", attributes: { folder: "in" } },
        { fetch },
      );
      const raw = await requests[0]!.text();
      expect(raw).toContain(
        'Content-Disposition: form-data; name="attributes"\r\n' +
          'Content-Type: application/json\r\n\r\n{"folder":"in"}\r\n',
      );
      expect(raw).toContain('Content-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n');
    },
  );

  it(
    "writes a multipart field whose encoding sets a style as that form field's pairs, one part each, " +
      "not as JSON text (issue 55: stripe-node writes them so)",
    async () => {
      const { fetch, requests } = recording();
      const styled = {
        ...upload,
        body: { ...upload.body!, fields: { attributes: { style: "deepObject" as const, explode: true } } },
      };
      await executeToolDefinition(
        styled,
        {
          apiKey: KEY,
          file: new TextEncoder().encode("abc"),
          purpose: "batch",
          attributes: { folder: "in", tags: ["a", "b"] },
        },
        { fetch },
      );
      expect(await parts(requests[0]!)).toEqual([
        { name: "purpose", text: "batch" },
        { name: "attributes[folder]", text: "in" },
        { name: "attributes[tags][0]", text: "a" },
        { name: "attributes[tags][1]", text: "b" },
        { name: "file", filename: "file", type: "application/octet-stream", text: "abc" },
      ]);
    },
  );

  it(
    "reads a path (on Node) under its own name, a File keeps its name; each of its own type where the part's " +
      "types admit it (application/octet-stream where none is declared)",
    async () => {
      const path = join(folder, "notes.txt");
      writeFileSync(path, "hello\n");
      const page = new File(["<p/>"], "page.html", { type: "text/html" });
      // The document's encoding.contentType `text/*` (linked into the file's contentType).
      const texts = {
        ...upload,
        params: upload.params.map((p) => (p.name === "file" ? { ...p, contentType: "text/*" } : p)),
      };
      const { fetch, requests } = recording();
      for (const tool of [upload, texts])
        for (const file of [path, page])
          await executeToolDefinition(tool, { apiKey: KEY, file, purpose: "batch" }, { fetch });
      const sent = await Promise.all(requests.map(async (r) => (await parts(r)).at(-1)));
      expect(sent).toEqual([
        { name: "file", filename: "notes.txt", type: "application/octet-stream", text: "hello\n" },
        { name: "file", filename: "page.html", type: "application/octet-stream", text: "<p/>" },
        { name: "file", filename: "notes.txt", type: "text/plain", text: "hello\n" },
        { name: "file", filename: "page.html", type: "text/html", text: "<p/>" },
      ]);
    },
  );

  it("refuses a file over maxBytes before any request, naming the parameter, the rule and the size", async () => {
    const { fetch, requests } = recording();
    const big = join(folder, "big.bin");
    writeFileSync(big, new Uint8Array(1_048_577));
    for (const file of [new Uint8Array(1_048_577), big]) {
      const result = await executeToolDefinition(upload, { apiKey: KEY, file, purpose: "batch" }, { fetch });
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "validation",
          param: "file",
          rule: "maxBytes",
          message: "file: the file has 1048577 bytes, more than the 1048576 it may have (maxBytes)",
        },
      });
    }
    expect(requests).toEqual([]);
  });

  it("refuses a path with no file, and a value that is no file, without sending", async () => {
    const { fetch, requests } = recording();
    const missing = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: join(folder, "none.txt"), purpose: "batch" },
      { fetch },
    );
    expect(missing).toMatchObject({ success: false, error: { type: "validation", param: "file", rule: "file" } });
    expect(missing.success ? "" : missing.error.message).toMatch(
      /^file: no file can be read at ".*none\.txt" \(ENOENT\)$/,
    );
    const wrong = await executeToolDefinition(upload, { apiKey: KEY, file: 12, purpose: "batch" }, { fetch });
    expect(wrong).toMatchObject({
      success: false,
      error: {
        rule: "type",
        message:
          "file: must be a file: bytes (Uint8Array, ArrayBuffer or Blob), a path, or an https address, got number",
      },
    });
    const plain = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: "http://files.example.test/a.txt", purpose: "batch" },
      { fetch },
    );
    expect(plain).toMatchObject({
      success: false,
      error: {
        rule: "format",
        message: "file: a file's address must be https (http only on a loopback host), got a http: address",
      },
    });
    expect(requests).toEqual([]);
  });

  it("fetches an address without the credential, and refuses one whose Content-Length passes maxBytes", async () => {
    const seen: Request[] = [];
    const fetch = async (request: Request) => {
      seen.push(request);
      if (request.url === "https://files.example.test/data/report.csv")
        return new Response("a,b\n", { headers: { "content-type": "text/csv" } });
      if (request.url === "https://files.example.test/huge.bin")
        return new Response("x", { headers: { "content-length": "2000000" } });
      return stored();
    };
    const ok = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: "https://files.example.test/data/report.csv", purpose: "batch" },
      { fetch },
    );
    expect(ok.success).toBe(true);
    expect(seen[0]!.headers.get("authorization")).toBeNull();
    expect((await parts(seen[1]!)).at(-1)).toEqual({
      name: "file",
      filename: "report.csv",
      type: "application/octet-stream",
      text: "a,b\n",
    });
    const huge = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: "https://files.example.test/huge.bin", purpose: "batch" },
      { fetch },
    );
    expect(huge).toMatchObject({ success: false, error: { param: "file", rule: "maxBytes" } });
    expect(seen.map((r) => r.url)).toEqual([
      "https://files.example.test/data/report.csv",
      "https://api.zqfiles.test/files",
      "https://files.example.test/huge.bin",
    ]);
  });

  it("is offered to models as an https address only: a path or content from a model is refused", () => {
    expect(inputSchema(upload).properties.file).toMatchObject({ type: "string", format: "uri" });
    expect(llmCallParams(upload, { file: "/etc/passwd", purpose: "batch" }, { apiKey: KEY })).toMatchObject({
      error: { param: "file", rule: "format" },
    });
    expect(
      llmCallParams(upload, { file: "https://files.example.test/a.txt", purpose: "batch" }, { apiKey: KEY }),
    ).toMatchObject({ params: { file: "https://files.example.test/a.txt" } });
  });
});

describe("a text part with line breaks", () => {
  // FormData writes a text's line breaks as CRLF (the HTML form encoding): the service read "a\r\nb" for "a\nb", a
  // value of other bytes and a longer length than the one checked against maxLength.
  it("goes as given, its LF and CR bytes unchanged", async () => {
    const requests: Request[] = [];
    const { fetch } = scriptedFetch((request: Request) => {
      requests.push(request.clone());
      return json(200, { count: 1 });
    });
    const label = "line one\nline two\rthree\r\nfour";
    const result = await executeToolDefinition(
      toolOf("zqfiles_upload_batch"),
      { apiKey: KEY, files: [new TextEncoder().encode("abc")], label },
      { fetch },
    );
    expect(result).toMatchObject({ success: true });
    const raw = await requests[0]!.text();
    expect(raw).toContain(`name="label"\r\n\r\n${label}\r\n--`);
  });
});

describe("a file that is the whole body (raw bytes)", () => {
  it("is sent as the body itself, under the body's media type, never as JSON or a multipart part", async () => {
    const { fetch, requests } = recording();
    const result = await executeToolDefinition(
      replace,
      { apiKey: KEY, fileId: "f1", content: new TextEncoder().encode("abc") },
      { fetch },
    );
    expect(result).toEqual({ success: true, output: { id: "file-1" } });
    const [request] = requests;
    expect([request!.method, request!.url, request!.headers.get("content-type"), await request!.text()]).toEqual([
      "PUT",
      "https://api.zqfiles.test/files/f1/content",
      "application/octet-stream",
      "abc",
    ]);
    expect(replace.body).toEqual({ mediaType: "application/octet-stream", encoding: "binary" });
  });

  it("takes a range's type from the file when the range admits it, else the range's most common type", async () => {
    const path = join(folder, "photo.jpg");
    writeFileSync(path, "jpeg bytes");
    const { fetch, requests } = recording();
    await executeToolDefinition(image, { apiKey: KEY, image: path }, { fetch });
    await executeToolDefinition(
      image,
      { apiKey: KEY, image: new File(["hi"], "a.txt", { type: "text/plain" }) },
      { fetch },
    );
    expect(await Promise.all(requests.map(async (r) => [r.headers.get("content-type"), await r.text()]))).toEqual([
      ["image/jpeg", "jpeg bytes"],
      ["image/png", "hi"],
    ]);
  });

  it("is held to the document's maxLength and refused before any request", async () => {
    const { fetch, requests } = recording();
    expect(replace.params.find((p) => p.name === "content")).toMatchObject({
      type: "file",
      maxBytes: 1048576,
      contentType: "application/octet-stream",
    });
    const result = await executeToolDefinition(
      replace,
      { apiKey: KEY, fileId: "f1", content: new Uint8Array(1_048_577) },
      { fetch },
    );
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "content", rule: "maxBytes" } });
    expect(requests).toEqual([]);
  });
});

describe("a download", () => {
  const pdf = (headers: Record<string, string> = {}) =>
    new Response("%PDF-1.4", { status: 200, headers: { "content-type": "application/pdf", ...headers } });

  it("answers the bytes with their type, size and name, and asks for the document's media types", async () => {
    const { fetch, seen } = scriptedFetch(pdf({ "content-disposition": 'attachment; filename="report.pdf"' }));
    const result = await executeToolDefinition(download, { apiKey: KEY, fileId: "f1" }, { fetch });
    expect(result).toEqual({
      success: true,
      output: {
        content: new TextEncoder().encode("%PDF-1.4"),
        contentType: "application/pdf",
        size: 8,
        filename: "report.pdf",
      },
    });
    expect(seen[0]!.headers.get("accept")).toBe("application/pdf, application/json;q=0.5");
    expect(llmOutput(result.success ? result.output : {})).toMatchObject({
      content: "(8 bytes of file content, not shown)",
      size: 8,
    });
  });

  it("follows a redirect to the file without the credential", async () => {
    const { fetch, seen } = scriptedFetch(
      new Response(null, { status: 302, headers: { location: "https://dl.zqfiles.test/f1?sig=abc" } }),
      pdf(),
    );
    const result = await executeToolDefinition(download, { apiKey: KEY, fileId: "f1" }, { fetch });
    expect(result).toMatchObject({ success: true, output: { size: 8, contentType: "application/pdf" } });
    expect(seen.map((s) => [s.url, s.headers.get("authorization")])).toEqual([
      ["https://api.zqfiles.test/files/f1/content", `Bearer ${KEY}`],
      ["https://dl.zqfiles.test/f1?sig=abc", null],
    ]);
  });

  it("stops at the reply limit, and reads an error answer as JSON as before", async () => {
    const big = scriptedFetch(
      new Response(new Uint8Array(5000), { status: 200, headers: { "content-type": "application/pdf" } }),
    );
    expect(await executeToolDefinition(download, { apiKey: KEY, fileId: "f1" }, { fetch: big.fetch })).toMatchObject({
      success: false,
      error: { code: "REPLY_TOO_LARGE", status: 200 },
    });
    const missing = scriptedFetch(json(404, { error: { message: "No such file." } }));
    expect(
      await executeToolDefinition(download, { apiKey: KEY, fileId: "f1" }, { fetch: missing.fetch }),
    ).toMatchObject({ success: false, error: { status: 404, message: "No such file." } });
  });

  // issue 59: a published document's PDF export answered 200 with a JSON error, taken as the file (application/json).
  it("refuses a JSON or an HTML answer under a status that declares only the file's types", async () => {
    expect(download.download?.onlyFile).toEqual([200]);
    const answers = [
      json(200, { error: { message: "Export not ready." } }),
      new Response("<html>sign in</html>", { status: 200, headers: { "content-type": "text/html; charset=utf-8" } }),
    ];
    for (const answer of answers) {
      const { fetch } = scriptedFetch(answer);
      const result = await executeToolDefinition(download, { apiKey: KEY, fileId: "f1" }, { fetch });
      expect(result).toMatchObject({ success: false, error: { code: "UNEXPECTED_CONTENT_TYPE", status: 200 } });
    }
    // A status declaring any body (the link's onlyFile leaves it out) takes a JSON answer as the file, as before.
    const anyBody: ToolSpec = { ...download, download: { ...download.download!, onlyFile: undefined } };
    const { fetch } = scriptedFetch(json(200, { ok: true }));
    expect(await executeToolDefinition(anyBody, { apiKey: KEY, fileId: "f1" }, { fetch })).toMatchObject({
      success: true,
      output: { contentType: "application/json" },
    });
  });
});
