// A list in one string (`separator`) placed in the query: at a place styled as a list not exploded, its items go as
// that style writes a list (the delimiter literal, each item encoded); at an exploded place, or JSON-encoded, the
// text goes as one value, as before (the link refuses a list in one string at an exploded list's place, so such a
// place is a text's).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { FormFieldEncoding, ParamSpec, ToolSpec } from "../spec/tool-types.js";

const store = irFixture("store");
const listCustomers = store.operations.find((o) => o.tool.id === "store_list_customers")!.tool;

/** The tool with its `tags` a text of comma-separated items placed with `encoding`. */
function withTags(encoding: FormFieldEncoding): ToolSpec {
  const tags = listCustomers.params.find((p) => p.name === "tags") as ParamSpec;
  const text = {
    ...tags,
    type: "string",
    separator: ",",
    maxLength: 100,
    wire: { in: "query", name: "tags", encoding },
  };
  return { ...listCustomers, params: listCustomers.params.map((p) => (p.name === "tags" ? (text as ParamSpec) : p)) };
}

async function sentQuery(encoding: FormFieldEncoding): Promise<string> {
  const { fetch, seen } = scriptedFetch(json(200, { object: "list", data: [], has_more: false }));
  const result = await executeToolDefinition(
    withTags(encoding),
    { accessToken: "sk_test_zq0123456789", tags: "a, b c" },
    {
      fetch,
    },
  );
  expect(result.success, JSON.stringify(result)).toBe(true);
  return new URL((seen[0] as { url: string }).url).search;
}

describe("a list in one string in the query", () => {
  it("goes as its items where the style does not explode, as one text where it does or is JSON", async () => {
    expect(await sentQuery({ style: "form", explode: false })).toBe("?tags=a,b%20c");
    // As a list of it goes (wire-style.test.ts).
    expect(await sentQuery({ style: "pipeDelimited", explode: false })).toBe("?tags=a%7Cb%20c");
    expect(await sentQuery({ style: "form", explode: true })).toBe("?tags=a%2Cb%20c");
    expect(await sentQuery({ style: "form", explode: false, json: true })).toBe("?tags=%22a%2Cb%20c%22");
  });
});
