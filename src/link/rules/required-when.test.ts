// The `requiredWhen` rule as the link checks it: a parameter required for some values of another (JSON Schema's
// if/then with required; a body whose shape, selected by one field's value, requires a field the others do not), or,
// without values, whenever another is given (dependentRequired). Each refusal points at the field (`file:line:col`),
// and names the rule's parameters and the value.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../../test-support/neutral-copy.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import type { ProviderIR } from "../../model/ir.js";

const RULE = "      - { rule: requiredWhen, param: verdict, dependsOn: status, values: [done] }\n";

/** The zqchecks fixture linked with its rule replaced by `rules` (and other edits): its IR, or its problems. */
async function linked(
  rules: string,
  edits: [string, string][] = [],
  documentEdits: [string, string][] = [],
): Promise<{ ir: ProviderIR } | string[]> {
  const root = mkdtempSync(join(tmpdir(), "blockwright-required-when-"));
  const dir = join(root, "specs", "zqchecks");
  try {
    cpSync(join(REPOSITORY, "test-support/fixtures/specs-more/zqchecks"), dir, { recursive: true });
    edit(join(dir, "manifest.yaml"), [[RULE, rules], ...edits]);
    edit(join(dir, "openapi.yaml"), documentEdits);
    return { ir: await loadProvider(root, dir) };
  } catch (e) {
    if (e instanceof GenerationErrors) return e.errors.map((x) => x.message);
    throw e;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function edit(file: string, edits: [string, string][]): void {
  let text = readFileSync(file, "utf8");
  for (const [find, replace] of edits) {
    if (!text.includes(find)) throw new Error(`the fixture has no ${JSON.stringify(find)}`);
    text = text.replace(find, replace);
  }
  writeFileSync(file, text);
}

const AT = "specs/zqchecks/manifest.yaml";
const FIELD = "operations.zqchecks_update_run.rules.0";

describe("the requiredWhen rule, linked", () => {
  it("carries the rule into the tool definition", async () => {
    const result = await linked(RULE);
    if (!("ir" in result)) throw new Error(result.join("\n"));
    expect(result.ir.operations[0]?.tool.rules).toEqual([
      { rule: "requiredWhen", param: "verdict", dependsOn: "status", values: ["done"] },
    ]);
  });

  it("refuses a parameter the operation does not declare", async () => {
    expect(await linked(RULE.replace("param: verdict", "param: verdit"))).toEqual([
      `${AT}:58:38: ${FIELD}.param: unknown parameter "verdit"`,
    ]);
  });

  it("refuses a value the parameter it depends on cannot take (not of its enum; not of its type)", async () => {
    expect(await linked(RULE.replace("[done]", "[done, finished]"))).toEqual([
      `${AT}:58:81: ${FIELD}.values.1: "finished" is not a value of "status" (queued, running, done)`,
    ]);
    expect(await linked(RULE.replace("[done]", "[1]"))).toEqual([
      `${AT}:58:75: ${FIELD}.values.0: 1 is not a value of "status" (a string)`,
    ]);
  });

  it("refuses a parameter always given: required, or with a default", async () => {
    const verdict = "        description: How the run ended.\n";
    expect(await linked(RULE, [[verdict, `${verdict}        required: true\n`]])).toEqual([
      `${AT}:59:38: ${FIELD}.param: "verdict" is already required: requiredWhen adds nothing`,
    ]);
    expect(await linked(RULE, [[verdict, `${verdict}        default: pass\n`]])).toEqual([
      `${AT}:59:38: ${FIELD}.param: "verdict" has a default ("pass"), so it is always given: requiredWhen adds nothing`,
    ]);
  });

  it("refuses a value for which an allowedValues rule says to leave the parameter out", async () => {
    const absent = "      - { rule: allowedValues, param: verdict, dependsOn: status, values: { done: [] } }\n";
    expect(await linked(`${RULE}${absent}`)).toEqual([
      `${AT}:58:75: ${FIELD}.values.0: "verdict" is required when "status" is "done", and the allowedValues rule ` +
        "(rules.1) says to leave it out then",
    ]);
  });

  it("takes an allowedValues key (text) for a number or boolean value of the parameter it depends on", async () => {
    // The runtime finds the values allowed by String(selector): the link reads the keys the same way.
    const asNumbers: [string, string][] = [
      ["type: string\n        enum: [queued, running, done]", "type: number\n        enum: [1, 2, 3]"],
    ];
    const documentNumbers: [string, string][] = [
      ["status: { type: string, enum: [queued, running, done] }", "status: { type: number, enum: [1, 2, 3] }"],
      ["status: { enum: [done] }", "status: { enum: [3] }"],
      ["status: { enum: [queued, running] }", "status: { enum: [1, 2] }"],
    ];
    const rule = "      - { rule: allowedValues, param: verdict, dependsOn: status, values: { 3: [pass] } }\n";
    const result = await linked(rule, asNumbers, documentNumbers);
    if (!("ir" in result)) throw new Error(result.join("\n"));
    expect(result.ir.operations[0]?.tool.rules).toEqual([
      { rule: "allowedValues", param: "verdict", dependsOn: "status", values: { 3: ["pass"] } },
    ]);
    expect(await linked(rule.replace("3:", "4:"), asNumbers, documentNumbers)).toEqual([
      `${AT}:58:77: operations.zqchecks_update_run.rules.0.values.4: "4" is not a value of "status" (1, 2, 3)`,
    ]);
  });
});

// Without values, the rule holds on presence (JSON Schema's dependentRequired): the parameter is required whenever
// the one it depends on is given. A rule over a parameter every call gives says plain `required`, and is refused.
describe("the requiredWhen rule without values, linked", () => {
  const GIVEN = "      - { rule: requiredWhen, param: verdict, dependsOn: note }\n";
  const note = "        description: A note on the run.\n";

  it("carries the rule into the tool definition, with no values (an empty list refused: none means any)", async () => {
    const result = await linked(GIVEN);
    if (!("ir" in result)) throw new Error(result.join("\n"));
    expect(result.ir.operations[0]?.tool.rules).toStrictEqual([
      { rule: "requiredWhen", param: "verdict", dependsOn: "note" },
    ]);
    expect(await linked(GIVEN.replace(" }\n", ", values: [] }\n"))).toEqual([
      `${AT}:58:72: ${FIELD}.values: must hold at least 1 item, got []`,
    ]);
  });

  it("refuses one whose dependsOn every call gives: required, or with a default that is sent", async () => {
    expect(await linked(GIVEN, [[note, `${note}        required: true\n`]])).toEqual([
      `${AT}:59:58: ${FIELD}.dependsOn: "note" is required, so every call gives it and "verdict" is always ` +
        'required: make "verdict" required instead of this rule (or give the rule the values of "note" that ' +
        "require it)",
    ]);
    expect(await linked(GIVEN, [[note, `${note}        default: late\n`]])).toEqual([
      `${AT}:59:58: ${FIELD}.dependsOn: "note" has a default ("late") that is sent, so every call gives it and ` +
        `"verdict" is always required: make "verdict" required instead of this rule (or give the rule the values ` +
        `of "note" that require it)`,
    ]);
  });

  it("refuses one whose param is already required, or that depends on itself", async () => {
    const verdict = "        description: How the run ended.\n";
    expect(await linked(GIVEN, [[verdict, `${verdict}        required: true\n`]])).toEqual([
      `${AT}:59:38: ${FIELD}.param: "verdict" is already required: requiredWhen adds nothing`,
    ]);
    expect(await linked(GIVEN.replace("dependsOn: note", "dependsOn: verdict"))).toEqual([
      `${AT}:58:58: ${FIELD}.dependsOn: "verdict" cannot be required by its own value`,
    ]);
  });

  it("refuses one an allowedValues rule contradicts (the parameter left out for a value given)", async () => {
    const rules =
      "      - { rule: requiredWhen, param: verdict, dependsOn: status }\n" +
      "      - { rule: allowedValues, param: verdict, dependsOn: status, values: { queued: [] } }\n";
    expect(await linked(rules)).toEqual([
      `${AT}:58:58: ${FIELD}.dependsOn: "verdict" is required whenever "status" is given, and the allowedValues ` +
        `rule (rules.1) says to leave it out when "status" is "queued"`,
    ]);
  });
});
