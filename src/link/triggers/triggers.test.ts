// `triggers` linked against the document: the event found from its callback
// (or webhook), the fields it reads checked there, and each problem reported
// at the manifest's place; the linked trigger is what the runtime verifies.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { signDelivery, verifyEvent } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import type { ProviderIR } from "../../model/ir.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-triggers-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
async function linked(edits: FixtureEdit[]): Promise<{ ir: ProviderIR } | { problems: string[] }> {
  const root = join(work, String(counter++));
  const dir = shelfCopy(root, edits);
  try {
    return { ir: await loadProvider(root, dir) };
  } catch (e) {
    if (e instanceof GenerationErrors) return { problems: e.errors.map((x) => x.message) };
    throw e;
  }
}

const problems = async (edits: FixtureEdit[]) => {
  const result = await linked(edits);
  return "problems" in result ? result.problems.map((p) => p.replace(/^.*manifest\.yaml:/, "manifest.yaml:")) : [];
};

describe("triggers linked against the document", () => {
  it(
    "finds the event through the operation's callback, " + "and the linked trigger verifies a signed delivery",
    async () => {
      const result = await linked([]);
      if (!("ir" in result)) throw new Error(result.problems.join("\n"));
      const trigger = result.ir.triggers?.[0];
      expect(trigger).toMatchObject({
        id: "shelf_book_added",
        event: { source: "callback", operationId: "addBook", name: "bookAdded" },
        acknowledge: 204,
        secretParam: "signingSecret",
      });
      const body = JSON.stringify({ type: "book.added", book: { id: "b-7", title: "Zq" } });
      const secret = `whsec_${Buffer.from("zq-signing-key").toString("base64")}`;
      const headers = await signDelivery(trigger!, body, { secret, url: "http://127.0.0.1/hook", id: "msg_zq1" });
      const verified = await verifyEvent(trigger!, { method: "POST", url: "/hook", headers, body }, { secret });
      expect(verified).toMatchObject({
        ok: true,
        id: "msg_zq1",
        outputs: { metadata: { bookId: "b-7", title: "Zq" } },
      });
    },
  );

  it(
    "takes the dedupe horizon and the run retries a trigger declares, defaulting what the retry leaves out, " +
      "and neither when not declared",
    async () => {
      const declaredHere = "    dedupeHours: 72\n    retry: { attempts: 3, backoffSeconds: 10 }\n";
      const declared = await linked([
        { find: declaredHere, replace: "    dedupeHours: 720\n    retry: { attempts: 9 }\n" },
      ]);
      if (!("ir" in declared)) throw new Error(declared.problems.join("\n"));
      expect(declared.ir.triggers?.[0]).toMatchObject({ dedupeHours: 720, retry: { attempts: 9, backoffSeconds: 30 } });
      const plain = await linked([{ find: declaredHere, replace: "" }]);
      if (!("ir" in plain)) throw new Error(plain.problems.join("\n"));
      expect(plain.ir.triggers?.[0]).not.toHaveProperty("dedupeHours");
      expect(plain.ir.triggers?.[0]).not.toHaveProperty("retry");
      expect(await problems([{ find: "dedupeHours: 72", replace: "dedupeHours: 0" }])).toEqual([
        expect.stringContaining("dedupeHours"),
      ]);
    },
  );

  it("links an Ed25519 signature, its public key the trigger's input, and refuses one without its header", async () => {
    const ed25519 =
      "authentication:\n      ed25519:\n        encoding: base64\n        header: X-Zq-Signature-Ed25519\n" +
      '        signedText: "{timestamp}{body}"\n' +
      "        timestamp: { header: X-Zq-Timestamp, toleranceSeconds: 300 }\n" +
      "    secret: publicKey";
    const declared = await linked([
      {
        find: "authentication: { standardWebhooks: { toleranceSeconds: 300 } }\n    secret: signingSecret",
        replace: ed25519,
      },
    ]);
    if (!("ir" in declared)) throw new Error(declared.problems.join("\n"));
    expect(declared.ir.triggers?.[0]).toMatchObject({
      secretParam: "publicKey",
      authentication: {
        kind: "ed25519",
        encoding: "base64",
        header: "X-Zq-Signature-Ed25519",
        signedText: "{timestamp}{body}",
        timestamp: { header: "X-Zq-Timestamp", toleranceSeconds: 300 },
      },
    });
    expect(
      await problems([
        {
          find: "authentication: { standardWebhooks: { toleranceSeconds: 300 } }",
          replace: 'authentication: { ed25519: { encoding: hex, signedText: "{body}" } }',
        },
      ]),
    ).toEqual([expect.stringMatching(/triggers\.shelf_book_added\.authentication\.ed25519.*header/)]);
  });

  it("names a callback the operation does not declare, at its place in the manifest", async () => {
    expect(await problems([{ find: "name: bookAdded", replace: "name: bookGone" }])).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^manifest\.yaml:\d+:\d+: triggers\.shelf_book_added\.event\.callback\.name: operation ` +
            String.raw`"addBook" declares no callback "bookGone" in .*openapi\.yaml \(callbacks: bookAdded\)$`,
        ),
      ),
    ]);
  });

  it("names a field the event does not have, in match, outputs and the event id", async () => {
    const found = await problems([
      { find: "match: { /type: book.added }", replace: "match: { /kind: book.added }" },
      { find: 'from: "$event#/book/id"', replace: 'from: "$event#/book/isbn"' },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/triggers\.shelf_book_added\.match\./),
      expect.stringMatching(
        /triggers\.shelf_book_added\.outputs\.bookId\.from: \/book\/isbn is not a field of the event/,
      ),
    ]);
    expect(found[0]).toContain("/kind is not a field of the event");
  });

  it("refuses a trigger id without the provider's prefix, and a webhook the document lacks", async () => {
    expect(await problems([{ find: "  shelf_book_added:", replace: "  other_book_added:" }])).toEqual([
      expect.stringContaining(
        'a trigger id starts with the provider id and an underscore (shelf_…), got "other_book_added"',
      ),
    ]);
    expect(
      await problems([
        {
          find: "event: { callback: { operation: shelf_add_book, name: bookAdded } }",
          replace: "event: { webhook: bookAdded }",
        },
      ]),
    ).toEqual([
      expect.stringContaining('triggers.shelf_book_added.event.webhook: "bookAdded" is not among the webhooks of'),
    ]);
  });

  it("checks a subscription's operations and the output holding its id", async () => {
    const found = await problems([
      {
        find: "    acknowledge: 204\n",
        replace:
          "    acknowledge: 204\n    subscription: { create: { operation: shelf_add_book, inputs: { title: " +
          "x } }, delete: { operation: shelf_drop_book }, id: metadata.hookId }\n",
      },
    ]);
    expect(found).toEqual([
      expect.stringContaining(
        'triggers.shelf_book_added.subscription.delete.operation: "shelf_drop_book" is not an operation of ' +
          "this manifest",
      ),
      expect.stringMatching(
        new RegExp(
          String.raw`triggers\.shelf_book_added\.subscription\.id: "metadata\.hookId" is not an output of ` +
            String.raw`shelf_add_book \(outputs: .+\)`,
        ),
      ),
    ]);
  });

  it("reports a $ref the reader does not follow on the way to the event's body at the trigger's place", async () => {
    // A chain of more hops than the document's reader follows (the load reports none missing and no cycle): it failed
    // the link as an internal error.
    const hops = Array.from({ length: 40 }, (_, i) => `  zq${i}: { $ref: "#/x-zq-hops/zq${i + 1}" }\n`).join("");
    const found = await problems([
      { file: "openapi.yaml", find: "paths:\n", replace: `x-zq-hops:\n${hops}  zq40: { content: {} }\npaths:\n` },
      {
        file: "openapi.yaml",
        find: "              requestBody:\n                required: true\n",
        replace: '              requestBody:\n                $ref: "#/x-zq-hops/zq0"\n',
      },
    ]);
    expect(found).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^manifest\.yaml:\d+:\d+: triggers\.shelf_book_added\.event\.callback\.name: the event's ` +
            String.raw`\$ref chain too deep at #/x-zq-hops/zq\d+ in .*openapi\.yaml$`,
        ),
      ),
    ]);
  });
});
