// The generated block definitions of crm and books: what an editor renders
// and what the workflow runner checks against.
import { describe, expect, it } from "vitest";
import { blocks } from "../../test-support/repo.js";
import type { BlockDefinition, BlockInput } from "@blockwright/runtime/internal";

const inputs = (block: BlockDefinition, id: string): BlockInput[] => block.inputs.filter((i) => i.id === id);
const only = (block: BlockDefinition, id: string): BlockInput => {
  const found = inputs(block, id);
  expect(found, id).toHaveLength(1);
  return found[0]!;
};
const ops = (...ids: string[]) => ({ field: "operation", value: ids });

describe("crm block", () => {
  const block = blocks.crm!;
  it("has its metadata and the tools it can call", () => {
    expect(block).toMatchObject({ type: "crm", name: "Salesforce CRM", color: "#00A1E0", category: "tools" });
    expect(block.tools).toEqual({
      access: ["crm_create_record", "crm_get_record", "crm_query", "crm_update_record"],
      config: { tool: "operation" },
    });
  });

  it("selects the operation with a dropdown of every tool", () => {
    const operation = only(block, "operation");
    expect(operation).toMatchObject({ control: "dropdown", required: true });
    expect(operation.options?.map((o) => o.id)).toEqual(block.tools.access);
  });

  it(
    "marks the credentials secret and user-only; the access token optional, " +
      "an OAuth 2 flow's parameters standing in for it",
    () => {
      expect(only(block, "apiKey")).toMatchObject({
        secret: true,
        password: true,
        visibility: "user-only",
        required: false,
      });
      expect(only(block, "refreshToken")).toMatchObject({
        secret: true,
        password: true,
        visibility: "user-only",
        required: false,
      });
      // The instance address: optional, the flows' token answers naming it (auth.tokenAddressField).
      expect(only(block, "instanceUrl")).toMatchObject({ secret: false, visibility: "user-only", required: false });
      expect(only(block, "apiKey").condition).toBeUndefined();
    },
  );

  it("shows each parameter only for the operations that use it", () => {
    expect(only(block, "recordId")).toMatchObject({
      condition: ops("crm_get_record", "crm_update_record"),
      required: ops("crm_get_record", "crm_update_record"),
    });
    expect(only(block, "query")).toMatchObject({ condition: ops("crm_query"), required: ops("crm_query") });
    expect(only(block, "sobject")).toMatchObject({
      condition: ops("crm_create_record", "crm_get_record", "crm_update_record"),
      required: ops("crm_create_record", "crm_get_record", "crm_update_record"),
    });
  });

  it("keeps fields-as-object and fields-as-list apart, and each operation's own description", () => {
    const [create, read, update] = inputs(block, "fields");
    expect(create).toMatchObject({
      type: "json",
      control: "code",
      condition: ops("crm_create_record"),
      required: ops("crm_create_record"),
    });
    expect(create!.description).toContain("Do not include Id");
    expect(read).toMatchObject({ type: "string", condition: ops("crm_get_record"), required: false });
    expect(update).toMatchObject({
      type: "json",
      control: "code",
      condition: ops("crm_update_record"),
      required: ops("crm_update_record"),
    });
    expect(update!.description).not.toContain("Do not include Id");
  });

  it("offers allPages, maxItems and maxPages for the query, which pages", () => {
    expect(only(block, "allPages")).toMatchObject({
      type: "boolean",
      control: "switch",
      default: false,
      required: false,
      condition: ops("crm_query"),
    });
    expect(only(block, "maxItems")).toMatchObject({
      type: "number",
      control: "number",
      required: false,
      condition: ops("crm_query"),
    });
    expect(only(block, "maxPages")).toMatchObject({
      type: "number",
      control: "number",
      required: false,
      condition: ops("crm_query"),
    });
  });

  it("lists typed, described outputs per operation", () => {
    expect(block.outputs.crm_query).toEqual({
      data: { type: "array", description: "The records of this batch.", optional: false },
      "metadata.done": {
        type: "boolean",
        description: "Whether every matching record was returned in this batch.",
        optional: false,
      },
      "metadata.totalSize": {
        type: "number",
        description: "Number of records matching the query across all batches.",
        optional: false,
      },
    });
    expect(Object.keys(block.outputs.crm_update_record!)).toEqual(["data", "metadata.id"]);
  });
});

describe("books block", () => {
  const block = blocks.books!;
  it("has the colour and category the spec gives", () => {
    expect(block).toMatchObject({ type: "books", name: "Google Books", color: "#4285F4", category: "tools" });
    expect(block.tools.access).toEqual(["books_get_volume", "books_search_volumes"]);
  });
  it("documents maxResults' default and limits through its input", () => {
    expect(only(block, "maxResults")).toMatchObject({
      type: "number",
      control: "number",
      default: 10,
      required: false,
      condition: ops("books_search_volumes"),
    });
    expect(only(block, "apiKey")).toMatchObject({
      secret: true,
      password: true,
      visibility: "user-only",
      required: true,
    });
  });
  it("lists the search outputs", () => {
    expect(Object.keys(block.outputs.books_search_volumes!)).toEqual(["data", "metadata.count", "metadata.totalItems"]);
  });
});

describe("directory, docgen and persondata blocks", () => {
  it("carry their metadata", () => {
    expect(blocks.persondata).toMatchObject({ type: "persondata", color: "#6C5CE7", category: "tools" });
    expect(blocks.directory).toMatchObject({ type: "directory", category: "tools" });
    expect(blocks.docgen).toMatchObject({ type: "docgen", category: "tools" });
    expect(blocks.directory!.tools.access).toEqual([
      "directory_create_subscription",
      "directory_create_user",
      "directory_delete_subscription",
      "directory_get_user",
      "directory_list_groups",
      "directory_list_users",
      "directory_renew_subscription",
      "directory_users_delta",
    ]);
    expect(blocks.docgen!.tools.access).toHaveLength(5);
    expect(blocks.persondata!.tools.access).toEqual([
      "persondata_company_enrich",
      "persondata_person_enrich",
      "persondata_person_search",
    ]);
  });

  it("mark every credential and password secret and user-only", () => {
    for (const block of [blocks.directory!, blocks.docgen!, blocks.persondata!]) {
      const secrets = block.inputs.filter((i) => i.secret);
      expect(secrets.length).toBeGreaterThan(0);
      for (const s of secrets) expect(s).toMatchObject({ password: true, visibility: "user-only" });
    }
    expect(only(blocks.directory!, "password")).toMatchObject({
      secret: true,
      condition: ops("directory_create_user"),
      required: ops("directory_create_user"),
    });
  });

  it("show enums as dropdowns with their values and defaults", () => {
    const format = only(blocks.docgen!, "format");
    expect(format).toMatchObject({
      control: "dropdown",
      default: "presentation",
      condition: ops("docgen_generate"),
      required: false,
    });
    expect(format.options?.map((o) => o.id)).toEqual(["presentation", "document", "webpage", "social"]);
    expect(only(blocks.docgen!, "imageSource").options?.map((o) => o.id)).not.toContain("unsplash");
    expect(only(blocks.directory!, "accountEnabled")).toMatchObject({ control: "switch", default: true });
  });

  it("share one input between the operations that take the same parameter", () => {
    expect(only(blocks.docgen!, "folderIds").condition).toEqual(
      ops("docgen_generate", "docgen_generate_from_template"),
    );
    expect(only(blocks.docgen!, "limit").condition).toEqual(ops("docgen_list_folders", "docgen_list_themes"));
    expect(only(blocks.directory!, "top").condition).toEqual(ops("directory_list_groups", "directory_list_users"));
  });

  it("give a name one input per meaning: a person's full name is not a company's name", () => {
    const [company, person] = inputs(blocks.persondata!, "name");
    expect(company).toMatchObject({ description: "Company name.", condition: ops("persondata_company_enrich") });
    expect(person).toMatchObject({
      description: "Full name; give a company with it when there is no email.",
      placeholder: "Sean Thorne",
      condition: ops("persondata_person_enrich"),
    });
    // Inputs of one name stay together.
    const ids = blocks.persondata!.inputs.map((i) => i.id);
    expect(ids.lastIndexOf("name") - ids.indexOf("name")).toBe(1);
  });

  it("show the page inputs for every list operation that pages, and for no other", () => {
    expect(only(blocks.directory!, "allPages").condition).toEqual(
      ops("directory_list_groups", "directory_list_users", "directory_users_delta"),
    );
    expect(only(blocks.docgen!, "allPages").condition).toEqual(ops("docgen_list_folders", "docgen_list_themes"));
    expect(only(blocks.books!, "maxItems").condition).toEqual(ops("books_search_volumes"));
    expect(only(blocks.persondata!, "maxPages").condition).toEqual(ops("persondata_person_search"));
  });

  it("keeps the person-search query (json) apart from nothing else named query", () => {
    expect(only(blocks.persondata!, "query")).toMatchObject({
      type: "json",
      control: "code",
      condition: ops("persondata_person_search"),
      required: false,
    });
  });

  it("lists top-level outputs for docgen and data/metadata for the others", () => {
    expect(Object.keys(blocks.docgen!.outputs.docgen_check_status!)).toEqual([
      "credits",
      "error",
      "exportUrl",
      "gammaId",
      "gammaUrl",
      "generationId",
      "status",
    ]);
    expect(blocks.docgen!.outputs.docgen_check_status!.gammaUrl).toMatchObject({ type: "string", optional: true });
    expect(Object.keys(blocks.persondata!.outputs.persondata_person_enrich!)).toEqual([
      "data",
      "metadata.likelihood",
      "metadata.status",
    ]);
  });
});
