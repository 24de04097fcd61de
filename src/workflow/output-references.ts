// What a reference to an upstream block's output reads: the type at its path (through the output shapes of the
// tool's surface when nested), and why a path names no output.
import { lineText } from "../common/github-actions.js";
import {
  decimal,
  type OutputSpec,
  type OutputType,
  type ParamSpec,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { formatPath, type PathSegment } from "@blockwright/runtime/workflow";
import { shapeAt } from "../changes/surface.js";
import type { Shape } from "../model/surface-format.js";

/** What a reference reads: its type, and its shape where the surface records one (a text's format and enum). */
export type Referenced = { type?: OutputType; shape?: Shape };

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
): Referenced | { missing: string } {
  for (let i = 1; i <= path.length; i++) {
    const head = path.slice(0, i);
    if (head.some((s) => typeof s === "number")) break;
    const output = tool.outputs.find((o) => o.path === head.join("."));
    if (!output) continue;
    const shape = shapes?.[output.path];
    if (i === path.length) return { type: output.type, ...(shape ? { shape } : {}) };
    if (!shape) return {};
    const found = shapeAt(shape, path.slice(i), drawn);
    if ("missing" in found) return { missing: `in output "${output.path}", ${found.missing}` };
    if ("unknown" in found) return {};
    const t = found.found.type;
    return {
      ...(t === undefined || t === "null" ? {} : { type: t === "integer" ? "number" : t === "object" ? "json" : t }),
      shape: found.found,
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

/**
 * Why the value a reference reads cannot be given to the parameter (`param.name: is a number, but {{…}} is a string
 * …`), or undefined when it can: its type does not fit, or it is text the runtime would convert (to a number, a
 * boolean, a JSON list or object) whose shape proves it never reads as one.
 */
export function bindingProblem(param: ParamSpec, found: Referenced, text: string): string | undefined {
  if (!found.type) return undefined;
  const wanted = `${param.name}: is a ${param.type === "json" ? `JSON ${param.jsonType ?? "value"}` : param.type}`;
  const a = (type: string) => `a${/^[aeiou]/.test(type) ? "n" : ""} ${type}`;
  if (!fits(param, found.type)) return `${wanted}, but {{${text}}} is ${a(found.type)}`;
  const never = found.type === "string" && found.shape ? neverReadAs(param, found.shape) : undefined;
  return never ? `${wanted}, but {{${text}}} is a string ${never}` : undefined;
}

/** The form the runtime reads a text given to the parameter as, where it reads it as another than text. */
function textForm(param: ParamSpec): ((text: string) => boolean) | undefined {
  // As the runtime reads a number's text: decimal only (`0x10` is no number there).
  if (param.type === "number") return (text) => Number.isFinite(decimal(text));
  if (param.type === "boolean") return (text) => text === "true" || text === "false";
  if (param.type !== "json" || (param.jsonType !== "array" && param.jsonType !== "object")) return undefined;
  return (text) => {
    try {
      const value: unknown = JSON.parse(text);
      return param.jsonType === "array" ? Array.isArray(value) : typeof value === "object" && !Array.isArray(value);
    } catch {
      return false;
    }
  };
}

// Formats whose every text has a letter or a separator no number, boolean or JSON list or object text starts with or
// holds alike: a date (`2025-01-02`), a time, an address, an email, a UUID. Not a hostname (`123` is one), nor base64.
const NEVER_NUMBER_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "uri",
  "url",
  "iri",
  "uri-reference",
  "iri-reference",
  "uri-template",
  "uuid",
  "ipv4",
  "ipv6",
]);

/** How a text of this shape is never what the parameter reads it as (its format, or each of its values), if so. */
function neverReadAs(param: ParamSpec, shape: Shape): string | undefined {
  const form = textForm(param);
  if (!form) return undefined;
  const what = param.type === "json" ? `JSON ${param.jsonType}` : param.type;
  if (typeof shape.format === "string" && NEVER_NUMBER_FORMATS.has(shape.format))
    return `of format ${shape.format}, never a ${what}`;
  const values = shape.enum?.filter((v) => v !== null);
  if (!values?.length || !values.every((v) => typeof v === "string" && !form(v))) return undefined;
  const shown = values.slice(0, 5).map((v) => JSON.stringify(v));
  return `of the values ${shown.join(", ")}${values.length > 5 ? ", …" : ""}, none of them a ${what}`;
}

/** Whether a value of `type` can be given to the parameter (the runtime converts text to numbers and booleans). */
function fits(param: ParamSpec, type: OutputType): boolean {
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
