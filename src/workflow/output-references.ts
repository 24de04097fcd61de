// What a reference to an upstream block's output reads: the type at its path (through the output shapes of the
// tool's surface when nested), and why a path names no output.
import { lineText } from "../common/github-actions.js";
import type { OutputSpec, OutputType, ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { formatPath, type PathSegment } from "@blockwright/runtime/workflow";
import { shapeAt, type Shape } from "../changes/surface.js";

/**
 * The type of the value a reference reads: the output's own type, or, inside
 * a json or array output, the type its shape (from surface.json) gives.
 * `missing` when the shape proves the place does not exist.
 */
export function referencedType(
  tool: ToolSpec,
  path: readonly PathSegment[],
  shapes: Record<string, Shape> | undefined,
  drawn = false,
): { type?: OutputType } | { missing: string } {
  for (let i = 1; i <= path.length; i++) {
    const head = path.slice(0, i);
    if (head.some((s) => typeof s === "number")) break;
    const output = tool.outputs.find((o) => o.path === head.join("."));
    if (!output) continue;
    if (i === path.length) return { type: output.type };
    const shape = shapes?.[output.path];
    if (!shape) return {};
    const found = shapeAt(shape, path.slice(i), drawn);
    if ("missing" in found) return { missing: `in output "${output.path}", ${found.missing}` };
    if ("unknown" in found) return {};
    const t = found.found.type;
    return {
      ...(t === undefined || t === "null" ? {} : { type: t === "integer" ? "number" : t === "object" ? "json" : t }),
    };
  }
  return {};
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
      return `output "${output.path}" is a ${output.type}, so it has no ${lineText(formatPath(path.slice(i)))}`;
    }
    return undefined;
  }
  return `the operation has no output ${JSON.stringify(path.map(String).join("."))} (outputs: ${names.join(", ")})`;
}

/** Whether a value of `type` can be given to the parameter (the runtime converts text to numbers and booleans). */
export function fits(param: ParamSpec, type: OutputType): boolean {
  switch (param.type) {
    case "string":
      return type === "string";
    case "number":
      return type === "number" || type === "string";
    case "boolean":
      return type === "boolean" || type === "string";
    case "json":
      return param.jsonType === "array"
        ? type === "array" || type === "string"
        : param.jsonType === "object"
          ? type === "json" || type === "string"
          : type !== "number" && type !== "boolean";
    case "file":
      // A download's bytes, or a path or address as text.
      return type === "bytes" || type === "string";
  }
}
