// A secret straddling the cut of a text that leaves the runtime is redacted
// whole, never shown in part (issue 54, F5): every text is redacted, then cut
// (outgoing-text.ts). Cut first, the head of a key before the cut stayed in
// the text, and the redactor, which looks for whole secrets, let it by.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolResult } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { checkJson } from "../validate/json-params.js";
import { ERROR_TEXT_CHARS, redactThenCut } from "./outgoing-text.js";
import { REDACTED } from "./redact.js";

const shelf = irFixture("shelf");
const toolOf = (id: string) => shelf.operations.find((o) => o.tool.id === id)!.tool;
const getBook = toolOf("shelf_get_book");
const addBook = toolOf("shelf_add_book");
const KEY = "zqK3yStr4ddl3sTh3Cut9";

/** The longest run of the key's characters (5 or more) the text holds, or "": none of it shows. */
function shownPart(text: string, key = KEY): string {
  for (let length = key.length; length >= 5; length--) {
    for (let at = 0; at + length <= key.length; at++)
      if (text.includes(key.slice(at, at + length))) return key.slice(at, at + length);
  }
  return "";
}

/**
 * Text whose `at`-th character is the middle of the key (10 of its characters before it), `tail` characters after the
 * key.
 */
const straddling = (at: number, fill = "a", tail = 200) => `${fill.repeat(at - 10)}${KEY}${fill.repeat(tail)}`;

const failed = (result: ToolResult) => {
  expect(result.success).toBe(false);
  return JSON.stringify(result);
};

describe("redactThenCut", () => {
  it("redacts a secret straddling the cut before it cuts: none of it shows", () => {
    const text = redactThenCut(straddling(ERROR_TEXT_CHARS), [KEY], ERROR_TEXT_CHARS);
    expect(shownPart(text)).toBe("");
    expect(text).toMatch(/… \(\d+ characters\)$/);
  });

  it("leaves a short text whole and never splits a surrogate pair", () => {
    expect(redactThenCut("short", [KEY], 10)).toBe("short");
    expect(redactThenCut(`${"a".repeat(9)}😀tail`, [], 10, false)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("an upstream error whose text holds the key across the cut", () => {
  const params = { apiKey: KEY, bookId: "b1" };

  it("shows none of it in the message (the manifest's message expression)", async () => {
    const { fetch } = scriptedFetch(json(400, { error: { code: "zqBad", message: straddling(ERROR_TEXT_CHARS) } }));
    const shown = failed(await executeToolDefinition(getBook, params, { fetch }));
    expect(shownPart(shown)).toBe("");
    expect(shown).toContain("characters)");
  });

  it("nor in the code and the request id", async () => {
    const { fetch } = scriptedFetch(
      json(
        400,
        { error: { code: straddling(ERROR_TEXT_CHARS), message: "no" } },
        { "x-request-id": straddling(ERROR_TEXT_CHARS, "r") },
      ),
    );
    expect(shownPart(failed(await executeToolDefinition(getBook, params, { fetch })))).toBe("");
  });

  it("nor in the details the manifest names", async () => {
    const withDetails: ToolSpec = {
      ...getBook,
      errors: { ...getBook.errors, details: { zqFields: [{ kind: "body", pointer: ["error", "fields"] }] } },
    };
    const { fetch } = scriptedFetch(
      json(400, { error: { message: "no", fields: [{ reason: straddling(ERROR_TEXT_CHARS) }] } }),
    );
    const result = await executeToolDefinition(withDetails, params, { fetch });
    expect(shownPart(failed(result))).toBe("");
    expect(!result.success && result.error.details).toBeTruthy();
  });

  it("nor in a body that is only text (quoted up to 500 characters)", async () => {
    const { fetch } = scriptedFetch(
      new Response(straddling(500), { status: 502, headers: { "content-type": "text/plain" } }),
    );
    expect(shownPart(failed(await executeToolDefinition(getBook, params, { fetch, retries: 0 })))).toBe("");
  });

  it("nor in an RFC 9457 problem's detail", async () => {
    // The message is "HTTP 422: Bad: " and the detail.
    const { fetch } = scriptedFetch(
      new Response(JSON.stringify({ title: "Bad", detail: straddling(ERROR_TEXT_CHARS - 15) }), {
        status: 422,
        headers: { "content-type": "application/problem+json" },
      }),
    );
    expect(shownPart(failed(await executeToolDefinition(getBook, params, { fetch })))).toBe("");
  });

  it("nor in the excerpt of an output of the wrong type (validateOutputs)", async () => {
    // `state` is a string output: an object there is shown as JSON (`{"note":"` and the text), cut to 80 characters.
    const { fetch } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: { note: straddling(80 - 9) } }));
    expect(shownPart(failed(await executeToolDefinition(getBook, params, { fetch, validateOutputs: true })))).toBe("");
  });

  it("nor when the key is a caller's `secrets` entry rather than a parameter", async () => {
    const { fetch } = scriptedFetch(json(400, { error: { message: straddling(ERROR_TEXT_CHARS) } }));
    const shown = failed(
      await executeToolDefinition(getBook, { apiKey: "zq-other-key-0001", bookId: "b1" }, { fetch, secrets: [KEY] }),
    );
    expect(shownPart(shown)).toBe("");
  });
});

describe("a refused value that holds the key across the cut of its excerpt", () => {
  const call = (params: Record<string, unknown>) =>
    executeToolDefinition(
      addBook,
      { apiKey: KEY, shelfId: "s1", title: "Dune", ...params },
      { fetch: scriptedFetch(json(201, {})).fetch },
    );

  it("shows none of it: a parameter's own rule (excerpt of 100 characters of its JSON text)", async () => {
    const shown = failed(await call({ shelfId: straddling(100 - 1) }));
    expect(shownPart(shown)).toBe("");
    expect(shown).toContain(REDACTED);
  });

  it("nor a cross-field rule's (a title of at most 80 characters for an audio book; 200 for any)", async () => {
    const shown = failed(await call({ title: straddling(100, "a", 20), format: "audio" }));
    expect(shown).toContain("dependentLimits");
    expect(shownPart(shown)).toBe("");
  });

  it("nor a JSON parameter's parse failure, whose excerpt the parser cuts", () => {
    const meta = addBook.params.find((p) => p.name === "meta")!;
    // The parser quotes the text from its start, cut after a few characters past the token it refused.
    for (let at = 0; at < 10; at++) {
      const checked = checkJson(meta, `{"a": ${"t".repeat(at)}${KEY}${"x".repeat(150)}`, [KEY]);
      expect("issue" in checked && checked.issue.message).toContain("is not valid JSON");
      expect("issue" in checked && shownPart(checked.issue.message)).toBe("");
    }
  });
});
