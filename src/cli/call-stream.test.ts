// `call` of an operation that answers a stream of JSON values (manifest
// `stream`): its items printed one a line, each as JSON (outside text
// escaped), exit 0; a stream that fails prints the result object, exit 1. The
// fixture provider's list made an ndjson export by text edits (its poll trigger
// left out: a stream has no list to poll).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "../../test-support/runtime/loopback-server.js";
import { callShelfList, streamProject } from "../../test-support/shelf-copy.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-stream-"));
const dir = join(tmp, "project");
let upstream: Awaited<ReturnType<typeof server>>;

beforeAll(async () => {
  upstream = await server((r) =>
    r.url.includes("broken")
      ? { status: 200, headers: { "content-type": "application/x-ndjson" }, body: '{"id":"b1"}\n{"id":\n' }
      : {
          status: 200,
          headers: { "content-type": "application/x-ndjson" },
          body: '{"id":"b1","title":"Dune"}\n{"id":"b2","title":"\\u001b[31mred"}\n',
        },
  );
  await streamProject(dir, "application/x-ndjson");
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("call of a stream", () => {
  it("prints the items one a line, each as JSON, outside control characters escaped", async () => {
    const run = await callShelfList(dir, upstream.url, "main");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('{"id":"b1","title":"Dune"}\n{"id":"b2","title":"\\u001b[31mred"}\n');
    expect(upstream.received.at(-1)?.headers.accept).toContain("application/x-ndjson");
  });

  it("prints the result object of a stream that fails, exit 1", async () => {
    const run = await callShelfList(dir, upstream.url, "broken");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: false, error: { code: "INVALID_JSON" } });
  });
});
