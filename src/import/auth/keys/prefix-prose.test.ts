// A key scheme whose document shows the whole header in its prose, not in the scheme (a shipping API's overview page:
// "put `Authorization: ZqShipToken <token>` in your header"). The draft sent the key bare, which the service refuses;
// it now drafts the shown word as auth.prefix, with a note naming where it was read. A shown text that does not name
// the header, or a header two schemes share, stays out.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply, sentHeaders } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const paths = {
  "/zqparcels": {
    get: {
      operationId: "zqListParcels",
      responses: { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) },
    },
  },
};
const keyed = (extra: Record<string, unknown>, schemes: Record<string, unknown> = {}) =>
  openapi(
    paths,
    { securitySchemes: { zqHeaderKey: { type: "apiKey", in: "header", name: "Authorization" }, ...schemes } },
    { security: [{ zqHeaderKey: [] }], ...extra },
  );
const overview = (description: string) => ({ tags: [{ name: "Overview", description }] });

describe("a key's prefix shown in the document's prose", () => {
  it("is read from a tag's page naming the header, drafted as auth.prefix with a note, and sent", async () => {
    const d = drafted(
      keyed(overview("In order to authenticate, please put `Authorization: ZqShipToken <token>` in your header.")),
      ["zqListParcels"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqHeaderKey", param: "apiKey", prefix: "ZqShipToken " });
    expect(notesAt(d, "auth")).toContain(
      'security scheme zqHeaderKey sends the key after "ZqShipToken " (auth prefix), as the document\'s tag ' +
        '"Overview"\'s description, "Authorization: ZqShipToken <token>" shows: check it against a real request',
    );
    expect((await sentHeaders(d)).get("authorization")).toBe("ZqShipToken zq-key-0000000001");
  });

  it("is read from info.description", () => {
    const d = drafted(
      keyed({
        info: { title: "Zq", version: "1", description: 'Send "Authorization: ZqKey {api key}" with each call.' },
      }),
      ["zqListParcels"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqHeaderKey", param: "apiKey", prefix: "ZqKey " });
  });

  it.each([
    ["a shown text not naming the header", overview("Keys look like `ZqShipToken <token>`."), {}],
    ["a text naming another header", overview("Send `X-Zq-Trace: Zq <token>` to trace a call."), {}],
    [
      "a header two schemes share",
      overview("Put `Authorization: ZqShipToken <token>` in your header."),
      { zqOtherKey: { type: "apiKey", in: "header", name: "authorization" } },
    ],
    [
      "a header an OAuth 2 scheme sends too (review53: its bearer shown in the prose)",
      overview("OAuth apps send `Authorization: Bearer <token>`."),
      { zqOauth: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://zq.test/o", scopes: {} } } } },
    ],
    ["a webhook's signature shown in the header", overview("We sign each webhook: `Authorization: Bearer <sig>`."), {}],
    [
      "a payload's signature (review54: the sentence's lead says what is signed)",
      overview("Each payload is signed with HMAC: `Authorization: ZqSig <digest>`."),
      {},
    ],
    ["a notification's header", overview("Notifications carry `Authorization: ZqSig <digest>`."), {}],
    [
      "a section on webhooks",
      overview("Intro.\n\n## Zq webhooks\n\nEach one carries a header.\n`Authorization: ZqSig <digest>`"),
      {},
    ],
  ])("finds none in %s", (_, extra, schemes) => {
    const d = drafted(keyed(extra, schemes), ["zqListParcels"]);
    expect((d.manifest.auth as { prefix?: string }).prefix).toBeUndefined();
  });

  // A webhook's signature shown before the request's header: only the sentences about the request are read.
  it("is read from the sentence about the request, not from one about a webhook's signature before it", () => {
    const d = drafted(
      keyed(
        overview(
          "We sign each webhook: `Authorization: Bearer <signature>`. Sign up for a key, then send " +
            "`Authorization: ZqShipToken <token>` with each call.",
        ),
      ),
      ["zqListParcels"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqHeaderKey", param: "apiKey", prefix: "ZqShipToken " });
  });
});

// review54: any sentence with "signed", "notifications" or "hmac" was dropped, so a request's own header shown in one
// lost its prefix; only a sentence whose lead is about what the provider sends is dropped now.
describe("a key's prefix shown in a sentence on signing or notifications", () => {
  it.each([
    ["the requests signed by the header", "All requests are signed by sending `Authorization: ZqToken <key>`."],
    ["notifications named after the header", "Send `Authorization: ZqToken <key>` to receive notifications."],
    ["an HMAC named after the header", "Send `Authorization: ZqToken <key>`, not an HMAC of the body."],
  ])("is read from %s", (_, sentence) => {
    const d = drafted(keyed(overview(sentence)), ["zqListParcels"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqHeaderKey", param: "apiKey", prefix: "ZqToken " });
  });
});

// A scheme named `Token` is drafted bare unless the document shows the word (key-prefix.ts guesses only `Bearer` from a
// name); an operation's code sample writing the whole request shows it where no prose does.
describe("a key's prefix shown in an operation's code sample", () => {
  const sampled = (samples: Record<string, unknown>) => {
    const doc = structuredClone(keyed({}));
    Object.assign(doc.paths["/zqparcels"].get, samples);
    return doc;
  };

  it.each([
    [
      "x-code-samples",
      { lang: "Shell", source: "curl https://zq.test/zqparcels -H 'Authorization: Token zq_api_key'" },
    ],
    ["x-codeSamples", { lang: "Shell", source: 'curl -H "Authorization:Token your_api_key" https://zq.test' }],
  ])("is read from %s, with a note naming the operation", (list, sample) => {
    const d = drafted(sampled({ [list]: [sample] }), ["zqListParcels"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqHeaderKey", param: "apiKey", prefix: "Token " });
    expect(notesAt(d, "auth").join("\n")).toContain(`as the document's ${list} of "zqListParcels", "Authorization:`);
  });

  it("is not read from a sample's other header", () => {
    const d = drafted(sampled({ "x-code-samples": [{ lang: "Shell", source: "curl -H 'X-Zq: Zq <key>'" }] }), [
      "zqListParcels",
    ]);
    expect((d.manifest.auth as { prefix?: string }).prefix).toBeUndefined();
  });
});
