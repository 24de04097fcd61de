// The checks of one workflow (validate.ts reads it and reports): its blocks' operations, parameters and literal
// values, references and the types they read, connections and cycles, and secrets, each problem at its place.
import { jsonLine } from "../common/github-actions.js";
import {
  checkRules,
  checkValue,
  isAbsent,
  itemAt,
  ownValue,
  setOwn,
  PAGE_INPUTS,
  pageInputsOf,
  redact,
  ruleParams,
  type BlockDefinition,
  type ParamSpec,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import {
  buildGraph,
  collectReferences,
  envReferenceName,
  findCycle,
  placeholderFor,
  ReferenceSyntaxError,
  resolveValue,
  upstreamOf,
  type Reference,
  type Registry,
  isTriggerBlock,
  type Workflow,
  type WorkflowBlock,
} from "@blockwright/runtime/workflow";
import type { OutputShapes } from "../changes/registry.js";
import { SourceError, type YamlSource } from "../load/yaml-source.js";
import type { ProblemCode } from "../common/problem-codes.js";
import { checkTriggerBlock, triggerOutputProblem } from "./validate-trigger.js";
import { bindingProblem, outputPathProblem, referencedType } from "./output-references.js";
import { secretEnvNames } from "./block-params.js";
import { nestedInputName, nestedSecretInputs } from "./nested-secret-inputs.js";
import { unknownNameHint } from "../common/problems/suggest.js";
import { callerMustGive } from "../model/param-keys.js";

/** A registry, optionally with the output shapes of its tools (from surface.json) for nested reference types. */
export type CheckedRegistry = Registry & { shapes?: OutputShapes };

export interface ValidateOptions {
  /** Environment for `{{NAME}}` references. */
  env: Record<string, string | undefined>;
  /** `mock`: missing environment values get placeholders; `live`: every one is required. */
  mode: "mock" | "live";
}

type Path = (string | number)[];

export class Checker {
  readonly errors: SourceError[] = [];
  readonly placeholders = new Set<string>();
  private readonly wf: Workflow;
  private readonly graph;
  /** Environment variables that some secret parameter of the workflow reads. */
  private readonly secretNames: Set<string>;
  /** Their values: withheld from every message, wherever they turn up. */
  private readonly secretValues: string[];

  constructor(
    private readonly source: YamlSource<Workflow>,
    private readonly registry: CheckedRegistry,
    private readonly options: ValidateOptions,
  ) {
    this.wf = source.data;
    this.graph = buildGraph(this.wf);
    this.secretNames = secretEnvNames(this.wf, registry);
    this.secretValues = [...this.secretNames]
      .map((n) => ownValue(options.env, n))
      .filter((v): v is string => typeof v === "string" && v !== "");
  }

  private fail(code: ProblemCode, path: Path, message: string, which: "key" | "value" = "key"): void {
    this.errors.push(new SourceError(code, this.source.locate(path, which), redact(message, this.secretValues)));
  }

  run(): void {
    for (const [id, block] of Object.entries(this.wf.blocks)) {
      this.checkConnections(id, block);
      const definition = ownValue(this.registry.blocks, block.type) as BlockDefinition | undefined;
      if (!definition) {
        this.fail(
          "BW4001",
          ["blocks", id, "type"],
          `${id}: unknown block type ${JSON.stringify(block.type)} (block types: ` +
            `${Object.keys(this.registry.blocks).join(", ")})`,
          "value",
        );
        continue;
      }
      if (isTriggerBlock(block)) {
        const c = {
          workflow: this.wf,
          graph: this.graph,
          triggers: this.registry.triggers ?? {},
          pollTriggers: this.registry.pollTriggers ?? {},
          tools: this.registry.tools,
          env: this.options.env,
          mode: this.options.mode,
          placeholders: this.placeholders,
        };
        checkTriggerBlock(id, block, {
          ...c,
          fail: (code, path, message, which) => this.fail(code, path, message, which),
        });
        continue;
      }
      const operation = block.inputs.operation;
      const tool = definition.tools.access.includes(operation) ? this.registry.tools[operation] : undefined;
      if (!tool) {
        this.fail(
          "BW4001",
          ["blocks", id, "inputs", "operation"],
          `${id}: unknown operation ${JSON.stringify(operation)} for block type ${block.type}` +
            unknownNameHint(operation, definition.tools.access, "operation"),
          "value",
        );
        continue;
      }
      this.checkInputs(id, block, tool);
      this.checkPolling(id, block, tool);
      this.checkMockAnswer(id, block, tool);
    }
    const cycle = findCycle(this.graph);
    if (cycle)
      this.fail(
        "BW4002",
        ["blocks", itemAt(cycle, 0), "connections"],
        `connections form a cycle: ${cycle.join(" → ")}`,
      );
  }

  private checkPolling(id: string, block: WorkflowBlock, tool: ToolSpec): void {
    const { polling } = block;
    if (!polling) return;
    if (!tool.polling) {
      this.fail(
        "BW4006",
        ["blocks", id, "polling"],
        `${id}: ${tool.id} is not a job-status operation, so it takes no polling settings`,
      );
      return;
    }
    if (polling.intervalMs !== undefined && polling.intervalMs < tool.polling.minIntervalMs) {
      this.fail(
        "BW4006",
        ["blocks", id, "polling", "intervalMs"],
        `${id}: polling.intervalMs must be at least ${tool.polling.minIntervalMs} for ${tool.id} ` +
          `(the provider's floor), got ${polling.intervalMs}`,
        "value",
      );
    }
  }

  /** A block's `mock` may only ask for an answer the spec declares (Prism answers anything else with an error). */
  private checkMockAnswer(id: string, block: WorkflowBlock, tool: ToolSpec): void {
    const { mock } = block;
    if (!mock) return;
    const statuses: (number | "default")[] = [
      ...tool.responses.map((r) => r.status),
      ...(tool.defaultResponse ? ["default" as const] : []),
    ];
    if (mock.code !== undefined && !statuses.includes(mock.code)) {
      this.fail(
        "BW4006",
        ["blocks", id, "mock", "code"],
        `${id}: the mock of ${tool.id} cannot answer ${mock.code} (declared statuses: ${statuses.join(", ")})`,
        "value",
      );
      return;
    }
    if (mock.example === undefined) return;
    const candidates = tool.responses.filter((r) =>
      mock.code !== undefined ? r.status === mock.code : tool.successStatuses.includes(r.status),
    );
    // The default response's examples: asked for with code default, or by name alone.
    const fromDefault =
      mock.code === "default" || mock.code === undefined ? (tool.defaultResponse?.examples ?? []) : [];
    const names = [
      ...new Set([...(mock.code === "default" ? [] : candidates.flatMap((r) => r.examples)), ...fromDefault]),
    ];
    if (!names.includes(mock.example)) {
      const where =
        mock.code === "default"
          ? "the default response"
          : mock.code !== undefined
            ? `status ${mock.code}`
            : "a success";
      this.fail(
        "BW4006",
        ["blocks", id, "mock", "example"],
        `${id}: the mock of ${tool.id} has no example ${JSON.stringify(mock.example)} for ${where} (declared: ` +
          `${names.length ? names.join(", ") : "none"})`,
        "value",
      );
    }
  }

  private checkConnections(id: string, block: WorkflowBlock): void {
    (block.connections?.outgoing ?? []).forEach(({ target }, i) => {
      const at: Path = ["blocks", id, "connections", "outgoing", i, "target"];
      // Own keys only: `constructor` or `toString` names no block, though every object answers to them.
      if (!Object.hasOwn(this.wf.blocks, target))
        this.fail(
          "BW4002",
          at,
          `${id}: connection to unknown block ${JSON.stringify(target)} (blocks: ` +
            `${Object.keys(this.wf.blocks).join(", ")})`,
          "value",
        );
      else if (target === id) this.fail("BW4002", at, `${id}: a block cannot connect to itself`, "value");
    });
  }

  private checkInputs(id: string, block: WorkflowBlock, tool: ToolSpec): void {
    const params = new Map(tool.params.map((p) => [p.name, p]));
    const literal: Record<string, unknown> = {};
    const referenced = new Set<string>();
    for (const [name, value] of Object.entries(block.inputs)) {
      if (name === "operation") continue;
      const at: Path = ["blocks", id, "inputs", name];
      const spec = params.get(name);
      if (!spec && (PAGE_INPUTS as readonly string[]).includes(name)) {
        this.checkPageInput(id, tool, name, value, at);
        continue;
      }
      if (!spec) {
        this.fail(
          "BW4003",
          at,
          `${id}: ${tool.id} has no parameter ${jsonLine(name)} ` +
            `(parameters: ${tool.params.map((p) => p.name).join(", ")})`,
        );
        continue;
      }
      const resolved = this.checkValueReferences(id, spec, value, at);
      if (resolved === NOT_LITERAL) {
        referenced.add(name);
        continue;
      }
      if (isAbsent(resolved, spec)) continue;
      // A value read from a secret's variable is shown as a secret, whatever the parameter.
      const shown = collectReferences(value).some(
        ({ reference }) => reference.kind === "env" && this.secretNames.has(reference.name),
      )
        ? { ...spec, secret: true }
        : spec;
      const checked = checkValue(shown, resolved, tool);
      if ("issue" in checked) this.fail("BW4003", at, `${id}: ${checked.issue.message}`, "value");
      else literal[name] = checked.value;
    }
    for (const spec of tool.params) {
      if (callerMustGive(spec) && isAbsent(block.inputs[spec.name], spec)) {
        this.fail(
          "BW4003",
          ["blocks", id, "inputs"],
          `${id}: ${tool.id} needs parameter "${spec.name}" (${spec.description})`,
        );
      }
      if (spec.default !== undefined && literal[spec.name] === undefined && !referenced.has(spec.name))
        literal[spec.name] = spec.default;
    }
    // Cross-field rules, where every value they involve is known now.
    const knowable = tool.rules.filter((rule) => ruleParams(rule).every((p) => !referenced.has(p)));
    for (const issue of checkRules(tool, literal, knowable)) {
      this.fail(
        "BW4003",
        ["blocks", id, "inputs", ...(issue.param && issue.param in block.inputs ? [issue.param] : [])],
        `${id}: ${issue.message}`,
      );
    }
  }

  /** allPages, maxItems, maxPages: inputs of list operations that page, not parameters of the tool. */
  private checkPageInput(id: string, tool: ToolSpec, name: string, value: unknown, at: Path): void {
    if (!tool.pagination) {
      this.fail(
        "BW4006",
        at,
        `${id}: ${tool.id} returns one page only, so it takes no ${name} (operations that page declare pagination)`,
      );
      return;
    }
    const spec: ParamSpec = {
      name,
      type: name === "allPages" ? "boolean" : "number",
      title: name,
      description: name,
      required: false,
      secret: false,
      visibility: "user-or-llm",
      wire: { in: "query", name },
    };
    const resolved = this.checkValueReferences(id, spec, value, at);
    if (resolved === NOT_LITERAL) return;
    const [issue] = pageInputsOf({ [name]: resolved }).issues;
    if (issue) this.fail("BW4003", at, `${id}: ${issue.message}`, "value");
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
        this.fail("BW4003", at, `${id}.${spec.name}: ${e.message}`, "value");
        return NOT_LITERAL;
      }
      throw e;
    }
    if (spec.secret && envReferenceName(value) === undefined) {
      this.fail(
        "BW4004",
        at,
        `${id}.${spec.name}: a secret must be given as a reference to an environment variable, e.g. ` +
          `"{{MY_SECRET}}"; the value written here was not used and is not shown`,
        "value",
      );
      return NOT_LITERAL;
    }
    if (this.nestedSecretLiterals(id, spec, value, at)) return NOT_LITERAL;
    let dependsOnOutputs = false;
    const env: Record<string, unknown> = {};
    for (const { reference, at: inner } of found) {
      const where = [...at, ...inner];
      if (reference.kind === "env") {
        const present = ownValue(this.options.env, reference.name);
        if (present !== undefined && present !== "") setOwn(env, reference.name, present);
        else if (this.options.mode === "mock") {
          this.placeholders.add(reference.name);
          setOwn(env, reference.name, placeholderFor(reference.name, spec));
        } else {
          this.fail(
            "BW4004",
            where,
            `${id}.${spec.name}: environment variable ${reference.name} is not set` +
              (this.secretNames.has(reference.name) ? " (a secret)" : ""),
            "value",
          );
          dependsOnOutputs = true;
        }
        continue;
      }
      dependsOnOutputs = true;
      this.checkOutputReference(id, reference, where, whole(value) ? spec : undefined);
    }
    if (dependsOnOutputs) return NOT_LITERAL;
    return found.length ? resolveValue(value, (r) => (r.kind === "env" ? ownValue(env, r.name) : undefined)) : value;
  }

  /** Whether a JSON input holds a literal where its shape marks a secret field (each refused, never shown). */
  private nestedSecretLiterals(id: string, spec: ParamSpec, value: unknown, at: Path): boolean {
    const literals = nestedSecretInputs(spec, value).filter((place) => envReferenceName(place.value) === undefined);
    for (const { path } of literals)
      this.fail(
        "BW4004",
        typeof value === "string" ? at : [...at, ...path],
        `${id}.${nestedInputName(spec, path)}: a secret must be given as a reference to an environment variable, ` +
          `e.g. "{{MY_SECRET}}"; the value written here was not used and is not shown`,
        "value",
      );
    return literals.length > 0;
  }

  /** `param`: the parameter the reference is the whole value of (its type must fit). */
  private checkOutputReference(
    id: string,
    reference: Extract<Reference, { kind: "output" }>,
    at: Path,
    param?: ParamSpec,
  ): void {
    const source = Object.hasOwn(this.wf.blocks, reference.block) ? this.wf.blocks[reference.block] : undefined;
    if (!source) {
      this.fail(
        "BW4005",
        at,
        `${id}: {{${reference.text}}} refers to unknown block "${reference.block}" (blocks: ` +
          `${Object.keys(this.wf.blocks).join(", ")})`,
        "value",
      );
      return;
    }
    if (!upstreamOf(this.graph, id).has(reference.block)) {
      this.fail(
        "BW4005",
        at,
        `${id}: {{${reference.text}}} refers to "${reference.block}", which is not upstream of "${id}" ` +
          `(connect ${reference.block} → … → ${id})`,
        "value",
      );
      return;
    }
    if (isTriggerBlock(source)) {
      const trigger =
        this.registry.triggers?.[source.inputs.trigger] ?? this.registry.pollTriggers?.[source.inputs.trigger];
      const problem = trigger && triggerOutputProblem(trigger, reference.path);
      if (problem) this.fail("BW4005", at, `${id}: {{${reference.text}}}: ${problem}`, "value");
      return;
    }
    const tool = ownValue(this.registry.tools, source.inputs.operation) as ToolSpec | undefined;
    if (
      !tool ||
      !(ownValue(this.registry.blocks, source.type) as BlockDefinition | undefined)?.tools.access.includes(tool.id)
    )
      return; // reported on that block
    const problem = outputPathProblem(tool.outputs, reference.path);
    if (problem) {
      this.fail("BW4005", at, `${id}: {{${reference.text}}}: ${problem}`, "value");
      return;
    }
    // On a mock, an answer without an example of its own is drawn from the schema, which stops where a schema recurs.
    const drawn =
      this.options.mode === "mock" &&
      !tool.responses.some((r) => tool.successStatuses.includes(r.status) && r.examples.length > 0);
    const found = referencedType(tool, reference.path, this.registry.shapes?.[tool.id], drawn);
    if ("missing" in found) {
      this.fail("BW4005", at, `${id}: {{${reference.text}}}: ${found.missing}`, "value");
      return;
    }
    const misfit = param && bindingProblem(param, found, reference.text);
    if (misfit) this.fail("BW4005", at, `${id}.${misfit}`, "value");
  }
}

const NOT_LITERAL = Symbol("depends on upstream outputs");

/** Whether the value is exactly one reference (and so keeps the referenced value's type). */
function whole(value: unknown): boolean {
  return typeof value === "string" && /^\{\{[^{}]*\}\}$/.test(value.trim());
}
