// One real answer of one operation held against the OpenAPI document: its
// status among the declared responses, the headers the spec requires or the
// outputs read, and its body against the response's schema (every error, and
// the fields the schema does not declare). Each difference is a Drift with
// the place in the specs it contradicts and a suggested Overlay action.
import { type FirstOfSource, getAtPointer, type ToolSpec } from "@blockwright/runtime/internal";
import { bareMediaType, isJsonMediaType, jsonMediaType } from "../load/openapi-document.js";
import { locateInManifest } from "../load/source-place.js";
import { carriesNoContent } from "../load/media-types.js";
import type { Subject } from "../contract/types.js";
import { valueAt } from "../load/json-ref.js";
import { schemaDrift } from "./body-check.js";
import { foldItemDrifts } from "./item-drifts.js";
import { checkerOf, type DocumentChecker, type Path } from "./document-schemas.js";
import type { Drift } from "./drift.js";
import { extraFields } from "./extra-fields.js";
import { jsonPath, shown } from "./overlay.js";

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

type Node = Record<string, unknown>;

/**
 * Every difference between `answer` and the spec of the operation it
 * answers: `operationId` is the tool's own unless a route sent the call to
 * another. The document's schemas are registered on its first answer and
 * reused for the next.
 */
export function answerDrift(
  subject: Subject,
  tool: ToolSpec,
  answer: Answer,
  operationId: string = tool.operationId,
): Drift[] {
  const op = subject.document.operations.get(operationId);
  if (!op) throw new Error(`operation "${operationId}" (of tool ${tool.id}) is not in ${subject.document.source.file}`);
  const checker = checkerOf(subject.document);
  const data = subject.document.source.data;
  const responsesPath: Path = [...op.location, "responses"];
  const responses = (valueAt(data, responsesPath) ?? {}) as Node;
  const key = statusKey(responses, answer.status);
  if (key === undefined) return [undeclaredStatus(checker, tool.id, operationId, responsesPath, responses, answer)];
  const responsePath = checker.resolved([...responsesPath, key]);
  const response = (valueAt(data, responsePath) ?? {}) as Node;
  const drifts = [...specHeaders(checker, tool.id, responsePath, response, answer.headers)];
  for (const d of outputHeaders(subject, tool, answer))
    if (!drifts.some((s) => s.pointer === d.pointer)) drifts.push(d);
  return carriesNoContent(answer.status)
    ? drifts
    : [...drifts, ...bodyDrift(checker, tool.id, responsePath, response, answer)];
}

/** The key of `responses` that covers `status`: the status itself, its range (`4XX`), or `default`. */
export function statusKey(responses: Node, status: number): string | undefined {
  const keys = Object.keys(responses);
  return (
    keys.find((k) => k === String(status)) ??
    keys.find((k) => k.toUpperCase() === `${String(status)[0]}XX`) ??
    keys.find((k) => k === "default")
  );
}

function undeclaredStatus(
  checker: DocumentChecker,
  tool: string,
  operationId: string,
  responsesPath: Path,
  responses: Node,
  answer: Answer,
): Drift {
  const contentType = answer.headers.get("content-type");
  const media = contentType && answer.body.trim() !== "" ? { content: { [bareMediaType(contentType)]: {} } } : {};
  return {
    operation: tool,
    kind: "undeclared-status",
    pointer: "/status",
    message:
      `status ${answer.status} is not among the responses of "${operationId}" (` +
      `${Object.keys(responses).join(", ") || "none"}), and no range or default covers it`,
    at: checker.locate(responsesPath),
    overlay: {
      target: jsonPath(responsesPath),
      description:
        `The live service answered ${answer.status}, which the spec does not declare: added as observed, ` +
        `to be reviewed (describe it, and give its body a schema).`,
      update: {
        [String(answer.status)]: {
          description: `Observed from the live service (status ${answer.status}), to be reviewed.`,
          ...media,
        },
      },
    },
  };
}

/**
 * The response's headers the spec marks `required: true` that the answer lacks (Content-Type is the media type's, not a
 * header's).
 */
function specHeaders(
  checker: DocumentChecker,
  tool: string,
  responsePath: Path,
  response: Node,
  headers: Headers,
): Drift[] {
  const drifts: Drift[] = [];
  for (const name of Object.keys((response.headers ?? {}) as Node)) {
    if (name.toLowerCase() === "content-type") continue;
    const path = checker.resolved([...responsePath, "headers", name]);
    if ((valueAt(checker.document.source.data, path) as Node | undefined)?.required !== true || headers.has(name))
      continue;
    drifts.push({
      operation: tool,
      kind: "missing-header",
      pointer: `/headers/${name.toLowerCase()}`,
      message: `header ${name}, which the spec marks required, is absent`,
      at: checker.locate(path),
      overlay: {
        target: jsonPath(path),
        description: `The live service answered without ${name}: it is not always sent (observed, to be reviewed).`,
        update: { required: false },
      },
    });
  }
  return drifts;
}

/**
 * Headers the outputs of this answer's status read (`$response.header.X`), absent; not for an optional output or one
 * with a default.
 */
function outputHeaders(subject: Subject, tool: ToolSpec, answer: Answer): Drift[] {
  const outcome = tool.outcomes.find((o) => o.status === answer.status);
  const reading = outcome
    ? outcome.outputs.map((o) => ({ ...o, place: ["outcomes", String(answer.status), "outputs", o.path] }))
    : tool.successStatuses.includes(answer.status)
      ? tool.outputs.map((o) => ({ ...o, place: ["outputs", o.path] }))
      : [];
  const drifts: Drift[] = [];
  for (const o of reading) {
    const { source } = o;
    if ("value" in source || source.default !== undefined) continue;
    const names = ("first" in source ? source.first : [source]).flatMap((p) =>
      p.ref.kind === "header" ? [p.ref.name] : [],
    );
    const name = names[0];
    if (name === undefined || tool.outputs.find((m) => m.path === o.path)?.optional) continue;
    if ("first" in source ? firstHolds(source, answer) : answer.headers.has(name)) continue;
    const pointer = `/headers/${name.toLowerCase()}`;
    if (drifts.some((d) => d.pointer === pointer)) continue;
    const at = subject.manifest
      ? locateInManifest(subject.manifest, ["operations", tool.id, ...o.place, "from"])
      : undefined;
    drifts.push({
      operation: tool.id,
      kind: "missing-header",
      pointer,
      message:
        "first" in source
          ? `${names.length > 1 ? "headers" : "header"} ${names.join(", ")}, which output ${o.path} reads (the ` +
            `first of ${source.first.map((p) => p.expression).join(", ")} that holds a value), ` +
            `${names.length > 1 ? "are" : "is"} absent, and no other place holds one`
          : `header ${name}, which output ${o.path} reads, is absent`,
      ...(at ? { at } : {}),
    });
  }
  return drifts;
}

/**
 * Whether a place of a first-of output holds a value in the answer, as the runtime takes one: present, not null and of
 * its kind; a parameter's place is the call's, not the answer's, so it is taken to hold one.
 */
function firstHolds(source: FirstOfSource, answer: Answer): boolean {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = undefined; // not JSON: no body place holds a value
  }
  return source.first.some(({ ref }) => {
    if (ref.kind === "param") return true;
    const value =
      ref.kind === "header"
        ? (answer.headers.get(ref.name) ?? undefined)
        : ref.kind === "status"
          ? answer.status
          : getAtPointer(body, ref.pointer);
    if (value === undefined || value === null) return false;
    return (
      source.holds === undefined || (source.holds === "array" ? Array.isArray(value) : typeof value === source.holds)
    );
  });
}

/**
 * The body against the schema of its media type (JSON ones only): what breaks the schema, then what it does not
 * declare.
 */
function bodyDrift(
  checker: DocumentChecker,
  tool: string,
  responsePath: Path,
  response: Node,
  answer: Answer,
): Drift[] {
  const content = response.content as Node | undefined;
  if (!content) return [];
  const given = answer.headers.get("content-type");
  const mediaType =
    (given ? Object.keys(content).find((k) => bareMediaType(k) === bareMediaType(given)) : undefined) ??
    jsonMediaType(content);
  if (!mediaType || !isJsonMediaType(mediaType)) return [];
  const schemaPath = [...responsePath, "content", mediaType, "schema"];
  const schema =
    valueAt(checker.document.source.data, schemaPath) === undefined ? undefined : checker.schemaAt(schemaPath);
  if (schema === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(answer.body);
  } catch {
    const found =
      answer.body.trim() === ""
        ? "an empty body"
        : `${given ? `${bareMediaType(given)} ` : ""}text that is not JSON (${shown(answer.body.slice(0, 40))})`;
    return [
      {
        operation: tool,
        kind: "type-mismatch",
        pointer: "",
        message: `the body must be JSON (${mediaType}), got ${found}`,
        at: checker.locate(schemaPath),
      },
    ];
  }
  return [...foldItemDrifts(schemaDrift(checker, tool, schema, value)), ...extraFields(checker, tool, schema, value)];
}
