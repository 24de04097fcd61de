// RESULTS.md's table per vendor: the poll triggers add drafted, counted and
// named (escaped as any outside text), apart from a vendor add never reached.
import { describe, expect, it } from "vitest";
import { failureKind, resultsMarkdown } from "./results.js";
import type { VendorRecord } from "./vendor.js";

const record = (vendor: string, pollTriggers?: string[]): VendorRecord => ({
  vendor,
  format: "openapi 3.0",
  files: 1,
  shapes: [],
  ranAt: "2026-01-02T00:00:00Z",
  steps: { add: { exit: 0, seconds: 1, summary: "drafted", errors: [] } },
  ...(pollTriggers ? { pollTriggers } : {}),
});

describe("the corpus results per vendor", () => {
  it("have a column of the poll triggers add drafted", () => {
    const text = resultsMarkdown(
      [record("zqone", ["zqone_things_created", "zqone_gadgets_created"]), record("zqtwo", []), record("zqthree")],
      { commit: "0000000", machine: "test", command: "npm run corpus" },
    );
    const table = text.slice(text.indexOf("## Per vendor"));
    expect(table).toMatch(
      new RegExp(
        String.raw`\| vendor \| format \| add \| generate \| test \| verify \| platforms \| round trips \| ` +
          String.raw`poll triggers drafted \| hand edits needed \|`,
      ),
    );
    expect(table).toMatch(
      /\[zqone\]\(zqone\/source\.yaml\) .*\| 2: zqone\\_things\\_created, zqone\\_gadgets\\_created \|/,
    );
    expect(table).toMatch(/\[zqtwo\]\(zqtwo\/source\.yaml\) .*\| 0 \|/);
    expect(table).toMatch(/\[zqthree\]\(zqthree\/source\.yaml\) .*\| — \| [^|]+ \|$/m);
  });
});

// A request the judge refused lists the schema's words (`does not match`, `lacks required field`) on its next lines:
// the kind was read from those as an answer that breaks its schema, which sent a reader to the mocks' answers.
describe("a failing step's kind", () => {
  it("is the request judge's refusal, not an answer's, where the judge refused the request", () => {
    const errors = [
      "✗ zqone zqone_create › request › every parameter, placed where the spec declares it",
      "the request judge refused POST /zqthings:",
      '- [schema] /body: the body does not meet its schema: the value lacks required field "zqname"',
    ];
    expect(failureKind("test", { exit: 1, seconds: 1, summary: "failed", errors })).toBe(
      "a request the request judge refuses (by the document's rules)",
    );
    const answer = ["✗ zqone zqone_get › example › answer 200", "- response body /zqid: does not match its schema"];
    expect(failureKind("test", { exit: 1, seconds: 1, summary: "failed", errors: answer })).toBe(
      "an answer that breaks its schema (often the document's own example)",
    );
  });
});

// The link's refusal of an http base address (BW2018) names server.default too: it was counted as a relative address.
describe("a draft whose base address is http to a host other than loopback", () => {
  it("is its own kind, not a relative address", () => {
    const errors = [
      'specs/zqlocal/manifest.yaml:17:12: server.default: "http://zq.local" is http to a host other than loopback, ' +
        'which the runtime never calls (https only, http to loopback hosts): write "https://zq.local" [BW2018]',
    ];
    expect(failureKind("add", { exit: 1, seconds: 1, summary: "failed", errors })).toBe(
      "a base address over http to a host other than loopback (the runtime calls it over https only)",
    );
  });
});

// The link's refusal of add's own draft whose words hold "must be" (BW2012's "must be marked secret") was counted as
// the mock's request check disagreeing (the whole directory's seed 251, a credential drafted without `secret`).
describe("a draft the link refuses with a rule's words", () => {
  it("is add's draft refused by the link, not the mock's request check", () => {
    const errors = [
      'specs/zqsound/manifest.yaml:56:3: params.zqClientId: the credential parameter "zqClientId" must be marked ' +
        "secret: true [BW2012]",
      "Next: review the notes, then blockwright generate && blockwright test zqsound",
    ];
    expect(failureKind("add", { exit: 1, seconds: 1, summary: "failed", errors })).toBe(
      "add's draft refused by the link (a manifest rule it breaks)",
    );
  });
});
