// `upstream` given an unrelated API's document reported each operation we call gone, and nothing said why.
import { describe, expect, it } from "vitest";
import { anotherApiWarning } from "./another-api.js";
import type { UpstreamChange } from "./changes.js";

const doc = (title: string, url: string) => ({ openapi: "3.0.3", info: { title }, servers: [{ url }] });
const gone = (tool: string) => ({ kind: "api-removed", tools: [tool] }) as unknown as UpstreamChange;
const shelf = doc("Zq Shelf", "https://api.zqshelf.test/v1");
const both = [gone("zq_list"), gone("zq_get")];

describe("a newer document that is another API", () => {
  it("is said when its title and hosts differ and none of the operations we call is left", () => {
    const warning = anotherApiWarning(shelf, doc("Zq Events", "https://events.zqother.test"), both, 2);
    expect(warning).toBe(
      'the newer document looks like another API: its title "Zq Events" and hosts (events.zqother.test) are not ' +
        'the pinned document\'s ("Zq Shelf"; api.zqshelf.test), and it has none of the 2 operations we call: check ' +
        "the file before --accept, which would cut them all out",
    );
  });

  it("is not said of a version that keeps the title, a host, or an operation we call", () => {
    expect(anotherApiWarning(shelf, doc("zq shelf", "https://v2.zqshelf.test"), both, 2)).toBeUndefined();
    expect(anotherApiWarning(shelf, doc("Zq Shelf 2", "https://api.zqshelf.test/v2"), both, 2)).toBeUndefined();
    const other = doc("Zq Events", "https://events.zqother.test");
    expect(anotherApiWarning(shelf, other, [gone("zq_list")], 2)).toBeUndefined();
    expect(anotherApiWarning(shelf, other, [], 0)).toBeUndefined();
  });
});
