// The request address: path variables filled in, the query serialised.
import { describe, expect, it } from "vitest";
import { requestUrl } from "../http/transport.js";

describe("requestUrl", () => {
  it("fills path variables percent-encoded and repeats an array's query key", () => {
    expect(
      requestUrl("https://api.test/v2", "/books/{id}/pages", { id: "a/b c" }, { $top: 5, tag: ["x", "y z"] }),
    ).toBe("https://api.test/v2/books/a%2Fb%20c/pages?$top=5&tag=x&tag=y%20z");
  });

  it("keeps a variable without a value as written, one named like an Object property too", () => {
    expect(requestUrl("https://api.test", "/a/{toString}/{constructor}/{id}", {}, {})).toBe(
      "https://api.test/a/{toString}/{constructor}/{id}",
    );
  });

  it("writes the query after the fixed pairs a path holds (`/services?funcs=news`), one `?` in all", () => {
    expect(requestUrl("https://api.test", "/zqservices?funcs=zqnews&mobile=1", {}, { language: "US" })).toBe(
      "https://api.test/zqservices?funcs=zqnews&mobile=1&language=US",
    );
    expect(requestUrl("https://api.test", "/zqservices?funcs=zqnews", {}, {})).toBe(
      "https://api.test/zqservices?funcs=zqnews",
    );
  });

  it("fills a variable named like an Object property from its own value", () => {
    expect(requestUrl("https://api.test", "/a/{toString}", { toString: "x y" }, {})).toBe("https://api.test/a/x%20y");
  });

  it(
    "sends encoded, in a value followed in its segment by literal text (`{position}.{ext}`), " +
      "the character that text starts with: a router reads the segment as the template splits it",
    () => {
      const url = requestUrl(
        "https://api.test",
        "/geo/{position}.{ext}/{id}-{rev}",
        { position: "37.83,-122.27", ext: "x.ml", id: "a-b", rev: "1-2" },
        {},
      );
      expect(url).toBe("https://api.test/geo/37%2E83%2C-122%2E27.x.ml/a%2Db-1-2");
      // A router matching each variable up to the first literal that follows it (as Prism's does) reads each value as
      // given.
      const [, position, ext, id, rev] =
        /^https:\/\/api\.test\/geo\/([^/]*?)\.([^/]*)\/([^/]*?)-([^/]*)$/.exec(url) ?? [];
      expect([position, ext, id, rev].map((v) => decodeURIComponent(v ?? ""))).toEqual([
        "37.83,-122.27",
        "x.ml",
        "a-b",
        "1-2",
      ]);
      // A value alone in its segment, or last in it, keeps its unreserved characters as they are.
      expect(requestUrl("https://api.test", "/geo/{position}/{file}.json", { position: "1.5", file: "a.b" }, {})).toBe(
        "https://api.test/geo/1.5/a%2Eb.json",
      );
    },
  );

  it(
    "encodes the literal's first character only outside the value's percent-encoded triplets, and writes a triplet " +
      "holding that character as an upper-case hex letter in lower case (`{day}F{start}T{end}`, a value `/`)",
    () => {
      const url = requestUrl(
        "https://api.test",
        "/zqwindows/{day}F{start}T{end}",
        { day: "/F", start: "F/éT", end: "T/" },
        {},
      );
      expect(url).toBe("https://api.test/zqwindows/%2f%46FF%2F%C3%A9%54TT%2F");
      // Read as a router reads it, each variable up to the first literal after it: each value as given.
      const [, day, start, end] = /^https:\/\/api\.test\/zqwindows\/([^/]*?)F([^/]*?)T([^/]*)$/.exec(url) ?? [];
      expect([day, start, end].map((v) => decodeURIComponent(v ?? ""))).toEqual(["/F", "F/éT", "T/"]);
    },
  );
});
