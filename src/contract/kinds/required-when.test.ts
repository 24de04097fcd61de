// The contract suite's cases of the requiredWhen rule, on a body whose shape is selected by one field's value (a
// done run requires its verdict): per value that requires the parameter, the value with it accepted by the mock and
// the value without it refused before any request; random valid inputs meet the rule, and an invalid input may
// break it alone. Without values (the parameter required whenever the other is given), the same with the other
// given.
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

describe("requiredWhen without values in the contract suite", () => {
  // Beside the document's own rule, a note whenever a verdict is given (a rule the document does not state: the mock
  // takes a verdict with a note, and the runtime refuses one without before any request).
  const noted = {
    ...tool,
    rules: [...tool.rules, { rule: "requiredWhen" as const, param: "note", dependsOn: "verdict" }],
  };

  it("derives the parameter given with the other (accepted) and left out (refused before any request)", async () => {
    const cases = ruleKind.derive(noted, { ...subject, tools: [noted] });
    expect(cases.map((c) => c.id).slice(2)).toEqual([
      "zqchecks_update_run › rule › requiredWhen: note given when verdict is given",
      "zqchecks_update_run › rule › requiredWhen: note left out when verdict is given",
    ]);
    for (const c of cases) await c.run({ mockUrl: () => mocks.urls.zqchecks!, seed: 1, runs: 1 });
  });

  it("makes random valid inputs that meet it, and invalid ones that break it alone", () => {
    const values = valuesOf(noted, subject.document);
    const valid = fc.sample(validInput(noted, values, mocks.urls.zqchecks!), { seed: 7, numRuns: 200 });
    const withVerdict = valid.filter((input) => input.verdict !== undefined);
    expect(withVerdict.length).toBeGreaterThan(0);
    for (const input of withVerdict) expect(input.note).toBeDefined();
    const broken = fc
      .sample(invalidInput(noted, values, mocks.urls.zqchecks!), { seed: 7, numRuns: 400 })
      .filter((d) => d.broken.includes("with verdict"));
    expect(broken.length).toBeGreaterThan(0);
    for (const d of broken) {
      expect(d).toMatchObject({ param: "note", broken: "note left out with verdict given", rule: ["requiredWhen"] });
      expect(d.input.verdict).toBeDefined();
      expect(checkRules(noted, d.input)).toEqual([
        expect.objectContaining({ param: "note", rule: "requiredWhen", message: expect.stringContaining("verdict") }),
      ]);
    }
  });
});
