// `upstream --accept`'s re-cut keeps the webhooks add's cut kept (those an event trigger was drafted for,
// import/event-triggers/): left out, the trigger naming one would no longer link.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, jsonBody, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { recut } from "./recut.js";

const made = { type: "object", properties: { id: { type: "string" } } };
const signed = (name: string) => ({
  post: {
    parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => ({ name: h, in: "header" })),
    requestBody: jsonBody(made),
    responses: { "200": { description: "Taken." } },
  },
  summary: `The ${name}.`,
});
const document = (extra: Record<string, unknown> = {}) => ({
  ...openapi({ "/zqthings": { get: { operationId: "listZqThings", responses: { "200": reply(made) } } } }),
  openapi: "3.1.0",
  webhooks: { zqThingMade: signed("zqThingMade"), ...extra },
});

describe("upstream --accept's re-cut", () => {
  it("keeps the webhooks the earlier cut kept, and leaves the others out", () => {
    const older = drafted(document(), ["listZqThings"]);
    expect(Object.keys(older.manifest.triggers ?? {})).toEqual(["acme_zq_thing_made"]);
    const newer = document({ zqThingGone: { post: { responses: { "200": { description: "Taken." } } } } });
    const again = recut(
      older.openapiText,
      newer,
      [{ method: "get", path: "/zqthings" }],
      "zqnewer.json",
      "ab".repeat(32),
    );
    expect(Object.keys(parse(again.text).webhooks)).toEqual(["zqThingMade"]);
  });
});
