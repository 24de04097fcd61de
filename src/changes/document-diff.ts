// The change model of `upstream`: two versions of a published document
// compared over the operations a manifest binds, each difference one change
// with a kind id (kinds.ts), a severity and its reason, the operation and
// the parameter, body field, output or credential it touches, and its place
// (`location` and `pointer`, as contract-tests/history/KINDS.md writes
// them). Security requirements compare as sets; a scheme no bound operation
// uses is no change; bodies compare field by field (schema-compare.ts).
import { posix } from "node:path";
import { deprecationNote } from "../link/deprecated/deprecation-note.js";
import { kindInfo, type KindId, type Severity } from "./kinds.js";
import {
  ASKED_OF_EVERY_CALL,
  LIMIT_KINDS,
  limitChanges,
  limitNote,
  SchemaComparer,
  type SchemaChange,
  type Side,
} from "./schema-compare.js";
import { type At, deref, type DocumentSet, type Flat, type Flattener } from "./schema-flat.js";
import { type Add, type Found, type Json, keyOf, list, object, text } from "./document-operations.js";
import { DEFAULTED, leadingDefaults, operationsWithDefaults } from "./version-path.js";
import { movedOperation } from "./operation-moves.js";
import { requestFormatSeverity } from "../model/request-format.js";
import { compareSecurity } from "./security-changes.js";
import { compareServers } from "./server-changes.js";
import { compareAnswerTypes } from "./answer-types.js";
import { compareHeaders } from "./header-changes.js";
import { compareBodyForms, parameterStyleChange, shapeOf } from "./wire-forms.js";

export type { DocumentSet } from "./schema-flat.js";

export interface BoundOperation {
  /** Its operationId where the documents give none (they name it otherwise). */
  operationId?: string;
  method: string;
  /** The path as the document writes it, or with our server's path before it. */
  path: string;
}

export interface DocumentChange {
  kind: KindId;
  severity: Severity;
  reason: string;
  /**
   * The operationId the newer document gives it (else the older one's, else the bound operation's); absent when none
   * does.
   */
  operationId?: string;
  method: string;
  path: string;
  /**
   * `operation`, `security`, `server`, `request.parameter.<in>`, `request.body`, `response.<status>.body`,
   * `response.<status>.header`.
   */
  location: string;
  /** Parameter, scheme or header name; a body pointer (`/a/*\/b`, `/` for the whole body); "" for the operation. */
  pointer: string;
  old?: unknown;
  new?: unknown;
  workflowVisible?: true;
}

/** Every change between two versions of a document to the bound operations (in the order bound, then by place). */
export function documentChanges(
  older: DocumentSet,
  newer: DocumentSet,
  bound: readonly BoundOperation[],
): DocumentChange[] {
  const comparison = new DocumentComparison(older, newer);
  return bound.flatMap((b) => comparison.changesOf(b));
}

/**
 * Two versions of a document, compared one bound operation at a time (a
 * caller may let the event loop turn between two), a schema the operations
 * share compared once for all.
 */
export class DocumentComparison {
  private readonly before: Map<string, Found>;
  private readonly after: Map<string, Found>;
  private readonly schemas: SchemaComparer;
  private readonly olderServerPath: string;

  constructor(older: DocumentSet, newer: DocumentSet) {
    [this.before, this.olderServerPath] = operationsWithDefaults(older);
    [this.after] = operationsWithDefaults(newer);
    this.schemas = new SchemaComparer(older, newer);
  }

  /** Every change to one bound operation, by place. */
  changesOf(b: BoundOperation): DocumentChange[] {
    const out: DocumentChange[] = [];
    const key = keyOf(b.method, b.path);
    const x = this.before.get(key);
    // Where the bound place (our server's path before the document's) is not in the newer version, the operation at
    // the same path of the newer document: its server's path changed (`/v3` → `/v4`) and compareServers says so.
    // Or at the older server's path and its own, where the newer holds that path as parameters defaulting to it
    // (version-path.ts).
    const y = [key, x && keyOf(x.method, x.path), x && keyOf(x.method, `${this.olderServerPath}${x.path}`)]
      .map((k) => (k ? this.after.get(k) : undefined))
      .find((f) => f !== undefined);
    const named = [y?.op.operationId, x?.op.operationId, b.operationId].find(
      (id): id is string => typeof id === "string" && id !== "",
    );
    const add = (
      kind: KindId,
      location: string,
      pointer: string,
      extra: { old?: unknown; new?: unknown; severity?: Severity; note?: string } = {},
    ) => {
      const info = kindInfo(kind);
      const severity = extra.severity ?? info.severity;
      out.push({
        kind,
        severity,
        reason: extra.note ?? info.reason,
        ...(named !== undefined ? { operationId: named } : {}),
        method: b.method.toUpperCase(),
        path: b.path,
        location,
        pointer,
        ...(extra.old !== undefined ? { old: extra.old } : {}),
        ...(extra.new !== undefined ? { new: extra.new } : {}),
        ...(info.workflowVisible ? { workflowVisible: true as const } : {}),
      });
    };
    if (!x) return out;
    const moved = y ? undefined : movedOperation(x, this.before, this.after);
    if (!y && !moved) {
      add("api-removed", "operation", "");
      return out;
    }
    if (moved)
      add("api-path-changed", "operation", "", {
        old: `${x.method.toUpperCase()} ${x.path}`,
        new: `${moved.method.toUpperCase()} ${moved.path}`,
      });
    compareOperation(this.schemas, x, (y ?? moved) as Found, add);
    return out;
  }
}

function compareOperation(schemas: SchemaComparer, x: Found, y: Found, add: Add): void {
  const older = schemas.older.docs;
  const newer = schemas.newer.docs;
  if (x.op.deprecated !== true && y.op.deprecated === true)
    add("api-deprecated", "operation", "", { note: deprecationNote(y.op, "still served, marked deprecated") });
  if (x.op.deprecated === true && y.op.deprecated !== true) add("api-reactivated", "operation", "");
  if (text(x.op.summary) !== text(y.op.summary) || text(x.op.description) !== text(y.op.description))
    add("api-description-changed", "operation", "");
  // Named otherwise at the same method and path: the tool keeps its name; `call` by the old operationId, and the
  // document's types under it (`operations["…"]`), follow the new one once accepted.
  const [idA, idB] = [x.op.operationId, y.op.operationId];
  if (typeof idA === "string" && typeof idB === "string" && idA !== idB)
    add("api-operation-id-changed", "operation", "", { old: idA, new: idB });
  const stability = (op: Json) => op["x-stability-level"];
  if (stability(x.op) !== stability(y.op))
    add("api-stability-level-changed", "operation", "", {
      ...(stability(x.op) !== undefined ? { old: stability(x.op) } : {}),
      ...(stability(y.op) !== undefined ? { new: stability(y.op) } : {}),
    });
  compareSecurity(older, x, newer, y, add);
  compareServers(older, x, newer, y, add);
  compareParameters(schemas, x, y, add);
  compareBodyForms(older, x, newer, y, add);
  const bodyA = requestBody(older, x);
  const bodyB = requestBody(newer, y);
  if (bodyA && bodyB) {
    if (!bodyA.required && bodyB.required) add("request-body-became-required", "request.body", "/");
    const fields = schemas.compare(bodyA.schema, bodyB.schema, "request");
    place(add, "request.body", bodyB.required ? fields : askedOfBodies(fields), "request");
  } else if (bodyA) add("request-body-removed", "request.body", "/");
  else if (bodyB)
    add(bodyB.required ? "added-required-request-body" : "added-optional-request-body", "request.body", "/");
  compareResponses(schemas, x, y, add);
}

interface Param {
  in: string;
  name: string;
  node: Json;
  file: string;
}

/** Header parameters OpenAPI says are ignored: the body's media type, the answer's and the security scheme say them. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * Each parameter by place: a path parameter by its expression's place in the path (`{id}` renamed `{itemId}` at the
 * same place is the same value on the wire, which `--accept` follows), any other by its location and name.
 */
function parametersOf(docs: DocumentSet, f: Found): Map<string, Param> {
  // A leading parameter defaulting to a segment (version-path.ts) stands for the address's part, not a path slot.
  const leading = leadingDefaults(docs, f);
  const slots = [...(leading?.rest ?? f.path).matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const out = new Map<string, Param>();
  for (const [raw, file] of [
    ...list(f.item.parameters).map((p) => [p, f.itemFile] as const),
    ...list(f.op.parameters).map((p) => [p, f.file] as const),
  ]) {
    const { node, file: at } = deref(docs, { schema: raw, file });
    if (typeof node.name !== "string" || typeof node.in !== "string") continue;
    if (node.in === "header" && IGNORED_HEADERS.has(node.name.toLowerCase())) continue;
    const slot = node.in === "path" ? slots.indexOf(node.name) : -1;
    const key = leading?.names.has(node.name)
      ? `${DEFAULTED}${node.name}`
      : slot >= 0
        ? `path:#${slot}`
        : `${node.in}:${node.in === "header" ? node.name.toLowerCase() : node.name}`;
    out.set(key, { in: node.in, name: node.name, node, file: at });
  }
  return out;
}

function compareParameters(schemas: SchemaComparer, x: Found, y: Found, add: Add): void {
  const pa = parametersOf(schemas.older.docs, x);
  const pb = parametersOf(schemas.newer.docs, y);
  for (const [key, p] of pa) if (!pb.has(key)) add("request-parameter-removed", `request.parameter.${p.in}`, p.name);
  for (const [key, q] of pb) {
    const p = pa.get(key);
    const location = `request.parameter.${q.in}`;
    if (!p) {
      // A leading parameter defaulting to the part of the address it stands for: a call leaving it out goes there.
      const defaulted = key.startsWith(DEFAULTED);
      add(
        q.node.required === true && !defaulted ? "new-required-request-parameter" : "new-optional-request-parameter",
        location,
        q.name,
        defaulted
          ? { note: "its default is the part of the address it stands for: a call leaving it out goes there" }
          : {},
      );
      continue;
    }
    if (p.name !== q.name) add("request-parameter-renamed", location, p.name, { old: p.name, new: q.name });
    if (p.node.required !== true && q.node.required === true)
      add("request-parameter-became-required", location, q.name);
    if (p.node.required === true && q.node.required !== true)
      add("request-parameter-became-optional", location, q.name);
    const sa = schemas.older.flat({ schema: p.node.schema, file: p.file });
    const sb = schemas.newer.flat({ schema: q.node.schema, file: q.file });
    if (p.node.deprecated !== true && q.node.deprecated === true)
      add("request-parameter-deprecated", location, q.name, {
        note: deprecationNote(q.node, "still accepted, marked deprecated"),
      });
    if (p.node.deprecated === true && q.node.deprecated !== true)
      add("request-parameter-reactivated", location, q.name);
    if (text(p.node.description) !== text(q.node.description))
      add("request-parameter-description-changed", location, q.name);
    // The value's format and default as the document gives them (of a list's items too): annotations a caller may read.
    const itemsOf = (f: typeof sa, nodes: Flattener) => (f.items[0] ? nodes.flat(f.items[0]) : undefined);
    const [fa, fb] = [sa.format ?? itemsOf(sa, schemas.older)?.format, sb.format ?? itemsOf(sb, schemas.newer)?.format];
    const textOf = (f: typeof sb) => f.types.has("string") || Boolean(itemsOf(f, schemas.newer)?.types.has("string"));
    if (fa !== fb)
      add("request-parameter-format-changed", location, q.name, {
        ...(fa !== undefined ? { old: fa } : {}),
        ...(fb !== undefined ? { new: fb } : {}),
        ...requestFormatSeverity(fa, fb, textOf(sb)),
      });
    if (JSON.stringify(sa.default) !== JSON.stringify(sb.default))
      add("request-parameter-default-value-changed", location, q.name, {
        ...(sa.default !== undefined ? { old: sa.default } : {}),
        ...(sb.default !== undefined ? { new: sb.default } : {}),
      });
    const typeA = [...sa.types].sort().join("|");
    const typeB = [...sb.types].sort().join("|");
    if (typeA && typeB && typeA !== typeB && !(typeA === "integer" && typeB === "number"))
      add("request-parameter-type-changed", location, q.name, { old: typeA, new: typeB });
    for (const l of limitChanges(sa, sb))
      add(LIMIT_KINDS.parameter[l.move], location, q.name, {
        note: limitNote(l.key, l.move),
        ...(l.old !== undefined ? { old: l.old } : {}),
        ...(l.new !== undefined ? { new: l.new } : {}),
      });
    compareParameterEnums(schemas, sa, sb, (kind, extra) => add(kind, location, q.name, extra));
    const style = parameterStyleChange(p.node, q.node, shapeOf([...sa.types, ...sb.types]));
    if (style) add("request-parameter-style-changed", location, q.name, style);
    if ([...sa.types].includes("object") && [...sb.types].includes("object"))
      compareParameterFields(
        schemas,
        { schema: p.node.schema, file: p.file },
        { schema: q.node.schema, file: q.file },
        add,
        location,
        q.name,
      );
  }
}

/**
 * The fields of an object parameter (a deepObject or form query object: StackOne's `filter[type_ids]`), compared as a
 * body's are, each change named under the parameter (`filter/type_ids`); the object as a whole is compared above.
 */
function compareParameterFields(schemas: SchemaComparer, a: At, b: At, add: Add, location: string, name: string): void {
  const changes = schemas.compare(a, b, "request").filter((c) => c.pointer !== "/");
  place(
    add,
    location,
    changes.map((c) => ({ ...c, pointer: `${name}${c.pointer}` })),
    "request",
  );
}

/** The enum of a parameter's value, or of a list's items, compared: values added, values removed. */
function compareParameterEnums(
  schemas: SchemaComparer,
  sa: Flat,
  sb: Flat,
  add: (kind: KindId, extra: { old?: unknown; new?: unknown; severity?: Severity; note?: string }) => void,
): void {
  const enumOf = (f: Flat, nodes: Flattener) =>
    f.enum ? { values: f.enum, open: f.openEnum } : f.items[0] ? itemsEnum(nodes, f.items[0]) : undefined;
  const ea = enumOf(sa, schemas.older);
  const eb = enumOf(sb, schemas.newer);
  if (!ea || !eb) return;
  const open =
    ea.open || eb.open
      ? { severity: "informational" as const, note: "an open enum: any value of its type was and is accepted" }
      : {};
  const added = eb.values.filter((v) => !ea.values.includes(v));
  const removed = ea.values.filter((v) => !eb.values.includes(v));
  if (added.length) add("request-parameter-enum-value-added", { new: added, ...open });
  if (removed.length) add("request-parameter-enum-value-removed", { old: removed, ...open });
}

function itemsEnum(nodes: Flattener, at: At): { values: unknown[]; open: boolean } | undefined {
  const f = nodes.flat(at);
  return f.enum ? { values: f.enum, open: f.openEnum } : undefined;
}

/**
 * A body a call may leave out: a field it now requires, with nothing a call may leave out above it, is asked of the
 * calls sending a body, not of every call.
 */
function askedOfBodies(changes: SchemaChange[]): SchemaChange[] {
  return changes.map((c) =>
    c.note || !ASKED_OF_EVERY_CALL.has(c.kind) ? c : { ...c, note: "a call sending a body must now send it" },
  );
}

/** The body's JSON media type (or a form, when there is no JSON), with whether it is required. */
function requestBody(docs: DocumentSet, f: Found): { schema: At | undefined; required: boolean } | undefined {
  if (!f.op.requestBody) return undefined;
  const { node, file } = deref(docs, { schema: f.op.requestBody, file: f.file });
  const media = mediaSchema(node.content, file, true);
  return { schema: media, required: node.required === true };
}

function mediaSchema(content: unknown, file: string, form = false): At | undefined {
  const types = Object.keys(object(content));
  const json =
    types.find((t) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(t)) ??
    types.find((t) => /json/i.test(t)) ??
    (form ? types.find((t) => /^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(t)) : undefined);
  if (!json) return undefined;
  const schema = object(object(content)[json]).schema;
  return schema === undefined ? undefined : { schema, file };
}

function compareResponses(schemas: SchemaComparer, x: Found, y: Found, add: Add): void {
  const older = schemas.older.docs;
  const newer = schemas.newer.docs;
  const ra = object(x.op.responses);
  const rb = object(y.op.responses);
  // A success no longer declared where another 2xx is stays a success (kinds.ts); where none is left, no call succeeds
  // as documented.
  const successes = Object.keys(rb).filter((s) => /^2/.test(s));
  for (const status of Object.keys(ra))
    if (/^2/.test(status) && !(status in rb))
      add(
        "response-success-status-removed",
        `response.${status}.body`,
        "/",
        successes.length ? {} : { severity: "breaking", note: "the newer document declares no success status at all" },
      );
  // The body a caller reads (the lowest 2xx with a JSON body) answered under another status (201 → 200): compared
  // across, placed at the newer status; a body under both statuses is compared below.
  const [was, now] = [readStatus(older, ra, x.file), readStatus(newer, rb, y.file)];
  if (was && now && was.status !== now.status && !(was.status in rb) && !(now.status in ra))
    place(add, `response.${now.status}.body`, schemas.compare(was.body, now.body, "response"), "response");
  for (const status of Object.keys(rb)) {
    if (!/^2/.test(status)) continue;
    if (!(status in ra)) {
      add("response-success-status-added", `response.${status}.body`, "/");
      continue;
    }
    const a = deref(older, { schema: ra[status], file: x.file });
    const b = deref(newer, { schema: rb[status], file: y.file });
    const location = `response.${status}.body`;
    if (text(a.node.description) !== text(b.node.description)) add("response-description-changed", location, "/");
    compareHeaders(older, a.node, a.file, newer, b.node, b.file, `response.${status}.header`, add);
    compareAnswerTypes(a.node, b.node, location, add);
    place(
      add,
      location,
      schemas.compare(mediaSchema(a.node.content, a.file), mediaSchema(b.node.content, b.file), "response"),
      "response",
    );
  }
}

/** The lowest 2xx status whose answer has a JSON body (the one outputs read), with its body. */
function readStatus(docs: DocumentSet, responses: Json, file: string): { status: string; body: At } | undefined {
  const successes = Object.keys(responses).filter((s) => /^2\d\d$/.test(s));
  for (const status of successes.sort()) {
    const { node, file: at } = deref(docs, { schema: responses[status], file });
    const body = mediaSchema(node.content, at);
    if (body) return { status, body };
  }
  return undefined;
}

function place(add: Add, location: string, changes: ReturnType<SchemaComparer["compare"]>, _side: Side): void {
  for (const c of changes)
    add(c.kind, location, c.pointer, {
      ...(c.old !== undefined ? { old: c.old } : {}),
      ...(c.new !== undefined ? { new: c.new } : {}),
      ...(c.severity ? { severity: c.severity } : {}),
      ...(c.note ? { note: c.note } : {}),
    });
}

/** A document's files from its root's folder (for a multi-file document given by its root's path). */
export const rootName = (path: string) => posix.basename(path);
