// An XML request body as the judge reads it: by the document's `xml` objects (root name, attributes, wrapped and
// unwrapped lists, namespaces, prefixes), then held to the schema; a body not so written refused naming the place and
// the rule. What the runtime writes for the same schema reads back as the value placed.
import { type BodySpec, xmlBodies } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { rawSchemaReader, xmlBodyNode, xmlRootName } from "../link/wire/xml-shape.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqshelf, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqnotes:
    post:
      operationId: zqPutNote
      requestBody:
        required: true
        content:
          application/xml:
            schema: { $ref: "#/components/schemas/ZqNote" }
      responses: { "204": { description: stored } }
  /zqtaggings:
    put:
      operationId: zqPutTagging
      requestBody:
        content:
          text/xml:
            schema:
              type: object
              properties:
                ZqTagging:
                  type: object
                  required: [ZqTagSet]
                  properties:
                    ZqTagSet:
                      allOf:
                        - { $ref: "#/components/schemas/ZqTagList" }
                        - { xml: { name: ZqTag } }
      responses: { "204": { description: stored } }
  /zqids:
    put:
      operationId: zqPutIds
      requestBody:
        content:
          text/xml:
            schema:
              type: object
              properties:
                ZqIds: { type: array, items: { type: string, xml: { name: ZqId } } }
      responses: { "204": { description: stored } }
  /zqpages:
    put:
      operationId: zqPutPage
      requestBody:
        required: true
        content:
          text/plain: { schema: { type: string, format: binary } }
          text/xml: { schema: { type: string, format: binary } }
      responses: { "204": { description: stored } }
  /zqnotecopies:
    post:
      operationId: zqCopyNote
      requestBody:
        content:
          application/xml:
            schema: { $ref: "#/paths/~1zqnotes/post/requestBody/content/application~1xml/schema" }
      responses: { "204": { description: stored } }
  /zqmoves:
    put:
      operationId: zqPutMove
      requestBody:
        content:
          text/xml:
            schema:
              type: object
              properties: { zqFrom: { type: string }, zqTo: { type: string } }
      responses: { "204": { description: stored } }
  /zqswaps:
    put:
      operationId: zqPutSwap
      requestBody:
        content:
          text/xml:
            schema:
              type: object
              properties: { zqLeft: { type: string }, zqRight: { type: string } }
      responses: { "204": { description: stored } }
components:
  schemas:
    ZqMoveRequest:
      type: object
      xml: { namespace: "https://zq.example/moves" }
      properties: { zqFrom: { type: string }, zqTo: { type: string } }
    ZqSwapA:
      type: object
      properties: { zqLeft: { type: string }, zqRight: { type: string } }
    ZqSwapB:
      type: object
      properties: { zqLeft: { type: string }, zqRight: { type: string } }
    ZqNote:
      type: object
      xml: { namespace: "https://zq.example/ns", prefix: zq }
      required: [zqTitle]
      properties:
        zqId: { type: integer, xml: { attribute: true, name: id } }
        zqTitle: { type: string }
        zqDone: { type: boolean }
        zqLabels:
          type: array
          xml: { wrapped: true }
          items: { type: string, xml: { name: zqLabel } }
        zqLines: { type: array, items: { type: string } }
      additionalProperties: false
    ZqTagList:
      type: array
      xml: { wrapped: false }
      items: { type: object, properties: { zqKey: { type: string } } }
`;

const document = new OpenApiDocument(parseYamlSource(DOCUMENT, "zqshelf.yaml"));
const judge = requestJudge(document, { basePath: "", credential: "present" });
const sent = (path: string, body: string, type = "application/xml") =>
  judge({
    method: path === "/zqnotes" ? "POST" : "PUT",
    url: `https://zq.example.test${path}`,
    headers: new Headers({ "content-type": type }),
    body: new TextEncoder().encode(body),
  });
const NS = 'xmlns:zq="https://zq.example/ns"';

describe("an XML body, as the request judge reads it", () => {
  // A file's bytes offered under an XML type (a text to screen, whichever kind): no shape to read them by, as none is
  // written by one; before, an XML file sent as text/xml was refused as a body whose schema names no root element.
  it("takes a file's bytes under an XML type as they are", () => {
    expect(sent("/zqpages", "<zqPage><zqAny>a</zqAny></zqPage>\n", "text/xml").refusals).toEqual([]);
  });

  it("reads the root, attribute, wrapped and unwrapped lists by the xml objects, typed by the schema", () => {
    const judged = sent(
      "/zqnotes",
      `<?xml version="1.0"?><zq:ZqNote ${NS} id="7"><zqTitle>a &amp; b</zqTitle><zqDone>true</zqDone>` +
        "<zqLabels><zqLabel>x</zqLabel><zqLabel>y</zqLabel></zqLabels><zqLines>1</zqLines><zqLines>2</zqLines>" +
        "</zq:ZqNote>",
    );
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual({
      zqId: 7,
      zqTitle: "a & b",
      zqDone: true,
      zqLabels: ["x", "y"],
      zqLines: ["1", "2"],
    });
  });

  it("refuses a body whose root element is not the component's name", () => {
    expect(sent("/zqnotes", `<zq:ZqMemo ${NS}><zqTitle>a</zqTitle></zq:ZqMemo>`).refusals).toEqual([
      expect.objectContaining({
        rule: "schema",
        pointer: "/body",
        message: expect.stringContaining("the root element is <zq:ZqMemo>; the document names one <zq:ZqNote>"),
      }),
    ]);
  });

  it("refuses an attribute sent as an element, naming the property and how it is written", () => {
    expect(sent("/zqnotes", `<zq:ZqNote ${NS}><zqId>7</zqId><zqTitle>a</zqTitle></zq:ZqNote>`).refusals).toEqual([
      expect.objectContaining({
        pointer: "/body/zqId",
        message: expect.stringContaining("the element <zqId> is no property of the schema as written"),
      }),
    ]);
  });

  it("refuses a missing namespace and a list not wrapped as the document says", () => {
    expect(sent("/zqnotes", "<zq:ZqNote><zqTitle>a</zqTitle></zq:ZqNote>").refusals[0]?.message).toContain(
      'declares no namespace; its xml.namespace is "https://zq.example/ns"',
    );
    const unwrapped = `<zq:ZqNote ${NS}><zqTitle>a</zqTitle><zqLabel>x</zqLabel></zq:ZqNote>`;
    expect(sent("/zqnotes", unwrapped).refusals[0]).toMatchObject({ pointer: "/body/zqLabel" });
  });

  it("holds the value read to the schema (a required field missing), and refuses text that is no XML", () => {
    expect(sent("/zqnotes", `<zq:ZqNote ${NS} id="7"></zq:ZqNote>`).refusals[0]?.message).toMatch(/zqTitle/);
    expect(sent("/zqnotes", "<zq:ZqNote>").refusals[0]?.message).toContain("the body is no XML document");
  });

  it("reads a schema naming no root by its one property, its list items named beside the $ref", () => {
    const judged = sent(
      "/zqtaggings",
      "<ZqTagging><ZqTag><zqKey>a</zqKey></ZqTag><ZqTag><zqKey>b</zqKey></ZqTag></ZqTagging>",
      "text/xml",
    );
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual({ ZqTagging: { ZqTagSet: [{ zqKey: "a" }, { zqKey: "b" }] } });
  });
});

describe("what the runtime writes, as the judge reads it", () => {
  const reader = rawSchemaReader(document.source.data);
  const shapeOf = (path: string, method: string, type: string): BodySpec["xml"] => {
    const op = (document.source.data as Record<string, Record<string, Record<string, unknown>>>).paths?.[path]?.[
      method
    ] as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } };
    const schema = op.requestBody.content[type]?.schema ?? {};
    const shape = xmlBodyNode(reader, schema, xmlRootName(reader, schema));
    if ("problem" in shape) throw new Error(shape.problem);
    return shape.node;
  };

  it("reads back the value placed, escaped text and lists included", () => {
    const note = { zqId: 3, zqTitle: `<a> & "b" 'c'`, zqLabels: ["x"], zqLines: ["p", "q"], zqDone: false };
    const judged = sent("/zqnotes", xmlBodies.write(note, shapeOf("/zqnotes", "post", "application/xml")));
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual(note);
    const tagging = { ZqTagging: { ZqTagSet: [{ zqKey: "k" }] } };
    const written = xmlBodies.write(tagging, shapeOf("/zqtaggings", "put", "text/xml"));
    expect(sent("/zqtaggings", written, "text/xml").read.body).toEqual(tagging);
  });

  it("roots a schema of several fields naming no root at the one component of the same fields; none when two", () => {
    const move = { zqFrom: "a", zqTo: "b" };
    const written = xmlBodies.write(move, shapeOf("/zqmoves", "put", "text/xml"));
    expect(written).toContain('<ZqMoveRequest xmlns="https://zq.example/moves"><zqFrom>a</zqFrom><zqTo>b</zqTo>');
    expect(sent("/zqmoves", written, "text/xml")).toMatchObject({ refusals: [], read: { body: move } });
    expect(() => shapeOf("/zqswaps", "put", "text/xml")).toThrow(
      /names no root element: .*\(it has 2: zqLeft, zqRight\)/,
    );
  });

  it("names a root by a component's $ref only: one into a path is rooted as an inline schema is", () => {
    expect(shapeOf("/zqnotecopies", "post", "application/xml")).toMatchObject({ name: "ZqNote" });
  });

  it("writes a schema's one property that is a list as one root holding its items, and reads it back", () => {
    const ids = { ZqIds: ["a", "b"] };
    const written = xmlBodies.write(ids, shapeOf("/zqids", "put", "text/xml"));
    expect(written).toContain("<ZqIds><ZqId>a</ZqId><ZqId>b</ZqId></ZqIds>");
    expect(sent("/zqids", written, "text/xml")).toMatchObject({ refusals: [], read: { body: ids } });
    expect(sent("/zqids", "<ZqId>a</ZqId>", "text/xml").refusals[0]?.message).toContain(
      "the root element is <ZqId>; the schema's one property names one <ZqIds>",
    );
  });
});
