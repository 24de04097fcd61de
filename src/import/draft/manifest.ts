// A manifest drafted from a cut OpenAPI document: the provider's metadata
// from `info`, its address from `servers` (server.ts), the credential, where errors keep
// their message (errors.ts), and per operation its parameters, outputs and paging (its words: words/). It
// reads the document through the linker's own view (OpenApiDocument), so
// that what it drafts is what generate will check: the same success reply,
// the same request body, the same `$ref` resolution. Every guess carries a
// review note.
import type {
  Manifest,
  ManifestOperation,
  ManifestOutput,
  ManifestParam,
} from "../../load/precompiled/manifest-types.js";
import { OpenApiDocument, type OpenApiOperation } from "../../load/openapi-document.js";
import type { YamlSource } from "../../load/yaml-source.js";
import { tooDeepSourceError } from "../../load/schemas/reference-depth.js";
import { valueAt } from "../../load/json-ref.js";
import { operationRef } from "../../load/operation-index.js";
import type { CredentialDraft } from "../auth/credential-draft.js";
import { draftAlsoSends } from "../auth/also-sends-draft.js";
import { authOfDraft, credentialParams } from "../auth/credential-params.js";
import { signedJwtNotes } from "../auth/signing/signed-jwt-draft.js";
import { sigv4Region } from "../auth/signing/sigv4-draft.js";
import { draftErrors } from "./errors/draft-errors.js";
import { answersFile, describedFileNote, jsonTextNote, textOutputs } from "./files.js";
import { IdempotencyHeaders, ownIdempotency } from "./idempotency.js";
import { withoutCredentialVariable } from "../shapes/address-credential.js";
import { sharedVariableName, draftOwnServer, draftServer } from "./server.js";
import { clientCredentialsFlow } from "../shapes/client-credentials.js";
import { headerOutputs } from "../shapes/reply-headers.js";
import { markSecretHeaders } from "./reply-outputs/secret-outputs.js";
import { answersEvents, answersItems } from "../shapes/event-streams.js";
import { draftOutputs } from "./outputs.js";
import { withOtherAnswers } from "./other-answers.js";
import { draftPagination } from "./pagination.js";
import { pathNotes } from "./paths/path-notes.js";
import { CREDENTIAL_MAX_LENGTH, draftParams } from "./params.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { firstSentence, plainText, shortText } from "../plain-text.js";
import { deprecationText, operationTitle, snakeCase } from "./words/operation-words.js";
import { operationIdNames } from "./words/generated-operation-id.js";
import { pathToolNames } from "./words/path-tool-name.js";
import { sdkMethodName } from "./words/sdk-method-name.js";
import { namedChange } from "./words/named-change.js";
import type { SelectedOperation } from "../cut/select-operations.js";
import { streamLineMembers } from "../cut/stream-results.js";
import { takesNoCredential } from "../../link/auth/credential-places.js";

type Json = Record<string, unknown>;

/** How many operations a progress line of a long draft stands for. */
const DRAFTED_EVERY = 1000;

/** The block colour drafted: a neutral grey, to be replaced by the brand's. */
export const DRAFT_COLOR = "#6B7280";

export interface ManifestDraft {
  manifest: Manifest;
  notes: ReviewNote[];
  /** The document drafted from (shapes/poll-triggers.ts reads it too). */ document: OpenApiDocument;
  /** Operation id in the manifest → how it was drafted, for the summary. */
  operations: {
    id: string;
    operationId: string;
    params: number;
    outputs: number;
    paging?: string;
    /** What the operation answers instead of outputs of its own: a file (download: true) or a stream of items. */
    answers?: "file" | "stream";
  }[];
}

export function draftManifest(
  provider: string,
  source: YamlSource,
  operations: readonly SelectedOperation[],
  credential: CredentialDraft,
  /** Told every DRAFTED_EVERY operations drafted. */
  onDrafted?: (done: number) => void,
): ManifestDraft {
  // add drafts in a worker, whose stack is deeper than generate's: a document too deep for generate's walks need not
  // overflow here, so the cut is measured (once, tens of milliseconds on a whole published API) and refused as generate
  // would refuse it, by its depth and place, before a draft is written (load/schemas/reference-depth.ts).
  const deep = tooDeepSourceError(source);
  if (deep) throw deep;
  const doc = new OpenApiDocument(source);
  const data = source.data as Json;
  const notes: ReviewNote[] = [];
  const manifest = draftHead(provider, doc, data, operations, credential, notes);
  const summary: ManifestDraft["operations"] = [];
  const ids = new Set<string>();
  const shared = new Set(Object.keys(manifest.params ?? {}));
  const fixedAddress = manifest.server.default !== undefined;
  const drafting: Drafting = {
    doc,
    data,
    credential,
    shared,
    idempotencyKeys: new IdempotencyHeaders(),
    notes,
    fixedAddress,
    provider: manifest.server,
    share: (params) => {
      const names: Record<string, string> = {};
      for (const [name, param] of Object.entries(params)) {
        const free = sharedVariableName(name, ownNames);
        names[name] = free;
        if (!shared.has(free)) [shared.add(free), (manifest.params = { ...manifest.params, [free]: param })];
      }
      return names;
    },
  };
  /** The names the operations drafted so far give parameters of their own. */
  const ownNames = new Set<string>();
  /** The operations whose security takes no credential (`security: []`): no place of it is theirs. */
  const anonymous = new Set<string>();
  const pathLabels = pathToolNames(operations);
  const idNames = operationIdNames(operations);
  for (const chosen of operations) {
    const name = operationRef(chosen.method, chosen.path, chosen.operationId);
    const op = doc.operations.get(name);
    if (!op) continue;
    // The operationId (less the path and method a framework added to each: `list_apps_api_v1_app__get` → list_apps);
    // without one the SDK method the document names (`records assert`), else the method and the path name the tool
    // as an operationId would (`POST /v1/{team}/emails` → create_team_email).
    const label =
      idNames.get(chosen) ??
      chosen.operationId ??
      sdkMethodName(valueAt(data, op.location)) ??
      (pathLabels.get(chosen) as string);
    let id = `${provider}_${snakeCase(label) || chosen.method}`;
    for (let i = 2; ids.has(id); i++) id = `${provider}_${snakeCase(label)}_${i}`;
    ids.add(id);
    const drafted = draftOperation(drafting, chosen, op, name, label, id);
    manifest.operations[id] = drafted.operation;
    if (takesNoCredential(op)) anonymous.add(id);
    for (const param of Object.keys(drafted.operation.params ?? {})) ownNames.add(param);
    summary.push(drafted.summary);
    if (summary.length % DRAFTED_EVERY === 0) onDrafted?.(summary.length);
  }
  if (credential.covers.size) manifest.auth.covers = [...credential.covers].sort();
  draftAlsoSends(manifest, credential, notes, anonymous);
  const idempotency = drafting.idempotencyKeys.drafted(notes);
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

/** What every operation is drafted with: the document, the credential, the idempotency keys met so far, the notes. */
interface Drafting {
  doc: OpenApiDocument;
  data: Json;
  credential: CredentialDraft;
  /** The provider's shared parameters, whose names an operation's own parameters do not take. */
  shared: ReadonlySet<string>;
  idempotencyKeys: IdempotencyHeaders;
  notes: ReviewNote[];
  /** Whether the provider's address is fixed (server.default), which an operation's own server needs. */
  fixedAddress: boolean;
  /** The provider's address, whose template's parameters an operation's own template shares. */
  provider: Manifest["server"];
  /**
   * Adds shared parameters (an operation's own server's variables), each name once; the name each is shared under (a
   * name an operation's own parameter has taken is not).
   */
  share(params: Record<string, ManifestParam>): Record<string, string>;
}

/** The operation's own `server` (draft/server.ts), the shared parameters its variables need added. */
function ownServerOf(
  drafting: Drafting,
  op: OpenApiOperation,
  name: string,
  at: (string | number)[],
): Pick<ManifestOperation, "server"> {
  const [, path, method] = op.location;
  const { shared, ...own } = draftOwnServer(
    drafting.data,
    String(path),
    String(method),
    name,
    at,
    drafting.notes,
    drafting.fixedAddress,
    drafting.provider,
  );
  if (!shared) return own;
  const names = drafting.share(shared);
  const server = own.server;
  if (typeof server === "object" && server.param) return { server: { param: names[server.param] ?? server.param } };
  if (typeof server !== "object" || !server.variables) return own;
  const variables = Object.fromEntries(Object.entries(server.variables).map(([v, p]) => [v, names[p] ?? p]));
  return { ...own, server: { ...server, variables } };
}

/**
 * The provider's part of the manifest, before its operations: its name, description, colour and documentation from
 * `info`, its address, the credential's parameters and flow, where its errors keep their message.
 */
function draftHead(
  provider: string,
  doc: OpenApiDocument,
  data: Json,
  operations: readonly SelectedOperation[],
  credential: CredentialDraft,
  notes: ReviewNote[],
): Manifest {
  const info = (data.info ?? {}) as Json;
  const title = typeof info.title === "string" && info.title.trim() ? plainText(info.title) : provider;
  // A description of markup alone (`<p/>`) reads as none: its first sentence is empty, which the manifest refuses.
  const about =
    typeof info.description === "string" && firstSentence(info.description, 200).trim() ? info.description : "";
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
  if (credential.sigv4) sigv4Region(manifest, credential.sigv4, notes);
  if (credential.signedJwt) signedJwtNotes(credential.signedJwt, notes);
  // The first way's OAuth 2 scheme, when the document declares a client credentials flow: the runtime obtains the
  // token.
  if (credential.ways[0]?.length === 1)
    clientCredentialsFlow(manifest, credential.ways[0][0], data, operations, notes, credential.tokenBodies);
  if (drafted.address) manifest.params = { ...drafted.address, ...manifest.params };
  manifest.errors = draftErrors(doc, operations, notes);
  return manifest;
}

/** One chosen operation drafted under its tool id, `id`, and what the summary of `add` says of it. */
function draftOperation(
  drafting: Drafting,
  chosen: SelectedOperation,
  op: OpenApiOperation,
  name: string,
  label: string,
  id: string,
): { operation: ManifestOperation; summary: ManifestDraft["operations"][number] } {
  const { doc, data, credential, shared, idempotencyKeys, notes } = drafting;
  const at = ["operations", id];
  const why =
    chosen.sharedId === undefined
      ? "has no operationId in the document"
      : `shares its operationId ${JSON.stringify(chosen.sharedId)} with another chosen operation`;
  const rawOp = valueAt(data, op.location) as Json;
  const sdkName = chosen.operationId === undefined ? sdkMethodName(rawOp) : undefined;
  if (chosen.operationId === undefined)
    notes.push({
      at,
      note: sdkName
        ? `${name} ${why}: the manifest names it as method and path, its tool id drafted from the SDK method ` +
          `the document names (${JSON.stringify(sdkName)}); check it reads well`
        : `${name} ${why}: the manifest names it as method and path, its tool id drafted from them; ` +
          "choose one users read",
    });
  for (const note of pathNotes(data, op, name, rawOp)) notes.push({ at, note });
  const own = ownServerOf(drafting, op, name, at);
  const params = draftParams(doc, op, rawOp, credential, at, notes, shared);
  params.params = idempotencyKeys.take(params.params, chosen.method, at, notes);
  // An answer that is a stream of JSON values (an export), or a file (bytes, or a redirect to them), has fixed
  // outputs, and no pages.
  const streamed = answersItems(doc, op, name, at, notes, streamLineMembers(data, rawOp));
  const download = streamed ? undefined : answersFile(doc, op);
  if (download)
    notes.push({
      at,
      note:
        `${name} answers a file (${download}): drafted download: true, whose outputs are its content, ` +
        "contentType, size and filename",
    });
  const outputs =
    download || streamed
      ? { outputs: {} }
      : withOtherAnswers(doc, op, textOutputs(op) ?? draftOutputs(doc, op, at, notes), at, notes);
  if (!download && !streamed) replyHeaders(doc, op, outputs.outputs, at, notes);
  const unread = download || streamed ? undefined : describedFileNote(op, name);
  if (unread) notes.push({ at, note: unread });
  if (!download && !streamed) notes.push(...jsonTextNote(doc.bodyResponse(op), [...at, "outputs"]));
  const pagination = download || streamed ? undefined : draftPagination(doc, op, rawOp, params, outputs, at, notes);
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
  const jsonText = jsonTextBody(op, at, notes);
  const { title, description } = operationTitle(rawOp, label, at, notes);
  const operation: ManifestOperation = {
    operationId: name,
    title,
    description,
    ...(rawOp.deprecated === true ? { deprecated: deprecationText(rawOp, name) } : {}),
    ...own,
    ...(Object.keys(params.params).length ? { params: params.params } : {}),
    ...(params.constants ? { constants: params.constants } : {}),
    ...(params.partHeaders ? { partHeaders: params.partHeaders } : {}),
    ...(params.rules ? { rules: params.rules } : {}),
    ...(pagination ? { pagination } : {}),
    ...(download ? { download: true } : {}),
    ...(jsonText ? { bodyEncoding: "json" as const } : {}),
    ...(streamed ? { stream: streamed } : {}),
    ...namedChange(chosen.method, chosen.path, chosen.operationId, rawOp.summary, at, notes),
    outputs: outputs.outputs,
    ...("outcomes" in outputs && outputs.outcomes ? { outcomes: outputs.outcomes } : {}),
  };
  if (rawOp.deprecated === true)
    notes.push({
      at: [...at, "deprecated"],
      note: `${name} is deprecated in the spec: drafted from its text; say why, and what to use instead`,
    });
  return {
    operation,
    summary: {
      ...{ id, operationId: name, params: Object.keys(params.params).length },
      outputs: Object.keys(outputs.outputs).length,
      ...(pagination ? { paging: pagination.style } : {}),
      ...(download ? { answers: "file" as const } : streamed ? { answers: "stream" as const } : {}),
    },
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
  markSecretHeaders(outputs, [...at, "outputs"], notes);
  // A number or boolean header is read from its text by the runtime: the note says which the draft typed so.
  const typed = Object.values(headers.outputs).some((o) => o.type !== "string");
  if (headers.names.length)
    notes.push({
      at: [...at, "outputs"],
      note:
        `the success answer declares the header${headers.names.length > 1 ? "s" : ""} ${headers.names.join(", ")}: ` +
        `drafted as output${headers.names.length > 1 ? "s" : ""} ` +
        (typed ? "of the types the document gives them (a number or boolean read from its text)" : "(text)"),
    });
}

/** An address of an image file (its query and fragment aside). */
const PICTURE = /\.(svg|png|jpe?g|gif|webp|ico)([?#]|$)/i;

/**
 * The API's documentation: the document's externalDocs, else the first https address of info.description (a guess):
 * not a code span's closing backtick, and not a server template (`https://{account}.example.com/`) or a picture, no
 * page to open.
 */
function docsAddress(data: Json): { url: string; guessed: boolean } | undefined {
  const external = (data.externalDocs ?? {}) as Json;
  if (typeof external.url === "string" && /^https:\/\//.test(external.url))
    return { url: external.url, guessed: false };
  const description = (data.info as Json | undefined)?.description;
  if (typeof description !== "string") return undefined;
  // A picture is no page to read: a Markdown image's source (a badge's among them) goes before the search.
  const pictureless = description.replace(/!\[[^\]\n]*\]\([^)\s]*(\s+"[^"]*")?\)/g, "");
  const found = pictureless.match(/https:\/\/[^\s)<>"'\]`]+[^\s)<>"'\].,;:`]/g) ?? [];
  const url = found.find((address) => !/[{}]/.test(address) && !PICTURE.test(address));
  return url ? { url, guessed: true } : undefined;
}

/** The shared parameters holding the credentials (auth/credential.ts). */
function credentialParam(manifest: Manifest, credential: CredentialDraft, notes: ReviewNote[]): void {
  const drafted = credentialParams(credential, CREDENTIAL_MAX_LENGTH);
  manifest.params = drafted.params;
  for (const note of credential.notes) notes.push({ at: ["auth"], note });
  for (const { name, note } of drafted.notes) notes.push({ at: ["params", name], note });
}

/**
 * The media type of structured data under a text type (`text/plain` of an object schema), drafted `bodyEncoding: json`
 * (its JSON text, under that type) with a note; undefined for any other body.
 */
function jsonTextBody(op: OpenApiOperation, at: (string | number)[], notes: ReviewNote[]): string | undefined {
  const type = op.requestBody?.jsonText ? op.requestBody.mediaType : undefined;
  if (type)
    notes.push({
      at: [...at, "bodyEncoding"],
      note:
        `the request body is ${type} of an object or array schema: drafted bodyEncoding: json, the fields ` +
        `given as a JSON body's and sent as its JSON text under Content-Type ${type}; check what the API parses`,
    });
  return type;
}
