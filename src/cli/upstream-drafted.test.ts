// `upstream` where what changes reaches the tools through add's drafting rules, not the schema: a value list add reads
// from a parameter's words ("Valid values: a or b") and the lone field of a required body, which add drafts required.
// The schema comparison sees only the text (informational); add's drafts of the two cuts give what `diff` gives on the
// regenerated surface, breaking. The provider is the made-up `zqshelf`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-drafted-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const answer = {
  "200": { description: "Done.", content: { "application/json": { schema: { type: "object" }, example: {} } } },
};

function published(kindWords: string, fields: string[], addGroup = "addGroup", required: string[] = []): string {
  const field = { type: "object", properties: { name: { type: "string", maxLength: 40 } } };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqshelf", version: "1" },
    servers: [{ url: "https://zqshelf.invalid" }],
    paths: {
      "/items": {
        get: {
          operationId: "listItems",
          parameters: [
            { name: "kind", in: "query", description: `The kind of item. ${kindWords}`, schema: { type: "string" } },
          ],
          responses: answer,
        },
      },
      "/groups": {
        post: {
          operationId: addGroup,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: Object.fromEntries(fields.map((f) => [f, field])),
                  ...(required.length ? { required } : {}),
                },
              },
            },
          },
          responses: answer,
        },
      },
    },
  });
}

type Change = { severity: string; kind: string; location: string; pointer: string; reason: string; binds: string[] };

/** The changes `upstream` reports from `older` (added) to `newer`, but for text. */
async function reported(name: string, older: string, newer: string): Promise<Change[]> {
  const dir = join(tmp, name);
  mkdirSync(join(dir, "specs"), { recursive: true });
  writeFileSync(join(dir, "v1.json"), older);
  writeFileSync(join(dir, "v2.json"), newer);
  const added = await cli(["add", "zqshelf", "--from", "v1.json", "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
  const up = await cli(["upstream", "zqshelf", "v2.json", "--json"], { cwd: dir });
  expect(up.code, up.stderr).toBe(1);
  return (JSON.parse(up.stdout).changes as Change[]).filter((c) => c.severity !== "informational");
}

const line = (c: Change) => `${c.severity} ${c.kind} ${c.location} ${c.pointer} [${c.binds}]`;

describe("upstream, where add's drafting rules give the newer document's parameters otherwise", () => {
  it("reports values the words now list, and the lone field of a required body, as breaking", async () => {
    const changes = await reported(
      "added",
      published("", ["profile", "zqnote"]),
      // The newer document names the operation otherwise: its draft is the one at the same method and path.
      published("Valid values: zqblocks or zqleaves.", ["profile"], "zqcreateGroup"),
    );
    expect(changes.map(line).sort()).toEqual([
      "breaking request-parameter-enum-set request.parameter.query kind [param kind]",
      "breaking request-property-became-required request.body /profile [param profile]",
      "breaking request-property-removed request.body /zqnote [param zqnote]",
    ]);
    const reason = (kind: string) => changes.find((c) => c.kind === kind)?.reason;
    expect(reason("request-parameter-enum-set")).toContain("read from the words of its description");
    expect(reason("request-property-became-required")).toContain("read from the body's shape");
  });

  it("reports a value the words no longer list as breaking, one they add as non-breaking", async () => {
    const changes = await reported(
      "narrowed",
      published("Valid values: zqblocks or zqleaves.", ["profile"]),
      published("Valid values: zqblocks or zqroots.", ["profile"]),
    );
    expect(changes.map(line)).toEqual([
      "breaking request-parameter-enum-value-removed request.parameter.query kind [param kind]",
      "non-breaking request-parameter-enum-value-added request.parameter.query kind [param kind]",
    ]);
    for (const c of changes) expect(c.reason).toContain("read from the words of its description");
  });

  it("gives a change the schema gives too once, as the schema's", async () => {
    const changes = await reported(
      "schema",
      published("", ["profile", "zqnote"]),
      published("", ["profile"], "addGroup", ["profile"]),
    );
    const required = changes.filter((c) => c.kind === "request-property-became-required");
    expect(required.map(line)).toEqual([
      "breaking request-property-became-required request.body /profile [param profile]",
    ]);
    expect(required[0]?.reason).not.toContain("read from");
  });
});
