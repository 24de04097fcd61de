// Workflow checks before anything runs: a corpus of invalid workflows, one
// per rule, each with its exact message and file:line:col.
import { describe, expect, it } from "vitest";
import { registry } from "../../test-support/repo.js";
import { parseWorkflow, WorkflowErrors } from "./validate.js";
import { BASE, corpus, edit, ENV, envOf } from "./__fixtures__/invalid-workflows.js";

function problems(text: string, mode: "mock" | "live" = "live", env: Record<string, string> = ENV): string[] {
  try {
    parseWorkflow(text, "flow.yaml", registry, { env, mode });
    return [];
  } catch (e) {
    if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

describe("a valid workflow", () => {
  it("passes", () => {
    expect(problems(BASE)).toEqual([]);
  });
  it("records placeholders for unset variables in a mock run", () => {
    expect(parseWorkflow(BASE, "flow.yaml", registry, { env: {}, mode: "mock" }).placeholders).toEqual(["BOOKS_KEY"]);
  });
});

describe("invalid workflows", () => {
  it("has at least 15 cases", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(15);
  });

  for (const [name, text, expected] of corpus) {
    it(`refuses ${name}`, () => {
      expect(problems(text, "live", envOf(name))).toEqual(expected);
    });
  }

  it("never echoes a secret written as a literal", () => {
    const found = problems(
      edit('      apiKey: "{{BOOKS_KEY}}"\n      q: dune', "      apiKey: AIzaSyLiteralKeyInFile\n      q: dune"),
    );
    expect(found.join("\n")).not.toContain("AIzaSyLiteralKeyInFile");
  });

  it(
    "reads only the environment's own variables: {{constructor}} is a variable that is not set, " +
      "not Object.prototype's",
    () => {
      expect(problems(edit("      q: dune\n", '      q: "{{constructor}}"\n'))).toEqual([
        "flow.yaml:9:10: search.q: environment variable constructor is not set",
      ]);
      expect(problems(edit('      apiKey: "{{BOOKS_KEY}}"', '      apiKey: "{{toString}}"'))).toEqual([
        "flow.yaml:8:15: search.apiKey: environment variable toString is not set (a secret)",
      ]);
    },
  );

  it("names no block by Object.prototype's names: a connection to `constructor`, a reference to `toString`", () => {
    const found = problems(
      edit("        - target: volume\n", "        - target: volume\n        - target: constructor\n").replace(
        '"{{search.data[0].id}}"',
        '"{{toString.data[0].id}}"',
      ),
    );
    expect(found).toEqual([
      'flow.yaml:14:19: search: connection to unknown block "constructor" (blocks: search, volume)',
      'flow.yaml:21:17: volume: {{toString.data[0].id}} refers to unknown block "toString" (blocks: search, volume)',
    ]);
  });

  // A name is the file's own text: a terminal's control sequence in it (an OSC that sets the window's title) was
  // printed as it is by validate, run and serve.
  it("escapes the control characters of a name it quotes: an input's, a block's", () => {
    // YAML's double-quoted escapes: ESC (\e) and BEL (\a) around an OSC title.
    const osc = String.raw`"zq\e]0;T\a"`;
    const found = [
      ...problems(edit("      q: dune\n", `      q: dune\n      ${osc}: 1\n`)),
      ...problems(edit("  search:\n", `  ${osc}:\n`)),
    ];
    expect(found).toEqual([
      expect.stringMatching(/search: books_search_volumes has no parameter "zq\\u001b\]0;T\\u0007"/),
      expect.stringMatching(/blocks: must match pattern .*, got "zq\\u001b\]0;T\\u0007"/),
      expect.stringMatching(/blocks: invalid name "zq\\u001b\]0;T\\u0007"/),
    ]);
    const controls = [...found.join("")].filter((c) => c.charCodeAt(0) < 0x20);
    expect(controls).toEqual([]);
  });

  it("accepts a missing secret in a mock run", () => {
    expect(problems(BASE, "mock", {})).toEqual([]);
  });

  it("refuses a polling interval below the provider's floor", () => {
    const text =
      `blocks:\n  wait:\n    type: docgen\n    name: Wait\n    inputs: { operation: docgen_check_status, ` +
      `apiKey: "{{GAMMA_KEY}}", generationId: abc }\n    polling: { intervalMs: 1 }\n`;
    expect(problems(text)).toEqual([
      "flow.yaml:6:28: wait: polling.intervalMs must be at least 1000 for docgen_check_status (the provider's " +
        "floor), got 1",
    ]);
  });

  it("never prints a secret's value used in another field", () => {
    const text = BASE.replace("maxResults: 5", 'maxResults: "{{BOOKS_KEY}}"');
    const found = problems(text);
    expect(found).toEqual(["flow.yaml:10:19: search: maxResults: must be a number, got (secret value withheld)"]);
    // Also when the same value comes from a variable no secret parameter names.
    const again = problems(BASE.replace("maxResults: 5", 'maxResults: "{{OTHER}}"'), "live", {
      ...ENV,
      OTHER: ENV.BOOKS_KEY,
    });
    expect(again.join("\n")).not.toContain(ENV.BOOKS_KEY);
    expect(again).toEqual(['flow.yaml:10:19: search: maxResults: must be a number, got "[redacted]"']);
  });

  it(
    "keeps every message whole when a secret is shorter than a credential can be: the secret is refused, " +
      "not redacted (issue 24, item 11)",
    () => {
      const found = problems(
        edit("    type: books\n    name: Search books", "    type: bookz\n    name: Search books"),
        "live",
        { ...ENV, BOOKS_KEY: "k" },
      );
      expect(found.join("\n")).not.toContain("[redacted]");
      expect(found).toContainEqual(expect.stringContaining('search: unknown block type "bookz" (block types: '));
      expect(found).toContainEqual(
        expect.stringMatching(/: volume: apiKey: must be at least 8 characters long, got \(secret value withheld\)$/),
      );
    },
  );

  it("checks values that come from the environment", () => {
    const text =
      `blocks:\n  rec:\n    type: crm\n    name: Read\n    inputs:\n      operation: ` +
      `crm_get_record\n      apiKey: "{{SF}}"\n      instanceUrl: "{{SF_URL}}"\n      sobject: ` +
      `Account\n      recordId: 001D000000IqhSLIAZ\n`;
    expect(problems(text, "live", { SF: "tok-abcdef", SF_URL: "http://acme.my.salesforce.com" })).toEqual([
      "flow.yaml:8:20: rec: instanceUrl: must use https (http is allowed only for loopback hosts), " +
        'got "http://acme.my.salesforce.com"',
    ]);
  });
});
