// The mock hands Prism a basic credential whose password holds ':' with those
// colons replaced (Prism splits at every colon; RFC 7617 at the first only).
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { withBasicPasswords } from "./mock-auth.js";

const seen = (authorization: string | undefined): string | undefined => {
  let got: string | undefined;
  const req = { headers: authorization === undefined ? {} : { authorization } } as IncomingMessage;
  withBasicPasswords((r) => {
    got = r.headers.authorization;
  })(req, {} as ServerResponse);
  return got;
};
const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("a basic credential at the mock", () => {
  it("reaches Prism with one colon, the user id unchanged", () => {
    expect(seen(basic("zq-user:pa:ss:word"))).toBe(basic("zq-user:pa_ss_word"));
  });

  it("is left alone otherwise: one colon, a bearer token, none", () => {
    expect(seen(basic("zq-user:password"))).toBe(basic("zq-user:password"));
    expect(seen("Bearer a:b:c")).toBe("Bearer a:b:c");
    expect(seen(undefined)).toBeUndefined();
  });
});
