// A trigger's delivery drawn from the event's schema where the document gives no example: the fields the trigger's
// outputs and event id read are there, optional ones too, so that the delivery verifies as its trigger's event.
import { describe, expect, it } from "vitest";
import { type TriggerSpec, verifyEvent } from "@blockwright/runtime/internal";
import { zqTrigger } from "../../test-support/serve-receivers.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { DRAWN_EXAMPLE, deliveryBody, eventExamples, eventMedia, validDeliveryBody } from "./trigger-deliveries.js";

// Every field the trigger reads is optional: a draw of the required fields alone has none of them.
const document = {
  openapi: "3.1.0",
  info: { title: "zqhooks", version: "1" },
  paths: {},
  webhooks: {
    thingCreated: {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["tenant"],
                properties: {
                  tenant: { type: "string" },
                  value: { type: "array", items: { $ref: "#/components/schemas/ZqEvent" } },
                },
              },
            },
          },
        },
        responses: { "202": { description: "taken" } },
      },
    },
    thingAlone: {
      post: {
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqEvent" } } } },
        responses: { "202": { description: "taken" } },
      },
    },
  },
  components: {
    schemas: {
      ZqEvent: {
        type: "object",
        required: ["kind"],
        properties: {
          kind: { type: "string" },
          id: { type: "string" },
          clientState: { type: "string" },
          thing: {
            allOf: [
              { type: "object", required: ["name"], properties: { name: { type: "string" } } },
              { type: "object", properties: { id: { type: "string", pattern: "^zq-[a-z]+$" } } },
            ],
          },
        },
      },
    },
  },
};
const doc = new OpenApiDocument(parseYamlSource(JSON.stringify(document), "/zq/openapi.json"));
const SECRET = "zq-drawn-client-state";

describe("a delivery drawn from the event's schema", () => {
  const triggers: TriggerSpec[] = [
    zqTrigger,
    { ...zqTrigger, id: "zqhooks_thing_alone", event: { source: "webhook", name: "thingAlone" }, items: undefined },
  ];
  for (const trigger of triggers)
    it(`holds the optional fields ${trigger.id}'s outputs and event id read, and verifies`, async () => {
      const media = eventMedia(doc, trigger)!;
      const [drawn] = eventExamples(doc, media, trigger);
      expect(drawn?.name).toBe(DRAWN_EXAMPLE);
      const body = deliveryBody(trigger, media, drawn?.body, { secret: SECRET });
      expect(validDeliveryBody(doc, media, JSON.parse(body))).toBe(true);
      const verified = await verifyEvent(
        trigger,
        { method: "POST", url: "http://127.0.0.1/zq", headers: { "content-type": "application/json" }, body },
        { secret: SECRET },
      );
      expect(verified).toMatchObject({ ok: true, outputs: { metadata: { thingId: expect.stringMatching(/^zq-/) } } });
      expect(verified.ok && verified.events[0]?.id.startsWith("sha256:")).toBe(false);
    });
});
