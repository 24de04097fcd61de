import type { ToolError } from "../http/errors.js";
import { nestingIssue, tooDeep } from "../common/nesting.js";
import { ownValue, setOwn } from "../common/own.js";
import { toolBehavior, type ToolBehavior } from "../spec/behavior.js";
import type { NestedLimits, ToolSpec } from "../spec/tool-types.js";
import { type FileHosts, modelFileValueIssue } from "../validate/file-hosts.js";
import { type DescribedTool, toolSentences, withSentences } from "./wording.js";
import { outputSchema } from "./llm-outputs.js";
import { modelTextFile } from "./text-files.js";
import { connectionParams, inputSchema } from "./input-schema.js";
import { withoutLeftOutNulls } from "./strict-nested.js";
import { shortWords } from "./short-names.js";
import { holdsNestedSecret, jsonInput, secretPlaces } from "../validate/nested-secrets.js";
import { joinConnectionPlaces } from "./nested-connection.js";
import {
  type AnthropicTool,
  LLM_TOOL_FORMATS,
  type LlmTool,
  type LlmToolFormat,
  type LlmToolsOptions,
  type McpTool,
  type OpenAiTool,
} from "./llm-tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["id", "title", "description", "params"] as const satisfies readonly (keyof ToolSpec)[];

export { toolBehavior, type ToolBehavior };
export { llmOutput, llmResultOutput, outputSchema } from "./llm-outputs.js";
export { connectionParams, inputSchema, modelParams } from "./input-schema.js";
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
 * allowed characters, shortened (shortWords), with a hash of the whole id so
 * that distinct ids stay distinct.
 */
export function llmToolName(id: string): string {
  if (id.length <= LLM_TOOL_NAME_MAX && LLM_TOOL_NAME.test(id)) return id;
  return `${shortWords(id.replace(/[^a-zA-Z0-9_-]+/g, "_"), LLM_TOOL_NAME_MAX - 9)}_${fnv1a(id)}`;
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, no dependency. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

// ---- behaviour (MCP annotations): see behavior.ts ---------------------------

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
  options: {
    fileHosts?: FileHosts;
    /** Where the person sets each connection value (`environment variable ZQ_LOGIN_PASSWORD`), for a refusal. */
    connectionNames?: Record<string, string>;
  } = {},
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
    // A secret inside a JSON value (a password in an object) is the person's, never a model's: refused unechoed.
    const secret = spec?.type === "json" ? modelSecretPlace(spec, value) : undefined;
    if (secret)
      return fail(
        name,
        "secret",
        `${secret}: is a secret (a password or a key), given by the person running the tools, not by tool arguments; ` +
          "leave it out (the value given was not used)",
      );
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
    // A JSON value's fields a model left out as strict mode says it, null, where the field takes no null: taken out.
    setOwn(params, name, spec?.type === "json" ? withoutLeftOutNulls(value, jsonLimits(spec)) : value);
  }
  for (const name of reserved) {
    const value = ownValue(connection, name);
    if (value !== undefined) setOwn(params, name, value);
  }
  // A secret inside a JSON value's object is the connection's too (`login.password`), joined into the model's object;
  // unset where the host says it is set (connectionNames), refused naming that place (else the tool's check says it).
  const { unset } = joinConnectionPlaces(tool, params, connection);
  const where = unset && options.connectionNames?.[unset.name];
  if (unset && where)
    return fail(
      unset.param,
      "connection",
      `${unset.name}: is a secret the person running the tools sets (${where}), not a tool argument, and it is not ` +
        "set: ask the user to set it",
    );
  return { params };
}

/** The first place inside a model's JSON value its shape marks secret, as `profile.password`, `keys[0].value`. */
function modelSecretPlace(spec: ToolSpec["params"][number], value: unknown): string | undefined {
  if (!holdsNestedSecret(spec)) return undefined;
  let first: string | undefined;
  secretPlaces(spec, jsonInput(value), (found, path) => {
    if (first === undefined && found !== null && found !== undefined)
      first = `${spec.name}${path.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("")}`;
  });
  return first;
}

/** What a JSON parameter's value holds, as the link records it: an object's fields, a list's items. */
function jsonLimits(p: ToolSpec["params"][number]): NestedLimits | undefined {
  if (p.jsonType === "object") return p.object;
  if (p.jsonType === "array" && p.items && !p.tuple) return { type: "array", items: p.items };
  return undefined;
}

// ---- description --------------------------------------------------------------

/**
 * The tool's description, with what the wording adds as sentences (its cross-field rules, its polling advice:
 * wording.ts).
 */
export function toolDescription(tool: DescribedTool): string {
  return withSentences(tool.description.trim().replace(/\s+/g, " "), toolSentences(tool));
}
