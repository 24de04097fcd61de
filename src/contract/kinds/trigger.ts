// `trigger`: each trigger of the provider, rehearsed in-process against the
// receiver `blockwright serve` runs (src/serve/receiver.ts, over the
// runtime's verifyEvent and answerHandshake) on a loopback port, with
// deliveries made from the document alone (mocks/trigger-deliveries.ts): a
// valid delivery is acknowledged and starts one run per event, whose outputs
// are what the trigger declares; a tampered body, a wrong secret, a stale
// timestamp and another event are refused with their code and start none;
// the same delivery twice starts one; each handshake is echoed. No mock.
import {
  type DeliveryValue,
  getAtPointer,
  parseLosslessJson,
  type TriggerErrorCode,
  type TriggerSpec,
} from "@blockwright/runtime/internal";
import type { Schema } from "../../load/openapi-document.js";
import {
  deliveryBody,
  deliveryHeaders,
  type EventField,
  eventExamples,
  eventMedia,
  validDeliveryBody,
} from "../../mocks/trigger-deliveries.js";
import { check, fail, same } from "../call.js";
import type { CaseKindModule, CaseSource, ContractCase, Subject } from "../types.js";
import {
  expectTriggerOutputs,
  otherValue,
  type Rig,
  refusalCode,
  secrets,
  setField,
  tampered,
  withReceiver,
} from "./trigger-rig.js";

export const triggerKind: CaseKindModule = {
  doc: {
    when: "each trigger the provider declares (its cases are the trigger's, not an operation's)",
    cases:
      "deliveries made from the spec alone (each example of the event, or one drawn from its schema), signed " +
      "as the trigger declares and sent to the receiver `serve` runs, in-process: each accepted with the " +
      "trigger's status and one run per event whose outputs are the event and the declared fields, of their " +
      "schema's types; a tampered body and a wrong secret refused with `SIGNATURE_MISMATCH`, a timestamp past " +
      "the tolerance with `STALE_EVENT`, another event (a matched field or header changed) with " +
      "`UNKNOWN_EVENT`, none starting a run; the same delivery twice starting one run; an event id read from " +
      "an integer field kept exactly at 64 bits; each handshake echoed (a challenge in the body only once its " +
      "signature holds)",
  },
  applies: () => false,
  derive: () => [],
  deriveProvider: (subject) => (subject.triggers ?? []).flatMap((t) => triggerCases(t, subject)),
};

function triggerCases(trigger: TriggerSpec, subject: Subject): ContractCase[] {
  const doc = subject.document;
  const at = (...path: (string | number)[]): CaseSource => ({
    document: "manifest",
    path: ["triggers", trigger.id, ...path],
  });
  const made = (name: string, run: ContractCase["run"], source: CaseSource): ContractCase => ({
    id: `${trigger.id} › trigger › ${name}`,
    provider: trigger.provider,
    operation: trigger.id,
    kind: "trigger",
    name,
    source,
    run,
  });
  const media = eventMedia(doc, trigger);
  const examples = media ? eventExamples(doc, media, trigger) : [];
  if (!media || !examples.length)
    return [
      made(
        "deliveries made",
        async () =>
          fail(
            `no delivery of ${trigger.id} can be made: the document gives no example of its event and none ` +
              `could be drawn from its schema`,
          ),
        at("event"),
      ),
    ];
  const { right, wrong } = secrets(trigger);
  const first = examples[0]?.body;
  const refused = (
    name: string,
    code: TriggerErrorCode,
    source: CaseSource,
    make: (url: string) => Promise<{ body: string; headers: Record<string, string> }>,
  ) =>
    made(
      `${name} refused: ${code}`,
      async () => {
        await withReceiver(trigger, right, async (post, started, url) => {
          const { body, headers } = await make(url);
          const answer = await post(body, headers);
          same(refusalCode(answer.text), code, "the receiver's refusal");
          same(started.length, 0, "runs started");
        });
      },
      source,
    );
  const signed = async (url: string, fields: EventField[], secret: string, now?: number) => {
    const body = deliveryBody(trigger, media, first, { secret, fields });
    return {
      body,
      headers: await deliveryHeaders(trigger, media, body, { secret, url, ...(now !== undefined ? { now } : {}) }),
    };
  };

  const rig: Rig = { trigger, doc, media, right, wrong, first, at, made, refused, signed };
  return [
    ...deliveryCases(rig, examples),
    ...signatureRefusals(rig),
    ...bigIdCases(rig),
    ...matchRefusals(rig),
    repeatCase(rig),
    ...handshakeCases(rig),
  ];
}

/** Each example delivered: accepted, one run per event, outputs as declared. */
function deliveryCases(
  { trigger, doc, media, right, made }: Rig,
  examples: ReturnType<typeof eventExamples>,
): ContractCase[] {
  const cases: ContractCase[] = [];
  for (const example of examples) {
    cases.push(
      made(
        `delivery "${example.name}" accepted, one run per event, outputs as declared`,
        async () => {
          const body = deliveryBody(trigger, media, example.body, { secret: right });
          await withReceiver(trigger, right, async (post, started, url) => {
            const headers = await deliveryHeaders(trigger, media, body, { secret: right, url });
            const answer = await post(body, headers);
            same(answer.status, trigger.acknowledge, "the receiver's status (the trigger's acknowledge)");
            const json = !media.mediaType.startsWith("application/x-www-form-urlencoded");
            const parsed = json ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
            // A form's values are all text: only a JSON delivery is held to the schema's types.
            if (json)
              check(
                validDeliveryBody(doc, media, parsed),
                () =>
                  `the delivery made from example "${example.name}" is not valid against the event's schema in ` +
                  `the document`,
              );
            // The workflow gets the delivery as sent: an integer too large for a number kept as its text.
            const delivered = json ? parseLosslessJson(body) : parsed;
            const events = trigger.items ? (getAtPointer(delivered, trigger.items) as unknown[]) : [delivered];
            same(started.length, events.length, "runs started (one per event)");
            for (const [i, event] of started.entries())
              expectTriggerOutputs(doc, trigger, event.outputs, events[i], headers);
          });
        },
        example.path ? { document: "openapi", path: example.path } : { document: "openapi", path: media.path },
      ),
    );
  }

  return cases;
}

/** A tampered body, a wrong secret and a stale timestamp, each refused. */
function signatureRefusals({ trigger, media, right, wrong, at, refused, signed }: Rig): ContractCase[] {
  const auth = trigger.authentication;
  const cases: ContractCase[] = [];
  if (auth.kind !== "shared-secret") {
    cases.push(
      refused("tampered body", "SIGNATURE_MISMATCH", at("authentication"), async (url) => {
        const { body, headers } = await signed(url, [], right);
        return { body: tampered(body, media), headers };
      }),
    );
  }
  cases.push(refused("wrong secret", "SIGNATURE_MISMATCH", at("authentication"), (url) => signed(url, [], wrong)));
  const tolerance =
    auth.kind === "standard-webhooks"
      ? auth.toleranceSeconds
      : auth.kind === "hmac" || auth.kind === "ed25519"
        ? auth.timestamp?.toleranceSeconds
        : undefined;
  if (tolerance !== undefined) {
    const age = tolerance + 60;
    cases.push(
      refused(`timestamp ${age} s old`, "STALE_EVENT", at("authentication"), (url) =>
        signed(url, [], right, Date.now() - age * 1000),
      ),
    );
  }
  return cases;
}

/** An event id read from an integer field, kept to its last digit. */
function bigIdCases({ trigger, doc, media, right, first, at, made }: Rig): ContractCase[] {
  const cases: ContractCase[] = [];
  const idField = trigger.eventId.find((v): v is Extract<DeliveryValue, { from: "event" }> => v.from === "event");
  if (
    idField &&
    trigger.eventSchema &&
    doc.schemaAt(trigger.eventSchema as Schema, idField.pointer)?.type === "integer" &&
    !media.mediaType.startsWith("application/x-www-form-urlencoded")
  ) {
    cases.push(
      made(
        "a 64-bit event id kept exactly",
        async () => {
          const big = "820982911946154508";
          const marker = "zq-64-bit-id";
          const body = deliveryBody(trigger, media, first, {
            secret: right,
            fields: [{ pointer: idField.pointer, value: marker }],
          }).replaceAll(`"${marker}"`, big);
          await withReceiver(trigger, right, async (post, started, url) => {
            same(
              (await post(body, await deliveryHeaders(trigger, media, body, { secret: right, url }))).status,
              trigger.acknowledge,
              "the delivery's status",
            );
            check(started.length > 0, () => "the delivery started no run");
            // JSON.parse gives 820982911946154500: another id, and a redelivery of that other event would be taken for
            // this one.
            for (const event of started)
              same(event.id, trigger.eventId.length === 1 ? big : event.id, "the event id (the integer's exact text)");
            for (const event of started)
              same(
                getAtPointer(event.outputs.data, idField.pointer),
                big,
                `the event's /${idField.pointer.join("/")} given to the workflow`,
              );
          });
        },
        at("eventId"),
      ),
    );
  }
  return cases;
}

/** Another event (a matched header or field changed), refused. */
function matchRefusals({ trigger, doc, right, at, refused, signed }: Rig): ContractCase[] {
  const cases: ContractCase[] = [];
  const header = trigger.matchHeaders?.[0];
  if (header) {
    cases.push(
      refused(`another event (header ${header.header} changed)`, "UNKNOWN_EVENT", at("match"), async (url) => {
        const { body, headers } = await signed(url, [], right);
        return { body, headers: { ...headers, [header.header]: `${header.equals}.zq-other` } };
      }),
    );
  }
  const changed = trigger.match[0];
  if (changed) {
    cases.push(
      refused(`another event (${"/" + changed.pointer.join("/")} changed)`, "UNKNOWN_EVENT", at("match"), (url) =>
        signed(url, [{ pointer: changed.pointer, value: otherValue(doc, trigger, changed) }], right),
      ),
    );
  }
  return cases;
}

/** The same delivery twice starts one run. */
function repeatCase({ trigger, right, at, made, signed }: Rig): ContractCase {
  return made(
    "the same delivery twice: one run",
    async () => {
      await withReceiver(trigger, right, async (post, started, url) => {
        const { body, headers } = await signed(url, [], right);
        same((await post(body, headers)).status, trigger.acknowledge, "the first delivery's status");
        const once = started.length;
        check(once > 0, () => "the first delivery started no run");
        same(
          (await post(body, headers)).status,
          trigger.acknowledge,
          "the repeated delivery's status (acknowledged, so the provider stops retrying)",
        );
        same(started.length, once, "runs started after the same delivery again");
      });
    },
    at(trigger.eventId.length ? "eventId" : "event"),
  );
}

/** Each handshake the trigger declares, echoed. */
function handshakeCases({ trigger, media, right, wrong, at, made }: Rig): ContractCase[] {
  const cases: ContractCase[] = [];
  trigger.handshakes.forEach((h, i) => {
    if (h.kind === "echo-body") {
      cases.push(
        made(
          `handshake: body field /${h.pointer.join("/")} echoed once the signature holds`,
          async () => {
            const token = "zq-challenge-3eXW";
            const shape: Record<string, unknown> = {};
            for (const w of h.when) setField(shape, w.pointer, w.equals);
            setField(shape, h.pointer, token);
            const body = JSON.stringify(shape);
            await withReceiver(trigger, right, async (post, started, url) => {
              const answer = await post(body, await deliveryHeaders(trigger, media, body, { secret: right, url }));
              same(answer.status, 200, "the handshake's status");
              same(answer.text, token, "the answer's body (the challenge)");
              check(
                /^text\/plain\b/.test(answer.headers.get("content-type") ?? ""),
                () => `the answer is ${answer.headers.get("content-type")}, not text/plain`,
              );
              // Unsigned, it is refused like any delivery.
              same(
                refusalCode(
                  (await post(body, await deliveryHeaders(trigger, media, body, { secret: wrong, url }))).text,
                ),
                "SIGNATURE_MISMATCH",
                "the refusal of the handshake signed with another secret",
              );
              same(started.length, 0, "runs started by a handshake");
            });
          },
          at("handshakes", i),
        ),
      );
      return;
    }
    const what = h.kind === "echo-query" ? `query parameter ${h.param}` : `header ${h.header}`;
    cases.push(
      made(
        `handshake: ${what} echoed`,
        async () => {
          const token = "zq token/1";
          await withReceiver(trigger, right, async (post, started) => {
            const answer = await post(
              "",
              h.kind === "echo-header" ? { [h.header]: token } : {},
              h.kind === "echo-query" ? `?${new URLSearchParams({ [h.param]: token })}` : "",
            );
            same(answer.status, 200, "the handshake's status");
            if (h.kind === "echo-query") {
              same(answer.text, token, "the answer's body (the token, decoded)");
              check(
                /^text\/plain\b/.test(answer.headers.get("content-type") ?? ""),
                () => `the answer is ${answer.headers.get("content-type")}, not text/plain`,
              );
            } else same(answer.headers.get(h.header), token, `the answer's ${h.header} header`);
            same(started.length, 0, "runs started by a handshake");
          });
        },
        at("handshakes", i),
      ),
    );
  });
  return cases;
}
