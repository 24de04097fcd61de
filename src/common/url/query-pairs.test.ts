// Pairs taken out of a query or added to it leave every other pair as it was written: URLSearchParams' set, delete and
// append wrote the whole query again form-encoded (`a,b` as `a%2Cb`, one value to a server; `%20` as `+`).
import { describe, expect, it } from "vitest";
import { addQueryPairs, keepQueryPairs, queryPairs } from "./query-pairs.js";

describe("a query's pairs as written", () => {
  it("reads each pair as written, its name as a form decodes it (a malformed escape as written)", () => {
    expect(queryPairs("?zq%5Fa=x,y&zq+b=%2C&%E0=1")).toEqual([
      { name: "zq_a", text: "zq%5Fa=x,y" },
      { name: "zq b", text: "zq+b=%2C" },
      { name: "%E0", text: "%E0=1" },
    ]);
    expect(queryPairs("")).toEqual([]);
  });

  it("takes pairs out and adds others, every other pair byte for byte", () => {
    const url = new URL("http://127.0.0.1:4010/zqlist?mode=TRANSIT,WALK&__code=200&q=a%20b+c&zqtag=a&zqtag=b");
    keepQueryPairs(url, (name) => name !== "__code" && name !== "zqtag");
    addQueryPairs(url, ["zqtag=c,d", "zqtag=e"]);
    expect(url.search).toBe("?mode=TRANSIT,WALK&q=a%20b+c&zqtag=c,d&zqtag=e");
    const bare = new URL("http://127.0.0.1:4010/zqlist?zqonly=1");
    keepQueryPairs(bare, () => false);
    expect(bare.href).toBe("http://127.0.0.1:4010/zqlist");
    addQueryPairs(bare, []);
    expect(bare.href).toBe("http://127.0.0.1:4010/zqlist");
    addQueryPairs(bare, ["zqnext=x,y"]);
    expect(bare.href).toBe("http://127.0.0.1:4010/zqlist?zqnext=x,y");
  });
});
