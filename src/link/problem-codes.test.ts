// The link step's problems as a user meets them: each problem code the link
// raises, planted once in a fixture provider found in the wild (the tracker),
// asserted by its code and where it points (`file:line:col`), not by its
// wording. Every code of the link's area (BW20xx) that a module of src/link
// raises is planted here, or waits in PENDING for its fixture.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CodedProblem, type Edit, wildCodes } from "../../test-support/link-wild.js";
import { REPOSITORY } from "../../test-support/neutral-copy.js";

const PER_PAGE =
  "      perPage:\n        type: number\n        integer: true\n        minimum: 1\n        maximum: 100\n";
const LIST_DESCRIPTION = "    description: List the issues of a repository, a page at a time.\n";
const VERSION_HEADER = '  - { in: header, name: X-Tracker-Api-Version, value: "2022-11-28" }\n';
/** The manifest's last line, after which a plant adds a poll trigger of the list operation (it links as it is). */
const LAST_LINE = "        description: The issue's number in the repository.\n";
const pollTrigger = (operation: string, repo: string) =>
  `${LAST_LINE}\ntriggers:\n  tracker_issue_opened:\n    title: Issue opened\n    description: ` +
  `Starts when an issue is opened.\n    eventId: ["$event#/id"]\n    outputs:\n      number: { from: ` +
  `"$event#/number", description: "The issue's number." }\n    poll:\n      operation: ` +
  `${operation}\n      items: data\n      inputs: { owner: octo, repo: ${repo} }\n      ids: { order: ` +
  `newestFirst }\n`;

/** Each code: the edits that plant it in the tracker, and every problem the link then reports. */
const PLANTED: Record<string, { edits: Edit[]; problems: CodedProblem[] }> = {
  // The credential names a parameter nobody declares (the declared one, left without a credential, has no placement).
  BW2001: {
    edits: [{ find: "  param: token\n", replace: "  param: tokn\n" }],
    problems: [
      { code: "BW2001", at: "manifest.yaml:16:10" },
      { code: "BW2017", at: "manifest.yaml:48:3" },
    ],
  },
  BW2002: {
    edits: [{ find: "operationId: issues/list-for-repo", replace: "operationId: issues/nope" }],
    problems: [{ code: "BW2002", at: "manifest.yaml:57:18" }],
  },
  BW2003: {
    edits: [{ find: "wire: { in: query, name: per_page }", replace: "wire: { in: query, name: per_pag }" }],
    problems: [{ code: "BW2003", at: "manifest.yaml:82:9" }],
  },
  BW2004: {
    edits: [{ find: "        integer: true\n", replace: "        integer: true\n        maxLength: 3\n" }],
    problems: [{ code: "BW2004", at: "manifest.yaml:79:9" }],
  },
  BW2005: {
    edits: [{ find: "        minimum: 1\n", replace: "        minimum: 200\n" }],
    problems: [{ code: "BW2005", at: "manifest.yaml:79:9" }],
  },
  BW2006: {
    edits: [{ find: "        minimum: 1\n", replace: "        minimum: 0\n" }],
    problems: [{ code: "BW2006", at: "manifest.yaml:79:18" }],
  },
  BW2007: {
    edits: [{ find: PER_PAGE, replace: "      perPage:\n        type: string\n        maxLength: 3\n" }],
    problems: [{ code: "BW2007", at: "manifest.yaml:77:15" }],
  },
  // The pattern of a YAML anchor both operations use: reported at each.
  BW2008: {
    edits: [{ find: 'pattern: "^[A-Za-z0-9-]+$"', replace: 'pattern: "[a-z"' }],
    problems: [
      { code: "BW2008", at: "manifest.yaml:97:14" },
      { code: "BW2008", at: "manifest.yaml:61:14" },
    ],
  },
  BW2009: {
    edits: [{ find: "        maximum: 100\n", replace: "        maximum: 100\n        default: 500\n" }],
    problems: [{ code: "BW2009", at: "manifest.yaml:81:18" }],
  },
  BW2010: {
    edits: [
      {
        find: "    params:\n      owner: *owner\n      repo: *repo\n      state:",
        replace: "    params:\n      repo: *repo\n      state:",
      },
    ],
    problems: [{ code: "BW2010", at: "manifest.yaml:56:3" }],
  },
  BW2011: {
    edits: [{ find: VERSION_HEADER, replace: VERSION_HEADER + VERSION_HEADER }],
    problems: [{ code: "BW2011", at: "manifest.yaml:20:5" }],
  },
  BW2012: {
    edits: [
      {
        find: "    secret: true\n    description: Access token",
        replace: "    secret: true\n    visibility: user-or-llm\n    description: Access token",
      },
    ],
    problems: [
      { code: "BW2012", at: "manifest.yaml:53:17" },
      { code: "BW2012", at: "manifest.yaml:53:17" },
    ],
  },
  BW2013: {
    edits: [{ find: "        maxLength: 1000\n", replace: "" }],
    problems: [{ code: "BW2013", at: "manifest.yaml:70:7" }],
  },
  BW2014: {
    edits: [
      {
        find: '    maxLength: 39\n    pattern: "^[A-Za-z0-9-]+$"\n',
        replace: '    maxLength: 39\n    minLength: 5\n    pattern: "^[a-z]{3}$"\n',
      },
    ],
    problems: [
      { code: "BW2014", at: "manifest.yaml:98:14" },
      { code: "BW2014", at: "manifest.yaml:62:14" },
    ],
  },
  BW2015: {
    edits: [
      {
        file: "openapi.yaml",
        find: "      operationId: issues/list-for-repo\n",
        replace: "      operationId: issues/list-for-repo\n      deprecated: true\n",
      },
    ],
    problems: [{ code: "BW2015", at: "manifest.yaml:57:18" }],
  },
  BW2016: {
    edits: [
      {
        find: "        from: $response.body\n        description: The issues of this page.",
        replace: "        from: $response.body#nope\n        description: The issues of this page.",
      },
    ],
    problems: [{ code: "BW2016", at: "manifest.yaml:89:15" }],
  },
  BW2017: {
    edits: [
      {
        find: "        description: Which issues, by state.\n        wire: { in: query }\n",
        replace: "        description: Which issues, by state.\n",
      },
    ],
    problems: [{ code: "BW2017", at: "manifest.yaml:63:7" }],
  },
  BW2020: {
    edits: [{ find: "  tracker_list_issues:\n", replace: "  list_issues:\n" }],
    problems: [{ code: "BW2020", at: "manifest.yaml:56:3" }],
  },
  // No 2xx answer: the operation says so, and the output reading its body.
  BW2021: {
    edits: [
      {
        file: "openapi.yaml",
        find: '        "200":\n          description: A page of issues.',
        replace: '        "301":\n          description: A page of issues.',
      },
    ],
    problems: [
      { code: "BW2021", at: "manifest.yaml:57:18" },
      { code: "BW2021", at: "manifest.yaml:89:15" },
    ],
  },
  BW2022: {
    edits: [{ find: "      items: [data]\n", replace: "      items: [nothing]\n" }],
    problems: [{ code: "BW2022", at: "manifest.yaml:85:15" }],
  },
  // A dependent limit keyed by a value its selector (an enum) does not have.
  BW2023: {
    edits: [
      {
        find: LIST_DESCRIPTION,
        replace:
          `${LIST_DESCRIPTION}    rules:\n      - { rule: dependentLimits, param: perPage, dependsOn: state, ` +
          `limits: { none: { maximum: 10 } } }\n`,
      },
    ],
    problems: [{ code: "BW2023", at: "manifest.yaml:61:78" }],
  },
  BW2024: {
    edits: [
      { find: LIST_DESCRIPTION, replace: `${LIST_DESCRIPTION}    behavior: { readOnly: true, destructive: true }\n` },
    ],
    problems: [{ code: "BW2024", at: "manifest.yaml:60:33" }],
  },
  // Server variables with no address template (server.url) to fill: reported at the key.
  BW2018: {
    edits: [
      {
        find: "  default: https://api.tracker.test\n",
        replace: "  default: https://api.tracker.test\n  variables: { region: token }\n",
      },
    ],
    problems: [{ code: "BW2018", at: "manifest.yaml:14:3" }],
  },
  // A schema construct OpenAPI 3.0 does not allow (a list of types), at its place in the document.
  BW2019: {
    edits: [
      {
        file: "openapi.yaml",
        find: "schema: { type: string, enum: [open, closed, all], default: open }",
        replace: "schema: { type: [string], enum: [open, closed, all], default: open }",
      },
    ],
    problems: [{ code: "BW2019", at: "openapi.yaml:27:27" }],
  },
  // A poll trigger of an operation the manifest does not have.
  BW2025: {
    edits: [{ find: LAST_LINE, replace: pollTrigger("tracker_list_isues", "hello") }],
    problems: [{ code: "BW2025", at: "manifest.yaml:134:18" }],
  },
  // A poll trigger sending a value its operation does not take (the repository name's pattern).
  BW2026: {
    edits: [{ find: LAST_LINE, replace: pollTrigger("tracker_list_issues", '"hello world"') }],
    problems: [{ code: "BW2026", at: "manifest.yaml:136:36" }],
  },
  // The same poll trigger, its operation and values right, links: the plants above break one thing each.
  none: { edits: [{ find: LAST_LINE, replace: pollTrigger("tracker_list_issues", "hello") }], problems: [] },
};

/**
 * Codes src/link raises whose plant needs a fixture the tracker cannot give; each leaves this list once planted above
 * (none waits today).
 */
const PENDING = new Set<string>([]);

/** Every code of the link's area that a hand-written module of src/link raises. */
function raisedInLink(): string[] {
  const dir = join(REPOSITORY, "src/link");
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === "__fixtures__"
          ? []
          : walk(join(d, e.name))
        : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
          ? [join(d, e.name)]
          : [],
    );
  return [
    ...new Set(
      walk(dir).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/"(BW20\d\d)"/g)].map((m) => m[1] as string)),
    ),
  ].sort();
}

describe("link problems, by code and place", () => {
  it("plants every code src/link raises (or names it pending)", () => {
    const raised = raisedInLink();
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.filter((code) => !(code in PLANTED) && !PENDING.has(code))).toEqual([]);
    // A pending code once planted leaves the list.
    expect([...PENDING].filter((code) => code in PLANTED)).toEqual([]);
  });

  it.each(Object.entries(PLANTED))("%s", async (_code, { edits, problems }) => {
    expect(await wildCodes("tracker", edits)).toEqual(problems);
  });
});
