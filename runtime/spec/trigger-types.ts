// The shape of a generated trigger: plain data from the generator's link step
// (the manifest's `triggers`), read by the runtime to check a delivery, answer
// a provider's handshake and map an event to outputs. A trigger starts a
// workflow; it is never called. Nothing here is specific to a provider.

/** A value read from a delivery: one of its headers, or a field of one event (a JSON pointer's tokens). */
export type DeliveryValue =
  | { from: "header"; name: string }
  | { from: "event"; pointer: string[] }
  | { from: "body"; pointer: string[] };

/**
 * What is signed, as a template: `{body}` (the raw body, as received), `{timestamp}` (the
 * timestamp header's value), `{id}` (the event id header's value), `{url}` (the address the
 * delivery was sent to), `{form}` (the form body's parameters sorted by name, each name followed by
 * its value, nothing between), `{header:<name>}` (another header's value). Anything else is literal.
 */
export type SignedText = string;

/** How a delivery proves the provider sent it. */
export type DeliveryAuthentication =
  /** An HMAC of the signed text with the secret, in a header. */
  | {
      kind: "hmac";
      algorithm: "SHA-256" | "SHA-1";
      encoding: "hex" | "base64";
      /** The header that carries the signature. */
      header: string;
      /** Written before the signature in the header (`sha256=`). */
      prefix?: string;
      /**
       * When the header holds `key=value` pairs separated by commas (`t=…,v1=…`): the key of each
       * signature (there may be several) and of the timestamp.
       */
      pairs?: { signature: string; timestamp?: string };
      signedText: SignedText;
      /** Where the signing time is, and how old a delivery may be (seconds, either way). */
      timestamp?: { header?: string; toleranceSeconds: number };
      /** The secret as the provider gives it: text, or base64 after an optional prefix (`whsec_`). */
      secret?: { encoding: "utf8" } | { encoding: "base64"; prefix?: string };
    }
  /**
   * An Ed25519 signature of the signed text, in a header, checked with the public key the provider publishes (the
   * trigger's input holds it: a configured value, not a secret).
   */
  | {
      kind: "ed25519";
      encoding: "hex" | "base64";
      /** The header that carries the signature. */
      header: string;
      signedText: SignedText;
      /** The header carrying the signing time, and how old a delivery may be (seconds, either way). */
      timestamp?: { header: string; toleranceSeconds: number };
    }
  /**
   * Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,<base64>` …).
   */
  | { kind: "standard-webhooks"; toleranceSeconds: number }
  /** A secret the subscriber chose, echoed by the provider in every event (Graph's `clientState`). */
  | { kind: "shared-secret"; pointer: string[] };

/** A handshake the provider makes at an address before it delivers anything. */
export type Handshake =
  /** A request carrying this query parameter is answered 200 `text/plain` with its (decoded) value. */
  | { kind: "echo-query"; param: string }
  /** A request carrying this header is answered 200 with the same header and value. */
  | { kind: "echo-header"; header: string }
  /**
   * A delivery whose JSON body holds each `when` value (a URL verification, as Slack sends) is
   * answered, once its signature holds, 200 `text/plain` with the body field at `pointer` (the
   * challenge); it starts no run.
   */
  | { kind: "echo-body"; pointer: string[]; when: { pointer: string[]; equals: string | number | boolean }[] };

export interface TriggerOutputSpec {
  name: string;
  description: string;
  /** Where the output is read from: a field of the event, or a header. */
  source: DeliveryValue;
  required: boolean;
}

/** One step of keeping a subscription: an operation of the provider, with its inputs (templates). */
export interface SubscriptionStep {
  operation: string;
  inputs: Record<string, unknown>;
}

/** What serve does on a lifecycle event: renew the subscription now, create it again, or log the event. */
export type LifecycleAction = "renew" | "recreate" | "log";

/**
 * Notifications the provider sends about the subscription itself (it must be reauthorized, it was
 * removed, notifications were missed), to the address `{{trigger.lifecycleUrl}}` gives it. They are
 * authenticated, and answered, like the trigger's deliveries.
 */
export interface SubscriptionLifecycle {
  /** The notifications of one delivery: the body itself, or the array at this pointer. */
  items?: string[];
  /** Where a notification names its event (`reauthorizationRequired`). */
  event: string[];
  /** Where it names the subscription it is about: one about another subscription is ignored. */
  subscription?: string[];
  /** The action for each event; another event is logged. */
  actions: Record<string, LifecycleAction>;
}

/**
 * How the provider's subscription is kept, each step one of the provider's own operations. Inputs may
 * hold `{{trigger.url}}`, `{{trigger.secret}}`, `{{trigger.expiresAt}}`, `{{trigger.lifecycleUrl}}`
 * and `{{subscription.id}}`.
 */
export interface SubscriptionSpec {
  create: SubscriptionStep;
  renew?: SubscriptionStep;
  delete?: SubscriptionStep;
  /** The create operation's output holding the subscription's id. */
  idOutput: string;
  /** How long a subscription lasts; it is renewed when 90% of it has passed. */
  lifetimeMinutes?: number;
  lifecycle?: SubscriptionLifecycle;
}

export interface TriggerSpec {
  /** `<provider>_<event>`. */
  id: string;
  provider: string;
  title: string;
  description: string;
  /** The event in the OpenAPI document: a `webhooks` entry, or a callback of an operation. */
  event: { source: "webhook"; name: string } | { source: "callback"; operationId: string; name: string };
  /** The events of one delivery: the body itself, or the array at this pointer. */
  items?: string[];
  /** Only events where each of these fields holds the value are this trigger's. */
  match: { pointer: string[]; equals: string | number | boolean }[];
  /**
   * Only deliveries whose headers (lower-case names) hold these values are this trigger's (an event type sent as a
   * header).
   */
  matchHeaders?: { header: string; equals: string }[];
  authentication: DeliveryAuthentication;
  /**
   * The parameter that holds the secret (a credential: redacted everywhere), or, for `ed25519`, the provider's public
   * key.
   */
  secretParam: string;
  handshakes: Handshake[];
  /** What makes an event unique (for deduplication), joined in this order. */
  eventId: DeliveryValue[];
  /** The status a delivery is acknowledged with. */
  acknowledge: number;
  /** The largest body accepted, in bytes. */
  maxBodyBytes: number;
  outputs: TriggerOutputSpec[];
  /** The JSON Schema of one event, from the document (for types and contract cases: packages leave it out). */
  eventSchema?: unknown;
  subscription?: SubscriptionSpec;
  /**
   * How long a receiver remembers an event id, in hours: the provider's documented retry horizon (a receiver's default:
   * 72).
   */
  dedupeHours?: number;
  /**
   * How a run this trigger starts is retried when it fails on a retryable error: attempts in all, and the first wait
   * (doubled each time).
   */
  retry?: { attempts: number; backoffSeconds: number };
}
