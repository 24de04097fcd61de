// A manifest drafted from a cut OpenAPI document: the provider's metadata
// from `info`, its address from `servers` (server.ts), the credential, where errors keep
// their message, and per operation its parameters, outputs and paging. It
// reads the document through the linker's own view (OpenApiDocument), so
// that what it drafts is what generate will check: the same success reply,
// the same request body, the same `$ref` resolution. Every guess carries a
// review note.
import type { Manifest, ManifestOperation, ManifestOutput } from "../../load/precompiled/manifest-types.js";
import { OpenApiDocument, type OpenApiOperation, type Schema, typeOf } from "../../load/openapi-document.js";
import type { YamlSource } from "../../load/yaml-source.js";
import { valueAt } from "../../load/json-ref.js";
import { operationRef } from "../../load/operation-index.js";
import { authOfDraft, type CredentialDraft, credentialParams } from "../auth/credential.js";
import { answersFile } from "./files.js";
import { IdempotencyHeaders, ownIdempotency } from "./idempotency.js";
import { withoutCredentialVariable } from "../shapes/address-credential.js";
import { draftServer } from "./server.js";
import { clientCredentialsFlow } from "../shapes/client-credentials.js";
import { headerOutputs } from "../shapes/reply-headers.js";
import { answersEvents, answersItems } from "../shapes/event-streams.js";
import { draftOutputs } from "./outputs.js";
import { draftPagination } from "./pagination.js";
import { safeFlatten } from "./param-schema.js";
import { CREDENTIAL_MAX_LENGTH, draftParams } from "./params.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { firstSentence, plainText, shortText, titleText } from "../plain-text.js";
import type { SelectedOperation } from "../cut/select-operations.js";
import { MESSAGE_NAMES } from "../../model/message-fields.js";

type Json = Record<string, unknown>;

/** A block's selector label is at most this long. */
const TITLE_LENGTH = 80;

/** The block colour drafted: a neutral grey, to be replaced by the brand's. */
export const DRAFT_COLOR = "#6B7280";

export interface ManifestDraft {
  manifest: Manifest;
  notes: ReviewNote[];
  /** The document drafted from (shapes/poll-triggers.ts reads it too). */ document: OpenApiDocument;
  /** Operation id in the manifest → how it was drafted, for the summary. */
  operations: { id: string; operationId: string; params: number; outputs: number; paging?: string }[];
}

/** `chat_postMessage` → `chat_post_message`; `issues/list-for-repo` → `issues_list_for_repo`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

export function draftManifest(
  provider: string,
  source: YamlSource,
  operations: readonly SelectedOperation[],
  credential: CredentialDraft,
): ManifestDraft {
  const doc = new OpenApiDocument(source);
  const data = source.data as Json;
  const notes: ReviewNote[] = [];
  const info = (data.info ?? {}) as Json;
  const title = typeof info.title === "string" && info.title.trim() ? plainText(info.title) : provider;
  const about = typeof info.description === "string" ? info.description : "";
  const docsUrl = docsAddress(data);
  const manifest: Manifest = {
    provider,
    name: title,
    description: about ? firstSentence(about, 200) : `Operations of the ${title}.`,
    color: DRAFT_COLOR,
    category: "tools",
    ...(docsUrl ? { docsUrl: docsUrl.url } : {}),
    openapi: "openapi.yaml",
    server: { default: "" },
    auth: authOfDraft(credential),
    errors: { message: [] },
    params: {},
    operations: {},
  };
  notes.push({ at: ["name"], note: `from info.title of the document: the name users see` });
  notes.push({
    at: ["description"],
    note: about
      ? "the first sentence of info.description: one sentence saying what the block does"
      : "info.description is empty: say what the block does",
  });
  notes.push({ at: ["color"], note: "a neutral grey: use the brand's colour" });
  if (docsUrl?.guessed)
    notes.push({
      at: ["docsUrl"],
      note: "the first https address in info.description: check it is the API's documentation",
    });
  const drafted = withoutCredentialVariable(draftServer(data, notes), credential.address?.variable, notes);
  manifest.server = drafted.server;
  credentialParam(manifest, credential, notes);
  // The first way's OAuth 2 scheme, when the document declares a client credentials flow: the runtime obtains the
  // token.
  if (credential.ways[0]?.length === 1) clientCredentialsFlow(manifest, credential.ways[0][0], data, operations, notes);
  if (drafted.address) manifest.params = { ...drafted.address, ...manifest.params };
  manifest.errors = errors(doc, operations, notes);

  const summary: ManifestDraft["operations"] = [];
  const ids = new Set<string>();
  const idempotencyKeys = new IdempotencyHeaders();
  for (const chosen of operations) {
    const name = operationRef(chosen.method, chosen.path, chosen.operationId);
    const op = doc.operations.get(name);
    if (!op) continue;
    // Without an operationId the method and the path name the tool (`POST /v1/{team}/emails` → post_v1_team_emails).
    const label = chosen.operationId ?? `${chosen.method} ${chosen.path.replace(/[{}]/g, "")}`;
    let id = `${provider}_${snakeCase(label) || chosen.method}`;
    for (let i = 2; ids.has(id); i++) id = `${provider}_${snakeCase(label)}_${i}`;
    ids.add(id);
    const at = ["operations", id];
    if (chosen.operationId === undefined)
      notes.push({
        at,
        note:
          `${name} has no operationId in the document: the manifest names it as method and path, its tool id ` +
          "drafted from them; choose one users read",
      });
    const rawOp = valueAt(data, op.location) as Json;
    const params = draftParams(doc, op, rawOp, credential, at, notes);
    params.params = idempotencyKeys.take(params.params, chosen.method, at, notes);
    // An answer that is a stream of JSON values (an export), or a file (bytes, or a redirect to them), has fixed
    // outputs, and no pages.
    const streamed = answersItems(doc, op, name, at, notes);
    const download = streamed ? undefined : answersFile(doc, op);
    if (download)
      notes.push({
        at,
        note:
          `${name} answers a file (${download}): drafted download: true, whose outputs are its content, ` +
          "contentType, size and filename",
      });
    const outputs = download || streamed ? { outputs: {} } : draftOutputs(doc, op, at, notes);
    if (!download && !streamed) replyHeaders(doc, op, outputs.outputs, at, notes);
    const pagination = download || streamed ? undefined : draftPagination(doc, op, rawOp, params, outputs, at, notes);
    const summaryText = typeof rawOp.summary === "string" ? plainText(rawOp.summary) : "";
    const descriptionText = typeof rawOp.description === "string" ? rawOp.description : "";
    // A summary that only repeats the operationId (`addCards()`) says nothing a title from the operationId would not
    // say better.
    const codeName = summaryText !== "" && namesOperation(summaryText, label);
    const title = summaryText && !codeName ? titleText(summaryText, TITLE_LENGTH) : undefined;
    // An answer offered as JSON or as server-sent events asks for the JSON through the operation's own Accept, which
    // generate derives from its answers' media types (link/accept.ts): a provider-wide constant would also replace the
    // Accept of the provider's downloads and streams, which name their own types.
    const json = doc.bodyResponse(op)?.mediaType;
    if (json && answersEvents(doc, rawOp))
      notes.push({
        at,
        note:
          `${name} answers ${json} or a stream of server-sent events: its requests ask for the JSON (the Accept ` +
          "generate derives from its answers' media types)",
      });
    const operation: ManifestOperation = {
      operationId: name,
      title: title ?? titleOf(label),
      description: shortText(descriptionText || (codeName ? "" : summaryText) || titleOf(label), 400),
      ...(rawOp.deprecated === true ? { deprecated: deprecationText(rawOp, name) } : {}),
      ...(Object.keys(params.params).length ? { params: params.params } : {}),
      ...(params.rules ? { rules: params.rules } : {}),
      ...(pagination ? { pagination } : {}),
      ...(download ? { download: true } : {}),
      ...(streamed ? { stream: true as const } : {}),
      outputs: outputs.outputs,
    };
    if (!summaryText)
      notes.push({
        at: [...at, "title"],
        note: "the operation has no summary: a short label for the block's selector",
      });
    else if (codeName)
      notes.push({
        at: [...at, "title"],
        note:
          `the operation's summary is its operationId (${JSON.stringify(summaryText)}): drafted from the ` +
          "operationId in words",
      });
    else if (!title)
      notes.push({
        at: [...at, "title"],
        note:
          "the operation's summary opens with no short statement (a question, a teaser, too long): drafted from the " +
          "operationId",
      });
    if (rawOp.deprecated === true)
      notes.push({
        at: [...at, "deprecated"],
        note: `${name} is deprecated in the spec: drafted from its text; say why, and what to use instead`,
      });
    manifest.operations[id] = operation;
    summary.push({
      id,
      operationId: name,
      params: Object.keys(params.params).length,
      outputs: Object.keys(outputs.outputs).length,
      ...(pagination ? { paging: pagination.style } : {}),
    });
  }
  if (credential.covers.size) manifest.auth.covers = [...credential.covers].sort();
  const idempotency = idempotencyKeys.drafted(notes);
  ownIdempotency(manifest.operations, idempotency);
  if (!idempotency.provider) return { manifest, notes, document: doc, operations: summary };
  // Provider-wide, as the hand-written manifests have it: before the operations.
  const { operations: byId, ...head } = manifest;
  return {
    manifest: { ...head, idempotency: idempotency.provider, operations: byId },
    notes,
    document: doc,
    operations: summary,
  };
}

/**
 * The headers the success answer declares, as outputs beside the body's (shapes/reply-headers.ts), described in plain
 * text.
 */
function replyHeaders(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  outputs: Record<string, ManifestOutput>,
  at: (string | number)[],
  notes: ReviewNote[],
): void {
  const headers = headerOutputs(doc, op, outputs);
  for (const [name, output] of Object.entries(headers.outputs))
    outputs[name] = { ...output, description: shortText(plainText(output.description), 200) };
  if (headers.names.length)
    notes.push({
      at: [...at, "outputs"],
      note:
        `the success answer declares the header${headers.names.length > 1 ? "s" : ""} ${headers.names.join(", ")}: ` +
        `drafted as output${headers.names.length > 1 ? "s" : ""} (text)`,
    });
}

/** Where a document dates an operation's end (x-extensions published documents use). */
const SUNSET_KEYS = ["x-sunset", "x-sunset-date", "x-deprecated-at", "x-deprecation-date"];

/**
 * The `deprecated:` note of an operation the document marks deprecated (generate requires one): the sentence of its
 * text that speaks of the deprecation or names a replacement, and the date the document gives, else a plain notice.
 */
export function deprecationText(rawOp: Json, operationId: string): string {
  const text = plainText(
    [rawOp.description, rawOp.summary].filter((t): t is string => typeof t === "string").join(" "),
  );
  const sentences = text.split(/(?<=[.!?])\s+/);
  const said = sentences.find((s) => /deprecat|replaced by|in favou?r of|\binstead\b|sunset/i.test(s));
  const date = SUNSET_KEYS.map((k) => rawOp[k]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  const base = said
    ? shortText(said, 300)
    : `${operationId} is deprecated in the published document, which names no replacement.`;
  return date ? `${base} Sunset: ${shortText(date, 40)}.` : base;
}

/**
 * Whether a summary is the operationId as code (`addCards()`, `add_cards`): the same letters and digits, letter case
 * aside.
 */
function namesOperation(summary: string, operationId: string): boolean {
  const letters = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
  const code = /[()_]|[a-z][A-Z]/.test(summary); // a word such as "Check" is a title already
  return code && !/\s/.test(summary.trim()) && letters(summary) === letters(operationId);
}

function titleOf(operationId: string): string {
  const words = snakeCase(operationId).split("_").filter(Boolean);
  const text = words.join(" ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : operationId;
}

/** The API's documentation: the document's externalDocs, else the first https address of info.description (a guess). */
function docsAddress(data: Json): { url: string; guessed: boolean } | undefined {
  const external = (data.externalDocs ?? {}) as Json;
  if (typeof external.url === "string" && /^https:\/\//.test(external.url))
    return { url: external.url, guessed: false };
  const description = (data.info as Json | undefined)?.description;
  const found = typeof description === "string" ? /https:\/\/[^\s)<>"'\]]+[^\s)<>"'\].,;:]/.exec(description) : null;
  return found ? { url: found[0], guessed: true } : undefined;
}

/** The shared parameters holding the credentials (auth/credential.ts). */
function credentialParam(manifest: Manifest, credential: CredentialDraft, notes: ReviewNote[]): void {
  const drafted = credentialParams(credential, CREDENTIAL_MAX_LENGTH);
  manifest.params = drafted.params;
  for (const note of credential.notes) notes.push({ at: ["auth"], note });
  for (const { name, note } of drafted.notes) notes.push({ at: ["params", name], note });
}

/** Where the error replies keep their code and message, read from the error responses of the chosen operations. */
function errors(
  doc: OpenApiDocument,
  operations: readonly SelectedOperation[],
  notes: ReviewNote[],
): Manifest["errors"] {
  const code = new Map<string, number>();
  const message = new Map<string, number>();
  const fieldNotes = new Set<string>();
  const requestId = new Map<string, number>();
  let okFlag = false;
  const count = (map: Map<string, number>, expression: string) => map.set(expression, (map.get(expression) ?? 0) + 1);
  for (const chosen of operations) {
    const op = doc.operations.get(operationRef(chosen.method, chosen.path, chosen.operationId));
    if (!op) continue;
    const success = doc.bodyResponse(op);
    const successFlat = success ? safeFlatten(doc, success.schema) : undefined;
    for (const response of op.responses) {
      if (!/^([45]\d\d|[45]XX|default)$/.test(response.status)) continue;
      const flat = response.schema ? safeFlatten(doc, response.schema) : undefined;
      // An answer that is a list of errors keeps the message where one error does, in its first item: [{error:
      // {message}}].
      const found =
        flat &&
        (usualPlace([], schemaTexts(doc, flat)) ??
          (typeOf(flat) === "array" ? usualPlace(["0"], schemaTexts(doc, flat)) : undefined) ??
          namedMessage(doc, flat));
      if (found) count(message, `$response.body#/${found.join("/")}`);
      // Where the answer's own examples (its schema's too) keep it, when that is elsewhere (iQualify's schema says
      // error.details, its examples details), or when only an example shows the answer (no schema).
      for (const example of [
        ...Object.values(response.examples),
        ...(flat?.example !== undefined ? [flat.example] : []),
      ]) {
        // An example of another shape than its schema's (a list where the schema says an object) shows no place in the
        // answer.
        if (flat && !sameShape(typeOf(flat), example)) continue;
        const shown = exampleMessage(example);
        if (shown && shown.at.join("/") !== found?.join("/")) count(message, `$response.body#/${shown.at.join("/")}`);
        // A place under a field of the example's own data (errors by field: `{amount: […]}`, `{errors: {base: […]}}`)
        // holds only that field's errors.
        if (shown?.field)
          fieldNotes.add(
            `$response.body#/${shown.at.join("/")} reads the errors of ${shown.field} only, the field the example ` +
              "shows errors of: an error about another field is not read there (add a place for it, or keep the " +
              "message of the status)",
          );
      }
      if (!flat) continue;
      const field = (pointer: string[], type = "string") => typeOf(doc.schemaAt(flat, pointer) ?? {}) === type;
      for (const pointer of [
        ["error", "code"],
        ["error", "type"],
        ["code"],
        ["error_code"],
        ["errors", "0", "code"],
        ["error"],
      ]) {
        if (field(pointer)) count(code, `$response.body#/${pointer.join("/")}`);
      }
      for (const pointer of [["request_id"], ["requestId"], ["error", "request_id"]])
        if (field(pointer)) count(requestId, `$response.body#/${pointer.join("/")}`);
      // An API that answers 200 with {ok: false, error}: a success reply with a boolean `ok`, an error reply with one
      // too.
      if (successFlat && field(["ok"], "boolean") && typeOf(doc.schemaAt(successFlat, ["ok"]) ?? {}) === "boolean")
        okFlag = true;
    }
  }
  const ranked = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([e]) => e);
  let messages = ranked(message);
  if (!messages.length) {
    messages = ["$response.body#/message", "$response.body#/error/message", "$response.body#/error"];
    notes.push({
      at: ["errors", "message"],
      note: "the error replies of these operations have no schema saying where their message is: common places drafted",
    });
  } else
    notes.push({
      at: ["errors"],
      note: "read from the error replies' schemas and examples: check them against a real error",
    });
  for (const note of fieldNotes)
    if (messages.some((m) => note.startsWith(m))) notes.push({ at: ["errors", "message"], note });
  const codes = ranked(code).slice(0, 2);
  const out: Manifest["errors"] = {
    ...(codes.length ? { code: codes } : {}),
    message: messages,
    ...(requestId.size ? { requestId: ranked(requestId) } : {}),
  };
  if (okFlag) {
    out.failureWhen = [{ from: "$response.body#/ok", equals: false }];
    notes.push({
      at: ["errors", "failureWhen"],
      note:
        "the replies carry a boolean ok, and the error replies one too: the API answers 2xx with ok: false when a " +
        "call fails",
    });
  }
  return out;
}

/**
 * Where error answers usually keep their message, best first: an errors list's first item's, or one errors object's
 * (SendGrid answers either).
 */
const MESSAGE_PLACES = [
  ["error", "message"],
  ["message"],
  ["error_description"],
  ["detail"],
  ["errors", "0", "message"],
  ["errors", "message"],
  ["errors", "0", "detail"],
  ["errors", "0", "reason"],
  ["errors", "0", "title"],
  ["title"],
  ["error"],
];

/**
 * A string field, at the top of the error reply, in its `error` object or in its first item (a list of errors),
 * whose name says it is the message (messageName), where none of the usual
 * places is one (`error_message`, `error-code-label`); else a list's first message or the one text
 * field; last, such a field of another object the reply wraps the error in (`{data: {code, message}, success: false}`).
 */
function namedMessage(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  const named = (bases: string[][]) => {
    for (const base of bases) {
      const holder = doc.schemaAt(flat, base);
      const best = messageName(
        Object.keys((holder?.properties ?? {}) as Json).filter(
          (name) => typeOf(doc.schemaAt(flat, [...base, name])) === "string",
        ),
      );
      if (best !== undefined) return [...base, best];
    }
    return undefined;
  };
  const envelopes = Object.keys((flat.properties ?? {}) as Json).filter(
    (name) => name !== "error" && typeOf(doc.schemaAt(flat, [name])) === "object",
  );
  const wrapped = envelopes.map((name) => [name]);
  return (
    named([[], ["error"], ["0"]]) ??
    listedMessage(doc, flat) ??
    loneText(doc, flat) ??
    named(wrapped) ??
    usualWithin(wrapped, schemaTexts(doc, flat)) ??
    listedWithin(doc, flat, envelopes)
  );
}

/** What a place of an error answer's schema holds, as usualPlace reads it: text, or a list of texts. */
function schemaTexts(doc: OpenApiDocument, flat: Schema): Texts {
  return {
    text: (pointer) => typeOf(doc.schemaAt(flat, pointer) ?? {}) === "string",
    list: (pointer) =>
      typeOf(doc.schemaAt(flat, pointer) ?? {}) === "array" &&
      typeOf(doc.schemaAt(flat, [...pointer, "0"]) ?? {}) === "string",
  };
}

/** Whether a place of an error answer holds text, or a list of texts. */
interface Texts {
  text(pointer: string[]): boolean;
  list(pointer: string[]): boolean;
}

/**
 * The first usual place (MESSAGE_PLACES) under `base` that holds text, or a list of texts, whose first it is then
 * (`{errors: [{field, message: ["…"]}]}`).
 */
function usualPlace(base: readonly string[], texts: Texts): string[] | undefined {
  for (const pointer of MESSAGE_PLACES) {
    const at = [...base, ...pointer];
    if (texts.text(at)) return at;
    if (texts.list(at)) return [...at, "0"];
  }
  return undefined;
}

/** A usual place (MESSAGE_PLACES) inside an object the reply wraps the error in: `{header: {error: "…"}, body: {}}`. */
function usualWithin(envelopes: readonly string[][], texts: Texts): string[] | undefined {
  for (const base of envelopes) {
    const usual = usualPlace(base, texts);
    if (usual) return usual;
  }
  return undefined;
}

/**
 * A list's first message (listedMessage) inside an object the reply wraps the error in: `{fault: {errors:
 * [{description}], traceId}}`.
 */
function listedWithin(doc: OpenApiDocument, flat: Schema, envelopes: readonly string[]): string[] | undefined {
  for (const name of envelopes) {
    const inner = safeFlatten(doc, doc.schemaAt(flat, [name]) ?? {});
    const listed = inner && listedMessage(doc, inner);
    if (listed) return [name, ...listed];
    // An envelope named for errors with one list of texts, named for what they are about (`errors: {body: ["…"]}`).
    const [only, ...more] = /errors?$/i.test(name)
      ? Object.keys((inner?.properties ?? {}) as Json).filter((field) => schemaTexts(doc, flat).list([name, field]))
      : [];
    if (only !== undefined && !more.length) return [name, only, "0"];
  }
  return undefined;
}

/**
 * Among text fields' names, the one that best says it is the message: of the best kind (MESSAGE_NAMES), one that also
 * says `error` first.
 */
function messageName(names: readonly string[]): string | undefined {
  for (const kind of MESSAGE_NAMES) {
    const matching = names.filter((name) => kind.test(name));
    const best = matching.find((name) => /error/i.test(name)) ?? matching[0];
    if (best !== undefined) return best;
  }
  return undefined;
}

/**
 * Where an error answer's example keeps its message: a usual place, else a text field named as one (at the top, in
 * `error`, in a list's first item, in another object it wraps the error in, or in the first item of a list of
 * objects it holds: `{amount: [{detail, summary}]}`, errors by field), else a list of texts, in the answer or in its
 * first item where the answer is a list (`[{errors: ["…"], status}]`, an answer per item of a batch).
 */
function exampleMessage(example: unknown): ShownMessage | undefined {
  const at = (pointer: string[]) =>
    pointer.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Json)[k] : undefined), example);
  const texts: Texts = {
    text: (pointer) => typeof at(pointer) === "string",
    list: (pointer) => typeof at([...pointer, "0"]) === "string" && Array.isArray(at(pointer)),
  };
  const usual = usualPlace([], texts);
  if (usual) return { at: usual };
  const envelopes =
    example !== null && typeof example === "object" && !Array.isArray(example)
      ? Object.keys(example).filter((name) => name !== "error" && isRecord((example as Json)[name]))
      : [];
  const lists = isRecord(example)
    ? Object.keys(example as Json).filter(
        (name) => Array.isArray((example as Json)[name]) && isRecord(((example as Json)[name] as unknown[])[0]),
      )
    : [];
  for (const base of [[], ["error"], ["0"], ...envelopes.map((name) => [name]), ...lists.map((name) => [name, "0"])]) {
    const holder = at(base);
    if (holder === null || typeof holder !== "object" || Array.isArray(holder)) continue;
    const best = messageName(
      Object.keys(holder).filter((name) => typeof (holder as Json)[name] === "string" && !NOT_A_MESSAGE.test(name)),
    );
    // Under a list named for a field of the data (`{amount: [{detail}]}`), not one of errors: that field's errors only.
    const field = lists.includes(base[0] ?? "") && !/message|error/i.test(base[0] ?? "") ? base[0] : undefined;
    if (best !== undefined) return { at: [...base, best], ...(field ? { field } : {}) };
  }
  const wrapped = usualWithin(
    envelopes.map((name) => [name]),
    texts,
  );
  if (wrapped) return { at: wrapped };
  const listed = listedText(example);
  if (listed) return listed;
  // The answer a list (an answer per item of a batch): its first item's.
  const first = Array.isArray(example) ? listedText(example[0]) : undefined;
  return first && { ...first, at: ["0", ...first.at] };
}

/**
 * Where an example keeps its message, and the field of its data whose errors alone are there, when it keeps them by
 * field.
 */
interface ShownMessage {
  at: string[];
  field?: string;
}

/**
 * The first text of a list of texts where the answer keeps its messages as lists: at the top, a list whose name says
 * messages or errors (`{errors: ["…"]}`); or in an object of such lists by field, named so (`{errors: {base: ["…"]}}`,
 * as Rails answers), its first list's.
 */
function listedText(example: unknown): ShownMessage | undefined {
  if (!isRecord(example)) return undefined;
  const saysMessages = (name: string) => /message|error/i.test(name);
  const texts = (value: unknown) => Array.isArray(value) && typeof value[0] === "string";
  for (const [name, value] of Object.entries(example as Json)) {
    if (!saysMessages(name)) continue;
    if (texts(value)) return { at: [name, "0"] };
    if (!isRecord(value)) continue;
    const list = Object.entries(value as Json).find(([, items]) => texts(items));
    if (list) return { at: [name, list[0], "0"], field: list[0] };
  }
  return undefined;
}

const isRecord = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Whether a value is of the shape a schema's type says (an object, a list); any value fits a schema of another or no
 * type.
 */
function sameShape(type: string | undefined, value: unknown): boolean {
  if (type === "object") return isRecord(value);
  if (type === "array") return Array.isArray(value);
  return true;
}

/** Names of fields that say what they hold is not the message: a code, a kind, an id, a time, an address. */
const NOT_A_MESSAGE = /code|type|kind|status|(^|_|-)id$|Id$|request|trace|time|date|url|uri|link|href|documentation/i;

/**
 * The one text field at the top of the error reply, where nothing names the message: `{status, err}` (the rest say they
 * are no message, or are no text).
 */
function loneText(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  const texts = Object.keys((flat.properties ?? {}) as Json).filter(
    (name) => typeOf(doc.schemaAt(flat, [name])) === "string" && !NOT_A_MESSAGE.test(name),
  );
  return texts.length === 1 ? texts : undefined;
}

/**
 * The first message of a list at the top of the error reply, where no text
 * field is one: a list of texts whose name says messages or errors
 * (`errorMessages/0`), or a list of objects whose items name their message
 * (`detail/0/msg`, a validation error's list).
 */
function listedMessage(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  for (const name of Object.keys((flat.properties ?? {}) as Json)) {
    if (typeOf(doc.schemaAt(flat, [name])) !== "array") continue;
    const item = doc.schemaAt(flat, [name, "0"]);
    if (typeOf(item) === "string" && /message|error/i.test(name)) return [name, "0"];
    if (typeOf(item) !== "object") continue;
    const texts = Object.keys((item?.properties ?? {}) as Json).filter(
      (field) => typeOf(doc.schemaAt(flat, [name, "0", field])) === "string",
    );
    // In a list named as messages or errors (`tppMessages: [{category, code, text}]`, `errors: [{errorCode,
    // description}]`), its items' text field of any message name; else one named message.
    const field = /message|error/i.test(name)
      ? messageName(texts.filter((f) => !NOT_A_MESSAGE.test(f)))
      : texts.find((f) => MESSAGE_NAMES[0]?.test(f));
    if (field !== undefined) return [name, "0", field];
  }
  return undefined;
}
