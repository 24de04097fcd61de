// A provider's handshake at a subscriber's address, answered as the trigger
// declares: echo a query parameter as text/plain (a validation token), or echo
// a header back (a hook secret). Asked before any signature check: a
// handshake carries no signature.
import type { Handshake, TriggerSpec } from "../spec/trigger-types.js";
import { type Delivery, lowerHeaders } from "./verify-event.js";

export interface HandshakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Which handshake it answers (for the log). */
  kind: Handshake["kind"];
}

/** The answer to a handshake, or undefined when the request is not one. */
export function answerHandshake(spec: Pick<TriggerSpec, "handshakes">, delivery: Pick<Delivery, "url" | "headers">): HandshakeAnswer | undefined {
  for (const handshake of spec.handshakes) {
    if (handshake.kind === "echo-query") {
      const value = new URL(delivery.url, "http://localhost").searchParams.get(handshake.param);
      if (value !== null) return { status: 200, headers: { "content-type": "text/plain; charset=utf-8" }, body: value, kind: handshake.kind };
    } else {
      const value = lowerHeaders(delivery.headers)[handshake.header.toLowerCase()];
      if (value !== undefined) return { status: 200, headers: { [handshake.header]: value }, body: "", kind: handshake.kind };
    }
  }
  return undefined;
}
