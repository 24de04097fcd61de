// A header parameter the document sends as JSON (`content: application/json`): its text went as JSON.stringify wrote
// it, so a character past Latin-1 made fetch throw before the request (reported as a network failure that "may have
// been applied"), and one within Latin-1 went as its Latin-1 byte, which a reader decoding UTF-8 reads otherwise.
// Its characters outside ASCII now go as JSON's \u escapes: the same JSON, in ASCII. A list or object header in style
// simple (not JSON) has no escape: an item or key past Latin-1, or with a control character, is refused before any
// request.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { ParamSpec, ToolSpec, ValueStyle } from "../spec/tool-types.js";

const addBook = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_add_book")!.tool as ToolSpec;
const header = (encoding: ValueStyle): ParamSpec => ({
  name: "zqMeta",
  title: "zqMeta",
  description: "Metadata sent in a header.",
  type: "json",
  jsonType: "object",
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "header", name: "X-Zq-Meta", encoding },
});
const { rateLimits: _processLimiter, ...parts } = fullSupport;
const BASE = { apiKey: "shelf-key-7f3a9c2e51", shelfId: "fiction", title: "Dune" };

async function call(encoding: ValueStyle, zqMeta: unknown) {
  const tool = { ...addBook, params: [...addBook.params, header(encoding)] };
  const run = createExecutor({ shelf_add_book: tool }, parts);
  const { fetch, seen } = scriptedFetch(json(200, { id: "b-1", title: "Dune" }));
  const result = await run("shelf_add_book", { ...BASE, zqMeta } as never, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    retries: 0,
  });
  return { result, sent: seen.map((s) => s.headers.get("x-zq-meta")) };
}

const JSON_HEADER: ValueStyle = { style: "simple", explode: false, json: true };

describe("a header parameter sent as JSON", () => {
  it("goes in ASCII, its other characters as JSON's escapes, and reads back as the value given", async () => {
    const value = { zqName: "Crème € 🚀", "zq\u00e9": "a\u007fb", zqLine: "one\ntwo" };
    const { sent } = await call(JSON_HEADER, value);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[\u0020-\u007e]*$/);
    expect(JSON.parse(sent[0] as string)).toEqual(value);
  });

  it("of ASCII only goes as JSON.stringify writes it", async () => {
    const value = { zqa: "one, two", zqb: [1, true, null] };
    expect((await call(JSON_HEADER, value)).sent).toEqual([JSON.stringify(value)]);
  });
});

describe("a header list or object in style simple", () => {
  const SIMPLE: ValueStyle = { style: "simple", explode: false };
  it.each([
    ["a value past Latin-1", { zqa: "5 €" }, 'zqMeta["zqa"]:', '"5 €"'],
    ["a value with a line break", { zqa: "one\r\ntwo" }, 'zqMeta["zqa"]:', '"one\\r\\ntwo"'],
    ["a key past Latin-1", { "zq€": "one" }, 'zqMeta["zq€"]: the key', '"zq€"'],
  ])("with %s is refused before any request, naming the item", async (_, value, where, shown) => {
    const { result, sent } = await call(SIMPLE, value);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "zqMeta", rule: "characters" },
    });
    const message = (result as { error: { message: string } }).error.message;
    expect(message).toContain(`${where} must not contain line breaks or other control characters`);
    expect(message).toContain("nor characters outside Latin-1 (it is sent in an HTTP header)");
    expect(message).toContain(`got ${shown}`);
  });

  it("of Latin-1 text is sent as the style writes it", async () => {
    expect((await call(SIMPLE, { zqa: "Crème" })).sent).toEqual(["zqa,Crème"]);
  });
});
