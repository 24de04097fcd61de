// The receiving end of a subscription's lifecycle notifications (a trigger's
// `subscription.lifecycle`: the subscription must be reauthorized, it was
// removed, notifications were missed), at the address the create step gave the
// provider (`{{trigger.lifecycleUrl}}`): the provider's handshake answered, each
// delivery read within the trigger's body limit and verified as the trigger's
// deliveries are, acknowledged at once, then each notification handed to the
// subscription keeper (`act`), which renews, creates again or logs. No run
// starts here. A request the handler cannot read is answered, never thrown.
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerHandshake, redact, type TriggerSpec, verifyEvent } from "@blockwright/runtime/internal";
import { lineText } from "../common/github-actions.js";
import { readLimited } from "./limited-body.js";
import { answerError, answerRefusal } from "./refusals.js";

export interface LifecycleReceiverOptions {
  /** A trigger whose subscription declares `lifecycle`. */
  trigger: TriggerSpec;
  /** The path notifications come to (`/triggers/<id>/lifecycle`). */
  path: string;
  /** The address the provider was given (a signature over `{url}` covers it). */
  deliveredTo: string;
  secret: string;
  /** Acts on one notification: the keeper's `lifecycle`. */
  act(event: string, subscriptionId: string | undefined): Promise<void>;
  log(line: string): void;
}

export interface LifecycleReceiver {
  /** Whether a request is for this address. */
  handles(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The actions started and not yet done (awaited on stopping). */
  inFlight: Set<Promise<void>>;
}

export function createLifecycleReceiver(o: LifecycleReceiverOptions): LifecycleReceiver {
  const lifecycle = o.trigger.subscription?.lifecycle;
  if (!lifecycle) throw new Error(`${o.trigger.id} declares no lifecycle notifications`);
  // A notification is verified as a delivery of the trigger is; its event and subscription are its outputs.
  const { items: _eventItems, ...trigger } = o.trigger;
  const spec: TriggerSpec = {
    ...trigger,
    ...(lifecycle.items ? { items: lifecycle.items } : {}),
    match: [],
    eventId: [],
    outputs: [
      { name: "event", description: "", source: { from: "event", pointer: lifecycle.event }, required: true },
      ...(lifecycle.subscription
        ? [
            {
              name: "subscription",
              description: "",
              source: { from: "event" as const, pointer: lifecycle.subscription },
              required: false,
            },
          ]
        : []),
    ],
  };
  const inFlight = new Set<Promise<void>>();
  const log = (line: string) => o.log(lineText(redact(line, [o.secret])));
  const answer = (res: ServerResponse, status: number) => {
    if (res.headersSent) return;
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
    res.end();
  };

  const receive = async (req: IncomingMessage, res: ServerResponse, body: Uint8Array) => {
    const query = (req.url ?? "").includes("?") ? (req.url ?? "").slice((req.url ?? "").indexOf("?")) : "";
    const verified = await verifyEvent(
      spec,
      { method: req.method ?? "POST", url: `${o.deliveredTo}${query}`, headers: req.headers, body },
      { secret: o.secret },
    );
    if (!verified.ok) {
      log(`${o.trigger.id}: refused a lifecycle notification: ${verified.error.code}: ${verified.error.message}`);
      return answerRefusal(res, verified.error, o.secret);
    }
    // Acknowledged before anything is done: the provider's deadline is a few seconds, a renewal takes longer.
    answer(res, o.trigger.acknowledge);
    for (const notification of verified.events) {
      const event = shown(notification.outputs.metadata.event);
      const about = notification.outputs.metadata.subscription;
      const done = o
        .act(event, about === undefined || about === null ? undefined : shown(about))
        .catch((e: unknown) =>
          log(
            `${o.trigger.id}: lifecycle event ${JSON.stringify(event)} could not be acted on: ${(e as Error).message}`,
          ),
        )
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    }
  };

  return {
    handles: (req) => pathOf(req.url) === o.path,
    handle(req, res) {
      try {
        const handshake = answerHandshake(o.trigger, { url: req.url ?? "/", headers: req.headers });
        if (handshake) {
          log(`${o.trigger.id}: answered the provider's handshake at the lifecycle address (${handshake.kind})`);
          res.writeHead(handshake.status, handshake.headers);
          res.end(handshake.body);
          return;
        }
      } catch (e) {
        log(`${o.trigger.id}: a lifecycle handshake could not be read: ${(e as Error).message}`);
        return answerError(res, 400, "MALFORMED_HANDSHAKE", "the handshake could not be read", o.secret);
      }
      if (req.method !== "POST")
        return answerError(res, 405, "METHOD_NOT_ALLOWED", "notifications are POSTed", o.secret, { allow: "POST" });
      readLimited(
        req,
        res,
        o.trigger.maxBodyBytes,
        () => log(`${o.trigger.id}: refused a lifecycle notification over ${o.trigger.maxBodyBytes} bytes (413)`),
        (body) =>
          void receive(req, res, body).catch((e: unknown) => {
            log(`${o.trigger.id}: a lifecycle notification could not be taken: ${(e as Error).message}`);
            answerError(res, 500, "NOT_TAKEN", "the notification could not be taken: send it again", o.secret);
          }),
      );
    },
    inFlight,
  };
}

/** A value from a notification as text: a string as it is, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** The path of a request's target (origin or absolute form), or undefined when it names none. */
function pathOf(target: string | undefined): string | undefined {
  try {
    return new URL(target ?? "/", "http://localhost").pathname;
  } catch {
    return undefined;
  }
}
