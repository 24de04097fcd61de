// A multipart field whose name holds a `"` (or a line break): FormData, the runtime's own multipart writer and fetch's
// parser quote it as the HTML form encoding does (`name="zq%22q"`), while the judge read only RFC 822's backslashes,
// so it read the part as another field, `zq%22q`, and refused every request ("zq"q" is required), and the contract
// suite failed on a document whose field is named so. Such a part reads as the field it names now.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqquoted, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqnotes:
    post:
      operationId: zqAddNote
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: ['zq"q']
              properties:
                'zq"q': { type: string, enum: [zqyes] }
      responses: { "201": { description: created } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqquoted.yaml")), {
  basePath: "",
  credential: "present",
});

function sent(body: string) {
  const headers = new Headers({ "content-type": "multipart/form-data; boundary=zqb" });
  const request = { method: "POST", url: "https://zq.example.test/zqnotes", headers };
  return judge({ ...request, body: new TextEncoder().encode(body) }).refusals;
}
const part = (disposition: string, value: string) =>
  `--zqb\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${value}\r\n--zqb--\r\n`;

describe("a multipart part whose name holds a quote", () => {
  it("reads as its field when FormData writes it", async () => {
    const form = new FormData();
    form.append('zq"q', "zqyes");
    const request = new Request("https://zq.example.test/zqnotes", { method: "POST", body: form });
    const body = new Uint8Array(await request.arrayBuffer());
    expect(new TextDecoder().decode(body)).toContain('name="zq%22q"');
    expect(judge({ method: "POST", url: request.url, headers: request.headers, body }).refusals).toEqual([]);
  });

  it("reads as its field quoted either way, and is held to the field's schema", () => {
    expect(sent(part('name="zq%22q"', "zqyes"))).toEqual([]);
    expect(sent(part('name="zq\\"q"', "zqyes"))).toEqual([]);
    expect(sent(part('name="zq%22q"', "zqno"))).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/must be one of/) }),
    ]);
  });
});
