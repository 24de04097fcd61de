// A header parameter whose value is an object (or list) in style simple: its keys and values are written between
// commas, and a header is never percent-encoded (OpenAPI 3.1.2 and later say so), so a comma inside a key or value, or
// a list or object inside (written as its JSON text, commas and all), made a header the upstream (and the request
// judge) reads as other pairs. Such a value is refused before any request, naming the parameter, the key and the rule;
// a value of plain keys and values is sent as the style writes it.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";

const addBook = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_add_book")!.tool as ToolSpec;
const template = (explode: boolean, jsonType: "object" | "array" = "object"): ParamSpec => ({
  name: "zqTemplate",
  title: "zqTemplate",
  description: "A template of key,value pairs.",
  type: "json",
  jsonType,
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "header", name: "X-Zq-Template", encoding: { style: "simple", explode } },
});
const { rateLimits: _processLimiter, ...parts } = fullSupport;
const BASE = { apiKey: "shelf-key-7f3a9c2e51", shelfId: "fiction", title: "Dune" };

async function call(explode: boolean, zqTemplate: unknown) {
  const tool = {
    ...addBook,
    params: [...addBook.params, template(explode, Array.isArray(zqTemplate) ? "array" : "object")],
  };
  const run = createExecutor({ shelf_add_book: tool }, parts);
  const { fetch, seen } = scriptedFetch(json(200, { id: "b-1", title: "Dune" }));
  const result = await run("shelf_add_book", { ...BASE, zqTemplate } as never, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    retries: 0,
  });
  return { result, sent: seen.map((s) => s.headers.get("x-zq-template")) };
}

describe("an object header in style simple", () => {
  it("of plain keys and values is sent as its pairs", async () => {
    expect((await call(false, { zqa: "one", zqb: 2 })).sent).toEqual(["zqa,one,zqb,2"]);
    expect((await call(true, { zqa: "one", zqb: true })).sent).toEqual(["zqa=one,zqb=true"]);
  });

  const refused: [string, boolean, unknown, string][] = [
    [
      "an object inside",
      false,
      { zqa: { zqb: 1, zqc: 2 } },
      'zqTemplate["zqa"]: must be text, a number or true/false: a header in style simple has no form for an object ' +
        'inside one, got object {"zqb":1,"zqc":2}',
    ],
    [
      "a list inside",
      false,
      { zqa: [1, 2] },
      'zqTemplate["zqa"]: must be text, a number or true/false: a header in style simple has no form for a list ' +
        "inside one, got array [1,2]",
    ],
    [
      "a comma in a value",
      false,
      { zqa: "one,two" },
      'zqTemplate["zqa"]: must not contain a comma (style simple writes it between commas, and a header is not ' +
        'percent-encoded), got "one,two"',
    ],
    [
      "a comma in a key",
      false,
      { "zq,a": "one" },
      'zqTemplate["zq,a"]: the key must not contain a comma or "=" (style simple writes it between commas, and a ' +
        'header is not percent-encoded), got "zq,a"',
    ],
    [
      "an = in a key, exploded",
      true,
      { "zq=a": "one" },
      'zqTemplate["zq=a"]: the key must not contain a comma or "=" (style simple writes it between commas, and a ' +
        'header is not percent-encoded), got "zq=a"',
    ],
  ];
  // HTTP drops the blanks at a header's ends and around a list's commas: `[" "]` went as an empty header,
  // `["zqa", " "]` as `zqa,`, an item the upstream never saw.
  const blankEdged: [string, boolean, unknown, string][] = [
    [
      "a list's item of a space alone",
      false,
      [" "],
      "zqTemplate[0]: must not start or end with a space or tab (style simple writes it between commas in an HTTP " +
        'header, which drops the blanks around them), got " "',
    ],
    [
      "a list's last item ending in a tab",
      false,
      ["zqa", "zqb\t"],
      "zqTemplate[1]: must not start or end with a space or tab (style simple writes it between commas in an HTTP " +
        'header, which drops the blanks around them), got "zqb\\t"',
    ],
    [
      "a value starting with a space",
      true,
      { zqa: " one" },
      'zqTemplate["zqa"]: must not start or end with a space or tab (style simple writes it between commas in an ' +
        'HTTP header, which drops the blanks around them), got " one"',
    ],
    [
      "a key ending with a space",
      false,
      { "zqa ": "one" },
      'zqTemplate["zqa "]: the key must not start or end with a space or tab (style simple writes it between commas ' +
        'in an HTTP header, which drops the blanks around them), got "zqa "',
    ],
  ];
  it.each(blankEdged)("with %s is refused before any request", async (_, explode, value, message) => {
    const { result, sent } = await call(explode, value);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "zqTemplate", rule: "characters", message },
    });
  });

  it("of a list whose items hold blanks inside only is sent as they are", async () => {
    expect((await call(false, ["zq a", "zq\tb"])).sent).toEqual(["zq a,zq\tb"]);
  });

  it.each(refused)(
    "with %s is refused before any request, naming the key and the rule",
    async (_, explode, value, message) => {
      const { result, sent } = await call(explode, value);
      expect(sent).toEqual([]);
      expect(result).toMatchObject({
        success: false,
        error: { type: "validation", param: "zqTemplate", rule: "style", message },
      });
    },
  );
});
