// A file's bytes written as a list of bytes (`image/png: {type: array, items: {type: string, format: byte}}`, how
// springfox writes Java's `byte[]`), an answer and a request body, end to end through add, generate, the contract
// suite on the mock, `call` and the generated package's types. Before, the answer was drafted a download but the mock
// served the schema as a JSON list of base64 texts under application/json, which every case refused ("answered 200
// with application/json, not the file it declares"); the request body was refused by add (BW3010, "a media type or
// shape the runtime does not write yet"). Both are files now: the answer a download, the body a file parameter.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";
import { startMocks } from "../mocks/mocks.js";

const bytes = { type: "array", items: { type: "string", format: "byte" } };
const document = {
  openapi: "3.0.0",
  info: { title: "Zq frames", version: "1", description: "Zq frames of a stream." },
  servers: [{ url: "https://api.zqframes.test" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqframe": {
      get: {
        operationId: "getZqFrame",
        summary: "Get a frame",
        parameters: [{ name: "zqAt", in: "query", required: true, schema: { type: "integer" } }],
        responses: {
          "200": { description: "The frame.", content: { "image/png": { schema: bytes } } },
          "404": { description: "No such frame." },
        },
      },
    },
    "/zqblobs": {
      post: {
        operationId: "putZqBlob",
        summary: "Store a blob",
        requestBody: {
          required: true,
          description: "The blob's bytes.",
          content: { "application/octet-stream": { schema: bytes } },
        },
        responses: {
          "200": {
            description: "Stored.",
            content: {
              "application/json": { schema: { type: "object", properties: { zqSize: { type: "integer" } } } },
            },
          },
        },
      },
    },
  },
};

const FRAME = "zq-frame-bytes";
const project = addedProject("bw-byte-lists-", "zqframes", document, (request) =>
  request.url.startsWith("/zqframe")
    ? { status: 200, headers: { "content-type": "image/png" }, body: FRAME }
    : { status: 200, body: JSON.stringify({ zqSize: request.bytes.length }) },
);
const env = { ZQ_FRAMES_KEY: "zq-key-00000001" };

describe("a file written as a list of bytes", () => {
  it("is drafted a download (the answer) and a file parameter sent as the whole body (the request)", () => {
    const manifest = readFileSync(join(project.dir, "specs/zqframes/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/zqframes_get_zq_frame:[\s\S]*download: true/);
    expect(manifest).toMatch(/zqframes_put_zq_blob:[\s\S]*type: file[\s\S]*wire: \{ in: body, pointer: "" \}/);
    const types = readFileSync(join(project.dir, "generated/zqframes/index.d.ts"), "utf8");
    expect(types).toMatch(/content: Uint8Array/);
  });

  it("passes the contract suite on the mock", async () => {
    // 10 random inputs a property, not the default 100: a download's first byte dropped, or a file body's (planted in
    // the runtime), failed every run at 10 by the same 7 and 2 cases as at 100.
    const r = await cli(["test", "zqframes", "--runs", "10"], { cwd: project.dir, startMocks });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/zqframes +\d+ cases +\d+ passed +0 failed/);
  });

  it("downloads the file's bytes and sends a file's bytes as they are", async () => {
    const base = ["--param", "apiKey={{ZQ_FRAMES_KEY}}", "--base-url", project.upstream.url];
    const saved = join(project.dir, "frame.png");
    const frame = await cli(["call", "zqframes_get_zq_frame", "--params", '{"zqAt":3}', "--save", saved, ...base], {
      cwd: project.dir,
      env,
    });
    expect(frame.code, frame.stderr).toBe(0);
    expect(JSON.parse(frame.stdout).output).toMatchObject({ contentType: "image/png", size: FRAME.length });
    expect(readFileSync(saved, "utf8")).toBe(FRAME);
    const blob = join(project.dir, "blob.bin");
    writeFileSync(blob, Buffer.from([0xff, 0x00, 0x7a, 0x71]));
    const sent = await cli(["call", "zqframes_put_zq_blob", "--params", JSON.stringify({ file: blob }), ...base], {
      cwd: project.dir,
      env,
    });
    expect(sent.code, sent.stderr).toBe(0);
    const received = project.upstream.received.at(-1);
    expect(received?.headers["content-type"]).toBe("application/octet-stream");
    expect(received?.bytes.toString("hex")).toBe("ff007a71");
    expect(JSON.parse(sent.stdout).output.data).toEqual({ zqSize: 4 });
  });
});
