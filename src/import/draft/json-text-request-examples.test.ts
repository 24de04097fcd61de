// A JSON body's request examples written as their JSON text (a string: `"{\r\n  \"zqpage\": 1, …}"`), as some
// converters write every example (PdfBroker's, Xero's): the body's object schema refuses a string, and add left each
// out of the cut, so the contract suite and the mocks used none. Each is now read as the value its text writes where
// that value meets the schema, said in the cut's header and a review note; a text whose value breaks it, or that is no
// JSON, is still left out; a form body's text stays as it is.
import { rmSync } from "node:fs";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const options = {
  type: "object",
  required: ["zqpage"],
  properties: { zqpage: { type: "integer" }, zqformat: { type: "string", enum: ["zqjpeg", "zqpng"] } },
};
const written = '{\r\n  "zqpage": 1,\r\n  "zqformat": "zqpng"\r\n}';
const document = openapi(
  {
    "/zqrender": {
      post: {
        operationId: "zqRender",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { $ref: "#/components/schemas/ZqOptions" },
              example: written,
              examples: {
                zqshared: { $ref: "#/components/examples/ZqShared" },
                zqbroken: { value: '{"zqpage": "one"}' },
                zqprose: { value: "{ page one, please }" },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "zq1" }) },
      },
    },
  },
  {
    schemas: { ZqOptions: options },
    examples: { ZqShared: { summary: "Shared", value: '[{"zqpage": 2}]' } },
  },
);
// The shared example is a list: the schema takes none; made a list's schema, it is read.
const listed = structuredClone(document);
listed.components.schemas.ZqOptions = { type: "array", items: options };

describe("a JSON body's request example written as its JSON text", () => {
  it("is read as the value its text writes, said in the cut's header and a review note", async () => {
    const d = drafted(document, ["zqRender"]);
    const cut = parse(d.openapiText);
    const content = cut.paths["/zqrender"].post.requestBody.content["application/json"];
    expect(content.example).toEqual({ zqpage: 1, zqformat: "zqpng" });
    expect(d.openapiText).toContain(
      "# Changed by blockwright add: the request example of POST /zqrender (each written as its JSON text, a string,",
    );
    expect(notesAt(d, "openapi").join("\n")).toContain(
      "openapi.yaml reads the request example of POST /zqrender as the value its text writes: it is written as " +
        "the body's JSON text (a string)",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is left out where the value its text writes breaks the schema, or the text is no JSON", () => {
    const d = drafted(document, ["zqRender"]);
    const examples = parse(d.openapiText).paths["/zqrender"].post.requestBody.content["application/json"].examples;
    expect(Object.keys(examples ?? {})).toEqual([]);
    const notes = notesAt(d, "openapi").join("\n");
    expect(notes).toContain('openapi.yaml leaves out the request example "zqbroken" of POST /zqrender');
    expect(notes).toContain('openapi.yaml leaves out the request example "zqprose" of POST /zqrender');
  });

  it("read from a component's example, is written in the operation's place, its words kept", () => {
    const d = drafted(listed, ["zqRender"]);
    const cut = parse(d.openapiText);
    const examples = cut.paths["/zqrender"].post.requestBody.content["application/json"].examples;
    expect(examples.zqshared).toEqual({ summary: "Shared", value: [{ zqpage: 2 }] });
  });
});
