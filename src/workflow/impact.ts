// Which workflow lines a surface change breaks: each workflow is checked by
// the workflow validator against the base surfaces and against the new ones;
// what fails only against the new ones is the change's doing.
import type { WorkflowProblem } from "../changes/report.js";
import { registryFromSurfaces } from "../changes/registry.js";
import type { Surface } from "../changes/surface.js";
import { parseWorkflow, WorkflowErrors } from "./validate.js";

export function workflowImpact(
  files: { path: string; text: string }[],
  base: Iterable<Surface>,
  head: Iterable<Surface>,
): WorkflowProblem[] {
  const before = registryFromSurfaces(base);
  const after = registryFromSurfaces(head);
  const problems = (registry: ReturnType<typeof registryFromSurfaces>, file: { path: string; text: string }) => {
    try {
      // Mock mode: environment variables are not the question here.
      parseWorkflow(file.text, file.path, registry, { env: {}, mode: "mock" });
      return [];
    } catch (e) {
      if (e instanceof WorkflowErrors) return e.errors;
      throw e;
    }
  };
  const out: WorkflowProblem[] = [];
  for (const file of files) {
    const old = new Set(problems(before, file).map((x) => x.message));
    for (const x of problems(after, file))
      if (!old.has(x.message))
        out.push({ file: file.path, line: x.position.line, col: x.position.col, message: x.message });
  }
  return out;
}
