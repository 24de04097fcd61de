// A key in a cookie (security scheme `apiKey`, `in: cookie`) goes as the Cookie header carries it: RFC 6265's
// cookie-octets as they are — the value a browser holds (express-session's `s%3A…`, a base64 key's `+/=`) reaches the
// service as the service wrote it, where percent-encoding it whole sent `s%253A…` (another session) — and any other
// character percent-encoded (UTF-8), so that any text still goes; the request judge expects the same.
import { describe, expect, it } from "vitest";
import type { AuthSpec } from "../spec/tool-types.js";
import { placeCredential } from "./credentials.js";
import { cookieOctets } from "./percent-encoding.js";

const auth: AuthSpec = { type: "cookie", name: "zq.sid", param: "apiKey" };

describe("a key in a cookie", () => {
  it("is sent as its cookie-octets when it holds only those (a session cookie copied from a browser)", () => {
    expect(placeCredential(auth, "s%3AzqAbC.d+e/f=", {})).toEqual({ cookie: "zq.sid=s%3AzqAbC.d+e/f=" });
    expect(placeCredential(auth, "zq!#$&'()*-.:<=>?@[]^_`{|}~", {})).toEqual({
      cookie: "zq.sid=zq!#$&'()*-.:<=>?@[]^_`{|}~",
    });
  });

  it("has each character a cookie cannot hold percent-encoded as UTF-8, the others as they are", () => {
    expect(cookieOctets('a b"c,d;e\\f/é€+')).toBe("a%20b%22c%2Cd%3Be%5Cf/%C3%A9%E2%82%AC+");
    expect(placeCredential(auth, "zq key;x=1", {})).toEqual({ cookie: "zq.sid=zq%20key%3Bx=1" });
  });
});
