// The derived contract suite (scripts/contract/) on this repository's
// providers: one test per case, on the suite's shared Prism mocks. Nothing
// here names a provider: a new specs/<p>/ gets its cases by being generated.
import { describe, expect, inject, it } from "vitest";
import { safeToRepeat } from "@blockwright/runtime";
import { join } from "node:path";
import { deriveCases } from "../scripts/contract/derive.js";
import { loadSubjects } from "../scripts/contract/subjects.js";
import type { CaseContext, CaseKind } from "../scripts/contract/types.js";
import { providers, ROOT } from "./repo.js";

/** Fixed, so that `npm test` draws the same inputs every time; `blockwright test` takes --seed. */
const SEED = 20_261_121;
const RUNS = 20;

const ctx = (): CaseContext => ({ mockUrl: (p) => inject("mockUrls")[p]!, seed: SEED, runs: RUNS });

// The same subjects `blockwright test` loads: the generated packages' tools, checked against the specs.
const subjects = await loadSubjects(
  { root: ROOT, specs: join(ROOT, "specs"), out: join(ROOT, "generated") },
  providers.map((p) => p.id),
);

for (const subject of subjects) {
  const { tools, document } = subject;
  const cases = deriveCases(subject);

  // Cases are independent (each call has its own exchange log): they run a few at a time.
  describe.concurrent(`${subject.provider}, derived from its specs`, { timeout: 60_000 }, () => {
    it("derives every kind of case for every operation", () => {
      for (const tool of tools) {
        const kinds = new Set(cases.filter((c) => c.operation === tool.id).map((c) => c.kind));
        const op = document.operations.get(tool.operationId)!;
        const expected: CaseKind[] = ["example", "request", "property"];
        if (op.responses.some((r) => Number(r.status) >= 400 && !tool.outcomes.some((o) => o.status === Number(r.status)))) expected.push("error");
        if (op.security?.length) expected.push("auth");
        if (tool.params.some((p) => p.required || p.maximum !== undefined || p.maxLength !== undefined)) expected.push("limit");
        if (tool.params.some((p) => p.enum)) expected.push("enum");
        if (tool.rules.length) expected.push("rule");
        if (tool.routes.length) expected.push("route");
        if (tool.polling || !safeToRepeat(tool, tool.method) || tool.errors.retryableStatuses.includes(429)) expected.push("scenario");
        expect([...kinds].sort(), tool.id).toEqual(expect.arrayContaining(expected));
      }
    });

    for (const c of cases) {
      it(c.id, async () => {
        await c.run(ctx());
      });
    }
  });
}
