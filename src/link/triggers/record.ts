// The record of the `triggers` concept (link/concept-record.ts): events that start a workflow.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided, PRESENTATION } from "../concept-record.js";
import { triggersSurface } from "./trigger-changes.js";

const RECEIVER =
  "how the receiver reads a delivery: what the trigger gives a workflow is recorded (triggers), not how it is found";

const RUNS = "how serve keeps and retries the runs a trigger starts, not what it gives a workflow";

const SUBSCRIPTION = "how serve keeps the provider's subscription, through operations the surface records themselves";

export const triggers = {
  wording:
    "**`triggers`:** events that start a workflow, by id: a `webhook` the provider sends, " +
    "or a `callback` an operation registers; how a delivery is authenticated (`hmac`, `sharedSecret`, " +
    "`standardWebhooks`, `ed25519`), found and acknowledged, the `outputs` it gives the workflow, " +
    "and the `subscription` that `blockwright serve` keeps.",
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
      "triggerAuthentication.ed25519",
      "triggerAuthentication.ed25519.encoding",
      "triggerAuthentication.ed25519.header",
      "triggerAuthentication.ed25519.signedText",
      "triggerAuthentication.ed25519.timestamp",
      "triggerAuthentication.ed25519.timestamp.header",
      "triggerAuthentication.ed25519.timestamp.toleranceSeconds",
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
    ...decided({ none: RUNS }, [
      "trigger.dedupeHours",
      "trigger.retry",
      "trigger.retry.attempts",
      "trigger.retry.backoffSeconds",
    ]),
    "trigger.authentication": { fields: "triggerAuthentication" },
    "trigger.subscription": { fields: "triggerSubscription" },
    ...decided({ none: SUBSCRIPTION }, [
      "triggerSubscription.create",
      "triggerSubscription.renew",
      "triggerSubscription.delete",
      "triggerSubscription.id",
      "triggerSubscription.lifetimeMinutes",
    ]),
    "triggerSubscription.lifecycle": { fields: "triggerLifecycle" },
    ...decided({ none: SUBSCRIPTION }, [
      "triggerStep.operation",
      "triggerStep.inputs",
      "triggerLifecycle.callback",
      "triggerLifecycle.items",
      "triggerLifecycle.event",
      "triggerLifecycle.subscription",
      "triggerLifecycle.actions",
    ]),
  },
} as const satisfies ConceptRecord;
