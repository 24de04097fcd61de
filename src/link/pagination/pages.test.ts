// `pagination.pages`, the reply's count of pages, for page numbers only: linked as a reply expression, refused where
// it reads no number or where the style counts no pages, at the field, naming the rule and the value.
import { describe, expect, it } from "vitest";
import { linkWild, wildProblems } from "../../../test-support/link-wild.js";

const CURSOR = '      style: cursor\n      cursor: "$response.body#/data/-1/id"\n';
const byPage = { find: CURSOR, replace: "      style: page\n" };
const MORE = '      more: { from: "$response.body#/has_more", equals: true }\n';
const pages = (text: string) => ({ find: MORE, replace: `${MORE}      pages: "${text}"\n` });
const WHERE = "operations.zqpayments_list_customers.pagination";

describe("pagination.pages", () => {
  it("is linked as a reply expression of a page-numbered list", async () => {
    const l = await linkWild("zqpayments", [byPage, pages("$response.header.X-Zq-Pages")]);
    if (!("ir" in l)) throw new Error(l.problems.join("\n"));
    const tool = l.ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")?.tool;
    expect(tool?.pagination?.pages).toEqual({
      expression: "$response.header.X-Zq-Pages",
      ref: { kind: "header", name: "x-zq-pages" },
    });
  });

  it("refuses a field that is no number", async () => {
    expect(await wildProblems("zqpayments", [byPage, pages("$response.body#/has_more")])).toEqual([
      expect.stringContaining(
        `${WHERE}.pages: "$response.body#/has_more" is boolean in specs/zqpayments/openapi.yaml; a count of pages ` +
          "is a number",
      ),
    ]);
  });

  it("refuses it by the schema for a style that numbers no pages", async () => {
    expect(await wildProblems("zqpayments", [pages("$response.header.X-Zq-Pages")])).toEqual([
      `specs/zqpayments/manifest.yaml:123:7: ${WHERE}: unknown field "pages" ` +
        "(allowed: style, cursor, send, more, until, total, items, pageSize)",
    ]);
  });
});
