// Two operations of one method and path told apart by a key's fragment (`/zqblobs/{digest}#mode=chunk`) and by a
// required header only that one declares: the judge took the first of the document for every request, so a request
// carrying the header was read as the other operation (which meets it too, declaring no header) wherever that one came
// first. The operation whose required parameters the request carries the most of is the request's.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const paths = {
  plain: `
  /zqblobs/{digest}:
    get:
      operationId: zqGetBlob
      parameters: [{ name: digest, in: path, required: true, schema: { type: string } }]
      responses: { "200": { description: ok } }`,
  chunk: `
  /zqblobs/{digest}#mode=chunk:
    get:
      operationId: zqGetBlobChunk
      parameters:
        - { name: digest, in: path, required: true, schema: { type: string } }
        - { name: Range, in: header, required: true, schema: { type: string, maxLength: 12 } }
        - { name: zqpart, in: query, required: false, schema: { type: string } }
      responses: { "206": { description: ok } }`,
};

const judgeOf = (keys: string[]) =>
  requestJudge(
    new OpenApiDocument(
      parseYamlSource(
        `openapi: 3.0.3\ninfo: { title: judged, version: "1" }\nservers: [{ url: "https://api.test" }]\n` +
          `paths:${keys.join("")}\n`,
        "judged.yaml",
      ),
    ),
    { basePath: "", credential: "form" },
  );

describe("operations of one path told apart by a fragment and a required header", () => {
  for (const [order, keys] of [
    ["plain key first", [paths.plain, paths.chunk]],
    ["fragment key first", [paths.chunk, paths.plain]],
  ] as const) {
    it(`judges each request against its own operation (${order})`, () => {
      const judge = judgeOf([...keys]);
      const get = (headers: Record<string, string>) =>
        judge({ method: "GET", url: "https://api.test/zqblobs/zq-1", headers: new Headers(headers) });
      expect(get({ range: "bytes=0-9" })).toMatchObject({ operation: "zqGetBlobChunk", refusals: [] });
      expect(get({})).toMatchObject({ operation: "zqGetBlob", refusals: [] });
    });
  }

  // `/zqfiles/{id}#zqlink` requires a `fields` of one value (or empty), `/zqfiles/{id}` takes any: a request carrying
  // another value meets the plain operation only, and is its.
  const judge = judgeOf([
    `
  /zqfiles/{id}:
    get:
      operationId: zqGetFile
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: fields, in: query, schema: { type: string } }
      responses: { "200": { description: ok } }`,
    `
  /zqfiles/{id}#zqlink:
    get:
      operationId: zqGetFileLink
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: fields, in: query, required: true, schema: { type: string, pattern: "^(zqlink)?$" } }
      responses: { "200": { description: ok } }`,
  ]);
  it("takes the one carrying the most required parameters of those the request meets, not one it does not", () => {
    const get = (query: string) =>
      judge({ method: "GET", url: `https://api.test/zqfiles/zq-1${query}`, headers: new Headers() });
    expect(get("?fields=zqlink")).toMatchObject({ operation: "zqGetFileLink", refusals: [] });
    expect(get("?fields=zqname")).toMatchObject({ operation: "zqGetFile", refusals: [] });
    expect(get("")).toMatchObject({ operation: "zqGetFile", refusals: [] });
    // An empty value, which both meet, carries none (Prism's router reads it as missing).
    expect(get("?fields=")).toMatchObject({ operation: "zqGetFile", refusals: [] });
  });
});
