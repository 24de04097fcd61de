// A property whose time limit ends it before any run finished (the first call held by a slow mock) checked nothing:
// fast-check reports it failed, and the case said "property failed after 0 runs … failed", which a user's CI reads as
// the API being wrong. It is a case that could not run (`error`: JUnit's <error>, CTRF's `other`), whose words name
// the limit, its option and what the first run was doing. A run that finished before the limit still stands.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { draftedSubject } from "../__fixtures__/drafted-subject.js";
import { ctrfReport } from "../report/report-ctrf.js";
import { junitReport } from "../report/report-junit.js";
import { runCases } from "../run.js";
import type { Subject } from "../types.js";
import { propertyKind } from "./property.js";

const document = openapi({
  "/zqreadings": {
    get: {
      operationId: "zqListReadings",
      parameters: [{ name: "zqKind", in: "query", schema: { type: "string", maxLength: 8 } }],
      responses: {
        "200": { description: "", content: { "application/json": { schema: { type: "array", items: {} } } } },
      },
    },
  },
});

const root = mkdtempSync(join(runScratch(), "blockwright-zqreadings-"));
let subject: Subject;
/** How long the loopback server holds each request before it answers 200 `[]`. */
let holdMs = 0;
const held = new Set<ServerResponse>();
let server: Server;
let url: string;
beforeAll(async () => {
  subject = await draftedSubject(root, "zqreadings", document, ["zqListReadings"]);
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    held.add(res);
    setTimeout(() => {
      held.delete(res);
      if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end("[]");
    }, holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

const valid = (id: string) => id.includes("random valid inputs");

describe("a property whose time limit ends it before any run finished", () => {
  it("could not run (no contract failed), its words naming the limit, its option and the first run", async () => {
    holdMs = 60_000;
    const results = await runCases(propertyKind.derive(subject.tools[0]!, subject), {
      mockUrl: () => url,
      seed: 5,
      runs: 10,
      propertyTimeLimitMs: 2_000,
    });
    const held = results.find((r) => valid(r.id))!;
    expect(held).toMatchObject({ status: "error" });
    expect(held.message).toMatch(
      new RegExp(
        String.raw`^no run finished within the property time limit of 2 s \(--property-time-limit\): the first ` +
          String.raw`run was still under way after \d+(\.\d s| ms) \(its input drawn in \d+(\.\d s| ms)\)`,
      ),
    );
    expect(held.message).toContain("Nothing was checked, so no contract failed");
    expect(held.message).toContain("rerun: blockwright test zqreadings --seed 5 --runs 10 --property-time-limit 60");
    expect(held.message).not.toContain("property failed");
    // Refused before any request: the other property is not held.
    expect(results.find((r) => !valid(r.id))).toMatchObject({ status: "passed" });
    // The reports say so: JUnit's <error> (not <failure>), CTRF's `other`.
    const report = { startedAt: new Date(0).toISOString(), durationMs: 1, results: [held] };
    expect(junitReport(report)).toMatch(/<error message="no run finished within the property time limit/);
    expect(junitReport(report)).not.toContain("<failure");
    expect(JSON.parse(ctrfReport(report)).results.tests[0]).toMatchObject({ status: "other" });
  });

  it("passes when a run finished before the limit ended it, slow as the runs are", async () => {
    holdMs = 200;
    const results = await runCases(propertyKind.derive(subject.tools[0]!, subject), {
      mockUrl: () => url,
      seed: 5,
      runs: 100,
      propertyTimeLimitMs: 4_000,
    });
    expect(results.map((r) => [r.id, r.status, r.message])).toEqual(results.map((r) => [r.id, "passed", undefined]));
  });
});
