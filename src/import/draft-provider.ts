// From a published document (as OpenAPI 3) and the operations chosen in it
// to the texts of a new provider: the cut openapi.yaml and the drafted
// manifest.yaml. No files are read or written here (src/cli/support/add-provider.ts does
// that), so the whole transformation is testable on documents in memory.
import jsyaml from "js-yaml";
import { followLocalRefs, refPath } from "../load/json-ref.js";
import { bareMediaType, FORM_MEDIA_TYPE, isRawBodyMedia, jsonMediaType, MULTIPART_MEDIA_TYPE } from "../load/openapi-document.js";
import { operationRef } from "../load/operation-index.js";
import { INPUT_LIMITS, parseYamlSource } from "../load/yaml-source.js";
import type { DocumentKind } from "./convert.js";
import { cutDocument, movedLines, type CutReport } from "./cut.js";
import { draftCredential, type CredentialDraft } from "./draft-auth.js";
import { draftManifest, type ManifestDraft } from "./draft-manifest.js";
import { draftPollTriggers } from "./shapes/poll-triggers.js";
import { withoutUnmetFormats } from "./shapes/unmet-formats.js";
import { cutAnswerLines, type CutAnswers, rewriteCutAnswers } from "./cut-answers.js";
import { wildcardJson } from "./wildcard-json.js";
import { manifestYaml, type ReviewNote } from "./manifest-yaml.js";
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

export interface ProviderSource {
  /** Where the document came from, as recorded (an address, or the file as given). */
  origin: string;
  sha256: string;
  kind: DocumentKind;
}

export interface ProviderDraft {
  openapiText: string;
  manifestText: string;
  cut: CutReport;
  /** What the cut holds that the document does not publish (a security scheme, a security requirement). */
  added: string[];
  credential: CredentialDraft;
  draft: ManifestDraft;
  /** Every review note: the manifest's and the cut's. */
  notes: ReviewNote[];
}

export class UndraftableDocument extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UndraftableDocument";
  }
}

/**
 * The texts of the new provider. `document` is the published document as
 * OpenAPI 3 (not changed); `folder` is the provider's folder as messages
 * name it; `header` the manifest's first comment lines (the editor's schema
 * line); `today` the date recorded.
 */
export function draftProvider(input: { provider: string; document: Json; chosen: SelectedOperation[]; source: ProviderSource; folder: string; today: string; header?: string[] }): ProviderDraft {
  const { provider, document, chosen, source } = input;
  const operations = chosen.map((c) => ({ id: operationRef(c.method, c.path, c.operationId), path: c.path, op: ((document.paths as Json)[c.path] as Json)[c.method] as Json }));
  const unwritable = operations.flatMap(({ id, op }) => {
    const types = unwritableRequestBody(document, op);
    return types ? [`${id} (${types.join(", ")})`] : [];
  });
  if (unwritable.length)
    throw new UndraftableDocument(
      `${unwritable.join(", ")}: ${unwritable.length === 1 ? "its" : "their"} request body is of a media type the runtime does not write yet (it writes JSON, application/x-www-form-urlencoded and multipart/form-data), so no call of ${unwritable.length === 1 ? "it" : "them"} could succeed; leave ${unwritable.length === 1 ? "it" : "them"} out of --operations`,
    );
  const renamed = schemeNamesAsDeclared(document, operations);
  const credential = draftCredential(renamed.size ? withSchemeNames(document, renamed) : document, renamed.size ? operations.map(({ id, op }) => ({ id, op: withSchemeNames(op, renamed) })) : operations);
  const cut = cutDocument(document, chosen);
  // The cut shares its operations and components with the published document, which stays as it is: the answers rewritten below are the cut's own.
  cut.document = structuredClone(cut.document);
  const spelt = respeltRequirements(cut.document, renamed);
  const added = withCredentialScheme(cut.document, credential, operations);
  const anonymous = withoutCredential(cut.document, chosen);
  const placeholders = withMissingSchemas(cut.document, cut.report);
  const unmet = withoutUnmetFormats(cut.document);
  const answers = rewriteCutAnswers(
    cut.document,
    chosen.map((c) => ({ id: operationRef(c.method, c.path, c.operationId), path: c.path, method: c.method })),
  );
  const { asJson, fileAnswers, defaultAnswers, emptyAnswers } = answers;
  const openapiText = cutHeader(provider, source, cut.report, chosen, { added, spelt, placeholders, anonymous, unmet }, answers) + jsyaml.dump(cut.document, { lineWidth: -1, noRefs: true });
  let draft: ManifestDraft;
  try {
    draft = draftManifest(provider, parseYamlSource(openapiText, `${input.folder}/openapi.yaml`, INPUT_LIMITS.document), chosen, credential);
  } catch (e) {
    // The linker's view of the document resolves every operation's references: one that names nothing stops here.
    if (e instanceof Error && /\$ref/.test(e.message) && cut.report.unresolved.length) {
      throw new UndraftableDocument(`the chosen operations cannot be drafted: ${cut.report.unresolved.length} of their $refs name nothing in the document (${cut.report.unresolved.slice(0, 3).join(", ")})`);
    }
    // A $ref to an address or another file: add reads one document and fetches nothing it names (see docs/reference/policies.md).
    if (e instanceof Error && /\$ref/.test(e.message) && cut.report.external.length) throw new UndraftableDocument(outsideRefs(cut.report.external));
    throw e;
  }
  // After the operations: a list that offers a way to find new items gets a poll trigger.
  draftPollTriggers(draft.document, draft.manifest, draft.notes);
  const notes = [
    ...draft.notes,
    ...cutNotes(cut.report),
    ...(renamed.size
      ? [
          {
            at: ["auth"],
            note: `the document's security requirements name ${[...renamed].map(([from, to]) => `${from} where the scheme is declared as ${to}`).join(", ")}: openapi.yaml writes them as declared (names of schemes are case-sensitive)`,
          },
        ]
      : []),
    ...(unmet.length ? [{ at: ["openapi"], note: `openapi.yaml leaves out the format of ${unmet.join(", ")}: no value meets it and the pattern beside it together, and the pattern is the exact rule; check which the API holds` }] : []),
    ...(placeholders.length ? [{ at: ["openapi"], note: `openapi.yaml adds what the published document refers to but defines nowhere (${placeholders.join(", ")}), each accepting any value: write its shape if you know it` }] : []),
    ...(fileAnswers.length
      ? [
          {
            at: ["openapi"],
            note: `openapi.yaml adds a 200 answer of bytes to ${fileAnswers.map((f) => f.replace(/ 200$/, "")).join(", ")}, which the published document answers only by a redirect: the file it points to (a call follows the redirect); check that the redirect leads to a file`,
          },
        ]
      : []),
    ...(defaultAnswers.length
      ? [
          {
            at: ["openapi"],
            note: `openapi.yaml writes the default answer of ${defaultAnswers.map((f) => f.replace(/ 200$/, "")).join(", ")} as its 200: the published document declares no 2xx answer, and its default describes the success; check that a call succeeds with 200`,
          },
        ]
      : []),
    ...(emptyAnswers.length
      ? [
          {
            at: ["openapi"],
            note: `openapi.yaml adds an empty 200 answer to ${emptyAnswers.map((f) => f.replace(/ 200$/, "")).join(", ")}: the published document declares only error answers; write the success's status and body if you know them`,
          },
        ]
      : []),
    ...(asJson.length
      ? [
          {
            at: ["openapi"],
            note: `openapi.yaml types as application/json the answers and request bodies the published document types */* (any media type) with an object or list schema (${asJson.join(", ")}): check that the API speaks JSON`,
          },
        ]
      : []),
  ];
  const manifestText = manifestYaml(draft.manifest, notes, [
    ...(input.header ?? []),
    `Drafted by blockwright add from ${source.origin} on ${input.today}.`,
    `Every guess has a "# review:" comment above it: check each, then blockwright generate && blockwright test ${provider}.`,
  ]);
  return { openapiText, manifestText, cut: cut.report, added: [...added, ...spelt, ...placeholders, ...anonymous, ...fileAnswers], credential, draft, notes };
}

/**
 * The security requirements of the chosen operations (and the document's own) that name a scheme the document
 * declares under another letter case (`BearerAuth` beside `bearerAuth`): each such name → the declared one. OpenAPI
 * names are case-sensitive, so the draft of such a requirement could never link; with one declared name that
 * matches, the cut spells the requirement as declared (and says so); with several, add refuses, naming them all.
 */
function schemeNamesAsDeclared(document: Json, operations: readonly { id: string; op: Json }[]): Map<string, string> {
  const declared = Object.keys(((document.components as Json | undefined)?.securitySchemes ?? {}) as Json);
  const renamed = new Map<string, string>();
  const ambiguous: string[] = [];
  for (const security of [document.security, ...operations.map(({ op }) => op.security)]) {
    for (const name of requirementNames(security)) {
      if (declared.includes(name) || renamed.has(name)) continue;
      const matching = declared.filter((d) => d.toLowerCase() === name.toLowerCase());
      if (matching.length === 1) renamed.set(name, matching[0] as string);
      else if (matching.length > 1) ambiguous.push(`${JSON.stringify(name)} (declared: ${matching.map((m) => JSON.stringify(m)).join(", ")})`);
    }
  }
  if (ambiguous.length)
    throw new UndraftableDocument(
      `security requirements name ${ambiguous.join("; ")}: no scheme is declared under that name, and several under it in another letter case, so which one is meant cannot be known (names of security schemes are case-sensitive); write the requirement as the scheme is declared`,
    );
  return renamed;
}

/** The scheme names of a `security` list's requirements. */
function requirementNames(security: unknown): string[] {
  return Array.isArray(security) ? security.flatMap((r) => (r && typeof r === "object" ? Object.keys(r) : [])) : [];
}

/** `security` (of the document or an operation) with each requirement's names as declared. */
function renamedSecurity(security: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (!Array.isArray(security)) return security;
  return security.map((r) => (r && typeof r === "object" ? Object.fromEntries(Object.entries(r as Json).map(([name, scopes]) => [renamed.get(name) ?? name, scopes])) : r));
}

/** A document or operation whose `security` names schemes as declared (a shallow copy; the published one stays). */
function withSchemeNames(owner: Json, renamed: ReadonlyMap<string, string>): Json {
  return owner.security === undefined ? owner : { ...owner, security: renamedSecurity(owner.security, renamed) };
}

/** The cut's requirements spelt as their schemes are declared; what was respelt, for the cut's header. */
function respeltRequirements(cut: Json, renamed: ReadonlyMap<string, string>): string[] {
  if (!renamed.size) return [];
  const changed: string[] = [];
  const respell = (owner: Json, where: string) => {
    if (!requirementNames(owner.security).some((n) => renamed.has(n))) return;
    owner.security = renamedSecurity(owner.security, renamed);
    changed.push(where);
  };
  respell(cut, "security");
  for (const [path, item] of Object.entries((cut.paths ?? {}) as Record<string, Json>))
    for (const [method, op] of Object.entries(item ?? {})) if (METHODS.has(method) && op && typeof op === "object") respell(op as Json, `${method.toUpperCase()} ${path}.security`);
  return changed.length ? [`${changed.join(", ")} (${[...renamed].map(([from, to]) => `${JSON.stringify(from)} written ${JSON.stringify(to)}, as the scheme is declared`).join(", ")})`] : [];
}

/** Why a document whose chosen operations $ref outside it is not drafted: the refs and the rule. */
function outsideRefs(external: readonly string[]): string {
  const shown =
    external
      .slice(0, 3)
      .map((r) => JSON.stringify(r))
      .join(", ") + (external.length > 3 ? ` and ${external.length - 3} more` : "");
  return `the chosen operations cannot be drafted: $ref ${shown} points outside the document; add follows only local $refs ("#/…") and never fetches an address or reads another file a document names (bundle the document into one file first, e.g. npx @redocly/cli bundle)`;
}

/**
 * The media types of an operation's request body when the runtime can write
 * none of them (a multipart upload, raw bytes) and the call needs the body:
 * required, or multipart (a file upload is the operation's point). Undefined
 * when the body is JSON or a form, optional, or absent. `add` refuses such an
 * operation (the directory run's picker asks the same, not to pick one).
 */
export function unwritableRequestBody(document: Json, op: Json): string[] | undefined {
  // A $ref that is no pointer: the linker says so.
  const body = followLocalRefs(document, op.requestBody);
  const content = (body?.content ?? {}) as Json;
  const types = Object.keys(content);
  if (!types.length || jsonMediaType(content) || types.some((t) => bareMediaType(t) === FORM_MEDIA_TYPE || bareMediaType(t) === MULTIPART_MEDIA_TYPE)) return undefined;
  if (wildcardJson(document, content) !== undefined) return undefined; // written as JSON in the cut (wildcard-json.ts)
  if (types.some((t) => isRawBodyMedia(t, followLocalRefs(document, (content[t] as Json | undefined)?.schema)))) return undefined; // a file as the whole body
  return body?.required === true || types.some((t) => bareMediaType(t).startsWith("multipart/")) ? types : undefined;
}

/**
 * The credential's scheme in the cut: the one the operations name is there
 * already; one the document declares without any operation naming it is
 * copied in; one the document lacks is added. When no operation names any
 * scheme, a top-level security requirement for it is added too (the mocks
 * and the contract suite read where the credential goes from there).
 * Returns what was added that the document does not publish.
 */
function withCredentialScheme(cut: Json, credential: CredentialDraft, chosen: readonly { op: Json }[]): string[] {
  const added: string[] = [];
  // A credential the address carries (auth.variable) has no scheme: none is added.
  if (credential.address) return added;
  // A credential the address carries (auth.variable) has no scheme: none is added.
  if (credential.address) return added;
  const components = (cut.components ??= {}) as Json;
  const schemes = (components.securitySchemes ??= {}) as Json;
  if (!schemes[credential.scheme]) {
    schemes[credential.scheme] = credential.definition;
    if (credential.added) added.push(`components.securitySchemes.${credential.scheme}`);
  }
  // Operations that name no scheme, `security: []` included (authentication left to the deployment): the drafted
  // scheme takes the empty requirements' place, or the manifest's credential would be one no operation accepts.
  const unnamed = emptyOnly(cut.security) && chosen.every(({ op }) => emptyOnly(op.security));
  if (unnamed) {
    for (const item of Object.values((cut.paths ?? {}) as Record<string, Json>))
      for (const [method, op] of Object.entries(item ?? {}))
        if (op && typeof op === "object" && Array.isArray((op as Json).security) && METHODS.has(method)) {
          const { security: _none, ...rest } = op as Json;
          item[method] = rest;
        }
    delete cut.security;
    // Placed where a document has it: before its paths.
    const entries = Object.entries(cut);
    const at = entries.findIndex(([key]) => key === "paths");
    entries.splice(at < 0 ? entries.length : at, 0, ["security", [{ [credential.scheme]: [] }]]);
    for (const key of Object.keys(cut)) delete cut[key];
    Object.assign(cut, Object.fromEntries(entries));
    added.push("security");
  }
  return added;
}

/**
 * Where the document has no top-level security and some chosen operations
 * name a scheme, a chosen operation that names none takes no credential
 * (OpenAPI: no requirement applies to it, such as a session check that
 * reads its own token header): it is given `security: []` in the cut, the
 * same meaning written out, or generate would send it the credential of
 * the others. Returns what was added.
 */
function withoutCredential(cut: Json, chosen: readonly SelectedOperation[]): string[] {
  if (cut.security !== undefined) return [];
  const paths = (cut.paths ?? {}) as Record<string, Json | undefined>;
  const ops = chosen.map((c) => ({ id: operationRef(c.method, c.path, c.operationId), op: paths[c.path]?.[c.method] as Json | undefined }));
  if (!ops.some(({ op }) => op?.security !== undefined && !emptyOnly(op.security))) return [];
  return ops.flatMap(({ id, op }) => {
    if (!op || op.security !== undefined) return [];
    op.security = [];
    return [`${id}.security`];
  });
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Absent, or security requirements that name no scheme (`[]`, `[{}]`). */
function emptyOnly(security: unknown): boolean {
  return security === undefined || security === null || (Array.isArray(security) && security.every((r) => r && typeof r === "object" && !Object.keys(r).length));
}

/**
 * A schema the kept parts `$ref` (`#/components/schemas/X`) that the document
 * defines nowhere, added to the cut as a schema that accepts any value (as
 * JSON Schema's `{}` does), so that the rest of the document can be read;
 * the report no longer lists it as unresolved. Other kinds of parts have no
 * such neutral value and stay unresolved. Returns what was added.
 */
function withMissingSchemas(cut: Json, report: CutReport): string[] {
  const added: string[] = [];
  const components = (cut.components ??= {}) as Json;
  report.unresolved = report.unresolved.filter((ref) => {
    let pointer: readonly string[];
    try {
      pointer = refPath(ref);
    } catch {
      return true;
    }
    const [top, kind, key] = pointer;
    // A schema (any value), a response (no body: Miro's error answers name `#/components/responses/400`) or a header
    // (any value) stands in; a parameter or a request body, whose place or shape a call needs, cannot.
    const stand =
      kind === "schemas" || kind === "headers"
        ? { description: `Added by blockwright add: the published document refers to ${key} but defines it nowhere; any value is accepted.` }
        : kind === "responses"
          ? { description: `Added by blockwright add: the published document refers to the response ${key} but defines it nowhere; its body is not known.` }
          : undefined;
    if (top !== "components" || !stand || key === undefined || pointer.length !== 3) return true;
    const placed = (components[kind as string] ??= {}) as Json;
    placed[key] = kind === "headers" ? { ...stand, schema: {} } : stand;
    added.push(`components.${kind}.${key}`);
    return false;
  });
  return added;
}

/** What the cut holds that the document does not publish, by why. */
interface CutChanges {
  added: string[];
  spelt: string[];
  placeholders: string[];
  anonymous: string[];
  unmet: string[];
}

function cutHeader(provider: string, source: ProviderSource, report: CutReport, chosen: SelectedOperation[], { added, spelt, placeholders, anonymous, unmet }: CutChanges, answers: CutAnswers): string {
  const lines = [
    `Cut by blockwright add ${provider} from ${source.origin} (sha256 ${source.sha256.slice(0, 12)}…, ${source.kind.format === "swagger" ? "Swagger 2.0, converted to OpenAPI 3.0" : `OpenAPI ${source.kind.version}`}):`,
    `the path items of ${chosen.map((c) => operationRef(c.method, c.path, c.operationId)).join(", ")} (only those methods) and everything they $ref, as published.`,
    `The published document is pinned in upstream/: blockwright upstream ${provider} <newer document> lists what a newer one changes.`,
    ...(added.length ? [`Added by blockwright add, not published: ${added.join(" and ")} (no chosen operation names the security scheme it takes).`] : []),
    ...(spelt.length ? [`Changed by blockwright add: ${spelt.join("; ")}: a requirement names a scheme by its name, case-sensitively.`] : []),
    ...(unmet.length ? [`Left out by blockwright add: the format of ${unmet.join(", ")} (no value meets it and its pattern together).`] : []),
    ...(anonymous.length ? [`Written out by blockwright add: ${anonymous.join(", ")}: [] (${anonymous.length === 1 ? "it names" : "they name"} no security scheme, nor does the document for all: no credential, as published).`] : []),
    ...(placeholders.length
      ? [`Added by blockwright add, not published: ${placeholders.join(", ")} (the document refers to ${placeholders.length === 1 ? "it" : "them"} but defines ${placeholders.length === 1 ? "it" : "them"} nowhere: any value).`]
      : []),
    ...(report.dropped.length ? [`Left out: ${report.dropped.join(", ")} (top level; no chosen operation needs ${report.dropped.length === 1 ? "it" : "them"}).`] : []),
    ...movedLines(report, "blockwright add"),
    ...cutAnswerLines(answers, "blockwright add"),
  ];
  return lines.map((l) => `# ${l}\n`).join("");
}

/** What the cut leaves a person to check. */
function cutNotes(report: CutReport): ReviewNote[] {
  return [
    ...(report.unresolved.length ? [{ at: ["openapi"], note: `openapi.yaml keeps $refs that name nothing in the published document: ${report.unresolved.join(", ")}` }] : []),
    ...(report.external.length ? [{ at: ["openapi"], note: `openapi.yaml keeps $refs to other files, which add does not fetch: ${report.external.join(", ")} (save them beside it)` }] : []),
  ];
}
