// A raw body whose schema only describes its bytes (`application/octet-stream: {schema: {description, example}}`, no
// type): a schema of annotations alone admits any value, as `{}` does, so the body is the file. It was read as a
// structured body the runtime does not write, and add refused the operation as uncallable (BW3010).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const upload = (schema: Record<string, unknown>) =>
  openapi({
    "/zqupload": {
      post: {
        operationId: "uploadZq",
        parameters: [{ name: "zqName", in: "query", schema: { type: "string", maxLength: 80 } }],
        requestBody: { required: true, content: { "application/octet-stream": { schema } } },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });

describe("a raw body whose schema has annotations only", () => {
  it("is the file (its description kept), links, and sends the bytes as they are", async () => {
    const d = drafted(upload({ description: "The zq bytes.", example: "<bytes>", "x-zq": true }), ["uploadZq"]);
    expect(d.manifest.operations.acme_upload_zq!.params!.file).toEqual({
      type: "file",
      description: "The zq bytes.",
      required: true,
      wire: { in: "body", pointer: "" },
    });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xe9]);
    const { sent, judged } = await judgedCall(d, tool!, {
      accessToken: "zq-token-0001",
      file: new Blob([bytes]),
      zqName: "zq a&b",
    });
    expect([...(sent.body ?? [])]).toEqual([...bytes]);
    expect(sent.headers.get("content-type")).toBe("application/octet-stream");
    expect(judged.refusals).toEqual([]);
  });

  it("is no file where a keyword constrains it (an object's properties)", () => {
    expect(() => drafted(upload({ description: "zq", properties: { zq: { type: "string" } } }), ["uploadZq"])).toThrow(
      /uploadZq \(its request body \(application\/octet-stream\) is of a media type/,
    );
  });
});
