// A delivery signed with Ed25519, as the document says in words (a webhook's description, or info.description once
// for every webhook) or on its header parameters: drafted as an ed25519 trigger whose input is the provider's public
// key, and not drafted where the words leave the signature's encoding or the signed timestamp's header unsaid.
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
const delivery = (over: Record<string, unknown> = {}) => ({
  post: {
    ...over,
    requestBody: jsonBody({ type: "object", required: ["id"], properties: { id: { type: "string" } } }),
    responses: { "200": { description: "Taken." } },
  },
});
/** A 3.1 document with one webhook, zqCallEnded, and `about` as its info.description. */
const withWebhook = (webhook: unknown, about = "Zq places calls.") => {
  const document = openapi({ "/zqcalls": { get: { operationId: "listZqCalls", responses: { "200": reply(made) } } } });
  return {
    ...document,
    openapi: "3.1.0",
    info: { ...(document.info as object), description: about },
    webhooks: { zqCallEnded: webhook },
  };
};
const inWords =
  "Zq places calls.\n\n## Webhooks\n\nEvery webhook we deliver is signed with Ed25519: the " +
  "`Zq-Signature-Ed25519` header holds the base64-encoded signature and the `Zq-Timestamp` header the time it was " +
  "signed. The signed payload is the timestamp, a pipe (|) and the raw request body. Verify it with the public key " +
  "shown in your portal.";

describe("add drafts an Ed25519-signed trigger", () => {
  it("from info.description's words: the headers it names, the encoding and the signed text", async () => {
    const d = drafted(withWebhook(delivery(), inWords), ["listZqCalls"]);
    expect(d.manifest.triggers?.acme_zq_call_ended).toMatchObject({
      authentication: {
        ed25519: {
          encoding: "base64",
          header: "Zq-Signature-Ed25519",
          signedText: "{timestamp}|{body}",
          timestamp: { header: "Zq-Timestamp", toleranceSeconds: 300 },
        },
      },
      secret: "publicKey",
    });
    const [note] = notesAt(d, "triggers.acme_zq_call_ended");
    expect(note).toMatch(/Ed25519/);
    expect(note).toMatch(/public key/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("from the delivery's header parameters, a hex signature over the timestamp then the body", async () => {
    const header = (name: string, description: string) => ({
      name,
      in: "header",
      description,
      schema: { type: "string" },
    });
    const webhook = delivery({
      parameters: [
        header("X-Zq-Signature-Ed25519", "The Ed25519 signature of the timestamp followed by the body, hex-encoded."),
        header("X-Zq-Signature-Timestamp", "When the delivery was signed."),
      ],
    });
    const d = drafted(withWebhook(webhook), ["listZqCalls"]);
    expect(d.manifest.triggers?.acme_zq_call_ended?.authentication).toEqual({
      ed25519: {
        encoding: "hex",
        header: "X-Zq-Signature-Ed25519",
        signedText: "{timestamp}{body}",
        timestamp: { header: "X-Zq-Signature-Timestamp", toleranceSeconds: 300 },
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("not where the words leave the signature's encoding unsaid, nor an HMAC's words read as Ed25519", () => {
    const unsaid = inWords.replace("base64-encoded ", "");
    const d = drafted(withWebhook(delivery(), unsaid), ["listZqCalls"]);
    expect(d.manifest.triggers?.acme_zq_call_ended?.authentication).toBeUndefined();
    const hmacWords =
      "Zq places calls.\n\n## Webhooks\n\nEvery webhook we deliver carries an `X-Zq-Signature` header: the hex " +
      "HMAC SHA-256 of the raw request body.";
    expect(
      drafted(withWebhook(delivery(), hmacWords), ["listZqCalls"]).manifest.triggers?.acme_zq_call_ended
        ?.authentication,
    ).toMatchObject({ hmac: { header: "X-Zq-Signature" } });
  });
});
