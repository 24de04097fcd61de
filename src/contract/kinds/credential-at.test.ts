// The judge of `auth.alsoSends`'s contract case (credentialAt): the credential at a body place is the value there as
// the body's type writes it, exactly. A body carrying the credential elsewhere (another field's text, a file's name, a
// part's text holding a part's head, a nested field beside a top-level place, a pair inside a JSON text) does not
// pass: the case read the body as a string and any of those passed it.
// At its scheme's own place, a key in a header is what the scheme sends there: after its prefix (`Authorization: ApiKey
// <key>`), base64 where the key goes encoded. The case compared the header with the bare key, and failed every tool
// whose header key has a prefix.
import { describe, expect, it } from "vitest";
import { multipartParts } from "../exchange.js";
import { CREDENTIAL } from "../inputs/values.js";
import { atSchemePlace, credentialAt } from "./auth.js";

const URL_ = new URL("https://api.zqat.test/zq/spin");
const place = (pointer: string) => ({ in: "body", pointer }) as const;

function json(body: unknown) {
  return {
    url: URL_,
    headers: new Headers({ "content-type": "application/json" }),
    body,
    rawBody: JSON.stringify(body),
  };
}

/** A multipart body's text as sent and its parts as the exchange reads them. */
async function multipart(form: FormData) {
  const request = new Request(URL_, { method: "POST", body: form });
  const rawBody = await request.clone().text();
  return { url: URL_, headers: request.headers, body: await multipartParts(request), rawBody };
}

function form(rawBody: string) {
  return {
    url: URL_,
    headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
    body: rawBody,
    rawBody,
  };
}

describe("credentialAt: the credential at a body place, read exactly", () => {
  it("finds it at its JSON pointer, nested or not, and nowhere else in a JSON body", () => {
    expect(credentialAt(json({ zqKey: CREDENTIAL }), place("/zqKey"))).toBe(true);
    expect(credentialAt(json({ zqAuth: { key: CREDENTIAL } }), place("/zqAuth/key"))).toBe(true);
    expect(credentialAt(json({ "zq/k~": CREDENTIAL }), place("/zq~1k~0"))).toBe(true);
    // Elsewhere: nested under a top-level place's name, a pair written in another field's text, another field.
    expect(credentialAt(json({ zqAuth: { zqKey: CREDENTIAL } }), place("/zqKey"))).toBe(false);
    expect(credentialAt(json({ text: `zq&zqKey=${CREDENTIAL}&` }), place("/zqKey"))).toBe(false);
    expect(credentialAt(json({ zqKey: `${CREDENTIAL} zq` }), place("/zqKey"))).toBe(false);
    expect(credentialAt(json({ zqAuth: CREDENTIAL }), place("/zqAuth/key"))).toBe(false);
  });

  it("finds it as the one text part of that name in a multipart body, not a file's name or a part's text", async () => {
    const good = new FormData();
    good.set("text", "zq");
    good.set("zqKey", CREDENTIAL);
    expect(credentialAt(await multipart(good), place("/zqKey"))).toBe(true);

    const fileNamed = new FormData();
    fileNamed.set("zqKey", new File([CREDENTIAL], "zqKey", { type: "text/plain" }));
    expect(credentialAt(await multipart(fileNamed), place("/zqKey"))).toBe(false);

    const inText = new FormData();
    inText.set("text", `zq\r\n--zq\r\nContent-Disposition: form-data; name="zqKey"\r\n\r\n${CREDENTIAL}\r\n`);
    const smuggled = await multipart(inText);
    expect(smuggled.rawBody).toContain(`name="zqKey"\r\n\r\n${CREDENTIAL}\r\n`);
    expect(credentialAt(smuggled, place("/zqKey"))).toBe(false);

    const twice = new FormData();
    twice.append("zqKey", CREDENTIAL);
    twice.append("zqKey", CREDENTIAL);
    expect(credentialAt(await multipart(twice), place("/zqKey"))).toBe(false);
  });

  it("finds it as the one pair of that name in a form body", () => {
    expect(credentialAt(form(`text=zq&zqKey=${CREDENTIAL}`), place("/zqKey"))).toBe(true);
    expect(credentialAt(form(`text=${encodeURIComponent(`zqKey=${CREDENTIAL}`)}`), place("/zqKey"))).toBe(false);
    expect(credentialAt(form(`zqKey=${CREDENTIAL}&zqKey=${CREDENTIAL}`), place("/zqKey"))).toBe(false);
  });

  it("finds none in a body of a type that names no fields", () => {
    const text = { url: URL_, headers: new Headers({ "content-type": "text/plain" }), body: "", rawBody: "" };
    expect(
      credentialAt({ ...text, rawBody: `zqKey=${CREDENTIAL}`, body: `zqKey=${CREDENTIAL}` }, place("/zqKey")),
    ).toBe(false);
  });
});

describe("atSchemePlace: the credential at its scheme's own place, as the scheme sends it", () => {
  const withHeader = (value: string) => ({
    url: URL_,
    headers: new Headers({ authorization: value }),
    body: undefined,
    rawBody: "",
  });
  const key = { type: "header", name: "Authorization", param: "zqKey" } as const;

  it("finds a header key after its prefix, and not without it", () => {
    const prefixed = { ...key, prefix: "ZqKey " };
    expect(atSchemePlace(prefixed, withHeader(`ZqKey ${CREDENTIAL}`))).toBe(true);
    expect(atSchemePlace(prefixed, withHeader(CREDENTIAL))).toBe(false);
    expect(atSchemePlace(key, withHeader(CREDENTIAL))).toBe(true);
    expect(atSchemePlace(key, withHeader(`ZqKey ${CREDENTIAL}`))).toBe(false);
  });

  it("finds an encoded key as its base64, and a query key by its name", () => {
    const encoded = { ...key, prefix: "Basic ", encode: "base64" } as const;
    expect(atSchemePlace(encoded, withHeader(`Basic ${Buffer.from(CREDENTIAL).toString("base64")}`))).toBe(true);
    expect(atSchemePlace(encoded, withHeader(`Basic ${CREDENTIAL}`))).toBe(false);
    const inQuery = { url: new URL(`${URL_}?zq_key=${encodeURIComponent(CREDENTIAL)}`), headers: new Headers() };
    expect(
      atSchemePlace({ type: "query", name: "zq_key", param: "zqKey" }, { ...inQuery, body: "", rawBody: "" }),
    ).toBe(true);
  });
});
