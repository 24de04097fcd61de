// A query list (or object) in style spaceDelimited or pipeDelimited: its items go between the delimiter percent-encoded
// (`%20`, `%7C`, OpenAPI 3.1.1's style table), and an item's own space or `|` is written the same way, so an item
// holding the delimiter reached the upstream as two items while the call reported success. Such a value is refused
// before any request, naming the parameter, the item and the rule; items without it are sent as the style writes them.
// A list or object inside has no form in these styles, nor in form unexploded (it went in bracket form, pairs of its
// own): refused alike.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { FormFieldEncoding, ParamSpec, ToolSpec } from "../spec/tool-types.js";

const addBook = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_add_book")!.tool as ToolSpec;
const delimited = (style: FormFieldEncoding["style"], jsonType: "array" | "object"): ParamSpec => ({
  name: "zqTags",
  title: "zqTags",
  description: "Tags, joined as the style says.",
  type: "json",
  jsonType,
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "query", name: "zq_tags", encoding: { style, explode: false } },
});
const { rateLimits: _processLimiter, ...parts } = fullSupport;
const BASE = { apiKey: "shelf-key-7f3a9c2e51", shelfId: "fiction", title: "Dune" };

async function call(param: ParamSpec, zqTags: unknown) {
  const tool = { ...addBook, params: [...addBook.params, param] };
  const run = createExecutor({ shelf_add_book: tool }, parts);
  const { fetch, seen } = scriptedFetch(json(200, { id: "b-1", title: "Dune" }));
  const result = await run("shelf_add_book", { ...BASE, zqTags } as never, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    retries: 0,
  });
  return { result, sent: seen.map((s) => new URL(s.url).search) };
}

describe("a query list in style spaceDelimited or pipeDelimited", () => {
  it("of items without the delimiter is sent joined by it", async () => {
    expect((await call(delimited("pipeDelimited", "array"), ["zq a", "b,c"])).sent).toEqual([
      "?zq_tags=zq%20a%7Cb%2Cc",
    ]);
    expect((await call(delimited("spaceDelimited", "array"), ["zq|a", "b"])).sent).toEqual(["?zq_tags=zq%7Ca%20b"]);
    expect((await call(delimited("form", "array"), ["zq a|b", "c"])).sent).toEqual(["?zq_tags=zq%20a%7Cb,c"]);
  });

  const refused: [string, ParamSpec, unknown, string][] = [
    [
      "an item holding a pipe, pipeDelimited",
      delimited("pipeDelimited", "array"),
      ["zqa", "zqb|zqc"],
      'zqTags[1]: must not contain "|" (style pipeDelimited writes the items between "|" encoded alike), got "zqb|zqc"',
    ],
    [
      "an item holding a space, spaceDelimited",
      delimited("spaceDelimited", "array"),
      ["zq a"],
      'zqTags[0]: must not contain " " (style spaceDelimited writes the items between " " encoded alike), got "zq a"',
    ],
    [
      "an object's key holding the delimiter",
      delimited("pipeDelimited", "object"),
      { "zq|a": "one" },
      'zqTags["zq|a"]: the key must not contain "|" (style pipeDelimited writes the items between "|" encoded ' +
        'alike), got "zq|a"',
    ],
    [
      "a list inside",
      delimited("pipeDelimited", "array"),
      ["zqa", ["zqb"]],
      "zqTags[1]: must be text, a number or a boolean (style pipeDelimited writes its items as text in one pair, and " +
        'has no form for a list or object inside), got array ["zqb"]',
    ],
    [
      "an object's value that is an object",
      delimited("spaceDelimited", "object"),
      { zqa: { zqb: 1 } },
      'zqTags["zqa"]: must be text, a number or a boolean (style spaceDelimited writes its items as text in one ' +
        'pair, and has no form for a list or object inside), got object {"zqb":1}',
    ],
    [
      "an object's value holding the delimiter",
      delimited("spaceDelimited", "object"),
      { zqa: "one two" },
      'zqTags["zqa"]: must not contain " " (style spaceDelimited writes the items between " " encoded alike), ' +
        'got "one two"',
    ],
  ];
  it("unexploded in style form, with a list inside, is refused as these styles' are (it went bracketed)", async () => {
    const { result, sent } = await call(delimited("form", "object"), { zqa: "b", zqc: [] });
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "zqTags",
        rule: "style",
        message:
          'zqTags["zqc"]: must be text, a number or a boolean (style form, unexploded, writes its items as text in ' +
          "one pair, and has no form for a list or object inside), got array []",
      },
    });
    // Text items keep their commas, encoded (%2C) apart from the style's.
    expect((await call(delimited("form", "object"), { zqa: "b,c" })).sent).toEqual(["?zq_tags=zqa,b%2Cc"]);
  });

  it.each(refused)("with %s is refused before any request, naming the item and the rule", async (_, p, v, message) => {
    const { result, sent } = await call(p, v);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "zqTags", rule: "style", message },
    });
  });
});

// A path list or object in style label, exploded (`.a.b`, `.k=v.w=x`): "." is unreserved, never percent-encoded, so an
// item holding one reached the upstream as two items.
const labelled = (jsonType: "array" | "object"): ParamSpec => ({
  ...delimited("form", jsonType),
  name: "shelfId",
  wire: { in: "path", name: "shelfId", encoding: { style: "label", explode: true } },
});

async function onShelf(param: ParamSpec, shelfId: unknown) {
  const tool = { ...addBook, params: [...addBook.params.filter((p) => p.name !== "shelfId"), param] };
  const run = createExecutor({ shelf_add_book: tool }, parts);
  const { fetch, seen } = scriptedFetch(json(200, { id: "b-1", title: "Dune" }));
  const result = await run("shelf_add_book", { ...BASE, shelfId } as never, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    retries: 0,
  });
  return { result, sent: seen.map((s) => new URL(s.url).pathname) };
}

describe("a path list or object in style label, exploded", () => {
  it("of items without a dot is sent each after its dot, their other reserved characters encoded", async () => {
    const { sent } = await onShelf(labelled("array"), ["zq a", "b,c/d", "é", 7]);
    expect(sent).toEqual(["/v2/shelves/.zq%20a.b%2Cc%2Fd.%C3%A9.7/books"]);
  });

  const dotted = '"." (style label, exploded, writes each item after a "." it leaves unencoded, RFC 6570)';
  it.each([
    ["an item holding a dot", labelled("array"), ["zqa", "zq.b"], `shelfId[1]: must not contain ${dotted}, got "zq.b"`],
    ["a number with decimals", labelled("array"), [1.5], `shelfId[0]: must not contain ${dotted}, got 1.5`],
    // 1e-7 goes in plain decimals, 0.0000001.
    ["a tiny number", labelled("array"), [1e-7], `shelfId[0]: must not contain ${dotted}, got 1e-7`],
    [
      "an object's value that is a list holding a number with decimals (its JSON text)",
      labelled("object"),
      { zqa: [1.5] },
      `shelfId["zqa"]: must not contain ${dotted} (a list or object inside goes as its JSON text), got array [1.5]`,
    ],
    [
      "a key holding a dot",
      labelled("object"),
      { "zq.a": "b" },
      `shelfId["zq.a"]: the key must not contain ${dotted}, got "zq.a"`,
    ],
    [
      "a value holding a dot",
      labelled("object"),
      { zqa: "b.c" },
      `shelfId["zqa"]: must not contain ${dotted}, got "b.c"`,
    ],
  ])("with %s is refused before any request, naming the item and the rule", async (_, p, v, message) => {
    const { result, sent } = await onShelf(p as ParamSpec, v);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "shelfId", rule: "style", message },
    });
  });
});

// A form body's field the document styles spaceDelimited or pipeDelimited (its Encoding Object) is written as the
// query's is: `zq_tags=a%20b%20c` for the items "a" and "b c" went as three, the call reported success.
async function inForm(style: FormFieldEncoding["style"], zqTags: unknown) {
  const param: ParamSpec = { ...delimited(style, "array"), wire: { in: "body", pointer: "/zq_tags" } };
  const body = {
    mediaType: "application/x-www-form-urlencoded",
    encoding: "form" as const,
    fields: { zq_tags: { style, explode: false } },
  };
  const tool = { ...addBook, body, params: [...addBook.params, param] };
  const run = createExecutor({ shelf_add_book: tool }, parts);
  const { fetch, seen } = scriptedFetch(json(200, { id: "b-1", title: "Dune" }));
  const result = await run("shelf_add_book", { ...BASE, zqTags } as never, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    retries: 0,
  });
  return { result, sent: seen.map((s) => String(s.body)) };
}

describe("a form body's list field in style spaceDelimited or pipeDelimited", () => {
  it("of items without the delimiter is sent joined by it", async () => {
    const { sent } = await inForm("spaceDelimited", ["zqa", "b|c"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("zq_tags=zqa%20b%7Cc");
  });

  it("with an object inside is refused before any request, where it went bracketed (pairs of its own)", async () => {
    const { result, sent } = await inForm("pipeDelimited", ["zqa", { zqb: "c" }]);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "zqTags", rule: "style" } });
  });

  it.each([
    [
      "spaceDelimited",
      ["zqa", "zq b"],
      '" " (style spaceDelimited writes the items between " " encoded alike)',
      "zq b",
    ],
    ["pipeDelimited", ["zq|a"], '"|" (style pipeDelimited writes the items between "|" encoded alike)', "zq|a"],
  ] as const)(
    "in style %s with an item holding the delimiter is refused before any request",
    async (style, v, why, item) => {
      const { result, sent } = await inForm(style, v);
      expect(sent).toEqual([]);
      const at = (v as readonly string[]).indexOf(item);
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "validation",
          param: "zqTags",
          rule: "style",
          message: `zqTags[${at}]: must not contain ${why}, got "${item}"`,
        },
      });
    },
  );
});
