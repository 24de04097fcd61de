// What a tool's outputs must be for a given answer: the output mapping (the
// manifest's expressions, read here from their text) applied to the answer
// the mock gave, and a JSON Schema of the outputs the block declares (types,
// optional members, nothing else) that every output must conform to.
import { createRequire } from "node:module";
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from "ajv";
import {
  dispositionName,
  getAtPointer,
  streamItems,
  isWithheldLength,
  itemAt,
  csvRecords,
  otherForm,
  parseBody,
  parsePointer,
  redactDeep,
  validateParams,
  type HeaderValueType,
  type OutputSource,
  type OutputSpec,
  type ReadPlace,
  type StreamSpec,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { fail, json, same, secretsIn } from "./call.js";
import type { Exchange } from "./exchange.js";
import { setPath } from "./json-path.js";

/** The outputs the mapping makes of the answer in `ex`, for the tool called with `input`. */
export function expectedOutputs(tool: ToolSpec, ex: Exchange, input: Record<string, unknown>): Record<string, unknown> {
  const validated = validateParams(tool, input);
  const params = validated.ok ? validated.values : {};
  const outcome = tool.outcomes.find((o) => o.status === ex.status);
  const text = outcome ? undefined : answerText(tool, ex);
  const body = answersFile(tool, ex)
    ? fileOf(ex)
    : tool.stream?.status === ex.status
      ? itemsOf(tool.stream, ex)
      : text !== undefined
        ? text
        : ex.responseBody.trim() === ""
          ? undefined
          : bodyAsRead(ex);
  const outputs = outcome
    ? outcome.outputs.map((o) => ({ ...o, optional: tool.outputs.find((m) => m.path === o.path)?.optional ?? false }))
    : tool.outputs;
  const out: Record<string, unknown> = {};
  for (const o of outputs) {
    const value = sourceValue(o.source, { status: ex.status, body, headers: ex.responseHeaders, params });
    if (o.optional && (value === undefined || value === null)) continue;
    setPath(out, o.path, value === undefined ? null : value);
  }
  return out;
}

/**
 * The answer's text, when the outputs read it as one text (the link's answerText) and it came in a text type, as the
 * runtime reads it (reply-failures.ts otherForm): `{"a":1}` is that text, not the object it spells; a CSV's records.
 */
function answerText(tool: ToolSpec, ex: Exchange): unknown {
  if (!tool.answerText || tool.answerText === "json") return undefined;
  const other = otherForm(
    { headers: ex.responseHeaders } as Response,
    ex.responseBody,
    new Uint8Array(),
    tool.answerText,
    csvRecords,
  );
  // A CSV of records (the link's answerText `{csv}`) is its records, as the runtime reads them.
  return typeof other?.body === "string" || other?.rows ? other.body : undefined;
}

/**
 * A success's body as the runtime reads one whose outputs read no text (call/send/attempts.ts, by its parseBody): its
 * JSON wherever it parses, whatever type it came as (a record declared under `text/plain`, its outputs reading its
 * fields); else read by its type (anotherForm). Read by its type first, such a record was its text, and every case of
 * the tool failed.
 */
function bodyAsRead(ex: Exchange): unknown {
  try {
    return parseBody(ex.responseBody);
  } catch (e) {
    const other = anotherForm(ex);
    if (other) return other.value;
    throw e;
  }
}

/**
 * A success that came in another type than JSON, as the runtime reads it (reply-failures.ts otherForm): a file's
 * bytes, type and size, or a text (a PDF beside a JSON 202 "not ready yet", whose outputs are drafted from the JSON);
 * undefined for a JSON answer. Parsed as JSON, the PDF's bytes failed the case with a parser's message.
 */
function anotherForm(ex: Exchange): { value: unknown } | undefined {
  const bytes = new TextEncoder().encode(ex.responseBody);
  const other = otherForm({ headers: ex.responseHeaders } as Response, ex.responseBody, bytes);
  return other && { value: other.body };
}

/** Whether the answer is the file of a download tool (its bytes, not JSON). */
function answersFile(tool: ToolSpec, ex: Exchange): boolean {
  const download = tool.download;
  return !!download && (download.status === ex.status || !!download.statuses?.includes(ex.status));
}

/** The items a stream answer carries, as the runtime reads them (stream-items.ts): its outputs read `/items`. */
function itemsOf(stream: StreamSpec, ex: Exchange): { items: unknown[] } {
  const got = streamItems(new TextEncoder().encode(ex.responseBody), stream);
  if (!("items" in got))
    fail(
      `the mock's stream answer has an item ` +
        ("tooLarge" in got
          ? `longer than ${stream.itemBytes} bytes (item ${got.tooLarge})`
          : "invalid" in got
            ? `that is not JSON (item ${got.invalid})`
            : "missing" in got
              ? `that holds nothing at stream.item (item ${got.at})`
              : `that is a failure at stream.failure (item ${got.at})`),
    );
  return got;
}

/** The file a download answer carries, as the runtime reads it (DownloadedFile). */
function fileOf(ex: Exchange): Record<string, unknown> {
  const content = new TextEncoder().encode(ex.responseBody);
  const filename = dispositionName(ex.responseHeaders.get("content-disposition"));
  return {
    content,
    contentType: ex.responseHeaders.get("content-type")?.trim() || "application/octet-stream",
    size: content.byteLength,
    ...(filename ? { filename } : {}),
  };
}

type Answer = { status: number; body: unknown; headers: Headers; params: Record<string, unknown> };

function sourceValue(source: OutputSource, answer: Answer): unknown {
  if ("value" in source) return source.value;
  // Of several places, the first (in the order written) whose value is present, not null and of the kind named.
  let value =
    "first" in source
      ? source.first
          .map((p) => placeValue(p, answer))
          .find(
            (v) =>
              v !== undefined &&
              v !== null &&
              (source.holds === undefined || (source.holds === "array" ? Array.isArray(v) : typeof v === source.holds)),
          )
      : placeValue(source, answer);
  if (source.count) return Array.isArray(value) ? value.length : 0;
  if ((value === undefined || value === null) && source.default !== undefined) value = source.default;
  const omit = "omit" in source ? source.omit : undefined;
  if (omit && value && typeof value === "object" && !Array.isArray(value)) {
    value = Object.fromEntries(Object.entries(value).filter(([k]) => !omit.includes(k)));
  }
  return value;
}

function placeValue({ expression: text, ref }: ReadPlace, answer: Answer): unknown {
  if (text === "$statusCode") return answer.status;
  if (text === "$response.body") return answer.body;
  // The runtime's pointer reading: its negative indexes (`/data/-1/id`) are part of the expression language.
  if (text.startsWith("$response.body#"))
    return getAtPointer(answer.body, parsePointer(text.slice("$response.body#".length)));
  if (text.startsWith("$response.header.")) {
    const header = answer.headers.get(text.slice("$response.header.".length)) ?? undefined;
    return header !== undefined && ref.kind === "header" && ref.as ? typedHeader(header, ref.as) : header;
  }
  if (text.startsWith("$params.")) return answer.params[text.slice("$params.".length)];
  return fail(`output expression ${text} is not one the contract suite knows`);
}

/**
 * A header the document types as a number or boolean, read as JSON reads its text where that is a value of the type
 * (an integer one without a fraction); its text otherwise, which the output's type check then refuses.
 */
function typedHeader(text: string, type: HeaderValueType): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const fits =
    type === "boolean"
      ? typeof parsed === "boolean"
      : typeof parsed === "number" && (type === "number" || Number.isInteger(parsed));
  return fits ? parsed : text;
}

/** The outputs equal what the mapping makes of the answer, and conform to the declared outputs. */
export function expectOutputs(
  tool: ToolSpec,
  output: Record<string, unknown>,
  ex: Exchange,
  input: Record<string, unknown>,
): void {
  const expected = expectedOutputs(tool, ex, input);
  // The runtime keeps the call's secrets out of its outputs, in any encoding: where the answer holds one (a
  // drawn query value that contains the drawn token, echoed in a next-page address), so is it expected.
  const secrets = secretsIn(tool, input).filter(isWithheldLength);
  same(output, secrets.length ? redactDeep(expected, secrets) : expected, `outputs for the ${ex.status} answer`);
  expectConforms(tool, output, ex.status);
}

// Made on the first output checked: deriving the cases (test --list, test's own thread, whose workers run them) checks
// none, and Ajv is 45 modules to load.
let ajvInstance: AjvClass | undefined;
function ajv(): AjvClass {
  if (!ajvInstance) {
    const { Ajv } = createRequire(import.meta.url)("ajv") as { Ajv: typeof AjvClass };
    ajvInstance = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  }
  return ajvInstance;
}
const validators = new WeakMap<ToolSpec, Map<number, ValidateFunction>>();

/** The output conforms to the JSON Schema of the outputs the tool declares (for the answer's status). */
export function expectConforms(tool: ToolSpec, output: unknown, status: number): void {
  const errors = outputProblems(tool, output, status);
  if (!errors.length) return;
  const problems = errors.map(
    (e) =>
      `${e.instancePath || "/"} ` +
      `${e.message}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`,
  );
  fail(
    `the output does not conform to the declared outputs of ${tool.id}: ${problems.join("; ")} — output ` +
      `${json(output)}`,
  );
}

/**
 * How the output breaks the JSON Schema of the outputs the tool declares (for the answer's status): none when it
 * conforms.
 */
export function outputProblems(tool: ToolSpec, output: unknown, status: number): ErrorObject[] {
  let byStatus = validators.get(tool);
  if (!byStatus) validators.set(tool, (byStatus = new Map()));
  let validate = byStatus.get(status);
  if (!validate) byStatus.set(status, (validate = ajv().compile(outputSchema(tool, status))));
  return validate(output) ? [] : [...(validate.errors ?? [])];
}

/**
 * JSON Schema of a tool's output for an answer of `status`: the declared
 * outputs (or an outcome's) as nested objects, optional ones not required,
 * and null allowed where the spec does not guarantee the value.
 */
export function outputSchema(tool: ToolSpec, status: number): object {
  const outcome = tool.outcomes.find((o) => o.status === status);
  const entries = outcome
    ? outcome.outputs.flatMap((o) => {
        const main = tool.outputs.find((m) => m.path === o.path);
        return main ? [{ spec: main, source: o.source }] : [];
      })
    : tool.outputs.map((spec) => ({ spec, source: spec.source }));
  const root: SchemaNode = node();
  for (const { spec, source } of entries) {
    const keys = spec.path.split(".");
    let parent = root;
    for (const key of keys.slice(0, -1)) {
      parent.properties[key] ??= node();
      // A group of optional outputs only (`metadata.id`) is left out whole when none of them has a value.
      if (!spec.optional && !parent.required.includes(key)) parent.required.push(key);
      parent = parent.properties[key] as SchemaNode;
    }
    const last = itemAt(keys, -1);
    parent.properties[last] = leaf(spec, source);
    if (!spec.optional) parent.required.push(last);
  }
  return root;
}

interface SchemaNode {
  type: "object";
  properties: Record<string, object>;
  required: string[];
  additionalProperties: false;
}

function node(): SchemaNode {
  return { type: "object", properties: {}, required: [], additionalProperties: false };
}

function leaf(spec: OutputSpec, source: OutputSource): object {
  // A file's bytes: a Uint8Array, compared whole with what the answer carried (expectedOutputs).
  if (spec.type === "bytes") return {};
  // A json output is any JSON value: the link binds one to an object or a list, or to a schema that says nothing of
  // its type (`{}`), which a text, a number or a boolean meets too (the mock's made-up answer, a service's).
  if (spec.type === "json") return {};
  const types: string[] = [spec.type];
  const mayBeNull =
    !("value" in source) && !source.required && !source.count && source.default === undefined && !spec.optional;
  if (mayBeNull && !types.includes("null")) types.push("null");
  return { type: types.length === 1 ? types[0] : types };
}
