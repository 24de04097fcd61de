// A live call's recording and `verify`'s report (its drifts quote the answers) hold no secret the answer hands out
// (an output marked `secret`: a created key): secretsOf gives its texts with the call's own.
import type { OutputSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { LiveExchange } from "./live-fetch.js";
import { recordingOf, secretsOf } from "./recording.js";

const add = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_add_book")!.tool;
const KEY = "zq_book_key_2Fh7Cs4Lw9Nd";
const keyOutput: OutputSpec = {
  path: "metadata.key",
  type: "string",
  description: "The book's access key.",
  optional: false,
  source: { expression: "$response.body#/key", ref: { kind: "body", pointer: ["key"] }, required: true },
  secret: true,
};
const tool: ToolSpec = { ...add, outputs: [...add.outputs, keyOutput] };
const exchange: LiveExchange = {
  method: "POST",
  url: "https://api.shelf.test/v2/shelves/main/books",
  requestHeaders: { "content-type": "application/json" },
  requestBody: JSON.stringify({ title: "Zq Dune" }),
  status: 201,
  responseHeaders: { "content-type": "application/json" },
  responseBody: JSON.stringify({ id: "zq-b2", state: "queued", key: KEY }),
};

describe("a live call whose answer hands out a secret", () => {
  const input = { shelfId: "main", title: "Zq Dune" };

  it("is recorded with the secret redacted, the rest of the answer kept", () => {
    const recording = recordingOf(tool, "zq", input, "https://api.shelf.test", [exchange], new Date(0));
    expect(JSON.stringify(recording)).not.toContain(KEY);
    expect(recording.exchanges[0]!.responseBody).toContain('"state":"queued"');
  });

  it("counts among the secrets verify's report redacts", () => {
    expect(secretsOf(tool, input, [exchange])).toContain(KEY);
  });
});
