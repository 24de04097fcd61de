import type { ToolError } from "../http/errors.js";
import { nestingIssue, tooDeep } from "../common/nesting.js";
import { ownValue, setOwn } from "../common/own.js";
import { toolBehavior, type ToolBehavior } from "../spec/behavior.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { type FileHosts, modelFileValueIssue } from "../validate/file-hosts.js";
import { type DescribedTool, toolSentences } from "./wording.js";
import { outputSchema } from "./llm-outputs.js";
import { kindsNotes, nestedSchema } from "./nested-schema.js";
import { fileNote, modelTextFile, type SchemaTool, textFileType } from "./text-files.js";
import {
  type AnthropicTool,
  type JsonSchema,
  type JsonType,
  LLM_TOOL_FORMATS,
  type LlmTool,
  type LlmToolFormat,
  type LlmToolsOptions,
  type McpTool,
  type ObjectSchema,
  type OpenAiTool,
} from "./llm-tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["id", "title", "description", "params"] as const satisfies readonly (keyof ToolSpec)[];

export { toolBehavior, type ToolBehavior };
export { llmOutput, outputSchema } from "./llm-outputs.js";
export {
  type AnthropicTool,
  type JsonSchema,
  LLM_TOOL_FORMATS,
  type LlmTool,
  type LlmToolFormat,
  type LlmToolsOptions,
  type McpTool,
  type McpToolAnnotations,
  type ObjectSchema,
  type OpenAiTool,
} from "./llm-tool-types.js";

/** Definitions of `tools` (a provider's tool map, or a list) in `format`, in their order. */
export function toLlmTools<F extends LlmToolFormat>(
  tools: Record<string, ToolSpec> | readonly ToolSpec[],
  format: F,
  options: LlmToolsOptions = {},
): LlmTool<F>[] {
  if (!LLM_TOOL_FORMATS.includes(format))
    throw new TypeError(`unknown LLM tool format ${JSON.stringify(format)} (formats: ${LLM_TOOL_FORMATS.join(", ")})`);
  const list = (Array.isArray(tools) ? tools : Object.values(tools)) as ToolSpec[];
  const chosen = options.readOnly ? list.filter((t) => toolBehavior(t).readOnly) : list;
  const seen = new Map<string, string>();
  for (const tool of chosen) {
    const name = llmToolName(tool.id);
    const other = seen.get(name);
    if (other !== undefined) throw new Error(`tools ${other} and ${tool.id} would share the LLM tool name ${name}`);
    seen.set(name, tool.id);
  }
  return chosen.map((tool) => toLlmTool(tool, format));
}

export function toLlmTool<F extends LlmToolFormat>(tool: ToolSpec, format: F): LlmTool<F> {
  const name = llmToolName(tool.id);
  const description = toolDescription(tool);
  switch (format) {
    case "openai":
      return {
        type: "function",
        function: { name, description, parameters: inputSchema(tool, { strict: true }), strict: true },
      } satisfies OpenAiTool as LlmTool<F>;
    case "anthropic":
      return { name, description, input_schema: inputSchema(tool) } satisfies AnthropicTool as LlmTool<F>;
    default: {
      const b = toolBehavior(tool);
      return {
        name,
        title: tool.title,
        description,
        inputSchema: inputSchema(tool),
        outputSchema: outputSchema(tool),
        annotations: {
          title: tool.title,
          readOnlyHint: b.readOnly,
          destructiveHint: b.destructive,
          idempotentHint: b.idempotent,
          openWorldHint: b.openWorld,
        },
      } satisfies McpTool as LlmTool<F>;
    }
  }
}

// ---- names ------------------------------------------------------------------

/** What OpenAI, Anthropic and MCP clients all accept (MCP alone would allow 128 characters and dots). */
export const LLM_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The longest name given: the 64 characters every client takes, less the 18 of the prefix Claude
 * Code puts before an MCP server's tools as docs/guides/agents.md registers it
 * (`mcp__blockwright__`). A drafted id can be longer (`<provider>_` and a long operation id).
 */
export const LLM_TOOL_NAME_MAX = 64 - "mcp__blockwright__".length;

/**
 * The tool id when it fits LLM_TOOL_NAME and LLM_TOOL_NAME_MAX; otherwise its
 * allowed characters, shortened, with a hash of the whole id so that distinct
 * ids stay distinct.
 */
export function llmToolName(id: string): string {
  if (id.length <= LLM_TOOL_NAME_MAX && LLM_TOOL_NAME.test(id)) return id;
  const clean = id.replace(/[^a-zA-Z0-9_-]+/g, "_").slice(0, LLM_TOOL_NAME_MAX - 9);
  return `${clean}_${fnv1a(id)}`;
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, no dependency. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

// ---- behaviour (MCP annotations): see behavior.ts ---------------------------

// ---- parameters --------------------------------------------------------------

/** The parameters a model fills: neither secret nor user-only. */
export function modelParams(tool: Pick<ToolSpec, "params">): ParamSpec[] {
  return tool.params.filter((p) => !isConnectionParam(p));
}

/** The parameters that come from the environment or the connection, never from a model. */
export function connectionParams(tool: Pick<ToolSpec, "params">): ParamSpec[] {
  return tool.params.filter(isConnectionParam);
}

function isConnectionParam(p: ParamSpec): boolean {
  return p.secret || p.visibility === "user-only";
}

/**
 * A model's tool-call arguments plus the connection's values, as the tool's
 * parameters. A model may not set a connection parameter: that is refused
 * (without echoing the value), as are arguments that are not an object, and a
 * file address whose host is not on the public internet by its text (an IP
 * literal of a private range, localhost, a local name) unless
 * `options.fileHosts.allow` names it; pass the same `fileHosts` to the call,
 * which on Node checks what the name resolves to as well.
 * Unknown names and bad values are left to the tool's own validation.
 */
export function llmCallParams(
  tool: ToolSpec,
  args: unknown,
  connection: Record<string, unknown>,
  options: { fileHosts?: FileHosts } = {},
): { params: Record<string, unknown> } | { error: ToolError } {
  const fail = (param: string | undefined, rule: string, message: string) => ({
    error: {
      type: "validation" as const,
      provider: tool.provider,
      operation: tool.id,
      message,
      rule,
      ...(param ? { param } : {}),
    },
  });
  if (args !== undefined && args !== null && (typeof args !== "object" || Array.isArray(args)))
    return fail(
      undefined,
      "arguments",
      `the arguments must be an object of parameters, got ${Array.isArray(args) ? "an array" : typeof args}`,
    );
  const given = (args ?? {}) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  const reserved = new Set(connectionParams(tool).map((p) => p.name));
  for (const name of Object.keys(given)) {
    const value = given[name];
    if (reserved.has(name)) {
      if (value === undefined || value === null) continue;
      return fail(
        name,
        "connection",
        `${name}: is set by the server's connection settings, not by tool arguments; ` +
          `leave it out (the value given was not used)`,
      );
    }
    // A model's argument nested past the rule gets the rule, before anything walks it (validation, JSON.stringify).
    const deep = typeof value === "object" ? tooDeep(value) : undefined;
    if (deep) return fail(name, "depth", nestingIssue(name, deep).message);
    const spec = tool.params.find((p) => p.name === name);
    const text = spec ? modelTextFile(tool, spec, value) : undefined; // a text file's text itself (text-files.ts)
    if (text) {
      setOwn(params, name, text);
      continue;
    }
    const isAddress = (v: unknown) => typeof v === "string" && /^https?:\/\//i.test(v);
    if (
      spec?.type === "file" &&
      value !== undefined &&
      value !== null &&
      !(spec.multiple && Array.isArray(value) ? value.every(isAddress) : isAddress(value))
    ) {
      return fail(
        name,
        "format",
        `${name}: a model gives a file as its https address (the tool fetches it), not as a path or as content`,
      );
    }
    if (spec?.type === "file" && value !== undefined && value !== null) {
      const issue = modelFileValueIssue(name, value, options.fileHosts ?? {});
      if (issue) return fail(issue.param, issue.rule, issue.message);
    }
    setOwn(params, name, value);
  }
  for (const name of reserved) {
    const value = ownValue(connection, name);
    if (value !== undefined) setOwn(params, name, value);
  }
  return { params };
}

// ---- input schema -------------------------------------------------------------

/**
 * The object schema of what a model fills. Plain (Anthropic, MCP): limits,
 * enums, patterns and defaults as keywords; optional parameters left out of
 * `required`. Strict (OpenAI strict mode): every property required, optional
 * ones nullable (null = not given), only the keywords strict mode supports —
 * the others (lengths, defaults) said in the description; free-form JSON
 * objects, which strict mode cannot express, taken as JSON text (the runtime
 * parses it).
 */
export function inputSchema(tool: SchemaTool, options: { strict?: boolean } = {}): ObjectSchema {
  const strict = options.strict ?? false;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of modelParams(tool)) {
    const needed = p.required && p.default === undefined;
    properties[p.name] = paramSchema(p, strict, needed, textFileType(tool, p));
    if (needed || strict) required.push(p.name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

function paramSchema(p: ParamSpec, strict: boolean, needed: boolean, textType?: string): JsonSchema {
  const notes: string[] = [];
  const s: JsonSchema = {};
  if (!strict && p.title) s.title = p.title;
  switch (p.type) {
    case "string":
      stringSchema(s, p, strict, notes);
      break;
    case "number":
      s.type = p.integer ? "integer" : "number";
      if (p.minimum !== undefined) s.minimum = p.minimum;
      if (p.maximum !== undefined) s.maximum = p.maximum;
      if (p.multipleOf !== undefined) s.multipleOf = p.multipleOf;
      if (p.enum) s.enum = [...p.enum];
      break;
    case "boolean":
      s.type = "boolean";
      if (p.enum) s.enum = [...p.enum];
      break;
    case "file":
      fileSchema(s, p, strict, notes, textType);
      break;
    case "json":
      // A value of several forms: each form's schema (strict mode takes one string, the forms said in words).
      if (p.anyOf) {
        const forms = p.anyOf.map((form) =>
          paramSchema(
            {
              ...p,
              ...form,
              anyOf: undefined,
              jsonType: form.jsonType,
              title: "",
              description: "",
              default: undefined,
              example: undefined,
            },
            false,
            true,
          ),
        );
        if (strict) {
          s.type = "string";
          const form = (f: JsonSchema) =>
            `${[f.type].flat().join(" or ")}${f.description ? ` (${f.description})` : ""}`;
          notes.push(`One of: ${forms.map(form).join("; ")}; a list or an object as JSON text.`);
        } else s.anyOf = forms.map(({ description, ...form }) => (description ? { ...form, description } : form));
        break;
      }
      jsonSchema(s, p, strict, notes);
      break;
  }
  if (p.forbiddenKeys)
    notes.push(
      `Without the key${p.forbiddenKeys.keys.length > 1 ? "s" : ""} ${p.forbiddenKeys.keys.join(", ")}` +
        `${p.forbiddenKeys.caseInsensitive ? " (in any case)" : ""}.`,
    );
  if (p.default !== undefined) {
    if (strict) notes.push(`Default: ${JSON.stringify(p.default)}.`);
    else s.default = p.default;
  }
  // A typed example (checked against the parameter's rules when generated); strict mode takes no `examples` keyword.
  if (p.example !== undefined) {
    if (strict) notes.push(`Example: ${JSON.stringify(p.example)}.`);
    else s.examples = [p.example];
  }
  // Null a value of the parameter (`nullable`): sent as JSON null. Strict mode's null is "not given" (the adapters drop
  // it), so there it stays that.
  if (p.nullable && !strict) {
    if (s.anyOf) s.anyOf = [...s.anyOf, { type: "null" }];
    else if (s.type !== undefined) s.type = [...new Set([s.type].flat()), "null"] as JsonType[];
    if (s.enum) s.enum = [...s.enum, null];
    notes.push("null is sent as null; leave it out to send nothing.");
  }
  if (strict && !needed) {
    s.type = [s.type as JsonType, "null"];
    if (s.enum) s.enum = [...s.enum, null];
    notes.push(p.default !== undefined ? "null for the default." : "null to leave it out.");
  }
  s.description = [p.description, p.patternHint && p.pattern ? `Format: ${p.patternHint}.` : "", ...notes]
    .filter(Boolean)
    .join(" ");
  return orderKeys(s);
}

/**
 * A JSON parameter's schema (one of a single form): plain, its kind and what it holds as deep as the link records it;
 * strict, JSON text, its items' shapes and bounds said in words.
 */
function jsonSchema(s: JsonSchema, p: ParamSpec, strict: boolean, notes: string[]): void {
  if (strict) {
    s.type = "string";
    const kind = p.jsonType === "array" ? "an array" : p.jsonType === "object" ? "an object" : "an object or an array";
    notes.push(`Give it as JSON text of ${kind}.`);
  } else {
    s.type = p.jsonType ?? ["object", "array"];
    if (p.minItems !== undefined) s.minItems = p.minItems;
    if (p.maxItems !== undefined) s.maxItems = p.maxItems;
    // What it holds, as deep as the link records it: a list's items, an object's fields or shapes (each shape's
    // fields and those it requires, so that a model sees every one).
    if (p.items) s.items = nestedSchema(p.items);
    if (p.values?.kinds && p.jsonType === "object") s.additionalProperties = nestedSchema(p.values);
    if (p.object) {
      const { properties, required, anyOf } = nestedSchema({ ...p.object, nullable: undefined });
      Object.assign(s, properties ? { properties } : {}, required ? { required } : {}, anyOf ? { anyOf } : {});
    }
  }
  if (strict && p.items?.shapes) notes.push(`Each item one of: ${p.items.shapes.map(shapeWords).join(" or ")}.`);
  if (strict) notes.push(...kindsNotes(p));
  if (strict && (p.minItems !== undefined || p.maxItems !== undefined)) notes.push(itemsNote(p.minItems, p.maxItems));
}

function lengthNote(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${min}–${max} characters.`;
  if (max !== undefined) return `At most ${max} characters.`;
  if (min !== undefined && min > 1) return `At least ${min} characters.`;
  if (min === 1) return "Not empty.";
  return "";
}

/** type and description first: easier to read, and OpenAI strict mode generates in key order. */
function orderKeys(s: JsonSchema): JsonSchema {
  const { type, title, description, ...rest } = s;
  return {
    ...(type !== undefined ? { type } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...rest,
  };
}

// ---- description --------------------------------------------------------------

/**
 * The tool's description, with what the wording adds as sentences (its cross-field rules, its polling advice:
 * wording.ts).
 */
export function toolDescription(tool: DescribedTool): string {
  return [tool.description.trim().replace(/\s+/g, " "), ...toolSentences(tool)].join(" ");
}

// ---- output schema -------------------------------------------------------------

type ItemShape = NonNullable<NonNullable<ParamSpec["items"]>["shapes"]>[number];

/** One shape of a list's items in words: `{a, b}`, its required fields first. */
function shapeWords(shape: ItemShape): string {
  return `{${[...new Set([...(shape.required ?? []), ...Object.keys(shape.fields)])].join(", ")}}`;
}

/** A list's bounds in words ("At least 1, at most 5 items."), for strict mode. */
function itemsNote(minItems: number | undefined, maxItems: number | undefined): string {
  const least = minItems !== undefined ? `At least ${minItems}` : "";
  const most =
    minItems !== undefined && maxItems !== undefined ? ", at most " : maxItems !== undefined ? "At most " : "";
  return `${least}${most}${maxItems ?? ""} items.`;
}

/** A string parameter's schema (its limits and format said in words in strict mode, which has no keyword for them). */
function stringSchema(s: JsonSchema, p: ParamSpec, strict: boolean, notes: string[]): void {
  s.type = "string";
  if (p.enum && p.separator !== undefined) notes.push(`A list of ${p.enum.join(", ")}, separated by "${p.separator}".`);
  else if (p.enum) s.enum = [...p.enum];
  else if (p.knownValues?.length) notes.push(`Known values: ${p.knownValues.join(", ")} (others are taken too).`);
  if (strict) {
    const length = lengthNote(p.minLength, p.maxLength);
    if (length) notes.push(length);
  } else {
    if (p.minLength !== undefined) s.minLength = p.minLength;
    if (p.maxLength !== undefined) s.maxLength = p.maxLength;
  }
  if (p.pattern !== undefined) s.pattern = p.pattern;
  if (p.format === "base-url") {
    if (strict) notes.push("An https address: scheme and host, and the path the instance is served under, if any.");
    else s.format = "uri";
  } else if (p.format !== undefined) {
    if (strict) notes.push(`Format: ${p.format}.`);
    else s.format = p.format;
  }
  if (p.wire.in === "body" && p.wire.split)
    notes.push(
      `A list separated by "${p.wire.split.separator}"` +
        `${p.wire.split.maxItems !== undefined ? `, at most ${p.wire.split.maxItems} items` : ""}.`,
    );
}

/**
 * A file parameter's schema: a model can give an address, never bytes; a path would let it send any local file away
 * (llmCallParams refuses one).
 */
function fileSchema(s: JsonSchema, p: ParamSpec, strict: boolean, notes: string[], textType?: string): void {
  if (p.multiple) {
    // A list of files: a list of addresses, each fetched and uploaded.
    s.type = "array";
    s.items = strict ? { type: "string" } : { type: "string", format: "uri" };
    notes.push("The files' https addresses: the tool fetches each and uploads its content.");
  } else {
    s.type = "string";
    if (!strict && !textType) s.format = "uri";
    notes.push(fileNote(textType));
  }
  if (p.maxBytes !== undefined) notes.push(`At most ${p.maxBytes} bytes.`);
}
