// A delivery whose signing the document describes only in words (its info.description, once for every webhook, or the
// webhook's own description), no header parameter declaring it: drafted an event trigger as a declared header is
// (delivery-signing.ts reading described-headers.ts), and not where the words speak of the calls the API takes.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const made = { type: "object", properties: { id: { type: "string" } } };
const delivery = (words: Record<string, string> = {}) => ({
  post: {
    ...words,
    requestBody: jsonBody({ type: "object", required: ["id"], properties: { id: { type: "string" } } }),
    responses: { "200": { description: "Taken." } },
  },
});
/** A POST /zqhooks whose callback zqEvent is `callback`, the document's info.description `about`. */
const hooks = (callback: unknown, about: string) => {
  const document = openapi({
    "/zqhooks": {
      post: {
        operationId: "createZqHook",
        requestBody: jsonBody({ type: "object", properties: { url: { type: "string" } } }),
        responses: { "201": reply(made, { id: "h1" }) },
        callbacks: { zqEvent: { "{$request.body#/url}": callback } },
      },
    },
  });
  return { ...document, info: { ...(document.info as object), description: about } };
};
const signedInWords =
  "Zq keeps things.\n\n## Webhooks\n\nEvery webhook request we deliver carries an `X-Zq-Signature` header. It holds " +
  "the hex-encoded HMAC SHA-256 of the raw request body, keyed with your webhook secret.";

describe("add drafts an event trigger from signing described in words", () => {
  it("in info.description, for every delivery: the header it names, its algorithm and encoding", async () => {
    const d = drafted(hooks(delivery(), signedInWords), ["createZqHook"]);
    expect(d.manifest.triggers?.acme_zq_event).toMatchObject({
      event: { callback: { operation: "acme_create_zq_hook", name: "zqEvent" } },
      authentication: {
        hmac: { algorithm: "sha256", encoding: "hex", header: "X-Zq-Signature", signedText: "{body}" },
      },
      secret: "signingSecret",
      eventId: ["$event#/id"],
    });
    const [note] = notesAt(d, "triggers.acme_zq_event");
    expect(note).toMatch(/^callback zqEvent of acme_create_zq_hook: drafted from the X-Zq-Signature header /);
    expect(note).toMatch(/header that info\.description describes in words \(no header parameter declares it\)/);
    expect(note).toMatch(/: sha256 read from its words, hex from its words; check the secret/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("in a 3.1 webhook's description, kept in the cut", async () => {
    const webhook = delivery({
      description: "Sent when a zq thing is made. The X-Zq-Hmac header holds a base64 HMAC SHA-1 of the raw payload.",
    });
    const document = {
      ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
      openapi: "3.1.0",
      webhooks: { zqThingMade: webhook },
    };
    const d = drafted(document, ["listZqThings"]);
    expect(d.manifest.triggers?.acme_zq_thing_made?.authentication).toEqual({
      hmac: { algorithm: "sha1", encoding: "base64", header: "X-Zq-Hmac", signedText: "{body}" },
    });
    expect(d.openapiText).toMatch(/^webhooks:\n {2}zqThingMade:/m);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("not where info.description says how the API's calls are signed, nor where a timestamp is signed too", () => {
    const ofCalls =
      "Zq keeps things.\n\nSign each request you send: an X-Zq-Signature header holding the hex HMAC SHA-256 of " +
      "the request body, keyed with your API secret.";
    const withTime = signedInWords.replace("of the raw request body", "of the timestamp and the raw request body");
    for (const about of [ofCalls, withTime]) {
      const d = drafted(hooks(delivery(), about), ["createZqHook"]);
      expect(d.manifest.triggers ?? {}).toEqual({});
      expect(
        notesAt(d, "operations.acme_create_zq_hook").filter((n) => n.includes("not how they are signed")),
      ).toHaveLength(1);
    }
  });
});
