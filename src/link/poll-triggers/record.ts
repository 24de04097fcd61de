// The record of the `pollTriggers` concept (link/concept-record.ts): events found by polling a list operation.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { pollTriggersSurface } from "./poll-trigger-changes.js";

const POLLING =
  "how serve finds new items and when: what the trigger gives a workflow is recorded (pollTriggers), " +
  "not how it is found";

export const pollTriggers = {
  wording:
    "**`triggers` with `poll`:** events nobody delivers, found by calling one of the manifest's list " +
    "operations every `intervalSeconds` (within the provider's `requestsPerMinute`): " +
    "new items told by their ids (`ids`), by a field that only grows (`since`, " +
    "the last value passed as `{{poll.since}}`, the ids at that value kept so that an item of the same second " +
    "is run once), or by the address the upstream gives to come back with (`delta`); each new item, " +
    "read like an event by `match`, `eventId` and `outputs`, starts one run of `blockwright serve`.",
  schema: ["poll-triggers"],
  tool: [],
  surface: { pollTriggers: pollTriggersSurface },
  link: null,
  contract: {
    none: "a poll trigger is serve's to run (src/serve/poller.ts and its tests): nothing is delivered to rehearse",
  },
  shelf: { none: "a poll trigger calls a list operation: the hostile fixture (specs-hostile/) declares one" },
  fields: {
    "trigger.poll": { fields: "triggerPoll" },
    ...decided({ surface: "pollTriggers" }, ["triggerPoll.operation", "triggerPoll.params"]),
    ...decided({ none: POLLING }, [
      "triggerPoll.inputs",
      "triggerPoll.items",
      "triggerPoll.ids",
      "triggerPoll.ids.order",
      "triggerPoll.ids.keep",
      "triggerPoll.since",
      "triggerPoll.since.field",
      "triggerPoll.since.type",
      "triggerPoll.delta",
      "triggerPoll.delta.link",
      "triggerPoll.delta.next",
      "triggerPoll.delta.new",
      "triggerPoll.delta.removed",
      "triggerPoll.intervalSeconds",
    ]),
  },
} as const satisfies ConceptRecord;
