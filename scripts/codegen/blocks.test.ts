// The generated block definitions of crm and books: what an editor renders
// and what the workflow runner checks against.
import { describe, expect, it } from "vitest";
import { blocks } from "../../runtime/index.js";
import type { BlockDefinition, BlockInput } from "../../runtime/block-types.js";

const inputs = (block: BlockDefinition, id: string): BlockInput[] => block.inputs.filter((i) => i.id === id);
const only = (block: BlockDefinition, id: string): BlockInput => {
  const found = inputs(block, id);
  expect(found, id).toHaveLength(1);
  return found[0];
};
const ops = (...ids: string[]) => ({ field: "operation", value: ids });

describe("crm block", () => {
  const block = blocks.crm;
  it("has its metadata and the tools it can call", () => {
    expect(block).toMatchObject({ type: "crm", name: "Salesforce CRM", color: "#00A1E0", category: "tools" });
    expect(block.tools).toEqual({ access: ["crm_create_record", "crm_get_record", "crm_query", "crm_update_record"], config: { tool: "operation" } });
  });

  it("selects the operation with a dropdown of every tool", () => {
    const operation = only(block, "operation");
    expect(operation).toMatchObject({ control: "dropdown", required: true });
    expect(operation.options?.map((o) => o.id)).toEqual(block.tools.access);
  });

  it("marks the credentials secret, user-only and always required", () => {
    expect(only(block, "apiKey")).toMatchObject({ secret: true, password: true, visibility: "user-only", required: true });
    expect(only(block, "instanceUrl")).toMatchObject({ secret: false, visibility: "user-only", required: true });
    expect(only(block, "apiKey").condition).toBeUndefined();
  });

  it("shows each parameter only for the operations that use it", () => {
    expect(only(block, "recordId")).toMatchObject({ condition: ops("crm_get_record", "crm_update_record"), required: ops("crm_get_record", "crm_update_record") });
    expect(only(block, "query")).toMatchObject({ condition: ops("crm_query"), required: ops("crm_query") });
    expect(only(block, "sobject")).toMatchObject({ condition: ops("crm_create_record", "crm_get_record", "crm_update_record"), required: ops("crm_create_record", "crm_get_record", "crm_update_record") });
  });

  it("keeps fields-as-object and fields-as-list apart", () => {
    const [write, read] = inputs(block, "fields");
    expect(write).toMatchObject({ type: "json", control: "code", condition: ops("crm_create_record", "crm_update_record"), required: ops("crm_create_record", "crm_update_record") });
    expect(read).toMatchObject({ type: "string", condition: ops("crm_get_record"), required: false });
  });

  it("lists typed, described outputs per operation", () => {
    expect(block.outputs.crm_query).toEqual({
      data: { type: "array", description: "The records of this batch.", optional: false },
      "metadata.done": { type: "boolean", description: "Whether every matching record was returned in this batch.", optional: false },
      "metadata.totalSize": { type: "number", description: "Number of records matching the query across all batches.", optional: false },
    });
    expect(Object.keys(block.outputs.crm_update_record)).toEqual(["data", "metadata.id"]);
  });
});

describe("books block", () => {
  const block = blocks.books;
  it("has the colour and category the spec gives", () => {
    expect(block).toMatchObject({ type: "books", name: "Google Books", color: "#4285F4", category: "tools" });
    expect(block.tools.access).toEqual(["books_get_volume", "books_search_volumes"]);
  });
  it("documents maxResults' default and limits through its input", () => {
    expect(only(block, "maxResults")).toMatchObject({ type: "number", control: "number", default: 10, required: false, condition: ops("books_search_volumes") });
    expect(only(block, "apiKey")).toMatchObject({ secret: true, password: true, visibility: "user-only", required: true });
  });
  it("lists the search outputs", () => {
    expect(Object.keys(block.outputs.books_search_volumes)).toEqual(["data", "metadata.count", "metadata.totalItems"]);
  });
});
