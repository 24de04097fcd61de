// A worker's mocks of one linked subject (its stateless ones, then a stateful one for a round trip) share the mock's
// copy of the document (mock-document.ts), made once: a whole published API's copy cost 6–12 s of CPU each time.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { linkedTool } from "../../../test-support/linked-tool.js";
import { manifest, openapi } from "./__fixtures__/zqcrate-subject.js";
import type { LinkedSubject } from "../../load/linked-subject.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const made = vi.hoisted(() => ({ copies: 0 }));
vi.mock("../mock-document.js", async (original) => {
  const actual = await original<typeof import("../mock-document.js")>();
  return {
    ...actual,
    mockDocument: (...args: Parameters<typeof actual.mockDocument>) => {
      made.copies++;
      return actual.mockDocument(...args);
    },
  };
});
// The suite's files share a worker's modules (isolate: false): a load another file made holds the real function.
vi.resetModules();
const { startMocks } = await import("../mocks.js");

const work = mkdtempSync(join(runScratch(), "blockwright-once-per-link-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const { linked } = await linkedTool(work, "zqcrate", openapi, manifest, "zqcrate_list");
const specsDir = join(work, "specs");
const subject = (): LinkedSubject => ({
  document: linked.document,
  manifest: parse(readFileSync(join(specsDir, "zqcrate", "manifest.yaml"), "utf8")),
  tools: linked.ir.operations.map((o) => o.tool),
});

async function status(zqcrate: LinkedSubject, state?: object): Promise<number> {
  const mocks = await startMocks(["zqcrate"], {
    specsDir,
    logLevel: "silent",
    linked: { zqcrate },
    log: () => {},
    ...(state ? { state } : {}),
  });
  try {
    const response = await fetch(`${mocks.urls.zqcrate}/zqcrates`, {
      headers: { accept: "application/json", "x-zq-key": "zq-key-1" },
    });
    await response.body?.cancel();
    return response.status;
  } finally {
    await mocks.close();
  }
}

describe("the mocks of one linked subject", () => {
  it("make its served copy once: a stateless mock, a second, then a stateful one", async () => {
    const one = subject();
    made.copies = 0;
    expect([await status(one), await status(one), await status(one, {})]).toEqual([200, 200, 200]);
    expect(made.copies).toBe(1);
  });

  it("make it anew for a new link (another subject object)", async () => {
    made.copies = 0;
    expect([await status(subject()), await status(subject())]).toEqual([200, 200]);
    expect(made.copies).toBe(2);
  });
});
