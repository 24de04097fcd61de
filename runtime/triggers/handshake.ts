// A provider's handshake at a subscriber's address, answered as the trigger
// declares: echo a query parameter as text/plain (a validation token), or echo
// a header back (a hook secret). Asked before any signature check: a
// handshake carries no signature.
import type { Handshake, TriggerSpec } from "../spec/trigger-types.js";
import { getAtPointer } from "../http/expressions.js";
import { type Delivery, lowerHeaders, parseLosslessJson } from "./verify-event.js";

export interface HandshakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Which handshake it answers (for the log). */
  kind: Handshake["kind"];
}

/** The answer to a handshake, or undefined when the request is not one. */
export function answerHandshake(
  spec: Pick<TriggerSpec, "handshakes">,
  delivery: Pick<Delivery, "url" | "headers">,
): HandshakeAnswer | undefined {
  for (const handshake of spec.handshakes) {
    if (handshake.kind === "echo-query") {
      const value = new URL(delivery.url, "http://localhost").searchParams.get(handshake.param);
      if (value !== null)
        return {
          status: 200,
          headers: { "content-type": "text/plain; charset=utf-8" },
          body: value,
          kind: handshake.kind,
        };
    } else if (handshake.kind === "echo-header") {
      const value = lowerHeaders(delivery.headers)[handshake.header.toLowerCase()];
      if (value !== undefined)
        return { status: 200, headers: { [handshake.header]: value }, body: "", kind: handshake.kind };
    }
  }
  return undefined;
}

/**
 * The answer to a handshake in a delivery's body (`echo-body`), or undefined when the body is not
 * one. Asked only of a delivery whose signature holds (verifyEvent found no event of the trigger
 * in it): such a handshake is signed like any delivery.
 */
export function answerBodyHandshake(
  spec: Pick<TriggerSpec, "handshakes">,
  body: string | Uint8Array,
): HandshakeAnswer | undefined {
  const handshakes = spec.handshakes.filter(
    (h): h is Extract<Handshake, { kind: "echo-body" }> => h.kind === "echo-body",
  );
  if (!handshakes.length) return undefined;
  let parsed: unknown;
  try {
    parsed = parseLosslessJson(typeof body === "string" ? body : new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
  for (const h of handshakes) {
    if (!h.when.every((w) => getAtPointer(parsed, w.pointer) === w.equals)) continue;
    const value = getAtPointer(parsed, h.pointer);
    if (typeof value === "string" || typeof value === "number")
      return {
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: String(value),
        kind: h.kind,
      };
  }
  return undefined;
}
