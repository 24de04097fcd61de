// The mock's guard for Accept and Content-Type values that are not media types.
import { describe, expect, it } from "vitest";
import { isMediaType } from "../load/media-types.js";
import { mediaTypesProblem, withPlainJson } from "./media-types.js";

describe("mediaTypesProblem", () => {
  it("lets media types through, with parameters, quoted values and Accept lists", () => {
    for (const value of [
      "application/json",
      "application/vnd.zq-widgets+json;version=2",
      'text/plain; charset="utf-8"',
      "text/html, application/xhtml+xml;q=0.9, */*;q=0.8",
      "",
      undefined,
    ]) {
      expect(mediaTypesProblem(value, true)).toBeUndefined();
    }
  });

  it("names the first entry that is not one", () => {
    expect(mediaTypesProblem("example", true)).toBe("example");
    expect(mediaTypesProblem("application/json, zq widgets", true)).toBe("zq widgets");
    expect(mediaTypesProblem("application/json;", false)).toBe("application/json;");
    expect(mediaTypesProblem("application/json;version", false)).toBe("application/json;version");
    expect(mediaTypesProblem("a/b, c/d", false)).toBe("a/b, c/d");
  });
});

describe("withPlainJson", () => {
  it("adds plain JSON, least preferred, to an Accept of JSON-suffixed types only", () => {
    expect(withPlainJson("application/vnd.zqwidgets+json;version=2")).toBe(
      "application/vnd.zqwidgets+json;version=2, application/json;q=0.01",
    );
    expect(withPlainJson("application/vnd.zqwidgets+json, application/problem+json")).toBe(
      "application/vnd.zqwidgets+json, application/problem+json, application/json;q=0.01",
    );
  });

  it("leaves any other Accept as it is", () => {
    for (const value of [
      "application/json",
      "*/*",
      "application/vnd.zqwidgets+json, text/csv",
      "application/xml",
      "",
      undefined,
    ])
      expect(withPlainJson(value)).toBeUndefined();
  });
});

describe("isMediaType", () => {
  it("tells a content map's media types from other keys", () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "*/*", "application/vnd.zq+json"])
      expect(isMediaType(type), type).toBe(true);
    for (const key of ["code", "json", "application/", "application/json;"]) expect(isMediaType(key), key).toBe(false);
  });
});
