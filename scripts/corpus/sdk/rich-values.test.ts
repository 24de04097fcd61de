// The SDK comparison's every-field values (rich-values.ts) on a fixture: a list of objects' items carry their optional
// fields too, as an object parameter's own fields do (an SDK that checks an item's optional field, Pinecone's upsert
// of records with `values`, refused items of an id alone, and the call was never compared).
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { linkProvider } from "../../../src/emit/link-provider.js";
import { valuesOf } from "../../../src/contract/inputs/values.js";
import { richInput } from "./rich-values.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const FIXTURE = fileURLToPath(new URL("__fixtures__/zqshelves", import.meta.url));

describe("the every-field values of a comparison call", () => {
  it("fill each item of a list of objects with its optional fields, as an object parameter's", async () => {
    const { ir, document } = await linkProvider(ROOT, FIXTURE);
    const tool = ir.operations.map((o) => o.tool).find((t) => t.operationId === "fillShelf");
    if (!tool) throw new Error("the fixture's fillShelf tool is missing");
    const input = richInput(tool, document, valuesOf(tool, document));
    const book = { id: "zq-book-1", pages: [3, 5], cover: { colour: "red" } };
    expect(input.books).toEqual([book, book]);
    expect(input.label).toEqual({ text: "zq label" });
  });
});
