// A body's top-level field that is a list written as one text of its items: a multipart field whose encoding says
// `style: form, explode: false` (what a Swagger 2.0 `formData` array of `collectionFormat: csv` converts to), a form
// field of `pipeDelimited`. An item holding the delimiter reads back as two items, and a list of one empty text is
// written as the empty text, which the mock (Prism) reads as no field: a required one was refused ("must have required
// property") on a first `blockwright test`. The suite now draws neither, as it does for a query list not exploded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drafted, linkedTools, openapi } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const texts = { type: "array", items: { type: "string" } };
const body = (mediaType: string, style: string) => ({
  required: true,
  content: {
    [mediaType]: {
      schema: {
        type: "object",
        required: ["zqkinds", "zqname"],
        properties: {
          zqname: { type: "string" },
          zqkinds: texts,
          ...(mediaType === "multipart/form-data" ? { zqfile: { type: "string", format: "binary" } } : {}),
        },
      },
      encoding: { zqkinds: { style, explode: false } },
    },
  },
});
const done = { "201": { description: "Accepted." } };
const document = openapi({
  "/zqartifacts": {
    post: { operationId: "makeZqartifact", requestBody: body("multipart/form-data", "form"), responses: done },
  },
  "/zqtags": {
    post: {
      operationId: "makeZqtag",
      requestBody: body("application/x-www-form-urlencoded", "pipeDelimited"),
      responses: done,
    },
  },
});

const d = drafted(document, ["makeZqartifact", "makeZqtag"]);
const tools = await linkedTools(d);
const doc = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));

describe("a body field's list written as one text", () => {
  it.each([
    ["makeZqartifact", ","],
    ["makeZqtag", "|"],
  ])("%s: drawn without the delimiter in an item, nor as one empty text", (operationId, delimiter) => {
    const tool = tools.find((t) => t.operationId === operationId)!;
    const lists = fc
      .sample(validInput(tool, new ToolValues(tool, doc), "https://api.acme.test"), { numRuns: 300, seed: 4931 })
      .map((input) => input.zqkinds as string[]);
    expect(lists.length).toBe(300);
    expect(lists.every((list) => Array.isArray(list) && list.length > 0)).toBe(true);
    expect(lists.filter((list) => list.some((item) => item.includes(delimiter)))).toEqual([]);
    expect(lists.filter((list) => list.length === 1 && list[0] === "")).toEqual([]);
    // Not every list is of one item, nor every item non-empty: only the unreadable values are left out.
    expect(lists.some((list) => list.length > 1 && list.includes(""))).toBe(true);
  });
});
