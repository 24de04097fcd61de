// A live call's recording and `verify`'s report (its drifts quote the answers) hold no secret the answer hands out
// (an output marked `secret`: a created key): secretsOf gives its texts with the call's own.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { shelfAddWithSecretKey } from "../../test-support/runtime/ir-fixtures.js";
import type { LiveExchange } from "./live-fetch.js";
import { recordingOf, secretsOf } from "./recording.js";

const KEY = "zq_book_key_2Fh7Cs4Lw9Nd";
const tool: ToolSpec = shelfAddWithSecretKey();
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
