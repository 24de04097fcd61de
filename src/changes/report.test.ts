// The diff's Markdown report and GitHub annotations, without a project: where
// each concept's change points in the manifest, and how the text is escaped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SURFACE_ENTRIES } from "../link/concepts.js";
import type { Change } from "./classify.js";
import { changePlace, githubAnnotations, markdownReport, packageDiff, textReport } from "./report.js";

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Record<string, SchemaNode>;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  definitions?: Record<string, SchemaNode>;
}

const SCHEMA: SchemaNode = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../specs/manifest.schema.json"), "utf8"),
);

/** Whether the manifest schema declares the value at `path` (following local `$ref`s and every branch of a `oneOf`). */
function declared(node: SchemaNode | undefined, path: readonly (string | number)[]): boolean {
  if (node === undefined) return false;
  if (node.$ref?.startsWith("#/definitions/"))
    return declared(SCHEMA.definitions?.[node.$ref.slice("#/definitions/".length)], path);
  const [key, ...rest] = path;
  if (key === undefined) return true;
  if ([...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])].some((branch) => declared(branch, path)))
    return true;
  const next =
    node.properties?.[key] ??
    (typeof node.additionalProperties === "object" ? node.additionalProperties : undefined) ??
    Object.values(node.patternProperties ?? {})[0];
  return declared(next, rest);
}

/** A change of each concept as diff reports it, a keyed part (a parameter, an output, a status) with a key. */
const conceptChanges: Change[] = Object.values(SURFACE_ENTRIES).map((entry) => {
  const keyed: Record<string, string> = {
    params: "param maxResults",
    outputs: "output data .items[]",
    outcome: "outcome 404",
    "errors.details": "errors.details.reason",
  };
  return {
    level: "patch",
    provider: "p",
    subject: keyed[entry.subject] ?? entry.subject,
    rule: "r",
    ...(entry.scope === "tool" ? { tool: "p_op" } : {}),
  };
});

describe("changePlace", () => {
  it.each(conceptChanges.map((c) => [c.subject, c] as const))(
    "the change of %s points at a field the manifest schema declares (the operation's own or the provider's " +
      "shared one)",
    (_, change) => {
      const path = changePlace(change);
      const shared = path[0] === "operations" ? path.slice(2) : [];
      expect(declared(SCHEMA, path) || (shared.length > 0 && declared(SCHEMA, shared)), JSON.stringify(path)).toBe(
        true,
      );
      expect(path.length).toBeGreaterThan(change.tool ? 2 : 0);
    },
  );

  it(
    "a tool points at its operation, what its OpenAPI operation declares (method and path, " +
      "success and error statuses) at its operationId, a package at the provider",
    () => {
      expect(changePlace({ level: "minor", provider: "p", tool: "p_op", subject: "tool", rule: "new tool" })).toEqual([
        "operations",
        "p_op",
      ]);
      for (const subject of ["request", "error status 404", "success status 200"])
        expect(changePlace({ level: "patch", provider: "p", tool: "p_op", subject, rule: "r" })).toEqual([
          "operations",
          "p_op",
          "operationId",
        ]);
      expect(changePlace({ level: "minor", provider: "p", subject: "package", rule: "new package" })).toEqual([
        "provider",
      ]);
    },
  );
});

describe("githubAnnotations", () => {
  const diffs = [
    packageDiff("p", "@s/p", "0.1.0", [
      {
        level: "breaking",
        provider: "p",
        tool: "p_op",
        subject: "param q",
        rule: "limit tightened: maximum",
        from: 40,
        to: 8,
      },
    ]),
  ];
  const locate = () => ({ file: "specs/p/manifest.yaml", line: 12, col: 7 });

  it("a breaking change is a warning below --fail-on and an error at it; the title escapes its colon", () => {
    expect(githubAnnotations(diffs, undefined, { locate })).toBe(
      "::warning file=specs/p/manifest.yaml,line=12,col=7,title=@s/p 0.1.0 → 0.2.0%3A breaking::p_op param q: " +
        "limit tightened: maximum (40 → 8) [limit tightened: maximum]\n",
    );
    expect(githubAnnotations(diffs, undefined, { locate, failOn: "breaking" })).toMatch(/^::error file=/);
  });

  it(
    "a change in a package that is gone has no file; a " + "message keeps its newlines and percent signs as escapes",
    () => {
      const gone = [
        packageDiff("p", "@s/p", "0.1.0", [
          { level: "minor", provider: "p", tool: "p_op", subject: "description", rule: "100%\nnew" },
        ]),
      ];
      expect(githubAnnotations(gone, undefined, { locate: () => undefined })).toBe(
        "::notice title=@s/p 0.1.0 → 0.1.1%3A minor::p_op description: 100%25%0Anew [100%25%0Anew]\n",
      );
    },
  );
});

describe("markdownReport", () => {
  it("input text cannot add markup: a table cell's bar and HTML are escaped", () => {
    const diffs = [
      packageDiff("p", "@s/p", "0.1.0", [
        {
          level: "patch",
          provider: "p",
          tool: "p_op",
          subject: "description",
          rule: "text changed",
          from: "a | <img src=x>",
          to: "b",
        },
      ]),
    ];
    const md = markdownReport(diffs, undefined);
    expect(md).toContain(
      "| informational | `p_op` | `text changed` | description: text changed (a \\| &lt;img src=x> → b) |",
    );
    expect(md).not.toContain("<img");
  });
});

describe("textReport", () => {
  it(
    "manifest text stays on its line: no line starts with :: (a CI workflow command), " + "control characters escaped",
    () => {
      const hostile = "old\n::error::x\r\n  ::add-mask::y\u001b[2J ##[set-output name=a;]b";
      const diffs = [
        packageDiff("p", "@s/p", "0.1.0", [
          {
            level: "patch",
            provider: "p",
            tool: "p_op",
            subject: "description",
            rule: "text changed",
            from: hostile,
            to: "b",
          },
        ]),
      ];
      const text = textReport(diffs, [{ file: "w.yaml", line: 1, col: 1, message: "w.yaml:1:1: a\n::warning::z" }]);
      expect(text).toContain(
        'description: text changed ("old\\n::error::x\\r\\n  ::add-mask::y\\u001b[2J %23#[set-output name=a;]b" → b)',
      );
      for (const line of text.split("\n")) expect(line, line).not.toMatch(/^\s*::|##\[/);
    },
  );
});
