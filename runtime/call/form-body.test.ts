// Form bodies as OpenAPI's encoding rules say, field by field.
import { describe, expect, it } from "vitest";
import { encodeForm } from "./form-body.js";

const decoded = (body: string) => decodeURIComponent(body.replace(/\+/g, " "));

describe("form bodies", () => {
  it("send scalars as key=value, every character but the unreserved ones percent-encoded (RFC 3986)", () => {
    expect(encodeForm({ email: "ada+1@example.com", name: "Ada Lovelace (1815)*", active: true, limit: 3 })).toBe(
      "email=ada%2B1%40example.com&name=Ada%20Lovelace%20%281815%29%2A&active=true&limit=3",
    );
  });

  it("nest objects and arrays with brackets for deepObject fields", () => {
    const body = encodeForm(
      {
        address: { city: "Paris", postal_code: "75001" },
        metadata: { order: "6735", "a b": "c" },
        preferred_locales: ["fr-FR", "en"],
      },
      {
        address: { style: "deepObject", explode: true },
        metadata: { style: "deepObject", explode: true },
        preferred_locales: { style: "deepObject", explode: true },
      },
    );
    expect(body).toBe(
      "address%5Bcity%5D=Paris&address%5Bpostal_code%5D=75001&metadata%5Border%5D=6735&metadata%5Ba%20b%5D=c" +
        "&preferred_locales%5B0%5D=fr-FR&preferred_locales%5B1%5D=en",
    );
    expect(decoded(body)).toBe(
      "address[city]=Paris&address[postal_code]=75001&metadata[order]=6735&metadata[a " +
        "b]=c&preferred_locales[0]=fr-FR&preferred_locales[1]=en",
    );
  });

  it("repeat an array's key by default (form, explode), or join it as the style says", () => {
    expect(encodeForm({ tags: ["a", "b"] })).toBe("tags=a&tags=b");
    // The delimiter as it is, an item's own comma encoded: a server splitting before it decodes (OpenAPI's order) reads
    // both right.
    expect(encodeForm({ tags: ["a", "b,c"] }, { tags: { style: "form", explode: false } })).toBe("tags=a,b%2Cc");
    expect(decoded(encodeForm({ tags: ["a", "b"] }, { tags: { style: "spaceDelimited", explode: false } }))).toBe(
      "tags=a b",
    );
    expect(decoded(encodeForm({ tags: ["a", "b"] }, { tags: { style: "pipeDelimited", explode: false } }))).toBe(
      "tags=a|b",
    );
  });

  it(
    "send no pair for an empty list, in every style (RFC 6570: an empty list is undefined; " +
      "`ids=` reads as one empty item)",
    () => {
      expect(encodeForm({ ids: [], kept: "x" }, { ids: { style: "form", explode: false } })).toBe("kept=x");
      expect(encodeForm({ ids: [], kept: "x" }, { ids: { style: "pipeDelimited", explode: false } })).toBe("kept=x");
      expect(encodeForm({ ids: [], kept: "x" })).toBe("kept=x");
    },
  );

  it("spread an object's keys for form, explode; join them for form without explode", () => {
    expect(encodeForm({ color: { R: 100, G: 200 } })).toBe("R=100&G=200");
    expect(decoded(encodeForm({ color: { R: 100, G: 200 } }, { color: { style: "form", explode: false } }))).toBe(
      "color=R,100,G,200",
    );
  });

  it("send a field the document JSON-encodes (encoding.contentType) as one JSON pair, a list a pair per item", () => {
    const json = { style: "form", explode: true, json: true } as const;
    // `items`: the field's schema admits a list alone (the link's reading), so a list goes a pair per item.
    const list = { ...json, items: true } as const;
    expect(decoded(encodeForm({ to: ["a", "b"], meta: { k: [1] }, note: "hi" }, { to: list, meta: json }))).toBe(
      'to="a"&to="b"&meta={"k":[1]}&note=hi',
    );
    // A list of lists: each item its JSON; an empty list, no pair (as an exploded form list).
    expect(decoded(encodeForm({ to: [["a"], ["b", "c"]], cc: [] }, { to: list, cc: list }))).toBe(
      'to=["a"]&to=["b","c"]',
    );
    // A field that may be another kind than a list: its list as one JSON text.
    expect(decoded(encodeForm({ either: ["a", "b"] }, { either: json }))).toBe('either=["a","b"]');
  });

  it("keep bracket nesting below what a style describes, and send null as an empty value", () => {
    expect(decoded(encodeForm({ items: [{ price: "p_1", quantity: 2 }], note: null }))).toBe(
      "items[0][price]=p_1&items[0][quantity]=2&note=",
    );
    expect(encodeForm({ left: undefined, kept: "x" })).toBe("kept=x");
  });
});
