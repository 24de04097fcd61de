// A value sent by reserved expansion (`allowReserved: true`) keeps its percent-encoded triples as they are, which the
// service decodes as UTF-8: `%BF` or `%E9` alone went as bytes no text has (the contract suite's judge refused the
// request: "a value's escapes are not UTF-8"), while the call reported success. Such a value is refused before any
// request, naming the parameter and the rule; triples that are UTF-8 go as they are.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";

const addBook = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_add_book")!.tool as ToolSpec;
const { rateLimits: _processLimiter, ...parts } = fullSupport;
const BASE = { apiKey: "shelf-key-7f3a9c2e51", shelfId: "fiction", title: "Dune" };
const RULE =
  "must not hold percent-encoded bytes that are not UTF-8 (allowReserved sends its %XX as they are, and the service " +
  "decodes them as UTF-8)";

const inQuery = (type: "string" | "json"): ParamSpec => ({
  name: "zqPath",
  title: "zqPath",
  description: "A path the service reads, reserved characters as they are.",
  type,
  ...(type === "json" ? { jsonType: "array" as const } : {}),
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "query", name: "zq_path", encoding: { style: "form", explode: true, reserved: true } },
});

async function call(param: ParamSpec, zqPath: unknown, body?: ToolSpec["body"]) {
  const tool = { ...addBook, ...(body ? { body } : {}), params: [...addBook.params, param] };
  const run = createExecutor({ shelf_add_book: tool }, parts);
  const { fetch, seen } = scriptedFetch(json(200, { id: "b-1", title: "Dune" }));
  const result = await run("shelf_add_book", { ...BASE, zqPath } as never, {
    fetch,
    baseUrl: "http://127.0.0.1:9",
    retries: 0,
  });
  return { result, sent: seen.map((s) => ({ search: new URL(s.url).search, body: String(s.body) })) };
}

const refusal = (message: string) => ({
  success: false,
  error: { type: "validation", param: "zqPath", rule: "characters", message },
});

describe("a value sent by reserved expansion", () => {
  it("goes with its UTF-8 triples as they are", async () => {
    const { sent } = await call(inQuery("string"), "%C3%A9/zq a");
    expect(sent.map((s) => s.search)).toEqual(["?zq_path=%C3%A9/zq%20a"]);
    const listed = await call(inQuery("json"), ["zq%2Fa", "b"]);
    expect(listed.sent.map((s) => s.search)).toEqual(["?zq_path=zq%2Fa&zq_path=b"]);
  });

  it("is refused before any request when its triples are no UTF-8, in the query", async () => {
    const text = await call(inQuery("string"), "zq%BFa");
    expect(text.sent).toEqual([]);
    expect(text.result).toMatchObject(refusal(`zqPath: ${RULE}, got "zq%BFa"`));
    const listed = await call(inQuery("json"), ["zq", "%E9t%C3%A9"]);
    expect(listed.sent).toEqual([]);
    expect(listed.result).toMatchObject(refusal(`zqPath[1]: ${RULE}, got "%E9t%C3%A9"`));
  });

  it("is refused alike as a form body's field", async () => {
    const param: ParamSpec = { ...inQuery("string"), wire: { in: "body", pointer: "/zq_path" } };
    const body = {
      mediaType: "application/x-www-form-urlencoded",
      encoding: "form" as const,
      fields: { zq_path: { style: "form" as const, explode: true, reserved: true as const } },
    };
    const { result, sent } = await call(param, "%E9", body);
    expect(sent).toEqual([]);
    expect(result).toMatchObject(refusal(`zqPath: ${RULE}, got "%E9"`));
    expect((await call(param, "%C3%A9/a", body)).sent[0]?.body).toContain("zq_path=%C3%A9/a");
  });
});
