// Workflow checks before anything runs: a corpus of invalid workflows, one
// per rule, each with its exact message and file:line:col.
import { describe, expect, it } from "vitest";
import { registry } from "../../contract-tests/repo.js";
import { parseWorkflow, WorkflowErrors } from "./validate.js";

const BASE = `name: Reading list
blocks:
  search:
    type: books
    name: Search books
    inputs:
      operation: books_search_volumes
      apiKey: "{{BOOKS_KEY}}"
      q: dune
      maxResults: 5
    connections:
      outgoing:
        - target: volume
  volume:
    type: books
    name: Read the first result
    inputs:
      operation: books_get_volume
      apiKey: "{{BOOKS_KEY}}"
      volumeId: "{{search.data[0].id}}"
`;

const ENV = { BOOKS_KEY: "AIzaSyWorkflowKey9", GAMMA_KEY: "sk-gamma-workflow1" };

function problems(text: string, mode: "mock" | "live" = "live", env: Record<string, string> = ENV): string[] {
  try {
    parseWorkflow(text, "flow.yaml", registry, { env, mode });
    return [];
  } catch (e) {
    if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

const edit = (find: string, replace: string) => {
  if (!BASE.includes(find)) throw new Error(`BASE has no ${JSON.stringify(find)}`);
  return BASE.replace(find, replace);
};

describe("a valid workflow", () => {
  it("passes", () => {
    expect(problems(BASE)).toEqual([]);
  });
  it("records placeholders for unset variables in a mock run", () => {
    expect(parseWorkflow(BASE, "flow.yaml", registry, { env: {}, mode: "mock" }).placeholders).toEqual(["BOOKS_KEY"]);
  });
});

describe("invalid workflows", () => {
  const corpus: [string, string, string[]][] = [
    ["bad YAML", edit("    name: Search books\n", "    name: [Search books\n"), ["flow.yaml:6:5: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]"]],
    ["an unknown top-level field", `${BASE}schedule: daily\n`, ['flow.yaml:21:1: (top level): unknown field "schedule" (allowed: $schema, name, description, blocks)']],
    ["a block without inputs.operation", edit("      operation: books_get_volume\n", ""), ['flow.yaml:17:5: blocks.volume.inputs: missing required field "operation"']],
    ["an unknown block type", edit("    type: books\n    name: Read", "    type: library\n    name: Read"), [`flow.yaml:15:11: volume: unknown block type "library" (block types: ${Object.keys(registry.blocks).sort().join(", ")})`]],
    ["an operation of another block type", edit("operation: books_get_volume", "operation: crm_get_record"), ['flow.yaml:18:18: volume: unknown operation "crm_get_record" for block type books (operations: books_get_volume, books_search_volumes)']],
    ["a parameter the operation does not have", edit("      maxResults: 5\n", "      maxResults: 5\n      orderBy: newest\n"), ['flow.yaml:11:7: search: books_search_volumes has no parameter "orderBy" (parameters: apiKey, q, maxResults)']],
    ["a literal of the wrong type", edit("maxResults: 5", "maxResults: five"), ['flow.yaml:10:19: search: maxResults: must be a number, got "five"']],
    ["a literal breaking the operation's limit", edit("maxResults: 5", "maxResults: 41"), ["flow.yaml:10:19: search: maxResults: must be at most 40 (allowed: 1–40), got 41"]],
    ["a missing required parameter", edit("      q: dune\n", ""), ['flow.yaml:6:5: search: books_search_volumes needs parameter "q" (Search text: plain keywords, or operators intitle:, inauthor:, inpublisher:, subject:, isbn:, combinable.)']],
    ["a connection to an unknown block", edit("- target: volume", "- target: volumes"), [
      'flow.yaml:13:19: search: connection to unknown block "volumes" (blocks: search, volume)',
      'flow.yaml:20:17: volume: {{search.data[0].id}} refers to "search", which is not upstream of "volume" (connect search → … → volume)',
    ]],
    [
      "a cycle",
      `${BASE}    connections:\n      outgoing:\n        - target: search\n`,
      ["flow.yaml:11:5: connections form a cycle: search → volume → search"],
    ],
    ["a reference to a block that is not upstream", edit("        - target: volume\n", "        - target: search2\n  search2:\n    type: books\n    name: x\n    inputs: { operation: books_search_volumes, apiKey: \"{{BOOKS_KEY}}\", q: x }\n").replace("  volume:\n", "  volume:\n"), [
      'flow.yaml:24:17: volume: {{search.data[0].id}} refers to "search", which is not upstream of "volume" (connect search → … → volume)',
    ]],
    ["a reference to an unknown block", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{serch.data[0].id}}"'), ['flow.yaml:20:17: volume: {{serch.data[0].id}} refers to unknown block "serch" (blocks: search, volume)']],
    ["a reference to an output the operation does not produce", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.items[0].id}}"'), ['flow.yaml:20:17: volume: {{search.items[0].id}}: the operation has no output "items.0.id" (outputs: data, metadata.count, metadata.totalItems)']],
    ["a path inside a scalar output", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.metadata.count.value}}"'), ['flow.yaml:20:17: volume: {{search.metadata.count.value}}: output "metadata.count" is a number, so it has no .value']],
    ["a malformed reference", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[first].id}}"'), ['flow.yaml:20:17: volume.volumeId: invalid reference {{search.data[first].id}}: cannot read the path at "[first].id"']],
    ["a secret given as a literal", edit('      apiKey: "{{BOOKS_KEY}}"\n      q: dune', "      apiKey: AIzaSyLiteralKeyInFile\n      q: dune"), [
      'flow.yaml:8:15: search.apiKey: a secret must be given as a reference to an environment variable, e.g. "{{MY_SECRET}}"; the value written here was not used and is not shown',
    ]],
    ["a secret missing from the environment", BASE, ["flow.yaml:8:15: search.apiKey: environment variable BOOKS_KEY is not set (a secret)", "flow.yaml:19:15: volume.apiKey: environment variable BOOKS_KEY is not set (a secret)"]],
    ["a cross-field rule broken by literal values", `blocks:\n  who:\n    type: persondata\n    name: Enrich\n    inputs:\n      operation: persondata_person_enrich\n      apiKey: "{{BOOKS_KEY}}"\n      name: Sean Thorne\n`, [
      "flow.yaml:5:5: who: persondata_person_enrich needs email or name with company, got only name",
    ]],
    ["allPages on an operation that does not page", edit('      volumeId: "{{search.data[0].id}}"\n', '      volumeId: "{{search.data[0].id}}"\n      allPages: true\n'), [
      "flow.yaml:21:7: volume: books_get_volume returns one page only, so it takes no allPages (operations that page declare pagination)",
    ]],
    ["page inputs that are not a boolean and a whole number", edit("      maxResults: 5\n", "      maxResults: 5\n      allPages: yes\n      maxItems: 0\n"), [
      'flow.yaml:11:17: search: allPages: must be a boolean (true or false), got "yes"',
      "flow.yaml:12:17: search: maxItems: must be a whole number of at least 1, got 0",
    ]],
    ["polling settings on an operation that does not poll", edit("    connections:\n      outgoing:\n        - target: volume\n", "    polling: { intervalMs: 100 }\n    connections:\n      outgoing:\n        - target: volume\n"), [
      "flow.yaml:11:5: search: books_search_volumes is not a job-status operation, so it takes no polling settings",
    ]],
    ["a mock status the spec does not declare", edit("    connections:\n      outgoing:\n        - target: volume\n", "    mock: { code: 418 }\n    connections:\n      outgoing:\n        - target: volume\n"), [
      "flow.yaml:11:19: search: the mock of books_search_volumes cannot answer 418 (declared statuses: 200, 400, 403, 429)",
    ]],
    ["a mock example the spec does not declare", edit("    connections:\n      outgoing:\n        - target: volume\n", "    mock: { code: 200, example: nope }\n    connections:\n      outgoing:\n        - target: volume\n"), [
      'flow.yaml:11:33: search: the mock of books_search_volumes has no example "nope" for status 200 (declared: noItems, search)',
    ]],
    ["an output reference of another type than the parameter", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.metadata.totalItems}}"'), [
      "flow.yaml:20:17: volume.volumeId: is a string, but {{search.metadata.totalItems}} is a number",
    ]],
    ["a reference to a nested field of another type (from the output's shape)", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[0].volumeInfo.pageCount}}"'), [
      "flow.yaml:20:17: volume.volumeId: is a string, but {{search.data[0].volumeInfo.pageCount}} is a number",
    ]],
    ["a reference to a nested field the response does not have", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[0].volumeInfo.isbn}}"'), [
      expect.stringMatching(/^flow\.yaml:20:17: volume: \{\{search\.data\[0\]\.volumeInfo\.isbn\}\}: in output "data", \[0\]\.volumeInfo has no field "isbn" \(fields: /),
    ]],
    ["a reference to an inherited property", edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.metadata.constructor}}"'), [
      'flow.yaml:20:17: volume: {{search.metadata.constructor}}: the operation has no output "metadata.constructor" (outputs: data, metadata.count, metadata.totalItems)',
    ]],
    ["a block connected to itself", edit("- target: volume", "- target: search"), [
      "flow.yaml:13:19: search: a block cannot connect to itself",
      'flow.yaml:20:17: volume: {{search.data[0].id}} refers to "search", which is not upstream of "volume" (connect search → … → volume)',
    ]],
  ];

  it("has at least 15 cases", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(15);
  });

  for (const [name, text, expected] of corpus) {
    it(`refuses ${name}`, () => {
      expect(problems(text, "live", name === "a secret missing from the environment" ? {} : ENV)).toEqual(expected);
    });
  }

  it("never echoes a secret written as a literal", () => {
    const found = problems(edit('      apiKey: "{{BOOKS_KEY}}"\n      q: dune', "      apiKey: AIzaSyLiteralKeyInFile\n      q: dune"));
    expect(found.join("\n")).not.toContain("AIzaSyLiteralKeyInFile");
  });

  it("accepts a missing secret in a mock run", () => {
    expect(problems(BASE, "mock", {})).toEqual([]);
  });

  it("refuses a polling interval below the provider's floor", () => {
    const text = `blocks:\n  wait:\n    type: docgen\n    name: Wait\n    inputs: { operation: docgen_check_status, apiKey: "{{GAMMA_KEY}}", generationId: abc }\n    polling: { intervalMs: 1 }\n`;
    expect(problems(text)).toEqual(["flow.yaml:6:28: wait: polling.intervalMs must be at least 1000 for docgen_check_status (the provider's floor), got 1"]);
  });

  it("never prints a secret's value used in another field", () => {
    const text = BASE.replace("maxResults: 5", 'maxResults: "{{BOOKS_KEY}}"');
    const found = problems(text);
    expect(found).toEqual(["flow.yaml:10:19: search: maxResults: must be a number, got (secret value withheld)"]);
    // Also when the same value comes from a variable no secret parameter names.
    const again = problems(BASE.replace("maxResults: 5", 'maxResults: "{{OTHER}}"'), "live", { ...ENV, OTHER: ENV.BOOKS_KEY });
    expect(again.join("\n")).not.toContain(ENV.BOOKS_KEY);
    expect(again).toEqual(["flow.yaml:10:19: search: maxResults: must be a number, got \"[redacted]\""]);
  });

  it("checks values that come from the environment", () => {
    const text = `blocks:\n  rec:\n    type: crm\n    name: Read\n    inputs:\n      operation: crm_get_record\n      apiKey: "{{SF}}"\n      instanceUrl: "{{SF_URL}}"\n      sobject: Account\n      recordId: 001D000000IqhSLIAZ\n`;
    expect(problems(text, "live", { SF: "tok-abcdef", SF_URL: "http://acme.my.salesforce.com" })).toEqual([
      "flow.yaml:8:20: rec: instanceUrl: must use https (http is allowed only for loopback hosts), got \"http://acme.my.salesforce.com\"",
    ]);
  });
});
