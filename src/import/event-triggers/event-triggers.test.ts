// Event triggers `add` drafts (event-triggers.ts): a callback whose delivery's header is an HMAC of the raw body, a
// 3.1 webhook with the Standard Webhooks headers, each drafted and linking; a delivery whose signing the document does
// not say gets no trigger but one note naming it.
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
/** A delivery: its event `{data: {id, attributes: {eventType}}}`, its header parameters. */
const delivery = (headers: unknown[], words: Record<string, string> = {}) => ({
  post: {
    ...words,
    parameters: headers,
    requestBody: jsonBody({
      type: "object",
      required: ["data"],
      properties: {
        data: {
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "string" },
            attributes: { type: "object", properties: { eventType: { type: "string" } } },
          },
        },
      },
    }),
    responses: { "200": { description: "Taken." } },
  },
});
const header = (name: string, description: string, example?: string) => ({
  name,
  in: "header",
  description,
  schema: { type: "string" },
  ...(example ? { example } : {}),
});
/** A POST /zqhooks registering an address, with this callback. */
const hooks = (callback: unknown) =>
  openapi({
    "/zqhooks": {
      post: {
        operationId: "createZqHook",
        requestBody: jsonBody({ type: "object", properties: { url: { type: "string" } } }),
        responses: { "201": reply(made, { id: "h1" }) },
        callbacks: { zqEvent: { "{$request.body#/url}": callback } },
      },
    },
  });

describe("add drafts an event trigger", () => {
  it("for a callback whose delivery has an HMAC of the raw body, read from its header's words, example", async () => {
    const signature = header(
      "X-Zq-Signature",
      "The SHA-256 HMAC signature of the raw request body, signed using the secret of the hook.",
      "a".repeat(64),
    );
    const d = drafted(hooks(delivery([signature], { summary: "Handling zq events" })), ["createZqHook"]);
    expect(d.manifest.triggers?.acme_zq_event).toEqual({
      title: "Handling zq events",
      description: "Starts for each zqEvent event the provider delivers.",
      event: { callback: { operation: "acme_create_zq_hook", name: "zqEvent" } },
      authentication: {
        hmac: { algorithm: "sha256", encoding: "hex", header: "X-Zq-Signature", signedText: "{body}" },
      },
      secret: "signingSecret",
      eventId: ["$event#/data/id"],
      outputs: {
        id: { from: "$event#/data/id", description: "The event's id." },
        eventType: { from: "$event#/data/attributes/eventType", description: "The kind of event.", required: false },
      },
    });
    const [note] = notesAt(d, "triggers.acme_zq_event");
    expect(note).toMatch(/^callback zqEvent of acme_create_zq_hook: drafted from the delivery's X-Zq-Signature header/);
    expect(note).toMatch(/sha256 read from its words, hex from its example's 64 hex characters/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("for an HMAC whose example shows its prefix and whose words say base64", () => {
    const signature = header(
      "X-Zq-Hmac",
      "HMAC SHA-1 of the request payload, in base64.",
      `sha1=${Buffer.alloc(20, 7).toString("base64")}`,
    );
    const d = drafted(hooks(delivery([signature])), ["createZqHook"]);
    expect(d.manifest.triggers?.acme_zq_event?.authentication).toEqual({
      hmac: { algorithm: "sha1", encoding: "base64", header: "X-Zq-Hmac", prefix: "sha1=", signedText: "{body}" },
    });
  });

  it("for a delivery echoing a secret the subscriber chose in its body", async () => {
    const echoed = delivery([]);
    const body = echoed.post.requestBody.content["application/json"].schema;
    body.properties = { ...body.properties, clientState: { type: "string" } };
    const d = drafted(hooks(echoed), ["createZqHook"]);
    expect(d.manifest.triggers?.acme_zq_event).toMatchObject({
      authentication: { sharedSecret: { pointer: "/clientState" } },
      secret: "sharedSecret",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("for a 3.1 webhook with the Standard Webhooks headers, kept in the cut", async () => {
    const standard = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((n) => header(n, `The ${n}.`));
    const document = {
      ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
      openapi: "3.1.0",
      webhooks: {
        zqThingMade: delivery(standard, { description: "Sent when a zq thing is made. Retried for a day." }),
      },
    };
    const d = drafted(document, ["listZqThings"]);
    expect(d.manifest.triggers?.acme_zq_thing_made).toMatchObject({
      title: "Sent when a zq thing is made",
      description: "Sent when a zq thing is made.",
      event: { webhook: "zqThingMade" },
      authentication: { standardWebhooks: { toleranceSeconds: 300 } },
      secret: "signingSecret",
      eventId: ["$request.header.webhook-id"],
    });
    expect(d.openapiText).toMatch(/^webhooks:\n {2}zqThingMade:/m);
    expect(notesAt(d, "openapi").filter((n) => n.includes("webhooks"))).toEqual([]);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("an event trigger's title", () => {
  const webhooks = (hooks: Record<string, unknown>) => ({
    ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
    openapi: "3.1.0",
    webhooks: hooks,
  });
  const standard = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((n) => header(n, `The ${n}.`));

  it("names the event where the summary every delivery shares does not (Handling webhook events)", async () => {
    const generic = { summary: "Handling webhook events" };
    const d = drafted(
      webhooks({ zqThingMade: delivery(standard, generic), "zq.thing.gone": delivery(standard, generic) }),
      ["listZqThings"],
    );
    expect(d.manifest.triggers?.acme_zq_thing_made?.title).toBe("Zq thing made");
    expect(d.manifest.triggers?.acme_zq_thing_gone?.title).toBe("Zq thing gone");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is the summary where it names the event, in other forms of its words", () => {
    const d = drafted(webhooks({ zqCallAnswered: delivery(standard, { summary: "A zq call was answer" }) }), [
      "listZqThings",
    ]);
    expect(d.manifest.triggers?.acme_zq_call_answered?.title).toBe("A zq call was answer");
  });
});

describe("an event trigger's description", () => {
  it("is its request body's where only the body says when it is sent", () => {
    const standard = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((n) => header(n, `The ${n}.`));
    const gone = delivery(standard);
    Object.assign(gone.post.requestBody, { description: "Sent when your request deleted a zq thing. Once." });
    const document = {
      ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
      openapi: "3.1.0",
      webhooks: { zqThingGone: gone },
    };
    const d = drafted(document, ["listZqThings"]);
    expect(d.manifest.triggers?.acme_zq_thing_gone).toMatchObject({
      title: "Sent when your request deleted a zq thing",
      description: "Sent when your request deleted a zq thing.",
    });
  });
});

describe("an event trigger's match", () => {
  const standard = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((n) => header(n, `The ${n}.`));
  /** A webhook whose event's `data.event_type` is one of `kinds`. */
  const typed = (kinds: string[]) => ({
    post: {
      parameters: standard,
      requestBody: jsonBody({
        type: "object",
        properties: {
          data: {
            type: "object",
            properties: { id: { type: "string" }, event_type: { type: "string", enum: kinds } },
          },
        },
      }),
      responses: { "200": { description: "Taken." } },
    },
  });
  const webhooks = (hooks: Record<string, unknown>) => ({
    ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
    openapi: "3.1.0",
    webhooks: hooks,
  });

  it("takes only its kind where the event type field holds one value: one address gets every kind", async () => {
    const d = drafted(webhooks({ zqThingMade: typed(["zq.thing.made"]), zqThingGone: typed(["zq.thing.gone"]) }), [
      "listZqThings",
    ]);
    expect(d.manifest.triggers?.acme_zq_thing_made?.match).toEqual({ "/data/event_type": "zq.thing.made" });
    expect(d.manifest.triggers?.acme_zq_thing_gone?.match).toEqual({ "/data/event_type": "zq.thing.gone" });
    expect(notesAt(d, "triggers.acme_zq_thing_made")[0]).toMatch(
      /it takes only events whose \/data\/event_type is "zq\.thing\.made", the one value the document gives it/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is none where the field may hold several kinds", () => {
    const d = drafted(webhooks({ zqThingChanged: typed(["zq.thing.made", "zq.thing.gone"]) }), ["listZqThings"]);
    expect(d.manifest.triggers?.acme_zq_thing_changed).toBeDefined();
    expect(d.manifest.triggers?.acme_zq_thing_changed?.match).toBeUndefined();
  });
});

describe("add drafts no event trigger", () => {
  it("for a delivery whose signing the document does not say: one note at the operation names it", async () => {
    const d = drafted(hooks(delivery([header("X-Zq-Event", "The kind of event.")])), ["createZqHook"]);
    expect(d.manifest.triggers ?? {}).toEqual({});
    expect(notesAt(d, "operations.acme_create_zq_hook").filter((n) => n.includes("deliveries"))).toEqual([
      "the document describes deliveries (callback zqEvent of acme_create_zq_hook) but not how they are signed: " +
        "no trigger drafted, as one needs how a delivery proves its sender (an HMAC header, Standard Webhooks, a " +
        "secret echoed in the body); declare it by hand from the provider's documentation (docs/guides/triggers.md)",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("for a signed webhook whose body has no schema: left out of the cut, named in the note on openapi", async () => {
    const signed = delivery(["webhook-id", "webhook-signature"].map((n) => header(n, `The ${n}.`)));
    signed.post.requestBody = { required: true, content: { "application/json": {} } } as typeof signed.post.requestBody;
    const document = {
      ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
      openapi: "3.1.0",
      webhooks: { zqThingMade: signed },
    };
    const d = drafted(document, ["listZqThings"]);
    expect(d.manifest.triggers ?? {}).toEqual({});
    expect(d.openapiText).not.toMatch(/^webhooks:/m);
    expect(notesAt(d, "openapi").filter((n) => n.includes('"zqThingMade" are left out'))).toHaveLength(1);
    expect(await linkProblems(d)).toEqual([]);
  });
});
