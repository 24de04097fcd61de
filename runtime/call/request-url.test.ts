// The request address: path variables filled in, the query serialised.
import { describe, expect, it } from "vitest";
import { requestUrl } from "../http/transport.js";

describe("requestUrl", () => {
  it("fills path variables percent-encoded and repeats an array's query key", () => {
    expect(requestUrl("https://api.test/v2", "/books/{id}/pages", { id: "a/b c" }, { $top: 5, tag: ["x", "y z"] })).toBe("https://api.test/v2/books/a%2Fb%20c/pages?$top=5&tag=x&tag=y%20z");
  });

  it("keeps a variable without a value as written, one named like an Object property too", () => {
    expect(requestUrl("https://api.test", "/a/{toString}/{constructor}/{id}", {}, {})).toBe("https://api.test/a/{toString}/{constructor}/{id}");
  });

  it("fills a variable named like an Object property from its own value", () => {
    expect(requestUrl("https://api.test", "/a/{toString}", { toString: "x y" }, {})).toBe("https://api.test/a/x%20y");
  });
});
