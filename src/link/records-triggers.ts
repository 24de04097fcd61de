// The concept record of triggers: events that start a workflow.
// concept-records.ts gathers the groups; the order here is the records' order.
import { type ConceptRecord, decided, PRESENTATION } from "./concept-record.js";
import { pollTriggersSurface } from "./poll-triggers/poll-triggers.js";
import { triggersSurface } from "./triggers/triggers.js";

// Why a field is not recorded in the surface, where several fields share the reason.
const RECEIVER = "how the receiver reads a delivery: what the trigger gives a workflow is recorded (triggers), not how it is found";
const RUNS = "how serve keeps and retries the runs a trigger starts, not what it gives a workflow";
const SUBSCRIPTION = "how serve keeps the provider's subscription, through operations the surface records themselves";
const POLLING = "how serve finds new items and when: what the trigger gives a workflow is recorded (pollTriggers), not how it is found";

export const TRIGGER_CONCEPTS = {
  triggers: {
    wording:
      "**`triggers`:** events that start a workflow, by id: a `webhook` the provider sends, or a `callback` an operation registers; how a delivery is authenticated (`hmac`, `sharedSecret`, `standardWebhooks`), found and acknowledged, the `outputs` it gives the workflow, and the `subscription` that `blockwright serve` keeps.",
    schema: ["triggers"],
    tool: [],
    surface: { triggers: triggersSurface },
    link: null,
    contract: { kind: "trigger" },
    shelf: { field: "manifest.triggers" },
    fields: {
      "manifest.triggers": { fields: "trigger" },
      ...decided({ none: PRESENTATION }, ["trigger.title", "trigger.description"]),
      ...decided({ surface: "triggers" }, [
        "trigger.event",
        "trigger.event.webhook",
        "trigger.event.callback",
        "trigger.event.callback.operation",
        "trigger.event.callback.name",
        "trigger.secret",
        "trigger.outputs",
        "triggerAuthentication.hmac",
        "triggerAuthentication.hmac.algorithm",
        "triggerAuthentication.hmac.encoding",
        "triggerAuthentication.hmac.header",
        "triggerAuthentication.hmac.pairs",
        "triggerAuthentication.hmac.pairs.signature",
        "triggerAuthentication.hmac.pairs.timestamp",
        "triggerAuthentication.hmac.prefix",
        "triggerAuthentication.hmac.secretEncoding",
        "triggerAuthentication.hmac.signedText",
        "triggerAuthentication.hmac.timestamp",
        "triggerAuthentication.hmac.timestamp.header",
        "triggerAuthentication.hmac.timestamp.toleranceSeconds",
        "triggerAuthentication.sharedSecret",
        "triggerAuthentication.sharedSecret.pointer",
        "triggerAuthentication.standardWebhooks",
        "triggerAuthentication.standardWebhooks.toleranceSeconds",
      ]),
      ...decided({ none: RECEIVER }, [
        "trigger.items",
        "trigger.match",
        "trigger.handshakes",
        "trigger.handshakes.echoQuery",
        "trigger.handshakes.echoHeader",
        "trigger.handshakes.echoBody",
        "trigger.handshakes.when",
        "trigger.eventId",
        "trigger.acknowledge",
        "trigger.maxBodyBytes",
      ]),
      ...decided({ none: RUNS }, ["trigger.dedupeHours", "trigger.retry", "trigger.retry.attempts", "trigger.retry.backoffSeconds"]),
      "trigger.authentication": { fields: "triggerAuthentication" },
      "trigger.subscription": { fields: "triggerSubscription" },
      ...decided({ none: SUBSCRIPTION }, ["triggerSubscription.create", "triggerSubscription.renew", "triggerSubscription.delete", "triggerSubscription.id", "triggerSubscription.lifetimeMinutes"]),
      "triggerSubscription.lifecycle": { fields: "triggerLifecycle" },
      ...decided({ none: SUBSCRIPTION }, ["triggerStep.operation", "triggerStep.inputs", "triggerLifecycle.callback", "triggerLifecycle.items", "triggerLifecycle.event", "triggerLifecycle.subscription", "triggerLifecycle.actions"]),
    },
  },
  pollTriggers: {
    wording:
      "**`triggers` with `poll`:** events nobody delivers, found by calling one of the manifest's list operations every `intervalSeconds` (within the provider's `requestsPerMinute`): new items told by their ids (`ids`), by a field that only grows (`since`, the last value passed as `{{poll.since}}`, the ids at that value kept so that an item of the same second is run once), or by the address the upstream gives to come back with (`delta`); each new item, read like an event by `match`, `eventId` and `outputs`, starts one run of `blockwright serve`.",
    schema: ["poll-triggers"],
    tool: [],
    surface: { pollTriggers: pollTriggersSurface },
    link: null,
    contract: { none: "a poll trigger is serve's to run (src/serve/poller.ts and its tests): nothing is delivered to rehearse" },
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
  },
} as const satisfies Record<string, ConceptRecord>;
