// Redaction, property-based (issue 28, item 1): made-up secrets, each echoed in
// a random encoding — JSON-escaped in any mix (a letter as `\u0041`), URL-encoded
// in any mix (`%41`, `+` for a space), case-changed, base64 at any alignment,
// standard or URL-safe, inside a Basic header — are detected, and once
// redacted no decoding of the text gives the secret back; the same through a
// call whose reply echoes the secret (parsed values redacted whatever the text).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { mentionsSecret, REDACTED, redact, redactDeep, secretExpression } from "./redact.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;

// Characters a secret is made of; the text around it uses none of them (`<`, `>`, `~`, `#`), so a
// match can only be the echo.
const SECRET_CHARS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  ..." /\\\"'+=&%:.-_!$()*,;?@[]^`{|}",
  "é",
  "ü",
  "€",
  "ß",
  "😀",
  "\n",
  "\t",
];
const secretArb = fc
  .array(fc.constantFrom(...SECRET_CHARS), { minLength: 8, maxLength: 40 })
  .map((chars) => chars.join(""));
const aroundArb = fc.array(fc.constantFrom("<", ">", "~", "#", " "), { maxLength: 6 }).map((c) => c.join(""));

const hex = (n: number, width: number, upper: boolean) => {
  const h = n.toString(16).padStart(width, "0");
  return upper ? h.toUpperCase() : h;
};
const utf8 = (char: string) => [...new TextEncoder().encode(char)];

type CharForm = "raw" | "unicode" | "UNICODE" | "short";
/** The secret as a JSON string's inside, each character in the chosen form (what must be escaped always is). */
function jsonEscaped(secret: string, choices: CharForm[]): string {
  const shortOf: Record<string, string> = { '"': '\\"', "\\": "\\\\", "/": "\\/", "\n": "\\n", "\t": "\\t" };
  return [...secret]
    .map((char, i) => {
      const choice = choices[i % choices.length]!;
      const unicode = (upper: boolean) =>
        [...Array(char.length).keys()].map((k) => `\\u${hex(char.charCodeAt(k), 4, upper)}`).join("");
      if (choice === "unicode" || choice === "UNICODE") return unicode(choice === "UNICODE");
      if (choice === "short" && shortOf[char]) return shortOf[char];
      if (char === '"' || char === "\\" || char < " ") return shortOf[char] ?? unicode(false);
      return char;
    })
    .join("");
}

/** The secret with each chosen character percent-encoded (hex in either case), a space as `+` or `%20`. */
function urlEncoded(secret: string, choices: number[]): string {
  return [...secret]
    .map((char, i) => {
      const choice = choices[i % choices.length]!;
      if (char === " ") return choice % 2 ? "+" : "%20";
      if (choice === 0 && /^[A-Za-z0-9._~-]$/.test(char)) return char;
      return utf8(char)
        .map((b) => `%${hex(b, 2, choice === 2)}`)
        .join("");
    })
    .join("");
}

function caseChanged(secret: string, choices: boolean[]): string {
  return [...secret].map((c, i) => (choices[i % choices.length] ? c.toUpperCase() : c.toLowerCase())).join("");
}

function base64Of(bytes: number[], urlSafe: boolean, padded: boolean): string {
  let out = btoa(String.fromCharCode(...bytes));
  if (!padded) out = out.replace(/=+$/, "");
  return urlSafe ? out.replace(/\+/g, "-").replace(/\//g, "_") : out;
}

// Decoders, each the inverse of one encoding: what redaction must leave no secret in.
function jsonDecoded(text: string): string {
  return text.replace(
    /\\u([0-9a-fA-F]{4})|\\(["\\/bfnrt])/g,
    (_, code: string | undefined, short: string | undefined) =>
      code
        ? String.fromCharCode(Number.parseInt(code, 16))
        : (({ b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as Record<string, string>)[short!] ?? short!),
  );
}
function urlDecoded(text: string): string {
  const bytes: number[] = [];
  const s = text.replace(/\+/g, " ");
  for (let i = 0; i < s.length; ) {
    if (s[i] === "%" && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      bytes.push(...utf8(String.fromCodePoint(s.codePointAt(i)!)));
      i += String.fromCodePoint(s.codePointAt(i)!).length;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
/** Every base64 run of the text decoded from each of its first four characters, standard and URL-safe alike. */
function base64Decodings(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
    for (let start = 0; start < 4; start++) {
      const part = run.slice(start).replace(/-/g, "+").replace(/_/g, "/");
      const whole = part.slice(0, part.length - (part.length % 4));
      try {
        out.push(new TextDecoder().decode(Uint8Array.from(atob(whole), (c) => c.charCodeAt(0))));
      } catch {
        // not base64 from there
      }
    }
  }
  return out;
}

const holds = (decoded: string, secret: string) => decoded.toLowerCase().includes(secret.toLowerCase());

const RUNS = { numRuns: 300 };
// Where each mistake planted in redact.ts that a property finds (a `%2b` form, a JSON short escape, a base64
// alignment or tail, a surrogate pair's escapes, the hex form, a character beyond ASCII percent-encoded dropped) was
// found within 65 runs in each of ten seeds: 100 runs. The plain-text check's mistake took up to 293 runs, and
// nothing planted was found by the case-changed or no-secret properties: those keep 300.
const FOUND_RUNS = { numRuns: 100 };

describe("a secret echoed in any encoding", () => {
  it("JSON-escaped in any mix: detected, and redacted so that no decoding shows it", () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.constantFrom<CharForm>("raw", "unicode", "UNICODE", "short"), { minLength: 1, maxLength: 8 }),
        aroundArb,
        aroundArb,
        (secret, choices, before, after) => {
          const text = `${before}{"echo":"${jsonEscaped(secret, choices)}"}${after}`;
          expect(mentionsSecret(text, [secret])).toBe(true);
          const out = redact(text, [secret]);
          expect(out).toBe(`${before}{"echo":"${REDACTED}"}${after}`);
          expect(holds(jsonDecoded(out), secret)).toBe(false);
          // The parsed value, redacted on its own.
          expect(JSON.parse(text.slice(before.length, text.length - after.length)).echo).toBe(secret);
          expect(redactDeep(JSON.parse(text.slice(before.length, text.length - after.length)), [secret])).toEqual({
            echo: REDACTED,
          });
        },
      ),
      FOUND_RUNS,
    );
  });

  it("URL-encoded in any mix (any character, hex in either case, + for a space): redacted", () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        aroundArb,
        aroundArb,
        (secret, choices, before, after) => {
          const text = `${before}?key=${urlEncoded(secret, choices)}&${after}`;
          expect(mentionsSecret(text, [secret])).toBe(true);
          const out = redact(text, [secret]);
          expect(out).toBe(`${before}?key=${REDACTED}&${after}`);
          expect(holds(urlDecoded(out), secret)).toBe(false);
        },
      ),
      FOUND_RUNS,
    );
  });

  it("URL-encoded in any mix, then the address percent-encoded again up to 3 more times: redacted", () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        (secret, choices, layers) => {
          let text = `/zq?key=${urlEncoded(secret, choices)}&b`;
          for (let n = 0; n < layers; n++) text = `/login?next=${encodeURIComponent(text)}`;
          expect(mentionsSecret(text, [secret])).toBe(true);
          let out = redact(text, [secret]);
          expect(out).toContain(REDACTED);
          for (let n = 0; n <= layers; n++, out = urlDecoded(out)) expect(holds(out, secret)).toBe(false);
        },
      ),
      FOUND_RUNS,
    );
  });

  it("as its UTF-8 bytes in hex, either case: redacted", () => {
    fc.assert(
      fc.property(secretArb, fc.boolean(), aroundArb, (secret, upper, around) => {
        const hexed = utf8(secret)
          .map((b) => hex(b, 2, upper))
          .join("");
        expect(redact(`${around}${hexed}${around}`, [secret])).toBe(`${around}${REDACTED}${around}`);
      }),
      FOUND_RUNS,
    );
  });

  it("JSON escapes, percent-encoding and case changes mixed in one echo: redacted", () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        aroundArb,
        (secret, choices, before) => {
          const echoed = [...secret]
            .map((char, i) => {
              const choice = choices[i % choices.length]!;
              // As an encoder writes them: the escape characters themselves are always escaped.
              if (char === "\\") return "\\\\";
              if (char === "%") return "%25";
              if (choice === 1) return jsonEscaped(char, ["unicode"]);
              if (choice === 2) return urlEncoded(char, [char === " " ? 1 : 2]);
              if (choice === 3 && char.toUpperCase().length === 1) return char.toUpperCase();
              return char;
            })
            .join("");
          const text = `${before}${echoed}${before}`;
          expect(mentionsSecret(text, [secret])).toBe(true);
          expect(redact(text, [secret])).toBe(`${before}${REDACTED}${before}`);
        },
      ),
      FOUND_RUNS,
    );
  });

  it("case-changed (letters in any case): redacted", () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        aroundArb,
        (secret, choices, before) => {
          const echoed = caseChanged(secret, choices);
          // A case change that changes a character's length (ß → SS) is another text, not the secret.
          fc.pre([...echoed].length === [...secret].length);
          const text = `${before}invalid key ${echoed}${before}`;
          expect(mentionsSecret(text, [secret])).toBe(true);
          const out = redact(text, [secret]);
          expect(out).toBe(`${before}invalid key ${REDACTED}${before}`);
        },
      ),
      RUNS,
    );
  });

  it(
    "base64 at any alignment, standard or URL-safe, padded or not (a Basic header's user:secret): " +
      "no run decodes to it",
    () => {
      fc.assert(
        fc.property(
          secretArb,
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 5 }),
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 5 }),
          fc.boolean(),
          fc.boolean(),
          (secret, head, tail, urlSafe, padded) => {
            const encoded = base64Of([...head, ...new TextEncoder().encode(secret), ...tail], urlSafe, padded);
            const text = `Authorization: Basic ${encoded}`;
            expect(mentionsSecret(text, [secret])).toBe(true);
            const out = redact(text, [secret]);
            expect(out).toContain(REDACTED);
            for (const decoded of base64Decodings(out)) expect(holds(decoded, secret)).toBe(false);
            // Where it ends the bytes, nothing after it is left: its last character and the padding redacted too.
            if (!tail.length) expect(out.endsWith(REDACTED)).toBe(true);
          },
        ),
        FOUND_RUNS,
      );
    },
  );

  it("as a Basic header's user:secret: redacted", () => {
    fc.assert(
      fc.property(secretArb, fc.stringMatching(/^[a-z]{0,8}$/), (secret, user) => {
        const text = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${secret}`)))}`;
        const out = redact(text, [secret]);
        expect(out).toContain(REDACTED);
        for (const decoded of base64Decodings(out)) expect(holds(decoded, secret)).toBe(false);
      }),
      FOUND_RUNS,
    );
  });

  it(
    "is looked for by its expression in every text that could hold it: the plain-text check before it rules out " +
      "none that does",
    () => {
      // Near echoes of an ASCII secret: each character in another case, a `+` or a space for either, a look-alike
      // beyond ASCII (the Kelvin sign, a long s, a dotted capital I, which lower-case to ASCII or fold to it under
      // Unicode's rules), percent- or JSON-escaped, or left out; between characters the text around a secret uses.
      // Mostly the characters those forms change, so that a run seldom misses them.
      const asciiSecret = fc
        .array(
          fc.oneof(
            fc.constantFrom(..."ksiKS++ a"),
            fc.constantFrom(...SECRET_CHARS.filter((c) => c.length === 1 && c < "\u0080")),
          ),
          { minLength: 8, maxLength: 24 },
        )
        .map((c) => c.join(""));
      const LOOK_ALIKE: Record<string, string> = { k: "\u212a", s: "\u017f", i: "\u0130", " ": "+", "+": " " };
      // An escape or a dropped character makes the check defer to the expression, or the echo no echo: less often.
      const form = fc.oneof(
        { arbitrary: fc.constantFrom("same", "upper", "lower", "look-alike"), weight: 8 },
        { arbitrary: fc.constantFrom("percent", "json", "dropped"), weight: 1 },
      );
      fc.assert(
        fc.property(
          asciiSecret,
          fc.array(form, { minLength: 1, maxLength: 12 }),
          aroundArb,
          aroundArb,
          (secret, forms, before, after) => {
            const echo = [...secret]
              .map((c, i) => {
                const f = forms[i % forms.length]!;
                if (f === "upper") return c.toUpperCase();
                if (f === "lower") return c.toLowerCase();
                if (f === "look-alike") return LOOK_ALIKE[c.toLowerCase()] ?? c;
                if (f === "percent") return `%${hex(c.charCodeAt(0), 2, false)}`;
                if (f === "json") return `\\u${hex(c.charCodeAt(0), 4, true)}`;
                return f === "dropped" ? "" : c;
              })
              .join("");
            const text = `${before}${echo}${after}`;
            expect(mentionsSecret(text, [secret])).toBe(secretExpression(secret).test(text));
            expect(redact(text, [secret]) !== text).toBe(secretExpression(secret).test(text));
          },
        ),
        RUNS,
      );
    },
  );

  it("leaves a text without the secret as it is", () => {
    fc.assert(
      fc.property(secretArb, fc.string({ maxLength: 60 }), (secret, text) => {
        fc.pre(!mentionsSecret(text, [secret]));
        expect(redact(text, [secret])).toBe(text);
      }),
      RUNS,
    );
  });
});

describe("a call whose reply echoes a secret JSON-escaped in any mix", () => {
  it("returns outputs and errors without it (parsed values redacted whatever the text matched)", async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        fc.array(fc.constantFrom<CharForm>("raw", "unicode", "UNICODE", "short"), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (secret, choices, failing) => {
          const escaped = jsonEscaped(secret, choices);
          const body = failing
            ? `{"error":{"code":"BAD","message":"key ${escaped} refused"}}`
            : `{"id":"b1","title":"for ${escaped}","state":"ready"}`;
          const { fetch } = scriptedFetch(
            new Response(body, { status: failing ? 400 : 200, headers: { "content-type": "application/json" } }),
          );
          const result = await executeToolDefinition(
            getBook,
            { apiKey: "shelf-key-7f3a9c2e51", bookId: "b1" },
            { fetch, secrets: [secret], retries: 0 },
          );
          expect(result.success).toBe(!failing);
          const shown = JSON.stringify(result);
          expect(shown).toContain(REDACTED);
          expect(holds(JSON.parse(shown) && jsonDecoded(shown), secret)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });
});
