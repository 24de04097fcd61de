// A string parameter's check is made once per tool and parameter (string-check.ts) and run on every call: each call's
// value gets every rule of its own, whatever the calls before it gave; a definition shared by tools, or checked with no
// tool (as a header would carry it), is checked as each places it; a parameter without bounds is not counted, one with
// them is on every call.
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { checkValue, validateParams } from "./full-check.js";

const token: ParamCall = { name: "zqToken", type: "string", required: true, secret: true, wire: { in: "auth" } };
const name: ParamCall = {
  name: "zqName",
  type: "string",
  required: false,
  secret: false,
  wire: { in: "query", name: "name" },
  minLength: 2,
  maxLength: 5,
};
const file: ParamCall = {
  name: "zqFile",
  type: "string",
  required: false,
  secret: false,
  wire: { in: "path", name: "file", multiSegment: true } as ParamCall["wire"],
};

const tool = (id: string, auth: object, params: ParamCall[]) =>
  ({ id, provider: "zq", auth, params, rules: [], routes: [] }) as unknown as ToolCall;
const bearer = tool("zq_bearer", { type: "bearer", param: "zqToken" }, [token, name, file]);
const cookie = tool("zq_cookie", { type: "cookie", name: "zq_session", param: "zqToken" }, [token]);

const issues = (t: ToolCall, input: Record<string, unknown>) => {
  const checked = validateParams(t, input);
  return "issues" in checked ? checked.issues.map((i) => `${i.rule}: ${i.message}`) : [];
};

describe("a string's check, made once per tool and parameter", () => {
  it("gives each call's value every rule, whatever the calls before it gave", () => {
    for (let round = 0; round < 2; round++) {
      expect(issues(bearer, { zqToken: "zqtoken-0001", zqName: "zqab" })).toEqual([]);
      expect(issues(bearer, { zqToken: "zqtoken-0001", zqName: "z" })).toEqual([
        'minLength: zqName: must be at least 2 characters long, got "z"',
      ]);
      expect(issues(bearer, { zqToken: "zqtoken-0001", zqName: "zqabcd" })).toEqual([
        'maxLength: zqName: must be at most 5 characters long (it has 6), got "zqabcd"',
      ]);
      // Counted as characters, not UTF-16 units: two astral characters are two.
      expect(issues(bearer, { zqToken: "zqtoken-0001", zqName: "😀😀" })).toEqual([]);
      expect(issues(bearer, { zqToken: "zqtoken-é001" })).toEqual([
        "characters: zqToken: must be ASCII text (it is sent as it is in Authorization, which carries no other " +
          "character alike on every server; character 9 is outside ASCII), got (secret value withheld)",
      ]);
      expect(issues(bearer, { zqToken: "zqtoken-0001", zqFile: "zq/../etc" })).toEqual([
        'pathSegment: zqFile: must not be or hold a segment "", "." or "..", got "zq/../etc"',
      ]);
      expect(issues(bearer, { zqToken: "zqtoken-0001", zqFile: "zq/a.b/c" })).toEqual([]);
      expect(issues(bearer, { zqToken: "short" })).toEqual([
        "minLength: zqToken: must be at least 8 characters long, got (secret value withheld)",
      ]);
    }
  });

  it("checks one definition as each tool places it, and as a header carries it with no tool", () => {
    for (const order of [0, 1]) {
      const checks = [
        // A bearer token goes as its own text: ASCII only.
        () =>
          expect(issues(bearer, { zqToken: "zqtoken-é001" })[0]).toMatch(/^characters: zqToken: must be ASCII text/),
        // A cookie's value goes percent-encoded: any text but control characters.
        () => expect(issues(cookie, { zqToken: "zqtoken-é001" })).toEqual([]),
        () =>
          expect(issues(cookie, { zqToken: "zqtoken-\u0007001" })).toEqual([
            "characters: zqToken: must not contain line breaks or other control characters, got (secret value " +
              "withheld)",
          ]),
        // No tool: the value as a header would carry it (Latin-1, no control characters).
        () =>
          expect(checkValue(token, "zqtoken-\u0100001")).toEqual({
            issue: {
              param: "zqToken",
              rule: "characters",
              message:
                "zqToken: must not contain line breaks or other control characters, nor characters outside Latin-1 " +
                "(it is sent in an HTTP header), got (secret value withheld)",
            },
          }),
      ];
      for (const check of order ? checks.reverse() : checks) check();
    }
  });

  it("takes any text of a secret body field, which no header carries (a sign-in's password)", () => {
    // A password in a JSON or form body goes as UTF-8 (percent-encoded in a form): "€" and "••••••••" are sendable,
    // and were refused as if sent in a header ("outside Latin-1"), a valid sign-in with them never sent.
    const password: ParamCall = {
      name: "zqPass",
      type: "string",
      required: true,
      secret: true,
      wire: { in: "body", pointer: "/zqPass" },
    };
    const signIn = tool("zq_sign_in", { type: "none" }, [password]);
    for (const text of ["zq-pass-€-9", "••••••••", "zq-пароль-9"]) {
      expect(issues(signIn, { zqPass: text })).toEqual([]);
      expect(checkValue(password, text)).not.toHaveProperty("issue");
    }
    // The secret's length still holds; the same field sent in a header still takes Latin-1 only.
    expect(issues(signIn, { zqPass: "zq-€" })[0]).toMatch(/^minLength: zqPass: must be at least 8/);
    const header = { ...password, wire: { in: "header", name: "X-Zq-Pass" } } as ParamCall;
    expect(issues(tool("zq_header", { type: "none" }, [header]), { zqPass: "zq-пароль-9" })[0]).toMatch(
      /^characters: zqPass: .*outside Latin-1 \(it is sent in an HTTP header\)/,
    );
  });
});
