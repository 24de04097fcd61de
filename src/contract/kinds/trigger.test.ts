// The trigger cases of the shelf fixture's trigger (Standard Webhooks, from a
// callback with a named example), run in-process against serve's receiver:
// every case passes, and a receiver that took what it should refuse would be
// caught (the cases assert the refusal, not only a status).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { deriveCases } from "../derive.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const ctx = { mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1 };
const triggerCases = (triggers: TriggerSpec[]) =>
  deriveCases({ provider: "shelf", tools: [], triggers, document: doc }).filter((c) => c.kind === "trigger");

describe("trigger cases", () => {
  it("are derived for each trigger from the spec alone, after the operations' cases", () => {
    const names = triggerCases(shelf.triggers ?? []).map((c) => c.id);
    expect(names).toEqual([
      'shelf_book_added › trigger › delivery "added" accepted, one run per event, outputs as declared',
      "shelf_book_added › trigger › tampered body refused: SIGNATURE_MISMATCH",
      "shelf_book_added › trigger › wrong secret refused: SIGNATURE_MISMATCH",
      "shelf_book_added › trigger › timestamp 360 s old refused: STALE_EVENT",
      "shelf_book_added › trigger › another event (/type changed) refused: UNKNOWN_EVENT",
      "shelf_book_added › trigger › the same delivery twice: one run",
    ]);
    const all = deriveCases({
      provider: "shelf",
      tools: shelf.operations.map((op) => op.tool),
      triggers: shelf.triggers,
      document: doc,
    });
    expect(all.at(-1)?.kind).toBe("trigger");
  });

  it("pass against the receiver serve runs", async () => {
    for (const c of triggerCases(shelf.triggers ?? [])) await expect(c.run(ctx), c.id).resolves.toBeUndefined();
  });

  it("answer each handshake, and a shared secret's cases leave out the tampered body (nothing signs it)", async () => {
    const [trigger] = shelf.triggers ?? [];
    const echoing: TriggerSpec = {
      ...trigger!,
      authentication: { kind: "shared-secret", pointer: ["book", "title"] },
      handshakes: [
        { kind: "echo-query", param: "validationToken" },
        { kind: "echo-header", header: "X-Hook-Secret" },
      ],
    };
    const cases = triggerCases([echoing]);
    expect(cases.map((c) => c.name)).toEqual([
      'delivery "added" accepted, one run per event, outputs as declared',
      "wrong secret refused: SIGNATURE_MISMATCH",
      "another event (/type changed) refused: UNKNOWN_EVENT",
      "the same delivery twice: one run",
      "handshake: query parameter validationToken echoed",
      "handshake: header X-Hook-Secret echoed",
    ]);
    for (const c of cases) await expect(c.run(ctx), c.id).resolves.toBeUndefined();
  });

  it("of an Ed25519-signed trigger: signed with a private key, checked with its public one; each passes", async () => {
    const [trigger] = shelf.triggers ?? [];
    const ed25519: TriggerSpec = {
      ...trigger!,
      authentication: {
        kind: "ed25519",
        encoding: "hex",
        header: "X-Zq-Signature-Ed25519",
        signedText: "{timestamp}{body}",
        timestamp: { header: "X-Zq-Timestamp", toleranceSeconds: 300 },
      },
    };
    const cases = triggerCases([ed25519]);
    expect(cases.map((c) => c.name)).toEqual([
      'delivery "added" accepted, one run per event, outputs as declared',
      "tampered body refused: SIGNATURE_MISMATCH",
      "wrong secret refused: SIGNATURE_MISMATCH",
      "timestamp 360 s old refused: STALE_EVENT",
      "another event (/type changed) refused: UNKNOWN_EVENT",
      "the same delivery twice: one run",
    ]);
    for (const c of cases) await expect(c.run(ctx), c.id).resolves.toBeUndefined();
  });

  it("fail when the trigger's outputs do not come from the event", async () => {
    const [trigger] = shelf.triggers ?? [];
    // An output that reads a field the event lacks and is required: the receiver refuses the delivery, so the accepted
    // case fails.
    const broken: TriggerSpec = {
      ...trigger!,
      outputs: [
        { name: "shelf", description: "", source: { from: "event", pointer: ["book", "shelfId"] }, required: true },
      ],
    };
    const accepted = triggerCases([broken])[0]!;
    await expect(accepted.run(ctx)).rejects.toThrow(
      /the receiver's status \(the trigger's acknowledge\)[\s\S]*MALFORMED_EVENT/,
    );
  });
});

describe("trigger cases of a chat-style provider (a fixture in the style of Slack's Events API)", () => {
  const here = fileURLToPath(new URL("./__fixtures__/", import.meta.url));
  it(
    "cover a challenge answered from a signed body, an event type in a header and a 64-bit event id, and pass " +
      "against serve's receiver",
    async () => {
      const zqchat = await loadProvider(here, join(here, "zqchat"));
      const chatDoc = new OpenApiDocument(loadYamlSource(join(here, "zqchat/openapi.yaml")));
      const [trigger] = zqchat.triggers ?? [];
      expect(trigger).toMatchObject({
        matchHeaders: [{ header: "x-zq-event", equals: "message.posted" }],
        handshakes: [
          { kind: "echo-body", pointer: ["challenge"], when: [{ pointer: ["type"], equals: "url_verification" }] },
        ],
      });
      const cases = deriveCases({ provider: "zqchat", tools: [], triggers: zqchat.triggers, document: chatDoc }).filter(
        (c) => c.kind === "trigger",
      );
      expect(cases.map((c) => c.name)).toEqual(
        expect.arrayContaining([
          'delivery "posted" accepted, one run per event, outputs as declared',
          "another event (header x-zq-event changed) refused: UNKNOWN_EVENT",
          "handshake: body field /challenge echoed once the signature holds",
          "a 64-bit event id kept exactly",
        ]),
      );
      for (const c of cases) await expect(c.run(ctx), c.id).resolves.toBeUndefined();
    },
  );
});
