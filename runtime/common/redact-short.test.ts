// A secret under SECRET_MIN_LENGTH that its document allows (a 4-digit PIN) is withheld as a whole value only: as a
// substring, `1234` garbled every number, date and id holding its digits. Every form a longer secret is found in
// (JSON escapes, percent escapes of any layer, hex, base64) is looked for, bounded as a token.
import { describe, expect, it } from "vitest";
import { mentionsSecret, redact, redactDeep, REDACTED } from "./redact.js";

const PIN = ["1234"];

describe("a short secret", () => {
  it("is withheld as a whole token in every form", () => {
    const cases: [string, string][] = [
      ['{"pin":"1234"}', `{"pin":"${REDACTED}"}`],
      ["pin=1234&x=1", `pin=${REDACTED}&x=1`],
      ["?pin=%31%32%33%34", `?pin=${REDACTED}`],
      ['"\\u0031234"', `"${REDACTED}"`],
      ['"\\n1234"', `"\\n${REDACTED}"`],
      ["a%201234", `a%20${REDACTED}`],
      ["x-1234-y", `x-${REDACTED}-y`],
      ["Basic MTIzNA==", `Basic ${REDACTED}`],
      ["t=MTIzNA;", `t=${REDACTED};`],
      ["?pin=%2531%2532%2533%2534", `?pin=${REDACTED}`],
      ["hex 31323334.", `hex ${REDACTED}.`],
    ];
    for (const [text, out] of cases) expect(redact(text, PIN), text).toBe(out);
  });

  it("leaves a longer token holding it as it is", () => {
    for (const text of ["12345", "a1234", "1234b", "2024-11234", "xMTIzNAy", "order 112340", "a31323334"])
      expect(redact(text, PIN), text).toBe(text);
    expect(mentionsSecret({ n: 12345, s: "a1234" }, PIN)).toBe(false);
  });

  it("is withheld as a JSON number equal to it, and a key", () => {
    expect(redactDeep({ pin: 1234, other: 12345, list: ["1234"], "1234": 1 }, PIN)).toEqual({
      pin: REDACTED,
      other: 12345,
      list: [REDACTED],
      [REDACTED]: 1,
    });
  });

  it("with non-word edges is bounded only where it ends in a word character", () => {
    expect(redact("p@ss and p@ssword and x!p@ss", ["p@ss"])).toBe(`${REDACTED} and p@ssword and x!${REDACTED}`);
  });

  it("is not looked for under 4 characters", () => {
    expect(redact("a 123 b", ["123"])).toBe("a 123 b");
  });
});
