// A 204 answer the document gives a named example (`""`, as zoom.us writes its deletions'): the mock serves no body
// with a 204 (RFC 9110: no content, whatever the document declares), and the answer's case compared that with the
// example, `expected "", got undefined`. A 204, 205 or 304 is held to carrying no body instead.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks, type MockServers } from "../mocks/mocks.js";
import { draftedSubject } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";
import { runCases } from "./run.js";
import type { Subject } from "./types.js";

const document = openapi({
  "/zqschedulers/{zqUserId}": {
    delete: {
      operationId: "DeleteZqSchedulers",
      parameters: [{ name: "zqUserId", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "204": {
          description: "Deleted.",
          content: { "application/json": { examples: { response: { value: "" } } } },
        },
      },
    },
  },
});

const root = mkdtempSync(join(tmpdir(), "blockwright-zq-no-content-"));
let subject: Subject;
let mocks: MockServers;

beforeAll(async () => {
  subject = await draftedSubject(root, "zqschedulers", document, ["DeleteZqSchedulers"]);
  mocks = await startMocks(["zqschedulers"], {
    specsDir: join(root, "specs"),
    root,
    logLevel: "silent",
    log: () => {},
  });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a 204 answer with a named example", () => {
  it("is held to carrying no body, and every derived case passes on the mock", async () => {
    const cases = deriveCases(subject);
    expect(cases.map((c) => c.id)).toContain('zqschedulers_delete_zq_schedulers › example › answer 204 "response"');
    const results = await runCases(cases, { mockUrl: () => mocks.urls.zqschedulers as string, seed: 7, runs: 20 });
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });
});
