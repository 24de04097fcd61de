// Checking a workflow before anything runs: structure (JSON Schema), block
// types and operations, parameters and their literal values, references,
// connections and cycles, and secrets (workflow-checker.ts). Every problem
// names file:line:col.
import type { Registry, ValidatedWorkflow, Workflow } from "@blockwright/runtime/workflow";
import { validate as validateWorkflowSchema } from "../load/precompiled/workflow-schema.js";
import { schemaValidator } from "../load/schema-validation.js";
import { loadYamlSource, parseYamlSource, SourceError, type YamlSource } from "../load/yaml-source.js";
import { Checker, type CheckedRegistry, type ValidateOptions } from "./workflow-checker.js";

/** The workflow schema's problems of a read workflow, each at its position. */
export const validateSchema = schemaValidator(
  validateWorkflowSchema,
  new URL("../../specs/workflow.schema.json", import.meta.url),
);

export type { Registry, ValidatedWorkflow };
export type { CheckedRegistry, ValidateOptions } from "./workflow-checker.js";
export { outputPathProblem, referencedType } from "./output-references.js";

export class WorkflowErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.printed).join("\n"));
    this.name = "WorkflowErrors";
  }
}

/** Read and check a workflow file; throws WorkflowErrors listing every problem. */
export function loadWorkflow(
  file: string,
  registry: CheckedRegistry,
  options: ValidateOptions,
  displayName = file,
): ValidatedWorkflow {
  return checkWorkflow(
    readSource(() => loadYamlSource<Workflow>(file, displayName)),
    registry,
    options,
  );
}

/** Check workflow text (YAML or JSON) named `file` in messages. */
export function parseWorkflow(
  text: string,
  file: string,
  registry: CheckedRegistry,
  options: ValidateOptions,
): ValidatedWorkflow {
  return checkWorkflow(
    readSource(() => parseYamlSource<Workflow>(text, file)),
    registry,
    options,
  );
}

function readSource(read: () => YamlSource<Workflow>): YamlSource<Workflow> {
  try {
    return read();
  } catch (e) {
    if (e instanceof SourceError) throw new WorkflowErrors([e]);
    throw e;
  }
}

export function checkWorkflow(
  source: YamlSource<Workflow>,
  registry: CheckedRegistry,
  options: ValidateOptions,
): ValidatedWorkflow {
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
