// The request head's bound (limits.requestHeadBytes): checked on the address as serialised, exactly, whenever the
// most its text could take serialised passes the limit (request-size.ts: no parsing below that bound).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { requestHeadBytes, requestSizeIssue } from "./request-size.js";
import type { HttpRequest } from "./transport.js";

const plain = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const limited = (limit: number): ToolSpec => ({ ...plain, server: { ...plain.server, requestHeadBytes: limit } });
const request = (url: string): HttpRequest => ({
  method: "GET",
  url,
  headers: { Authorization: "Bearer zq-token-0123456789" },
});

describe("a request head against limits.requestHeadBytes", () => {
  // Each `é` of the text is 6 bytes serialised (%C3%A9); `/./` and a default port are dropped.
  const cases = {
    "plain ASCII": "https://api.shelf.test/books/b1?q=dune",
    "characters percent-encoded once serialised":
      `https://api.shelf.test/books/` + `${"é".repeat(300)}?q=${"é".repeat(200)}`,
    "a text longer than it is serialised": "https://API.shelf.test:443/./books/./b1?q=dune",
  };
  it.each(Object.entries(cases))("refuses one byte past the limit and takes the limit itself: %s", (_, url) => {
    const exact = requestHeadBytes(request(url));
    const serialised = new URL(url);
    expect(exact).toBe(
      `GET ${serialised.pathname}${serialised.search} HTTP/1.1\r\nhost: ${serialised.host}\r\n`.length +
        "Authorization: Bearer zq-token-0123456789\r\n".length +
        256 +
        2,
    );
    expect(requestSizeIssue(limited(exact), request(url), {}, new Set(), undefined)).toBeUndefined();
    expect(requestSizeIssue(limited(exact - 1), request(url), {}, new Set(), undefined)).toMatchObject({
      rule: "requestSize",
      message: expect.stringContaining(`would take ${exact} bytes, more than the ${exact - 1}`),
    });
  });
});

describe("a key sent as its base64 (auth.encode) against limits.requestHeadBytes", () => {
  it("counts the key as its base64 when naming the parameter that takes the most room", () => {
    const key = "k".repeat(300);
    const bookId = "b".repeat(350);
    const tool: ToolSpec = {
      ...limited(200),
      auth: { type: "header", name: "X-Shelf-Key", param: "apiKey", encode: "base64" },
    };
    const sent: HttpRequest = {
      method: "GET",
      url: `https://api.shelf.test/books/${bookId}`,
      headers: { "X-Shelf-Key": btoa(key) },
    };
    // 400 bytes of base64 on the wire, past the 350 of the address's bookId (the key's own text is 300).
    expect(requestSizeIssue(tool, sent, { apiKey: key, bookId }, new Set(), undefined)).toMatchObject({
      param: "apiKey",
      message: expect.stringContaining("apiKey takes 400 of them"),
    });
  });
});
