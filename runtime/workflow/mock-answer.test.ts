// A mock answer asked out of band: as Prism's query keys after the request's
// own query, never in a header the API may declare for itself (`Prefer`).
import { describe, expect, it } from "vitest";
import { MOCK_STEERING_KEYS, mockWords, readMockWords, withMockSteering } from "./mock-answer.js";

describe("a mock answer asked out of band", () => {
  it("goes as Prism's query keys after the address's own query, before its fragment", () => {
    expect(withMockSteering("http://127.0.0.1:1/orders?limit=2", "code=400, example=card_declined")).toBe(
      "http://127.0.0.1:1/orders?limit=2&__code=400&__example=card_declined",
    );
    expect(withMockSteering("http://127.0.0.1:1/orders#top", "code=404")).toBe(
      "http://127.0.0.1:1/orders?__code=404#top",
    );
    expect(withMockSteering("http://127.0.0.1:1/orders", "")).toBe("http://127.0.0.1:1/orders");
  });

  it("uses only the keys the mock takes out before its judge reads the request", () => {
    const url = new URL(withMockSteering("http://127.0.0.1:1/x", "code=201, example=a b, dynamic=true, seed=7"));
    expect([...url.searchParams.keys()].every((k) => MOCK_STEERING_KEYS.includes(k))).toBe(true);
    expect(url.searchParams.get("__example")).toBe("a b");
  });

  it("asks for an example whose name holds a comma, quotes or a backslash by its whole name", () => {
    for (const name of ['Zq-like, details set to "txids"', 'a\\b = "c", d', " outer ", "plain name"]) {
      const words = mockWords(200, name);
      expect(readMockWords(words), words).toEqual([
        ["code", "200"],
        ["example", name],
      ]);
      expect(new URL(withMockSteering("http://127.0.0.1:1/x", words)).searchParams.get("__example")).toBe(name);
    }
    expect(mockWords(404, "plain_name")).toBe("code=404, example=plain_name");
  });
});
