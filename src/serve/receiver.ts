// The receiving end of a workflow's trigger: an HTTP handler that answers the
// provider's handshake, reads at most the trigger's body limit, verifies the
// delivery as its trigger declares, has the store keep it (its events claimed,
// the delivery as received and a queued run per new event, in one
// transaction), and only then acknowledges: an acknowledged event is on disk.
// The runs are started by whoever takes them from the store (run-executor.ts,
// or the engine on Postgres). Refusals are answered without a run and
// reported without the secret.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerBodyHandshake,
  answerHandshake,
  redact,
  redactDeep,
  type TriggerEvent,
  type TriggerSpec,
  verifyEvent,
} from "@blockwright/runtime/internal";
import { lineText } from "../common/github-actions.js";
import { guardedListener, requestTarget, shownText } from "../common/request-guard.js";
import { readLimited } from "./limited-body.js";
import { answerError, answerRefusal } from "./refusals.js";
import type { TriggerStore } from "./store.js";

export interface ReceiverOptions {
  trigger: TriggerSpec;
  /** The path deliveries come to (`/triggers/<id>`). */
  path: string;
  /**
   * The address the provider was given (`--public-url` and the path): a signature over `{url}`
   * covers it, not this receiver's own address behind a proxy. Without it, the address the
   * request names (its Host header, the scheme a proxy forwards).
   */
  deliveredTo?: string;
  secret: string;
  store: TriggerStore;
  /** Told of the new events of a delivery once it is kept and acknowledged (to start their runs). */
  accepted?(events: TriggerEvent[]): void;
  /** One line of the receiver's log (stderr). */
  log(line: string): void;
  /**
   * How long an event id is remembered (default: the trigger's `dedupeHours`, else 3 days; at least its timestamp
   * tolerance).
   */
  dedupeWindowMs?: number;
}

/** How long an event id is remembered unless the trigger says: Stripe, among others, retries for three days. */
export const DEFAULT_DEDUPE_MS = 3 * 24 * 3_600_000;

/** Headers never kept with a delivery: they would carry a credential, and no trigger reads them. */
const UNKEPT_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);

/** How long stopping waits for the deliveries already read to be answered (their store writes). */
const ANSWERS_WAITED_MS = 5_000;

export interface Receiver {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Stops taking deliveries: one still being read (a slow client) gets 503 and its connection
   * closed at once (unacknowledged, the provider sends it again), a later request 503; resolves
   * once the deliveries already read are answered (at most a few seconds).
   */
  stop(): Promise<void>;
}

/** The request handler of a trigger's address. */
export function createReceiver(o: ReceiverOptions): Receiver {
  const reading = new Map<IncomingMessage, ServerResponse>();
  const answering = new Set<Promise<void>>();
  let stopping = false;
  const window = dedupeWindow(o);
  let toldBodyHash = false;
  // Every line: the secret left out, then outside text (an event id, a provider's message) kept on one line.
  const log = (line: string) => o.log(lineText(redact(line, [o.secret])));
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (stopping) return unavailable(req, res);
    const url = req.url ?? "/";
    // The guard below answers a request naming no address before this runs.
    if (requestTarget(req)?.pathname !== o.path)
      return answerError(res, 404, "NOT_FOUND", "no trigger at this address", o.secret);
    const handshake = answerHandshake(o.trigger, { url, headers: req.headers });
    if (handshake) {
      log(`${o.trigger.id}: answered the provider's handshake (${handshake.kind})`);
      res.writeHead(handshake.status, handshake.headers);
      res.end(handshake.body);
      return;
    }
    if (req.method !== "POST")
      return answerError(res, 405, "METHOD_NOT_ALLOWED", "deliveries are POSTed", o.secret, { allow: "POST" });
    const reads = readLimited(
      req,
      res,
      o.trigger.maxBodyBytes,
      () => log(`${o.trigger.id}: refused a delivery over ${o.trigger.maxBodyBytes} bytes (413)`),
      (body) => {
        reading.delete(req);
        const tell = (events: TriggerEvent[]) => {
          if (toldBodyHash || !events.some((e) => BODY_HASH_ID.test(e.id))) return;
          toldBodyHash = true;
          log(bodyHashLine(o.trigger));
        };
        const answered = receive(o, window, log, tell, req, res, body)
          .catch((e: unknown) => {
            // Never an unhandled rejection: the delivery gets a 500 (the provider retries) and the log says why.
            log(`${o.trigger.id}: a delivery could not be taken: ${(e as Error).message}`);
            answerError(res, 500, "NOT_TAKEN", "the delivery could not be kept: send it again", o.secret);
          })
          .finally(() => answering.delete(answered));
        answering.add(answered);
      },
    );
    // Being read: a stop answers it 503, to be sent again (a refused one is answered already).
    if (!reads) return;
    reading.set(req, res);
    req.on("close", () => reading.delete(req));
  };

  const stop = async () => {
    stopping = true;
    for (const [req, res] of reading) unavailable(req, res);
    if (reading.size)
      log(`${o.trigger.id}: stopping: ${reading.size} delivery(ies) still being sent refused (503), to be sent again`);
    reading.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...answering]),
      new Promise((done) => (timer = setTimeout(done, ANSWERS_WAITED_MS))),
    ]);
    clearTimeout(timer);
  };
  return { handle: guardedListener(handle, (line) => log(`${o.trigger.id}: ${line}`)), stop };
}

/**
 * A delivery read whole: verified as its trigger declares (or a handshake in its body answered), kept by the store in
 * one write, then acknowledged, and its new events told.
 */
async function receive(
  o: ReceiverOptions,
  window: number,
  log: (line: string) => void,
  tellIds: (events: TriggerEvent[]) => void,
  req: IncomingMessage,
  res: ServerResponse,
  body: Uint8Array,
): Promise<void> {
  /** An event id as a log line shows it: the secret left out, then cut and escaped. */
  const idText = (id: string) => shownText(redact(id, [o.secret]));
  const verified = await verifyEvent(
    o.trigger,
    { method: req.method ?? "POST", url: addressOf(req, o.deliveredTo), headers: req.headers, body },
    { secret: o.secret },
  );
  if (
    !verified.ok &&
    o.trigger.authentication.kind !== "shared-secret" &&
    (verified.error.code === "UNKNOWN_EVENT" || verified.error.code === "MALFORMED_EVENT")
  ) {
    // Signed, and no event of the trigger: maybe a handshake in the body (a URL verification).
    const handshake = answerBodyHandshake(o.trigger, body);
    if (handshake) {
      log(`${o.trigger.id}: answered the provider's handshake (${handshake.kind})`);
      res.writeHead(handshake.status, handshake.headers);
      res.end(handshake.body);
      return;
    }
  }
  if (!verified.ok) {
    // Another event is acknowledged by design (refusals.ts says why), yet never silently: the log says it ran nothing.
    const what =
      verified.error.code === "UNKNOWN_EVENT"
        ? "acknowledged a delivery of no event this trigger takes, without a run"
        : "refused a delivery";
    log(`${o.trigger.id}: ${what}: ${verified.error.code}: ${verified.error.message}`);
    return answerRefusal(res, verified.error, o.secret);
  }
  tellIds(verified.events);
  for (const why of verified.skipped ?? []) log(`${o.trigger.id}: left out an event of a delivery: ${why}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string" && !UNKEPT_HEADERS.has(name)) headers[name] = value;
  // Kept before the answer, in one write: the delivery, its events claimed, a run queued for each new one. The secret
  // withheld from what is kept, as from what is printed: a shared secret travels in the body, and each event's data
  // holds it (the store is a record, read by `runs list` and backed up; the runs need it no more than the logs).
  const claimed = await o.store.accept(
    {
      trigger: o.trigger.id,
      receivedAt: Date.now(),
      headers,
      body: withheldBody(body, o.secret),
      events: verified.events.map((e) => ({ id: e.id, outputs: redactDeep(e.outputs, [o.secret]) })),
    },
    window,
  );
  const fresh = verified.events.filter((event, i) => {
    if (!claimed[i]) log(`${o.trigger.id}: event ${idText(event.id)} seen before: no second run`);
    return claimed[i];
  });
  answer(res, o.trigger.acknowledge);
  if (fresh.length) o.accepted?.(fresh);
}

/** The id verifyEvent gives an event whose trigger's `eventId` the delivery lacks: the body's hash, and its place. */
const BODY_HASH_ID = /^sha256:[0-9a-f]{64}:\d+$/;

/**
 * The line telling the operator, once, that a trigger's events are deduplicated on a hash of the body: a redelivery
 * whose body differs (a retry count, a new timestamp in it) is then a new event and runs again.
 */
function bodyHashLine(trigger: TriggerSpec): string {
  const where = (v: TriggerSpec["eventId"][number]) =>
    v.from === "header"
      ? `the ${v.name} header`
      : `${v.from === "event" ? "the event's" : "the body's"} /${v.pointer.join("/")}`;
  const declared = trigger.eventId.length
    ? `a delivery lacked what identifies its events (${trigger.eventId.map(where).join(" and ")})`
    : "the trigger declares no eventId";
  return (
    `${trigger.id}: ${declared}: its events are told apart by a hash of the delivery's body, so a redelivery whose ` +
    "body differs runs again (declare the trigger's eventId to deduplicate on the provider's id; said once)"
  );
}

/** The delivery's bytes with the secret withheld where its text holds it (in any encoding), else as received. */
function withheldBody(body: Uint8Array, secret: string): Uint8Array {
  const text = new TextDecoder().decode(body);
  const withheld = redact(text, [secret]);
  return withheld === text ? body : new TextEncoder().encode(withheld);
}

/**
 * How long an event id is remembered: as given, else the trigger's `dedupeHours`, else 3 days; at least its timestamp
 * tolerance.
 */
function dedupeWindow(o: ReceiverOptions): number {
  const auth = o.trigger.authentication;
  const tolerance =
    (auth.kind === "shared-secret"
      ? 0
      : auth.kind === "standard-webhooks"
        ? auth.toleranceSeconds
        : (auth.timestamp?.toleranceSeconds ?? 0)) * 1000;
  return Math.max(
    o.dedupeWindowMs ?? (o.trigger.dedupeHours !== undefined ? o.trigger.dedupeHours * 3_600_000 : DEFAULT_DEDUPE_MS),
    tolerance,
  );
}

function answer(res: ServerResponse, status: number): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end();
}

/** A request refused while stopping: 503, and its connection closed (unacknowledged, the provider sends it again). */
function unavailable(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(503, { "content-type": "text/plain; charset=utf-8", connection: "close", "retry-after": "30" });
    res.end("stopping: send it again later\n", () => req.destroy());
  } else req.destroy();
}

/**
 * The full address a delivery was sent to, as a provider signing `{url}` signs it: the given one, or the request's own,
 * with the request's query.
 */
function addressOf(req: IncomingMessage, deliveredTo: string | undefined): string {
  const own = req.url ?? "/";
  const query = own.includes("?") ? own.slice(own.indexOf("?")) : "";
  if (deliveredTo) return `${deliveredTo}${query}`;
  const forwarded = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim();
  return `${forwarded === "https" ? "https" : "http"}://${req.headers.host ?? "localhost"}${own}`;
}
