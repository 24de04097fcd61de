// Redaction: every form a secret can take is replaced, and the forms that are
// detected in a reply are the same ones that are replaced.
import { describe, expect, it } from "vitest";
import { executeTool } from "../contract-tests/repo.js";
import { json, scriptedFetch } from "../contract-tests/scripted-fetch.js";
import { redact, REDACTED, repliesMention } from "./redact.js";

const BOOKS_KEY = "AIzaRedactTestKey0001";

describe("redact", () => {
  it("replaces a secret raw, URL-encoded and JSON-escaped", () => {
    const secret = 'tok"en/with\\odd&chars';
    const text = `raw ${secret} url ${encodeURIComponent(secret)} json ${JSON.stringify(secret).slice(1, -1)} end`;
    expect(redact(text, [secret])).toBe(`raw ${REDACTED} url ${REDACTED} json ${REDACTED} end`);
  });

  it("redacts every form that repliesMention detects", () => {
    const secret = 'k"e\\y/+&=0001';
    for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
      expect(repliesMention(`x${form}x`, undefined, [secret]), form).toBe(true);
      expect(redact(`x${form}x`, [secret]), form).toBe(`x${REDACTED}x`);
    }
  });

  it("takes a caller's secret holding half a surrogate pair (no URL form) without throwing", () => {
    const secret = "ab\ud800cd-caller-secret";
    expect(() => repliesMention("nothing here", new Headers({ a: "b" }), [secret])).not.toThrow();
    expect(repliesMention(`a ${secret} b`, undefined, [secret])).toBe(true);
    expect(redact(`a ${secret} b`, [secret])).toBe(`a ${REDACTED} b`);
  });
});

describe("a call with such a caller's secret", () => {
  it("returns its result (a tool never throws, whatever the caller's secrets)", async () => {
    const { fetch } = scriptedFetch(json(200, { kind: "books#volume", id: "v1", volumeInfo: { title: "Dune" } }));
    const result = await executeTool("books_get_volume", { apiKey: BOOKS_KEY, volumeId: "v1" }, { fetch, secrets: ["ab\ud800cd-caller-secret"] });
    expect(result).toEqual({ success: true, output: { data: { kind: "books#volume", id: "v1", volumeInfo: { title: "Dune" } }, metadata: { id: "v1" } } });
  });
});
