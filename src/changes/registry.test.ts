// A registry built from surfaces (the base of `blockwright diff`, which has
// no installed package) must judge a workflow as the real registry does:
// the same problems, word for word, for the validator's corpus of invalid
// workflows, the examples, and literals that reach parameter rules the
// corpus does not (a JSON object with a forbidden key, allPages).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_DIR, providers, registry, ROOT } from "../../test-support/repo.js";
import { corpus, envOf, ENV } from "../workflow/__fixtures__/invalid-workflows.js";
import { parseWorkflow, WorkflowErrors, type CheckedRegistry } from "../workflow/validate.js";
import { registryFromSurfaces } from "./registry.js";
import type { Surface } from "./surface.js";

const surfaces = providers.map(
  (p) => JSON.parse(readFileSync(join(GENERATED_DIR, p.id, "surface.json"), "utf8")) as Surface,
);
const fromSurfaces = registryFromSurfaces(surfaces);

function problems(
  reg: CheckedRegistry,
  text: string,
  env: Record<string, string>,
  mode: "mock" | "live" = "live",
): string[] {
  try {
    parseWorkflow(text, "flow.yaml", reg, { env, mode });
    return [];
  } catch (e) {
    if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

const crm = (inputs: string) =>
  `blocks:\n  c:\n    type: crm\n    name: Create\n    inputs:\n      operation: ` +
  `crm_create_record\n      apiKey: "{{SF}}"\n      instanceUrl: https://acme.my.salesforce.com\n      ` +
  `sobject: Account\n${inputs}`;
const CRM_ENV = { SF: "tok-abcdef-0001" };
const search = (inputs: string) =>
  `blocks:\n  s:\n    type: books\n    name: Search\n    inputs:\n      operation: ` +
  `books_search_volumes\n      apiKey: "{{BOOKS_KEY}}"\n      q: dune\n${inputs}`;

// The surface records no mock answers (statuses and their example names): a
// block's `mock:` is checked against the installed package only.
const MOCK_CASES = new Set(["a mock status the spec does not declare", "a mock example the spec does not declare"]);

describe("registryFromSurfaces", () => {
  for (const [name, text] of corpus.filter(([n]) => !MOCK_CASES.has(n))) {
    it(`finds what the real registry finds: ${name}`, () => {
      expect(problems(fromSurfaces, text, envOf(name))).toEqual(problems(registry, text, envOf(name)));
    });
  }

  const cases: [string, string, Record<string, string>][] = [
    ["a literal fields object", crm("      fields: { Name: Acme }\n"), CRM_ENV],
    ["a fields object with a forbidden key (in another case)", crm("      fields: { Name: Acme, ID: 001 }\n"), CRM_ENV],
    ["allPages on an operation that pages", search("      allPages: true\n      maxItems: 20\n"), ENV],
    ["a value of the wrong type in a JSON parameter", crm("      fields: [Acme]\n"), CRM_ENV],
  ];
  for (const [name, text, env] of cases) {
    it(`finds what the real registry finds: ${name}`, () => {
      const expected = problems(registry, text, env);
      expect(problems(fromSurfaces, text, env)).toEqual(expected);
    });
  }

  it("accepts allPages and a literal fields object, refuses a forbidden key with the runtime's message", () => {
    expect(problems(fromSurfaces, cases[0]![1], CRM_ENV)).toEqual([]);
    expect(problems(fromSurfaces, cases[2]![1], ENV)).toEqual([]);
    expect(problems(fromSurfaces, cases[1]![1], CRM_ENV)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^flow\.yaml:\d+:\d+: c: fields: must not contain "Id" \(in any case\): ` +
            "Salesforce sets a new record's id itself",
        ),
      ),
    ]);
  });

  const examples = join(ROOT, "examples");
  for (const file of readdirSync(examples).filter((f) => f.endsWith(".yaml"))) {
    it(`finds what the real registry finds: examples/${file}`, () => {
      const text = readFileSync(join(examples, file), "utf8");
      expect(problems(fromSurfaces, text, {}, "mock")).toEqual(problems(registry, text, {}, "mock"));
    });
  }
});
