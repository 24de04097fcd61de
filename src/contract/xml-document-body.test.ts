// A request body of a string under an XML type that names no element (`text/xml: {schema: {type: string}}`, a
// catalog uploaded as written): a whole XML document's text. `add` refused it as an XML body naming no root element;
// drafted as a text body, the suite sent words and random texts, which the request judge refused as no XML document.
// Now the draft says what it is, the suite's values are well-formed documents, the judge holds the text to one
// document (fast-xml-parser: well-formed, one root element, no text beside it) and every derived case passes.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { requestJudge } from "../judge/judge.js";
import { xmlDocumentMiss } from "../judge/body/xml-body.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { validInput } from "./inputs/random-inputs.js";
import { valuesOf } from "./inputs/values.js";

const document = openapi({
  "/zqcatalogs": {
    post: {
      operationId: "zqUploadCatalog",
      requestBody: { required: true, content: { "text/xml": { schema: { type: "string" } } } },
      responses: { "201": reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "zq-1" }) },
    },
  },
  "/zqcatalogs/check": {
    post: {
      operationId: "zqCheckCatalog",
      requestBody: {
        required: true,
        content: { "application/xml": { schema: { type: "string", minLength: 12, maxLength: 120 } } },
      },
      responses: { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) },
    },
  },
  // The same document's text offered beside JSON: the JSON is the body, as before (no file's bytes under the XML type,
  // which would be no document).
  "/zqcatalogs/notes": {
    post: {
      operationId: "zqNoteCatalog",
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: { type: "string" } },
          "application/xml": { schema: { type: "string" } },
        },
      },
      responses: { "204": { description: "noted" } },
    },
  },
});
const operations = ["zqUploadCatalog", "zqCheckCatalog", "zqNoteCatalog"];

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqcatalogs", document, operations);
});
afterAll(async () => {
  await on?.close();
});
const subject = () => (on as DraftedOnMock).subject;

describe("a whole XML document as the request body", () => {
  it("is drafted as one text sent under its XML type", () => {
    const bodies = Object.fromEntries(subject().tools.map((t) => [t.operationId, t.body]));
    expect(bodies).toEqual({
      zqUploadCatalog: { mediaType: "text/xml", encoding: "text" },
      zqCheckCatalog: { mediaType: "application/xml", encoding: "text" },
      zqNoteCatalog: undefined, // JSON, sent as JSON
    });
    const note = subject().tools.find((t) => t.operationId === "zqNoteCatalog");
    expect(note?.params.filter((p) => p.wire.in === "body").map((p) => [p.name, p.type])).toEqual([["body", "string"]]);
    const notes = drafted(document, operations, "zqcatalogs").notes.map((n) => n.note);
    expect(notes.filter((n) => n.startsWith("the request body is a whole XML document's text"))).toHaveLength(2);
  });

  it("gets well-formed documents from the suite, made and drawn, within the body's lengths", () => {
    for (const tool of subject().tools.filter((t) => t.body?.encoding === "text")) {
      const values = valuesOf(tool, subject().document);
      const made = values.example("body")?.value as string;
      expect(xmlDocumentMiss(made)).toBeUndefined();
      const limit = tool.params.find((p) => p.name === "body")?.maxLength;
      if (limit) expect(xmlDocumentMiss(values.ofLength("body", limit) as string)).toBeUndefined();
      const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 40, seed: 4324 });
      for (const input of drawn)
        expect([input.body, xmlDocumentMiss(input.body as string)]).toEqual([input.body, undefined]);
    }
  });

  it("is held by the request judge to one XML document", () => {
    const judge = requestJudge(subject().document, { basePath: "", credential: "present" });
    const refusals = (body: string) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqcatalogs",
        headers: new Headers({ "content-type": "text/xml" }),
        body: new TextEncoder().encode(body),
      })
        .refusals.filter((r) => r.pointer === "/body")
        .map((r) => r.message);
    expect(refusals('<?xml version="1.0"?>\n<zqCatalog a="1"><zqPlan>x &amp; y</zqPlan></zqCatalog>\n')).toEqual([]);
    expect(refusals("zq catalog")).toEqual([expect.stringContaining("the body is no XML document (char 'z'")]);
    expect(refusals("<zqA/><zqB/>")).toEqual([
      "the body is no XML document: 2 root elements (<zqA>, <zqB>); a document has one",
    ]);
    expect(refusals("<zqA/>zq")).toEqual(["the body is no XML document: it has text outside its root element"]);
    expect(refusals("<zqA><zqB></zqA>")).toEqual([expect.stringContaining("Expected closing tag 'zqB'")]);
  });

  it("is sent, and every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
