// Invalid workflows, one per rule of the workflow validator, each with its
// exact messages (file:line:col first) against this repository's providers.
// validate.test.ts checks them; surface/registry.test.ts checks that a
// registry built from surfaces finds the same problems.
import { expect } from "vitest";
import { registry } from "../../../test-support/repo.js";

export const BASE = `name: Reading list
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

export const ENV = { BOOKS_KEY: "AIzaSyWorkflowKey9", GAMMA_KEY: "sk-gamma-workflow1" };

/** The environment a corpus case runs with. */
export const envOf = (name: string): Record<string, string> =>
  name === "a secret missing from the environment" ? {} : ENV;

export const edit = (find: string, replace: string) => {
  if (!BASE.includes(find)) throw new Error(`BASE has no ${JSON.stringify(find)}`);
  return BASE.replace(find, replace);
};

/** Name, workflow text, the messages (a matcher where the text is long), in mode "live" with envOf(name). */
export const corpus: [string, string, unknown[]][] = [
  [
    "bad YAML",
    edit("    name: Search books\n", "    name: [Search books\n"),
    ["flow.yaml:6:5: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]"],
  ],
  [
    "an empty file",
    "# a workflow to come\n",
    ["flow.yaml:1:1: (top level): the file is empty (or only comments): must be an object"],
  ],
  [
    "a workflow of no blocks",
    "name: Reading list\nblocks: {}\n",
    ["flow.yaml:2:9: blocks: must hold at least 1 entry, got {}"],
  ],
  [
    "an unknown top-level field",
    `${BASE}schedule: daily\n`,
    ['flow.yaml:21:1: (top level): unknown field "schedule" (allowed: $schema, name, description, blocks)'],
  ],
  [
    "a block without inputs.operation",
    edit("      operation: books_get_volume\n", ""),
    [
      'flow.yaml:17:5: blocks.volume.inputs: missing required field "operation" (or "trigger", for the block that starts the workflow; not both)',
    ],
  ],
  [
    "an unknown block type",
    edit("    type: books\n    name: Read", "    type: library\n    name: Read"),
    [
      `flow.yaml:15:11: volume: unknown block type "library" (block types: ${Object.keys(registry.blocks).sort().join(", ")})`,
    ],
  ],
  [
    "an operation of another block type",
    edit("operation: books_get_volume", "operation: crm_get_record"),
    [
      'flow.yaml:18:18: volume: unknown operation "crm_get_record" for block type books (operations: books_get_volume, books_search_volumes)',
    ],
  ],
  [
    "a parameter the operation does not have",
    edit("      maxResults: 5\n", "      maxResults: 5\n      orderBy: newest\n"),
    ['flow.yaml:11:7: search: books_search_volumes has no parameter "orderBy" (parameters: apiKey, q, maxResults)'],
  ],
  [
    "a literal of the wrong type",
    edit("maxResults: 5", "maxResults: five"),
    ['flow.yaml:10:19: search: maxResults: must be a number, got "five"'],
  ],
  [
    "a literal breaking the operation's limit",
    edit("maxResults: 5", "maxResults: 41"),
    ["flow.yaml:10:19: search: maxResults: must be at most 40 (allowed: 1–40), got 41"],
  ],
  [
    "a missing required parameter",
    edit("      q: dune\n", ""),
    [
      'flow.yaml:6:5: search: books_search_volumes needs parameter "q" (Search text: plain keywords, or operators intitle:, inauthor:, inpublisher:, subject:, isbn:, combinable.)',
    ],
  ],
  [
    "a connection to an unknown block",
    edit("- target: volume", "- target: volumes"),
    [
      'flow.yaml:13:19: search: connection to unknown block "volumes" (blocks: search, volume)',
      'flow.yaml:20:17: volume: {{search.data[0].id}} refers to "search", which is not upstream of "volume" (connect search → … → volume)',
    ],
  ],
  [
    "a cycle",
    `${BASE}    connections:\n      outgoing:\n        - target: search\n`,
    ["flow.yaml:11:5: connections form a cycle: search → volume → search"],
  ],
  [
    "a reference to a block that is not upstream",
    edit(
      "        - target: volume\n",
      '        - target: search2\n  search2:\n    type: books\n    name: x\n    inputs: { operation: books_search_volumes, apiKey: "{{BOOKS_KEY}}", q: x }\n',
    ).replace("  volume:\n", "  volume:\n"),
    [
      'flow.yaml:24:17: volume: {{search.data[0].id}} refers to "search", which is not upstream of "volume" (connect search → … → volume)',
    ],
  ],
  [
    "a reference to an unknown block",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{serch.data[0].id}}"'),
    ['flow.yaml:20:17: volume: {{serch.data[0].id}} refers to unknown block "serch" (blocks: search, volume)'],
  ],
  [
    "a reference to an output the operation does not produce",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.items[0].id}}"'),
    [
      'flow.yaml:20:17: volume: {{search.items[0].id}}: the operation has no output "items.0.id" (outputs: data, metadata.count, metadata.totalItems)',
    ],
  ],
  [
    "a path inside a scalar output",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.metadata.count.value}}"'),
    [
      'flow.yaml:20:17: volume: {{search.metadata.count.value}}: output "metadata.count" is a number, so it has no .value',
    ],
  ],
  [
    "a malformed reference",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[first].id}}"'),
    [
      'flow.yaml:20:17: volume.volumeId: invalid reference {{search.data[first].id}}: cannot read the path at "[first].id"',
    ],
  ],
  [
    "a list's item written as a field",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data.0.id}}"'),
    [
      'flow.yaml:20:17: volume.volumeId: invalid reference {{search.data.0.id}}: cannot read the path at ".0.id": ' +
        "a list's item is written with its index in brackets, {{search.data[0].id}}",
    ],
  ],
  [
    "a secret given as a literal",
    edit('      apiKey: "{{BOOKS_KEY}}"\n      q: dune', "      apiKey: AIzaSyLiteralKeyInFile\n      q: dune"),
    [
      'flow.yaml:8:15: search.apiKey: a secret must be given as a reference to an environment variable, e.g. "{{MY_SECRET}}"; the value written here was not used and is not shown',
    ],
  ],
  [
    "a secret missing from the environment",
    BASE,
    [
      "flow.yaml:8:15: search.apiKey: environment variable BOOKS_KEY is not set (a secret)",
      "flow.yaml:19:15: volume.apiKey: environment variable BOOKS_KEY is not set (a secret)",
    ],
  ],
  [
    "a cross-field rule broken by literal values",
    `blocks:\n  who:\n    type: persondata\n    name: Enrich\n    inputs:\n      operation: persondata_person_enrich\n      apiKey: "{{BOOKS_KEY}}"\n      name: Sean Thorne\n`,
    ["flow.yaml:5:5: who: persondata_person_enrich needs email or name with company, got only name"],
  ],
  [
    "allPages on an operation that does not page",
    edit(
      '      volumeId: "{{search.data[0].id}}"\n',
      '      volumeId: "{{search.data[0].id}}"\n      allPages: true\n',
    ),
    [
      "flow.yaml:21:7: volume: books_get_volume returns one page only, so it takes no allPages (operations that page declare pagination)",
    ],
  ],
  [
    "page inputs that are not a boolean and a whole number",
    edit("      maxResults: 5\n", "      maxResults: 5\n      allPages: yes\n      maxItems: 0\n"),
    [
      'flow.yaml:11:17: search: allPages: must be a boolean (true or false), got "yes"',
      "flow.yaml:12:17: search: maxItems: must be a whole number of at least 1, got 0",
    ],
  ],
  [
    "polling settings on an operation that does not poll",
    edit(
      "    connections:\n      outgoing:\n        - target: volume\n",
      "    polling: { intervalMs: 100 }\n    connections:\n      outgoing:\n        - target: volume\n",
    ),
    ["flow.yaml:11:5: search: books_search_volumes is not a job-status operation, so it takes no polling settings"],
  ],
  [
    "a mock status the spec does not declare",
    edit(
      "    connections:\n      outgoing:\n        - target: volume\n",
      "    mock: { code: 418 }\n    connections:\n      outgoing:\n        - target: volume\n",
    ),
    [
      "flow.yaml:11:19: search: the mock of books_search_volumes cannot answer 418 (declared statuses: 200, 400, 403, 429)",
    ],
  ],
  [
    "a mock example the spec does not declare",
    edit(
      "    connections:\n      outgoing:\n        - target: volume\n",
      "    mock: { code: 200, example: nope }\n    connections:\n      outgoing:\n        - target: volume\n",
    ),
    [
      'flow.yaml:11:33: search: the mock of books_search_volumes has no example "nope" for status 200 (declared: noItems, search)',
    ],
  ],
  [
    "an output reference of another type than the parameter",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.metadata.totalItems}}"'),
    ["flow.yaml:20:17: volume.volumeId: is a string, but {{search.metadata.totalItems}} is a number"],
  ],
  [
    "a reference to a nested field of another type (from the output's shape)",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[0].volumeInfo.pageCount}}"'),
    ["flow.yaml:20:17: volume.volumeId: is a string, but {{search.data[0].volumeInfo.pageCount}} is a number"],
  ],
  [
    "a reference to a nested field the response does not have",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[0].volumeInfo.isbn}}"'),
    [
      expect.stringMatching(
        /^flow\.yaml:20:17: volume: \{\{search\.data\[0\]\.volumeInfo\.isbn\}\}: in output "data", \[0\]\.volumeInfo has no field "isbn" \(fields: /,
      ),
    ],
  ],
  [
    "a reference to an inherited property inside an output's shape",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.data[0].constructor}}"'),
    [
      'flow.yaml:20:17: volume: {{search.data[0].constructor}}: in output "data", [0] has no field "constructor" (fields: accessInfo, etag, id, kind, layerInfo, saleInfo, searchInfo, selfLink, volumeInfo)',
    ],
  ],
  [
    "a reference to an inherited property",
    edit('volumeId: "{{search.data[0].id}}"', 'volumeId: "{{search.metadata.constructor}}"'),
    [
      'flow.yaml:20:17: volume: {{search.metadata.constructor}}: the operation has no output "metadata.constructor" (outputs: data, metadata.count, metadata.totalItems)',
    ],
  ],
  [
    "a block connected to itself",
    edit("- target: volume", "- target: search"),
    [
      "flow.yaml:13:19: search: a block cannot connect to itself",
      'flow.yaml:20:17: volume: {{search.data[0].id}} refers to "search", which is not upstream of "volume" (connect search → … → volume)',
    ],
  ],
];
