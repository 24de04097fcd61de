// A success answer described only as its status went ("OK", "Created", "successful operation"), as published OCR and
// catalogue documents describe theirs: the drafted `data` output said "OK", nothing of what it holds. The body's
// schema says it then (its description, else its title), else the plain default; an answer's own words stay.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, openapi, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const scan = { type: "object", properties: { TextResult: { type: "string" }, Confidence: { type: "number" } } };
const dataText = (description: string, schema: Json): string => {
  const doc = openapi({
    "/zqscans": {
      post: {
        operationId: "postZqscan",
        responses: { "200": { description, content: { "application/json": { schema } } } },
      },
    },
  });
  return drafted(doc, ["postZqscan"]).manifest.operations.acme_post_zqscan!.outputs.data!.description;
};

describe("the description of the reply's data", () => {
  it.each(["OK", "Created", "200 OK", "successful operation", "Success response", "Successful."])(
    "%s: the schema's description",
    (said) => {
      expect(dataText(said, { ...scan, description: "A zqscan's text and how sure it is." })).toBe(
        "A zqscan's text and how sure it is.",
      );
    },
  );

  it("the schema's title where it has no description, else the default", () => {
    expect(dataText("OK", { ...scan, title: "Zqscan result" })).toBe("Zqscan result");
    expect(dataText("OK", scan)).toBe("The reply body.");
    expect(dataText("OK", { type: "string", format: "byte" })).toBe("The reply body.");
  });

  it("the answer's own words where they say what it holds", () => {
    expect(dataText("The scanned text, OK to show.", { ...scan, description: "A zqscan." })).toBe(
      "The scanned text, OK to show.",
    );
  });
});
