// Checking a workflow before anything runs: structure (JSON Schema), block
// types and operations, parameters and their literal values, references,
// connections and cycles, and secrets. Every problem names file:line:col.
import { fileURLToPath } from "node:url";
import type { BlockDefinition } from "../block-types.js";
import { schemaValidator } from "../schema-validation.js";
import type { OutputSpec, ParamSpec, RuleSpec, ToolSpec } from "../tool-types.js";
import { checkRules, checkValue, isAbsent } from "../validate-params.js";
import { loadYamlSource, parseYamlSource, SourceError, type YamlSource } from "../yaml-source.js";
import { buildGraph, findCycle, upstreamOf } from "./graph.js";
import { collectReferences, envReferenceName, formatPath, ReferenceSyntaxError, resolveValue, type PathSegment, type Reference } from "./references.js";
import type { Workflow } from "./types.js";

const validateSchema = schemaValidator(fileURLToPath(new URL("../../specs/workflow.schema.json", import.meta.url)));

export interface Registry {
  tools: Record<string, ToolSpec>;
  blocks: Record<string, BlockDefinition>;
}

export interface ValidateOptions {
  /** Environment for `{{NAME}}` references. */
  env: Record<string, string | undefined>;
  /** `mock`: missing environment values get placeholders; `live`: every one is required. */
  mode: "mock" | "live";
}

export class WorkflowErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "WorkflowErrors";
  }
}

export interface ValidatedWorkflow {
  file: string;
  workflow: Workflow;
  /** Environment names that get placeholder values (mock runs only). */
  placeholders: string[];
}

/** Read and check a workflow file; throws WorkflowErrors listing every problem. */
export function loadWorkflow(file: string, registry: Registry, options: ValidateOptions, displayName = file): ValidatedWorkflow {
  return checkWorkflow(readSource(() => loadYamlSource<Workflow>(file, displayName)), registry, options);
}

/** Check workflow text (YAML or JSON) named `file` in messages. */
export function parseWorkflow(text: string, file: string, registry: Registry, options: ValidateOptions): ValidatedWorkflow {
  return checkWorkflow(readSource(() => parseYamlSource<Workflow>(text, file)), registry, options);
}

function readSource(read: () => YamlSource<Workflow>): YamlSource<Workflow> {
  try {
    return read();
  } catch (e) {
    if (e instanceof SourceError) throw new WorkflowErrors([e]);
    throw e;
  }
}

export function checkWorkflow(source: YamlSource<Workflow>, registry: Registry, options: ValidateOptions): ValidatedWorkflow {
  const schemaErrors = validateSchema(source);
  if (schemaErrors.length) throw new WorkflowErrors(schemaErrors);
  const checker = new Checker(source, registry, options);
  checker.run();
  if (checker.errors.length) throw new WorkflowErrors(checker.errors.sort(byPosition));
  return { file: source.file, workflow: source.data, placeholders: [...checker.placeholders].sort() };
}

function byPosition(a: SourceError, b: SourceError): number {
  return a.position.line - b.position.line || a.position.col - b.position.col;
}

type Path = (string | number)[];

class Checker {
  readonly errors: SourceError[] = [];
  readonly placeholders = new Set<string>();
  private readonly wf: Workflow;
  private readonly graph;

  constructor(
    private readonly source: YamlSource<Workflow>,
    private readonly registry: Registry,
    private readonly options: ValidateOptions,
  ) {
    this.wf = source.data;
    this.graph = buildGraph(this.wf);
  }

  private fail(path: Path, message: string, which: "key" | "value" = "key"): void {
    this.errors.push(new SourceError(this.source.locate(path, which), message));
  }

  run(): void {
    for (const [id, block] of Object.entries(this.wf.blocks)) {
      this.checkConnections(id);
      const definition = this.registry.blocks[block.type];
      if (!definition) {
        this.fail(["blocks", id, "type"], `${id}: unknown block type ${JSON.stringify(block.type)} (block types: ${Object.keys(this.registry.blocks).join(", ")})`, "value");
        continue;
      }
      const operation = block.inputs.operation;
      const tool = definition.tools.access.includes(operation) ? this.registry.tools[operation] : undefined;
      if (!tool) {
        this.fail(["blocks", id, "inputs", "operation"], `${id}: unknown operation ${JSON.stringify(operation)} for block type ${block.type} (operations: ${definition.tools.access.join(", ")})`, "value");
        continue;
      }
      this.checkInputs(id, tool);
      if (block.polling && !tool.polling) this.fail(["blocks", id, "polling"], `${id}: ${operation} is not a job-status operation, so it takes no polling settings`);
    }
    const cycle = findCycle(this.graph);
    if (cycle) this.fail(["blocks", cycle[0], "connections"], `connections form a cycle: ${cycle.join(" → ")}`);
  }

  private checkConnections(id: string): void {
    (this.wf.blocks[id].connections?.outgoing ?? []).forEach(({ target }, i) => {
      const at: Path = ["blocks", id, "connections", "outgoing", i, "target"];
      if (!(target in this.wf.blocks)) this.fail(at, `${id}: connection to unknown block ${JSON.stringify(target)} (blocks: ${Object.keys(this.wf.blocks).join(", ")})`, "value");
      else if (target === id) this.fail(at, `${id}: a block cannot connect to itself`, "value");
    });
  }

  private checkInputs(id: string, tool: ToolSpec): void {
    const block = this.wf.blocks[id];
    const params = new Map(tool.params.map((p) => [p.name, p]));
    const literal: Record<string, unknown> = {};
    const referenced = new Set<string>();
    for (const [name, value] of Object.entries(block.inputs)) {
      if (name === "operation") continue;
      const at: Path = ["blocks", id, "inputs", name];
      const spec = params.get(name);
      if (!spec) {
        this.fail(at, `${id}: ${tool.id} has no parameter "${name}" (parameters: ${tool.params.map((p) => p.name).join(", ")})`);
        continue;
      }
      const resolved = this.checkValueReferences(id, spec, value, at);
      if (resolved === NOT_LITERAL) {
        referenced.add(name);
        continue;
      }
      if (isAbsent(resolved)) continue;
      const checked = checkValue(spec, resolved);
      if ("issue" in checked) this.fail(at, `${id}: ${checked.issue.message}`, "value");
      else literal[name] = checked.value;
    }
    for (const spec of tool.params) {
      if (spec.required && spec.default === undefined && isAbsent(block.inputs[spec.name])) {
        this.fail(["blocks", id, "inputs"], `${id}: ${tool.id} needs parameter "${spec.name}" (${spec.description})`);
      }
      if (spec.default !== undefined && literal[spec.name] === undefined && !referenced.has(spec.name)) literal[spec.name] = spec.default;
    }
    // Cross-field rules, where every value they involve is known now.
    const knowable = tool.rules.filter((rule) => ruleParams(rule).every((p) => !referenced.has(p)));
    for (const issue of checkRules(tool, literal, knowable)) {
      this.fail(["blocks", id, "inputs", ...(issue.param && issue.param in block.inputs ? [issue.param] : [])], `${id}: ${issue.message}`);
    }
  }

  /**
   * Check the references in one input value; returns the value with
   * environment references resolved when it is otherwise literal, or
   * NOT_LITERAL when it depends on upstream outputs.
   */
  private checkValueReferences(id: string, spec: ParamSpec, value: unknown, at: Path): unknown {
    let found: { reference: Reference; at: Path }[];
    try {
      found = collectReferences(value);
    } catch (e) {
      if (e instanceof ReferenceSyntaxError) {
        this.fail(at, `${id}.${spec.name}: ${e.message}`, "value");
        return NOT_LITERAL;
      }
      throw e;
    }
    if (spec.secret && envReferenceName(value) === undefined) {
      this.fail(at, `${id}.${spec.name}: a secret must be given as a reference to an environment variable, e.g. "{{MY_SECRET}}"; the value written here was not used and is not shown`, "value");
      return NOT_LITERAL;
    }
    let dependsOnOutputs = false;
    const env: Record<string, unknown> = {};
    for (const { reference, at: inner } of found) {
      const where = [...at, ...inner];
      if (reference.kind === "env") {
        const present = this.options.env[reference.name];
        if (present !== undefined && present !== "") env[reference.name] = present;
        else if (this.options.mode === "mock") {
          this.placeholders.add(reference.name);
          env[reference.name] = placeholderFor(reference.name, spec);
        } else {
          this.fail(where, `${id}.${spec.name}: environment variable ${reference.name} is not set${spec.secret ? " (a secret)" : ""}`, "value");
          dependsOnOutputs = true;
        }
        continue;
      }
      dependsOnOutputs = true;
      this.checkOutputReference(id, reference, where);
    }
    if (dependsOnOutputs) return NOT_LITERAL;
    return found.length ? resolveValue(value, (r) => (r.kind === "env" ? env[r.name] : undefined)) : value;
  }

  private checkOutputReference(id: string, reference: Extract<Reference, { kind: "output" }>, at: Path): void {
    const source = this.wf.blocks[reference.block];
    if (!source) {
      this.fail(at, `${id}: {{${reference.text}}} refers to unknown block "${reference.block}" (blocks: ${Object.keys(this.wf.blocks).join(", ")})`, "value");
      return;
    }
    if (!upstreamOf(this.graph, id).has(reference.block)) {
      this.fail(at, `${id}: {{${reference.text}}} refers to "${reference.block}", which is not upstream of "${id}" (connect ${reference.block} → … → ${id})`, "value");
      return;
    }
    const tool = this.registry.tools[source.inputs.operation];
    if (!tool || !this.registry.blocks[source.type]?.tools.access.includes(tool.id)) return; // reported on that block
    const problem = outputPathProblem(tool.outputs, reference.path);
    if (problem) this.fail(at, `${id}: {{${reference.text}}}: ${problem}`, "value");
  }
}

const NOT_LITERAL = Symbol("depends on upstream outputs");

function ruleParams(rule: RuleSpec): string[] {
  switch (rule.rule) {
    case "exactlyOne":
      return rule.params;
    case "anyOf":
      return rule.groups.flat();
    case "allowedValues":
      return [rule.param, rule.dependsOn];
  }
}

/** A clearly labelled stand-in for a missing environment value in mock runs. */
export function placeholderFor(name: string, spec: Pick<ParamSpec, "format">): string {
  return spec.format === "base-url" ? `https://placeholder-${name.toLowerCase().replace(/_/g, "-")}.invalid` : `mock-placeholder-${name}`;
}

/** Why `path` names no output of the operation, or undefined when it does. */
export function outputPathProblem(outputs: readonly OutputSpec[], path: readonly PathSegment[]): string | undefined {
  const names = outputs.map((o) => o.path);
  for (let i = 1; i <= path.length; i++) {
    const head = path.slice(0, i);
    if (head.some((s) => typeof s === "number")) break;
    const output = outputs.find((o) => o.path === head.join("."));
    if (!output) continue;
    if (i < path.length && output.type !== "json" && output.type !== "array") {
      return `output "${output.path}" is a ${output.type}, so it has no ${formatPath(path.slice(i))}`;
    }
    return undefined;
  }
  return `the operation has no output ${JSON.stringify(path.map(String).join("."))} (outputs: ${names.join(", ")})`;
}
