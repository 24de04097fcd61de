// A document answering a list of events, a discriminated base of many kinds (load/schemas/__fixtures__/many-kinds.ts),
// for verify's checks of a live answer through the union of its kinds; and a count of the kinds' schemas walked, by a
// format only the base's own field has (`zqId`, a uuid), checked once each time a kind's schema (its allOf of the base)
// is walked.
import { format } from "@cfworker/json-schema";
import { stringify } from "yaml";
import { manyKinds, ref } from "../../load/schemas/__fixtures__/many-kinds.js";

export const KINDS = 200;
export const EVENTS_DOCUMENT = stringify({
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqevents": {
      get: {
        operationId: "getZqevents",
        responses: {
          "200": {
            description: "Events.",
            content: { "application/json": { schema: { type: "array", items: ref("ZqEvent") } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ZqEvent: {
        type: "object",
        required: ["zqType", "zqId"],
        discriminator: { propertyName: "zqType" },
        properties: { zqType: { type: "string" }, zqId: { type: "string", format: "uuid" } },
      },
      ...manyKinds(KINDS, { type: "string" }, true),
    },
  },
});
export const EVENT_ID = "0b5c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3";
/** Where the answer's schema sits in the document. */
export const EVENTS_AT = ["paths", "/zqevents", "get", "responses", "200", "content", "application/json", "schema"];

const formats = format as Record<string, (value: string) => boolean>;
const uuid = formats.uuid as (value: string) => boolean;

/** What `run` returns and how many kinds' schemas it walked. */
export function countingWalks<T>(run: () => T): { walked: number; result: T } {
  let walked = 0;
  formats.uuid = (value) => {
    walked++;
    return uuid(value);
  };
  try {
    const result = run();
    return { walked, result };
  } finally {
    formats.uuid = uuid;
  }
}
