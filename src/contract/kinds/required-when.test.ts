// The contract suite's cases of the requiredWhen rule, on a body whose shape is selected by one field's value (a
// done run requires its verdict): per value that requires the parameter, the value with it accepted by the mock and
// the value without it refused before any request; random valid inputs meet the rule, and an invalid input may
// break it alone.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRules } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks, type MockServers } from "../../mocks/mocks.js";
import { invalidInput } from "../inputs/invalid-inputs.js";
import { validInput } from "../inputs/random-inputs.js";
import { valuesOf } from "../inputs/values.js";
import type { Subject } from "../types.js";
import { ruleKind } from "./rule.js";

const root = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const specsDir = join(root, "specs-more");
const checks = await loadProvider(root, join(specsDir, "zqchecks"));
const tool = checks.operations[0]!.tool;
const subject: Subject = {
  provider: "zqchecks",
  tools: [tool],
  document: new OpenApiDocument(loadYamlSource(join(specsDir, "zqchecks/openapi.yaml"))),
};

let mocks: MockServers;
beforeAll(async () => {
  mocks = await startMocks(["zqchecks"], { specsDir, root });
});
afterAll(async () => {
  await mocks?.close();
});

describe("requiredWhen in the contract suite", () => {
  it("derives per value the parameter given (accepted) and left out (refused before any request)", async () => {
    const cases = ruleKind.derive(tool, subject);
    expect(cases.map((c) => c.id)).toEqual([
      "zqchecks_update_run › rule › requiredWhen: verdict given when status is done",
      "zqchecks_update_run › rule › requiredWhen: verdict left out when status is done",
    ]);
    for (const c of cases) await c.run({ mockUrl: () => mocks.urls.zqchecks!, seed: 1, runs: 1 });
  });

  it("makes random valid inputs that meet it, and invalid ones that break it alone", () => {
    const values = valuesOf(tool, subject.document);
    const valid = fc.sample(validInput(tool, values, mocks.urls.zqchecks!), { seed: 7, numRuns: 200 });
    const done = valid.filter((input) => input.status === "done");
    expect(done.length).toBeGreaterThan(0);
    for (const input of done) expect(input.verdict).toBeDefined();
    const broken = fc
      .sample(invalidInput(tool, values, mocks.urls.zqchecks!), { seed: 7, numRuns: 400 })
      .filter((d) => d.rule.includes("requiredWhen"));
    expect(broken.length).toBeGreaterThan(0);
    for (const d of broken) {
      expect(d).toMatchObject({ param: "verdict", broken: "verdict left out with status done" });
      expect(d.input).toMatchObject({ status: "done" });
      expect(checkRules(tool, d.input)).toEqual([expect.objectContaining({ param: "verdict", rule: "requiredWhen" })]);
    }
  });
});
