// What a model is told of a tool's outputs: their JSON Schema (null where a value is not guaranteed), and the
// outputs as a model receives them (llm-tools.ts puts both in a tool's definition and exports them).
import { itemAt } from "../common/checked.js";
import { REDACTED } from "../common/redact.js";
import { withheldOutputs } from "../common/secret-outputs.js";
import type { OutputSource, OutputSpec, ToolSpec } from "../spec/tool-types.js";
import type { JsonSchema, JsonType, ObjectSchema } from "./llm-tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["outputs", "outcomes"] as const satisfies readonly (keyof ToolSpec)[];

// A file's bytes reach a model as what llmOutput makes of them: text saying their size (never the bytes).
const OUTPUT_TYPES: Record<OutputSpec["type"], JsonType | undefined> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  array: "array",
  json: undefined,
  bytes: "string",
};

/**
 * The object schema of a successful result: outputs nested by their dotted
 * paths. An output is required unless optional or absent from an outcome;
 * null is allowed where the value is not guaranteed (and json outputs take
 * any JSON value); outcome constants widen the type they replace.
 */
export function outputSchema(tool: Pick<ToolSpec, "outputs" | "outcomes" | "params">): ObjectSchema {
  const root: ObjectSchema = { type: "object", properties: {}, required: [] };
  for (const o of tool.outputs) {
    const keys = o.path.split(".");
    let node: ObjectSchema = root;
    for (const key of keys.slice(0, -1)) {
      node.properties[key] ??= { type: "object", properties: {}, required: [] } satisfies ObjectSchema;
      node = node.properties[key] as ObjectSchema;
    }
    node.properties[itemAt(keys, -1)] = outputLeaf(o, tool);
    if (!o.optional && tool.outcomes.every((c) => c.outputs.some((x) => x.path === o.path))) {
      // Every ancestor object of a required output is there too.
      let at: ObjectSchema = root;
      for (const key of keys) {
        if (!at.required.includes(key)) at.required.push(key);
        at = at.properties[key] as ObjectSchema;
      }
    }
  }
  return root;
}

const SECRET_OUTPUT_NOTE = `A secret: always "${REDACTED}" here; only a workflow's blocks or a direct call get it.`;

function outputLeaf(o: OutputSpec, tool: Pick<ToolSpec, "outcomes" | "params">): JsonSchema {
  // A secret the reply hands out reaches a model withheld (llmResultOutput): the schema says what it is given, so
  // that a client validating the result against it accepts it, and the model knows the value is not missing.
  if (o.secret)
    return {
      type: "string",
      enum: [REDACTED],
      description: `${o.description} ${SECRET_OUTPUT_NOTE}`.trim(),
    };
  const base = OUTPUT_TYPES[o.type];
  const schema: JsonSchema = { description: o.description };
  if (base === undefined) return schema;
  const types = new Set<JsonType>([base]);
  if (!o.optional && !guaranteed(o.source, tool)) types.add("null");
  for (const outcome of tool.outcomes) {
    const source = outcome.outputs.find((x) => x.path === o.path)?.source;
    if (!source) continue;
    if ("value" in source) types.add(jsonTypeOf(source.value));
    else if (!guaranteed(source, tool)) types.add("null");
  }
  return { type: types.size === 1 ? base : [...types], ...schema };
}

/** Whether a source always yields a value that is not null. */
function guaranteed(source: OutputSource, tool: Pick<ToolSpec, "params">): boolean {
  if ("value" in source) return source.value !== null && source.value !== undefined;
  if (source.count || source.required || (source.default !== undefined && source.default !== null)) return true;
  // Of several places, the first that holds a value: none may (required says when the spec guarantees one).
  if ("first" in source) return false;
  if (source.ref.kind === "status") return true;
  if (source.ref.kind === "param") {
    const name = source.ref.name;
    const p = tool.params.find((x) => x.name === name);
    return !!p && (p.required || p.default !== undefined);
  }
  return false;
}

/**
 * A tool's successful output as a model receives it: the secrets its reply hands out (outputs marked `secret`)
 * withheld, at their place and wherever else the output holds them (secret-outputs.ts), then as llmOutput shows it.
 */
export function llmResultOutput(tool: Pick<ToolSpec, "outputs">, output: unknown): unknown {
  // Given as a whole result: an output of its own named `success` is then never taken for one.
  return llmOutput(withheldOutputs(tool, { success: true, output }).output);
}

/**
 * A result as a model is shown it: a file's bytes become a line saying their size (a model reads text, and the bytes
 * could be megabytes), wherever they are: a download's `content`, or a file inside an output (an answer that is JSON
 * or a file puts the file in `data`). A result holding no bytes is returned as it is.
 */
export function llmOutput<T>(output: T): T {
  if (output instanceof Uint8Array) return `(${output.byteLength} bytes of file content, not shown)` as T;
  if (!holdsBytes(output)) return output;
  if (Array.isArray(output)) return output.map((v) => llmOutput(v)) as T;
  return Object.fromEntries(Object.entries(output as object).map(([k, v]) => [k, llmOutput(v)])) as T;
}

function holdsBytes(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (value === null || typeof value !== "object") return false;
  return (Array.isArray(value) ? value : Object.values(value)).some(holdsBytes);
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  return typeof value as "string" | "number" | "boolean";
}
