// What a model fills of a tool: its parameters that are neither secret nor user-only, and their object schema, plain
// (Anthropic, MCP) or strict (OpenAI strict mode), what a keyword cannot say said in words (llm-tools.ts gives it).
import {
  countWords,
  holdsWords,
  kindsNotes,
  nestedSchema,
  paramTuple,
  shapeWords,
  tupleWords,
} from "./nested-schema.js";
import { fileNote, type SchemaTool, textFileType } from "./text-files.js";
import { strictJsonSchema } from "./strict-nested.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { connectionParams, isConnectionParam } from "../spec/connection-params.js";
import type { JsonSchema, JsonType, ObjectSchema } from "./llm-tool-types.js";

/** The parameters a model fills: neither secret nor user-only. */
export function modelParams(tool: Pick<ToolSpec, "params">): ParamSpec[] {
  return tool.params.filter((p) => !isConnectionParam(p));
}

export { connectionParams };

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
      numberSchema(s, p);
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
    // A query writes no pair for null (runtime/validate/query-nothing.ts): the same as leaving it out.
    notes.push(
      p.wire.in === "query"
        ? "null sends nothing, as leaving it out does."
        : "null is sent as null; leave it out to send nothing.",
    );
  }
  if (strict && !needed) {
    s.type = [s.type as JsonType, "null"];
    if (s.enum) s.enum = [...s.enum, null];
    notes.push(p.default !== undefined ? "null for the default." : "null to leave it out.");
  }
  s.description = [
    sentence(p.description, notes),
    p.patternHint && p.pattern ? `Format: ${p.patternHint}.` : "",
    ...notes,
  ]
    .filter(Boolean)
    .join(" ");
  return orderKeys(s);
}

/** A number's type, bounds, step and values. */
function numberSchema(s: JsonSchema, p: ParamSpec): void {
  s.type = p.integer ? "integer" : "number";
  if (p.minimum !== undefined) s.minimum = p.minimum;
  if (p.maximum !== undefined) s.maximum = p.maximum;
  if (p.exclusiveMinimum !== undefined) s.exclusiveMinimum = p.exclusiveMinimum;
  if (p.exclusiveMaximum !== undefined) s.exclusiveMaximum = p.exclusiveMaximum;
  if (p.multipleOf !== undefined) s.multipleOf = p.multipleOf;
  if (p.enum) s.enum = [...p.enum];
}

/** The description a sentence of its own before notes follow it: `… or "none"` then `null to leave it out.` ran on. */
function sentence(description: string | undefined, notes: readonly string[]): string | undefined {
  const said = description?.trim();
  return said && notes.length && !/[.!?:;]$/.test(said) ? `${said}.` : said;
}

/**
 * A JSON parameter's schema (one of a single form): plain, its kind and what it holds as deep as the link records it;
 * strict, JSON text, its items' shapes and bounds said in words.
 */
function jsonSchema(s: JsonSchema, p: ParamSpec, strict: boolean, notes: string[]): void {
  const tuple = paramTuple(p);
  // A value strict mode can take as it is (an object of listed fields, a list of them or of scalars): its schema, the
  // fields' lengths and formats in their descriptions (strict-nested.ts); other values as JSON text.
  const native = strict ? strictJsonSchema(p) : undefined;
  if (native) {
    Object.assign(s, native);
    return;
  }
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
    // A 3.1 tuple (issue 59: shown as a plain list): its positions (`prefixItems`), its rest and its count.
    if (tuple) {
      const { type: _array, ...positions } = nestedSchema(tuple);
      Object.assign(s, positions);
    }
    // Its other keys' values (the document's additionalProperties, which the runtime holds each value to).
    if (p.values && p.jsonType === "object") s.additionalProperties = nestedSchema(p.values);
    if (p.object) {
      const { properties, required, anyOf } = nestedSchema({ ...p.object, nullable: undefined });
      Object.assign(s, properties ? { properties } : {}, required ? { required } : {}, anyOf ? { anyOf } : {});
    }
  }
  // Shapes beside scalar kinds are said with them (kindsNotes).
  if (strict && p.items?.shapes && !p.items.kinds)
    notes.push(`Each item one of: ${p.items.shapes.map(shapeWords).join(" or ")}.`);
  if (strict) notes.push(...kindsNotes(p), ...holdsWords(p));
  // Strict mode's JSON text: a tuple's positions and count in words (the count said there, not again).
  if (strict && tuple) notes.push(tupleWords(tuple));
  else if (strict && (p.minItems !== undefined || p.maxItems !== undefined))
    notes.push(countWords(p.minItems, p.maxItems));
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
