// A request body and an answer typed as JSON of gRPC transcoding's HTTP body message (http-body-envelope.ts): the cut
// writes them as bytes, so the draft takes a file and answers one, and a call sends the bytes as they are.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  type Json,
} from "../../__fixtures__/draft-kit.js";
import { isHttpBodyMessage } from "./http-body-envelope.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const MESSAGE = {
  type: "object",
  description: "Message that represents an arbitrary HTTP body. It should only be used for raw binary or an HTML page.",
  properties: {
    contentType: { type: "string", description: "The HTTP Content-Type header value specifying the content type." },
    data: { type: "string", format: "byte", description: "The HTTP request/response body as raw binary." },
    extensions: { type: "array", items: { type: "object", additionalProperties: {} } },
  },
};
const json = (schema: Json) => ({ content: { "application/json": { schema } } });
const body = { $ref: "#/components/schemas/ZqHttpBody" };
const document = openapi(
  {
    "/zqfiles/{name}": {
      put: {
        operationId: "putZqfile",
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        requestBody: json(body),
        responses: { "200": { description: "The file.", ...json(body) } },
      },
      get: {
        operationId: "getZqfile",
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        responses: { "200": { description: "The file.", ...json(body) } },
      },
    },
  },
  { schemas: { ZqHttpBody: MESSAGE } },
);

describe("isHttpBodyMessage", () => {
  it("reads the message by its fields and its words; not an attachment of the same fields in JSON", () => {
    expect(isHttpBodyMessage(document, body)).toBe(true);
    const { description: _said, ...unsaid } = MESSAGE;
    const plainData = { ...MESSAGE.properties.data, description: "The attachment's bytes." };
    expect(isHttpBodyMessage(document, { ...unsaid, properties: { ...MESSAGE.properties, data: plainData } })).toBe(
      false,
    );
    expect(isHttpBodyMessage(document, { ...MESSAGE, properties: { ...MESSAGE.properties, zqName: {} } })).toBe(false);
    const textData = { ...MESSAGE.properties.data, format: undefined };
    expect(isHttpBodyMessage(document, { ...MESSAGE, properties: { ...MESSAGE.properties, data: textData } })).toBe(
      false,
    );
  });
});

describe("an operation whose body and answer are JSON of the HTTP body message", () => {
  it("is drafted to take a file and answer one, said in the cut's header and a note; it links", async () => {
    const d = drafted(document, ["putZqfile", "getZqfile"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    const bytes = { "application/octet-stream": { schema: { type: "string", format: "binary" } } };
    expect(cut.paths["/zqfiles/{name}"].put.requestBody.content).toEqual(bytes);
    expect(cut.paths["/zqfiles/{name}"].put.responses["200"].content).toEqual(bytes);
    expect(cut.paths["/zqfiles/{name}"].get.responses["200"].content).toEqual(bytes);
    expect(d.openapiText).toContain("Written as application/octet-stream bytes by blockwright add");
    expect(notesAt(d, "openapi").join("\n")).toContain("putZqfile request");
    const put = d.manifest.operations.acme_put_zqfile!;
    expect(Object.values(put.params ?? {}).filter((p) => p.type === "file")).toHaveLength(1);
    expect(put.download).toBe(true);
    expect(d.manifest.operations.acme_get_zqfile?.download).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a call sends the file's bytes as they are, as the cut types them, not a JSON object of base64", async () => {
    const d = drafted(document, ["putZqfile"]);
    const [tool] = await linkedTools(d);
    const fileParam = Object.entries(d.manifest.operations.acme_put_zqfile!.params ?? {}).find(
      ([, p]) => p.type === "file",
    )![0];
    let sent: { type: string | null; text: string } | undefined;
    const fetchFn = async (request: Request) => {
      sent = { type: request.headers.get("content-type"), text: await request.text() };
      return new Response("zq answer", { status: 200, headers: { "content-type": "text/javascript" } });
    };
    const result = await executeToolDefinition(
      tool!,
      {
        accessToken: "zq-token-0001",
        name: "zq.js",
        [fileParam]: new Blob(["var zq = 1;"], { type: "text/javascript" }),
      },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    expect(sent).toEqual({ type: "application/octet-stream", text: "var zq = 1;" });
  });
});
