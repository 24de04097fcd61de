// A provider drafted from a document (the draft kit's `drafted`), written into a project's specs folder and linked:
// the contract suite's subject of it, for tests that derive and run its cases on mocks started from that folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadProvider } from "../../emit/link-provider.js";
import { drafted } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import { deriveCases } from "../derive.js";
import { runCases } from "../run.js";
import type { ContractCase, Subject } from "../types.js";

export async function draftedSubject(
  root: string,
  provider: string,
  document: Record<string, unknown>,
  operations: string[],
): Promise<Subject> {
  const d = drafted(document, operations, provider);
  const dir = join(root, "specs", provider);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  return {
    provider,
    tools: (await loadProvider(root, dir)).operations.map((o) => o.tool),
    document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
    manifest: loadYamlSource(join(dir, "manifest.yaml")),
  };
}

/** A drafted provider in a project of its own, its mock started (kept, `stateful`); `close` stops it and removes all. */
export interface DraftedOnMock {
  subject: Subject;
  url: string;
  close(): Promise<void>;
}

export async function draftedOnMock(
  provider: string,
  document: Record<string, unknown>,
  operations: string[],
  { stateful = false } = {},
): Promise<DraftedOnMock> {
  const root = mkdtempSync(join(tmpdir(), `blockwright-${provider}-`));
  try {
    const subject = await draftedSubject(root, provider, document, operations);
    const specsDir = join(root, "specs");
    const mocks = await startMocks([provider], {
      specsDir,
      root,
      logLevel: "silent",
      log: () => {},
      ...(stateful ? { state: {} } : {}),
    });
    return {
      subject,
      url: mocks.urls[provider] as string,
      close: async () => {
        await mocks.close();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** Each derived case of the drafted provider run on its mock: those that did not pass, with their messages. */
export async function casesNotPassed(on: DraftedOnMock): Promise<string[]> {
  const results = await runCases(deriveCases(on.subject), { mockUrl: () => on.url, seed: 7, runs: 20 });
  return results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`);
}

/**
 * Each of `cases` run in turn, once, on the mock at `url` (stateful and plain alike): a case that fails throws, as a
 * round trip's checks do.
 */
export async function runOnMock(url: string, cases: readonly ContractCase[]): Promise<void> {
  for (const c of cases) await c.run({ mockUrl: () => url, statefulMockUrl: async () => url, seed: 1, runs: 1 });
}
