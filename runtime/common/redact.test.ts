// Redaction: every form a secret can take is replaced, and the forms that are
// detected in a reply are the same ones that are replaced.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { executeTool } from "../../test-support/runtime/packages.js";
import { executeToolDefinition } from "../execute/execute.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { isSecretLength, mentionsSecret, redact, redactDeep, REDACTED, SECRET_MIN_LENGTH } from "./redact.js";

const BOOKS_KEY = "AIzaRedactTestKey0001";
const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;

/** A character as `\\uXXXX`, as serialisers write it. */
const uEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}`;

describe("redact", () => {
  it("replaces a secret raw, URL-encoded and JSON-escaped", () => {
    const secret = 'tok"en/with\\odd&chars';
    const text = `raw ${secret} url ${encodeURIComponent(secret)} json ${JSON.stringify(secret).slice(1, -1)} end`;
    expect(redact(text, [secret])).toBe(`raw ${REDACTED} url ${REDACTED} json ${REDACTED} end`);
  });

  it("looks for each call's secrets, the last list's finders kept only while every entry is the same", () => {
    const [one, two, three] = ["zzsecret-one-1", "zzsecret-two-2", "zzsecret-three-3"];
    expect(mentionsSecret(`a ${two} b`, [one, three])).toBe(false);
    // The same length, an entry changed in the middle or at the end: the finders are made anew.
    expect(mentionsSecret(`a ${two} b`, [one, two])).toBe(true);
    expect(mentionsSecret(`a ${three} b`, [one, two])).toBe(false);
    expect(mentionsSecret(`a ${three} b`, [two, one, three])).toBe(true);
    expect(mentionsSecret(`a ${three} b`, [two, three, one])).toBe(true);
    expect(mentionsSecret(`a ${three} b`, [two, two, one])).toBe(false);
    expect(mentionsSecret(`a ${three} b`, [])).toBe(false);
  });

  it("finds a key new on each call in its base64 forms: each alignment, standard and URL-safe where differing", () => {
    // `?` and `>` make base64 `/` and `+` at every alignment; `zq-key` makes neither: the URL-safe form is the standard
    // one there, which a parsed output holds as it is.
    const b64 = (text: string) => btoa(text).replace(/=+$/, "");
    const urlSafe = (text: string) => b64(text).replaceAll("+", "-").replaceAll("/", "_");
    for (const [n, stem] of ["zq??>>key-", "zq-plain-key-"].entries()) {
      for (const head of ["", "a", "ab"]) {
        for (const form of [b64, urlSafe]) {
          // A secret the process has not seen: its finder made anew.
          const secret = `${stem}${n}${head.length}${form.name}`;
          const text = `Basic ${form(`${head}${secret}`)}`;
          const output = { echo: [{ auth: text }], other: "zq" };
          expect(mentionsSecret(output, [secret]), text).toBe(true);
          // Replaced but for the characters at its ends that carry bits of the bytes around it (base64Cores).
          const out = redactDeep(output, [secret]);
          expect(out.echo[0]?.auth, text).toMatch(/^Basic .{0,3}\[redacted\].{0,3}$/);
          expect(out.other).toBe("zq");
        }
      }
    }
    // The standard forms hold `+` and `/` where the URL-safe ones hold `-` and `_`: both were looked for.
    expect(b64("zq??>>key-0")).toMatch(/[+/]/);
    expect(urlSafe("zq??>>key-0")).toMatch(/[-_]/);
  });

  it("redacts every form that mentionsSecret detects", () => {
    const secret = 'k"e\\y/+&=0001';
    for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
      expect(mentionsSecret(`x${form}x`, [secret]), form).toBe(true);
      expect(redact(`x${form}x`, [secret]), form).toBe(`x${REDACTED}x`);
    }
  });

  it("takes a caller's secret holding half a surrogate pair (no URL form) without throwing", () => {
    const secret = "ab\ud800cd-caller-secret";
    expect(() => mentionsSecret({ a: "nothing here", b: ["b"] }, [secret])).not.toThrow();
    expect(mentionsSecret(`a ${secret} b`, [secret])).toBe(true);
    expect(redact(`a ${secret} b`, [secret])).toBe(`a ${REDACTED} b`);
  });
});

describe("matches that start on a surrogate pair or overlap", () => {
  it("finds a secret that starts with a character outside the BMP, twice, and stops", () => {
    const secret = "😀zq-astral-secret";
    expect(redact(`a ${secret}${secret} b`, [secret])).toBe(`a ${REDACTED} b`);
  });

  it("redacts two secrets that overlap in the text as one range: no tail of either is left", () => {
    const [first, second] = ["zq-left-overlap-", "overlap-right-zq"];
    expect(redact(`<zq-left-overlap-right-zq>`, [first, second])).toBe(`<${REDACTED}>`);
  });

  it("takes a long secret (a private key's text) and finds it JSON-escaped", () => {
    const key =
      `-----BEGIN PRIVATE KEY-----\n${"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC".repeat(40)}\n-----END PRIVATE ` + `KEY-----\n`;
    expect(redact(`{"key":${JSON.stringify(key)}}`, [key])).toBe(`{"key":"${REDACTED}"}`);
  });
});

describe("a secret encoded more than once, in hex, or as base64 that ends the encoded bytes", () => {
  const secret = "Zq_live+ab/cd=ef&gh";
  /** A redirect's `location` that carries the request's address, its query's key already percent-encoded once. */
  const nested = (layers: number) => {
    let url = `/zq/items?clientKey=${encodeURIComponent(secret)}`;
    for (let n = 1; n < layers; n++) url = `http://127.0.0.1/login?next=${encodeURIComponent(url)}`;
    return url;
  };
  const decodedLayers = (text: string) => {
    const out = [text];
    for (let n = 0; n < 5; n++) out.push(decodeURIComponent((out.at(-1) ?? "").replaceAll("+", " ")));
    return out;
  };

  it.each([1, 2, 3, 4])("is redacted percent-encoded %i times over: no decoding of the text gives it back", (n) => {
    const text = nested(n);
    expect(mentionsSecret(text, [secret])).toBe(true);
    const out = redact(text, [secret]);
    expect(out).toContain(REDACTED);
    for (const decoded of decodedLayers(out)) expect(decoded).not.toContain("Zq_live");
  });

  it("is redacted as its UTF-8 bytes in hex, lower, upper or mixed case", () => {
    const hexed = [...new TextEncoder().encode(secret)].map((b) => b.toString(16).padStart(2, "0")).join("");
    for (const form of [hexed, hexed.toUpperCase(), `${hexed.slice(0, 10)}${hexed.slice(10).toUpperCase()}`]) {
      expect(mentionsSecret({ echo: `digest ${form}.` }, [secret]), form).toBe(true);
      expect(redact(`digest ${form}.`, [secret]), form).toBe(`digest ${REDACTED}.`);
    }
  });

  it("is redacted as base64 that it ends, through the last character and the padding, at every alignment", () => {
    for (const head of ["", "a", "ab", "abc"]) {
      const padded = btoa(`${head}${secret}`);
      for (const form of [padded, padded.replace(/=+$/, ""), padded.replaceAll("+", "-").replaceAll("/", "_")]) {
        // Only the characters that carry bits of the head are left: nothing after it.
        const left = redact(`Basic ${form}`, [secret]).match(/^Basic (.*)\[redacted\]$/)?.[1];
        expect(left?.length, form).toBeLessThanOrEqual(Math.ceil((head.length * 8) / 6));
      }
      // In a query parameter, its `+`, `/` and `=` percent-encoded.
      expect(redact(`a=${encodeURIComponent(padded)}&b`, [secret])).toMatch(/^a=.{0,4}\[redacted\]&b$/);
    }
  });
});

describe("a secret that holds a percent escape itself, echoed in a JSON string", () => {
  // Found by the property test (seed -773115813): decoding the JSON escapes and the percent runs in one pass read `%4a`
  // as `J`.
  const secret = "%4aa\\raaa";
  it.each([
    ["its backslash escaped", `{"echo":"%4aa\\\\raaa"}`],
    ["its percent sign written \\u0025 once, the other left as it is", `{"echo":"\\u00254aa\\\\raaa%4a"}`],
  ])("is found and redacted: %s", (_, text) => {
    expect(mentionsSecret(text, [secret])).toBe(true);
    expect(redact(text, [secret])).toMatch(/^\{"echo":"\[redacted\]/);
  });
});

describe("a call with such a caller's secret", () => {
  it("returns its result (a tool never throws, whatever the caller's secrets)", async () => {
    const { fetch } = scriptedFetch(json(200, { kind: "books#volume", id: "v1", volumeInfo: { title: "Dune" } }));
    const result = await executeTool(
      "books_get_volume",
      { apiKey: BOOKS_KEY, volumeId: "v1" },
      { fetch, secrets: ["ab\ud800cd-caller-secret"] },
    );
    expect(result).toEqual({
      success: true,
      output: { data: { kind: "books#volume", id: "v1", volumeInfo: { title: "Dune" } }, metadata: { id: "v1" } },
    });
  });
});

describe("a secret echoed in another form (issue 24, D4)", () => {
  const secret = "tok/en-Secret-7f3a9c";
  const basic = (user: string) => btoa(`${user}:${secret}`);
  for (const [label, text] of [
    ["JSON-escaped solidus", JSON.stringify({ echo: secret }).replace(/\//g, "\\/")],
    // As serialisers escape: every character but letters and digits (Go's "\u003c", PHP's "\/").
    ["\\u escapes", `{"echo":"${[...secret].map((c) => (/[A-Za-z0-9]/.test(c) ? c : uEscape(c))).join("")}"}`],
    ["upper case", `invalid key ${secret.toUpperCase()}`],
    ["lower case, URL-encoded", `key=${encodeURIComponent(secret.toLowerCase())}`],
    ["base64, as in a Basic header", `Authorization: Basic ${basic("ada")}`],
    ["base64 at another alignment", `Basic ${basic("adam")} and ${basic("al")}`],
    ["URL-safe base64", `token=${btoa(secret).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`],
  ] as const) {
    it(`is detected and redacted: ${label}`, () => {
      expect(mentionsSecret(text, [secret])).toBe(true);
      const out = redact(text, [secret]);
      expect(out).toContain(REDACTED);
      expect(out.toLowerCase()).not.toContain(secret.toLowerCase());
      // Nothing of it survives decoding either: the JSON text, or any base64 run in it.
      expect(JSON.stringify(JSON.parse(`"${out.replace(/"/g, "'")}"`)).toLowerCase()).not.toContain(
        secret.toLowerCase(),
      );
      for (const run of out.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) expect(safeAtob(run)).not.toContain(secret);
    });
  }

  it("is found escaped when it holds characters outside ASCII (a caller's secret)", () => {
    const own = "pässwörd-€-secret";
    const text = JSON.stringify({ echo: own }).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    expect(redact(text, [own])).toBe(`{"echo":"${REDACTED}"}`);
    expect(redact(`q=${encodeURIComponent(own)}`, [own])).toBe(`q=${REDACTED}`);
  });

  it("leaves text that only shares letters with it alone", () => {
    const text = "tok en secret 7f3a9c, token-secret";
    expect(mentionsSecret(text, [secret])).toBe(false);
    expect(redact(text, [secret])).toBe(text);
  });

  it("keeps it out of outputs parsed from an escaped reply, and out of errors", async () => {
    const key = "AIza/RedactTestKey0003";
    const escaped = JSON.stringify({
      kind: "books#volume",
      id: "v1",
      volumeInfo: { title: `for ${key}`, description: `key ${key.toUpperCase()}` },
    }).replace(/\//g, "\\/");
    const ok = await executeTool(
      "books_get_volume",
      { apiKey: key, volumeId: "v1" },
      {
        fetch: scriptedFetch(new Response(escaped, { status: 200, headers: { "content-type": "application/json" } }))
          .fetch,
      },
    );
    expect(ok.success).toBe(true);
    expect(JSON.stringify(ok).toLowerCase()).not.toContain(key.toLowerCase());
    const echoed = {
      error: { code: 400, message: `bad credentials ${btoa(`user:${key}`)}`, status: "INVALID_ARGUMENT" },
    };
    const failed = await executeTool(
      "books_get_volume",
      { apiKey: key, volumeId: "v1" },
      { fetch: scriptedFetch(json(400, echoed)).fetch },
    );
    expect(failed.success).toBe(false);
    if (failed.success) return;
    expect(failed.error.message).toContain(REDACTED);
    for (const run of failed.error.message.match(/[A-Za-z0-9+/]{8,}={0,2}/g) ?? [])
      expect(safeAtob(run)).not.toContain(key);
  });
});

function safeAtob(text: string): string {
  try {
    return atob(
      text
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(text.length / 4) * 4, "="),
    );
  } catch {
    return "";
  }
}

describe("a value shorter than a credential can be (issue 24, item 11)", () => {
  it("is not redacted: every word holding its letters would be garbled", () => {
    const text = 'find_books: unknown block type "bookz"';
    expect(redact(text, ["k"])).toBe(text);
    expect(redactDeep({ message: text }, ["k", "z"])).toEqual({ message: text });
    expect(mentionsSecret(text, ["k"])).toBe(false);
  });

  it("is refused as a caller's secret before any request, without being shown", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const result = await executeToolDefinition(
      getBook,
      { apiKey: "shelf-key-7f3a9c2e51", bookId: "b1" },
      { fetch, secrets: ["AIzaLongEnoughSecret1", "k1"] },
    );
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "secrets", rule: "minLength" },
    });
    expect(JSON.stringify(result)).not.toContain('"k1"');
    expect(seen).toHaveLength(0);
  });
});

describe("a value nested past the nesting limit (an answer nested thousands deep)", () => {
  const nested = (depth: number, inner: unknown) => {
    let v = inner;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };
  const SECRET = "shelf-key-deep-0123456789";

  it(
    "is searched and redacted without running out of stack: the part past the limit withheld, " +
      "as it may hold a secret",
    () => {
      const deep = { id: "b-1", meta: nested(20_000, SECRET) };
      expect(mentionsSecret(deep, [SECRET])).toBe(true);
      const redacted = redactDeep(deep, [SECRET]) as { id: string; meta: unknown };
      expect(redacted.id).toBe("b-1");
      // Levels 1 (the object) to 100 kept, the array at level 101 withheld.
      expect(redacted.meta).toEqual(nested(99, REDACTED));
      expect(JSON.stringify(redacted)).not.toContain(SECRET);
      // At the limit, searched to the end.
      expect(mentionsSecret({ meta: nested(99, "nothing secret") }, [SECRET])).toBe(false);
      expect(redactDeep({ meta: nested(99, SECRET) }, [SECRET])).toEqual({ meta: nested(99, REDACTED) });
    },
  );

  it("in an answer a call reads into an output: the call returns, never throws", async () => {
    const { fetch } = scriptedFetch(
      () =>
        new Response(`{"id":"b-1","state":"ready","meta":${"[".repeat(20_000)}"x"${"]".repeat(20_000)}}`, {
          headers: { "content-type": "application/json" },
        }),
    );
    const result = await executeToolDefinition(getBook, { apiKey: SECRET, bookId: "b1" }, { fetch });
    expect(result).toMatchObject({ success: true, output: { state: "ready" } });
    expect(JSON.stringify(result)).toContain(`"meta":${"[".repeat(98)}"${REDACTED}"`);
  });
});

describe("a secret's length, in characters", () => {
  it("counts characters, not UTF-16 units, at every length around the bound and its double", () => {
    const wide = "\u{1F511}"; // two units, one character
    for (let chars = 1; chars <= 3 * SECRET_MIN_LENGTH; chars++) {
      for (const unit of ["k", wide]) {
        const value = unit.repeat(chars);
        expect(isSecretLength(value), `${chars} × ${unit === "k" ? "one-unit" : "two-unit"} characters`).toBe(
          chars >= SECRET_MIN_LENGTH,
        );
        // Mixed: half the characters of two units.
        const mixed = Array.from({ length: chars }, (_, i) => (i % 2 ? wide : "k")).join("");
        expect(isSecretLength(mixed), `${chars} mixed characters`).toBe(chars >= SECRET_MIN_LENGTH);
      }
    }
  });
});
