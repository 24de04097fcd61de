// The XML body writer: escaping, attributes, wrapped and unwrapped arrays, namespaces and prefixes, a body whose
// schema names no root element, and the values XML cannot carry, refused naming the field.
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../../spec/tool-types.js";
import { xmlBodies } from "./xml-body.js";

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const write = (body: unknown, node: Parameters<typeof xmlBodies.write>[1]) =>
  xmlBodies.write(body, node).slice(DECLARATION.length);

describe("xml bodies: writing", () => {
  it("writes each field an element of its name, under the named root, its text escaped", () => {
    expect(write({ zqTitle: `a & b <c> "d" 'e'`, zqCount: 3, zqOn: true }, { name: "zqNote" })).toBe(
      "<zqNote><zqTitle>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</zqTitle><zqCount>3</zqCount>" +
        "<zqOn>true</zqOn></zqNote>",
    );
  });

  it("starts with the XML declaration and leaves out absent and null fields", () => {
    expect(xmlBodies.write({ zqA: null, zqB: "x" }, { name: "zqRoot" })).toBe(
      `${DECLARATION}<zqRoot><zqB>x</zqB></zqRoot>`,
    );
  });

  it("writes an attribute where xml.attribute says, escaped, under its own name", () => {
    const node = { name: "zqItem", fields: { zqId: { attribute: true as const, name: "id" } } };
    expect(write({ zqId: `7"&`, zqLabel: "x" }, node)).toBe('<zqItem id="7&quot;&amp;"><zqLabel>x</zqLabel></zqItem>');
  });

  it("writes an array unwrapped by default: each item an element of the property's name", () => {
    expect(write({ zqTag: ["a", "b"] }, { name: "zqRoot" })).toBe("<zqRoot><zqTag>a</zqTag><zqTag>b</zqTag></zqRoot>");
  });

  it("names unwrapped items by the items' xml.name, else the array's", () => {
    expect(write({ zqTags: ["a"] }, { name: "zqRoot", fields: { zqTags: { items: { name: "zqTag" } } } })).toBe(
      "<zqRoot><zqTag>a</zqTag></zqRoot>",
    );
    expect(write({ zqParts: [{ zqN: 1 }] }, { name: "zqRoot", fields: { zqParts: { name: "zqPart" } } })).toBe(
      "<zqRoot><zqPart><zqN>1</zqN></zqPart></zqRoot>",
    );
  });

  it("writes a wrapped array in one element of its name, each item within", () => {
    const node = { name: "zqRoot", fields: { zqTags: { wrapped: true as const, items: { name: "zqTag" } } } };
    expect(write({ zqTags: ["a", "b"] }, node)).toBe(
      "<zqRoot><zqTags><zqTag>a</zqTag><zqTag>b</zqTag></zqTags></zqRoot>",
    );
    const renamed = { name: "zqRoot", fields: { zqTags: { wrapped: true as const, name: "zqSet" } } };
    expect(write({ zqTags: ["a"] }, renamed)).toBe("<zqRoot><zqSet><zqSet>a</zqSet></zqSet></zqRoot>");
  });

  it("declares a namespace on its element, with a prefix when one is given", () => {
    expect(write({ zqA: "x" }, { name: "zqRoot", namespace: "https://zq.example/ns" })).toBe(
      '<zqRoot xmlns="https://zq.example/ns"><zqA>x</zqA></zqRoot>',
    );
    const prefixed = { name: "zqRoot", namespace: "https://zq.example/ns", prefix: "zq" };
    expect(write({ zqA: "x" }, prefixed)).toBe('<zq:zqRoot xmlns:zq="https://zq.example/ns"><zqA>x</zqA></zq:zqRoot>');
    expect(write({ zqA: "x" }, { name: "zqRoot", fields: { zqA: { prefix: "p" } } })).toBe(
      "<zqRoot><p:zqA>x</p:zqA></zqRoot>",
    );
  });

  it("declares a prefixed attribute's namespace beside it", () => {
    const node = {
      name: "zqGrantee",
      fields: { zqType: { attribute: true as const, name: "xsi:type", namespace: "https://zq.example/xsi" } },
    };
    expect(write({ zqType: "ZqUser" }, node)).toBe(
      '<zqGrantee xmlns:xsi="https://zq.example/xsi" xsi:type="ZqUser"></zqGrantee>',
    );
  });

  it("makes a body whose schema names no root of its one field", () => {
    const node = { fields: { zqTagging: { namespace: "https://zq.example/ns" } } };
    expect(write({ zqTagging: { zqTagSet: [{ zqKey: "k" }] } }, node)).toBe(
      '<zqTagging xmlns="https://zq.example/ns"><zqTagSet><zqKey>k</zqKey></zqTagSet></zqTagging>',
    );
  });
});

describe("xml bodies: values XML cannot carry", () => {
  const tool = {
    params: [
      { name: "zqNote", wire: { in: "body", pointer: "/zqNote" } },
      { name: "zqQuery", wire: { in: "query", name: "q" } },
    ],
  } as unknown as ToolCall;

  it("refuses a control character, naming the field, the place in it and the character", () => {
    expect(xmlBodies.problem(tool, { zqNote: { zqLines: ["ok", "a\u0001b"] } })).toEqual({
      param: "zqNote",
      rule: "xmlText",
      message: "zqNote.zqLines[1]: holds U+0001 at index 1, a character an XML body cannot carry",
    });
    expect(xmlBodies.problem(tool, { zqNote: "\uFFFF" })?.message).toContain("U+FFFF");
  });

  it("takes tabs, line breaks, characters beyond the BMP, and a query parameter's any character", () => {
    expect(xmlBodies.problem(tool, { zqNote: "a\tb\nc\r😀", zqQuery: "\u0001" })).toBeUndefined();
  });

  it("reads a JSON parameter given as its text as the parameters' check will", () => {
    const json = { params: [{ name: "zqNote", type: "json", wire: { in: "body", pointer: "/zqNote" } }] } as unknown;
    expect(xmlBodies.problem(json as ToolCall, { zqNote: '{"zqA":"bell\\u0007"}' })?.message).toBe(
      "zqNote.zqA: holds U+0007 at index 4, a character an XML body cannot carry",
    );
  });

  it("refuses a map's key that is no element name", () => {
    expect(xmlBodies.problem(tool, { zqNote: { "zq key": "v" } })?.message).toBe(
      'zqNote: has the key "zq key", which is no XML element name',
    );
  });
});
