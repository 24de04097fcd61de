// The derived contract suite (src/contract/) on this repository's
// providers: one test per case, on the suite's shared Prism mocks. Nothing
// here names a provider: a new specs/<p>/ gets its cases by being generated.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { applicableKinds, deriveCases } from "../src/contract/derive.js";
import { CASE_KINDS } from "../src/contract/kinds/index.js";
import { loadSubjects } from "../src/contract/subjects.js";
import type { CaseContext } from "../src/contract/types.js";
import { providers, ROOT } from "../test-support/repo.js";
import { sharedMockUrls, sharedStatefulMockUrls } from "../test-support/shared-mocks.js";

/** Fixed, so that `npm test` draws the same inputs every time; `blockwright test` takes --seed. */
const SEED = 20_261_121;
const RUNS = 20;

const mockUrls = await sharedMockUrls();
const ctx = (): CaseContext => ({
  mockUrl: (p) => mockUrls[p]!,
  statefulMockUrl: async (p) => (await sharedStatefulMockUrls())[p]!,
  seed: SEED,
  runs: RUNS,
});

// The same subjects `blockwright test` loads: the generated packages' tools, checked against the specs.
const subjects = await loadSubjects(
  { root: ROOT, specs: join(ROOT, "specs"), out: join(ROOT, "generated") },
  providers.map((p) => p.id),
);

for (const subject of subjects) {
  const cases = deriveCases(subject);

  // Cases are independent (each call has its own exchange log): they run a few at a time.
  describe.concurrent(`${subject.provider}, derived from its specs`, () => {
    // The table says which kinds apply to an operation (kinds/<kind>.ts › applies); the suite derives only those.
    it("derives, for each operation, cases of every kind that applies to it, each kind only its own", () => {
      for (const tool of subject.tools) {
        for (const kind of applicableKinds(tool, subject)) {
          expect(new Set(CASE_KINDS[kind].derive(tool, subject).map((c) => c.kind)), `${tool.id} › ${kind}`).toEqual(
            new Set([kind]),
          );
        }
      }
    });

    for (const c of cases) {
      it(c.id, async () => {
        await c.run(ctx());
      });
    }
  });
}
