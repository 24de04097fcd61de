import { outsideRefs, withoutNameRefsRefused } from "./cut/name-refs.js";
import jsyaml from "../vendor/js-yaml.cjs";
import { operationRef } from "../load/operation-index.js";
import { INPUT_LIMITS, parseYamlSource } from "../load/yaml-source.js";
import { draftCredential } from "./auth/credential.js";
import type { CredentialDraft } from "./auth/credential-draft.js";
import {
  requirementNames,
  respeltRequirements,
  withCredentialScheme,
  withoutCredential,
  withSchemeNames,
} from "./auth/requirements/cut-security.js";
import { cutSecurityOfKey } from "./auth/requirements/parameter-alternatives.js";
import { cutDocument, type CutReport } from "./cut/cut.js";
import { type CutAnswers, rewriteCutAnswers } from "./cut/cut-answers.js";
import { type CutChanges, cutChangeNotes, cutHeader, cutNotes, type CutSource } from "./cut/cut-header.js";
import type { SelectedOperation } from "./cut/select-operations.js";
import { draftManifest, type ManifestDraft } from "./draft/manifest.js";
import { keyInBodyNotes, withKeyInBody } from "./auth/keys/key-in-body.js";
import { fewOperationsNote, keyFieldsOfFewOperations } from "./auth/keys/key-share.js";
import { keyOnlyAtItsPlaces, placesOnlyCredential } from "./auth/places-only-draft.js";
import {
  type KeyName,
  keyNameNotes,
  keyNamesFromSchemes,
  respeltKeyNames,
  withKeyNames,
} from "./auth/keys/key-names.js";
import { manifestYaml, type ReviewNote } from "./manifest-yaml.js";
import { draftPollTriggers } from "./shapes/poll-triggers.js";
import { draftEventTriggers, signedWebhooks } from "./event-triggers/event-triggers.js";
import { dollarTemplateNotes } from "./cut/path-template-params.js";
import { withSharedIdsApart, withoutSharedIds } from "./cut/shared-operation-ids.js";
import { withDocumentSteps } from "./document-steps.js";
import { rewriteCutShapes } from "./cut-rewrites.js";
import {
  type LeftOut,
  leftOutNotes,
  refuseUncallable,
  refuseUnmet,
  UndraftableDocument,
  withoutBrokenStructure,
  withoutUncallable,
} from "./uncallable.js";

type Json = Record<string, unknown>;

/** Where the published document came from (an address, or the file as given), as the cut's header records it. */
export type ProviderSource = CutSource;

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

export { UndraftableDocument, unwritableRequestBody } from "./uncallable.js";

/**
 * The texts of the new provider. `document` is the published document as
 * OpenAPI 3 (not changed); `folder` is the provider's folder as messages
 * name it; `header` the manifest's first comment lines (the editor's schema
 * line); `today` the date recorded.
 */
export function draftProvider(input: {
  provider: string;
  document: Json;
  chosen: SelectedOperation[];
  source: ProviderSource;
  folder: string;
  today: string;
  header?: string[];
  /** Told each step of a long draft (a whole API of thousands of operations takes a minute). */
  onStep?: (text: string) => void;
}): ProviderDraft {
  const { provider, source } = input;
  // What the document says of its credentials beyond its schemes (document-steps.ts, every drafting path's).
  const steps = withDocumentSteps(input.document, input.chosen);
  const { document, chosen: named } = steps;
  const step = input.onStep ?? (() => {});
  // A group's operations no call of could succeed are left out, each named; a named one is refused (below).
  const leftOut: LeftOut[] = [];
  const whole = withoutNameRefsRefused(document, withoutBrokenStructure(document, named, leftOut), leftOut);
  let chosen = withSharedIdsApart(withoutUncallable(document, whole, leftOut));
  const operationsOf = (taken: readonly SelectedOperation[]) =>
    taken.map((c) => ({
      id: operationRef(c.method, c.path, c.operationId),
      path: c.path,
      method: c.method,
      op: ((document.paths as Json)[c.path] as Json)[c.method] as Json,
    }));
  let operations = operationsOf(chosen);
  refuseUncallable(document, operations);
  const names = credentialNames(document, operations);
  const credentialOf = () => {
    const drafted = credentialAsDrafted(document, operations, names);
    return { ...drafted, notes: [...steps.notes, ...drafted.notes] };
  };
  let credential = credentialOf();
  // A group's operation whose security the runtime meets none of: left out, and the credential drafted without it.
  const unmetTaken = chosen.filter((c, i) => c.grouped && credential.unmetIds?.includes(operations[i]?.id ?? ""));
  if (unmetTaken.length) {
    for (const c of unmetTaken)
      leftOut.push({ asked: c.asked, why: "it accepts no security requirement the runtime sends" });
    chosen = chosen.filter((c) => !unmetTaken.includes(c));
    operations = operationsOf(chosen);
    credential = credentialOf();
  }
  if (!chosen.length)
    throw new UndraftableDocument(`no operation taken could be called: ${leftOutNotes(leftOut)[0]?.note}`);
  refuseUnmet(credential.unmet);
  const at = { provider, source, folder: input.folder, document, chosen, operations, names, steps, step };
  const drafting = (credential: CredentialDraft) => cutAndManifest(at, credential);
  let drafted = drafting(credential);
  // At most twice: a few operations' key fields refused, then a key at their header or query alone sent there alone.
  for (let again = keyRedrafted(document, credential, credentialOf); again; ) {
    credential = again;
    drafted = drafting(credential);
    again = keyRedrafted(document, credential, credentialOf);
  }
  const { cut, changes, answers, notes: changeNotes, openapiText, draft } = drafted;
  // After the operations: a list that offers a way to find new items gets a poll trigger.
  draftPollTriggers(draft.document, draft.manifest, draft.notes);
  // And each delivery the document describes (a webhook, a callback) whose signing it says, an event trigger.
  draftEventTriggers(draft.document, draft.manifest, draft.notes);
  const notes = [
    ...leftOutNotes(leftOut),
    ...changeNotes.server,
    ...draft.notes,
    ...cutNotes(cut.report),
    ...changeNotes.cut,
    ...dollarTemplateNotes(chosen),
  ];
  step(`writing manifest.yaml (${notes.length} review notes)`);
  const manifestText = manifestYaml(draft.manifest, notes, [
    ...(input.header ?? []),
    `Drafted by blockwright add from ${source.origin} on ${input.today}.`,
    `Every guess has a "# review:" comment above it: check each, then blockwright generate && blockwright test ` +
      `${provider}.`,
  ]);
  return {
    openapiText,
    manifestText,
    cut: cut.report,
    added: [
      ...changes.added,
      ...(changes.keyWay ?? []),
      ...steps.added.map((a) => a.replace(/ \(.*$/, "")),
      ...changes.spelt,
      ...(changes.keyNames ?? []),
      ...changes.placeholders,
      ...changes.anonymous,
      ...answers.fileAnswers,
    ],
    credential,
    draft,
    notes,
  };
}

/**
 * The credential to draft again with once the first draft found the key of a document declaring no scheme in the
 * requests' own fields, if it did: key fields only a few operations require are theirs (the token a "check a token"
 * call checks: keys/key-share.ts), drafted as their input beside the credential assumed as when no field is the key;
 * else the key is sent there alone (places-only-draft.ts). After the first, a key found again is at header or query
 * parameters alone (body fields refused), sent there alone; after the second, none is looked for (placesOnly).
 */
function keyRedrafted(
  document: Json,
  first: CredentialDraft,
  fresh: () => CredentialDraft,
): CredentialDraft | undefined {
  if (!keyOnlyAtItsPlaces(first)) return undefined;
  if (!keyFieldsOfFewOperations(document, first)) return placesOnlyCredential(first);
  const assumed = fresh();
  return { ...assumed, fieldsNotTheKey: true, notes: [...assumed.notes, fewOperationsNote(first)] };
}

/** The cut and the manifest drafted from it, for one credential (draftProvider drafts again for another). */
function cutAndManifest(
  at: {
    provider: string;
    source: ProviderSource;
    folder: string;
    document: Json;
    chosen: SelectedOperation[];
    operations: { id: string; path: string; method: string; op: Json }[];
    names: CredentialNames;
    steps: { added: string[] };
    step: (text: string) => void;
  },
  credential: CredentialDraft,
) {
  const { chosen, step } = at;
  step(`cutting the document to ${chosen.length} operations`);
  // The webhooks an event trigger is drafted for are kept; the others are left out.
  const cut = cutDocument(at.document, chosen, signedWebhooks(at.document));
  // The cut shares its operations and components with the published document, which stays as it is: the answers
  // rewritten below are the cut's own.
  cut.document = structuredClone(cut.document);
  withoutSharedIds(cut.document, chosen);
  const rewritten = rewrittenCut(cut, chosen, credential, at.operations, at.names, at.document);
  step("writing openapi.yaml");
  const changes = { ...rewritten.changes, documentSteps: at.steps.added };
  const openapiText =
    cutHeader(at.provider, at.source, cut.report, chosen, changes, rewritten.answers) +
    jsyaml.dump(cut.document, { lineWidth: -1, noRefs: true });
  step(`reading openapi.yaml back (${(openapiText.length / 1024 / 1024).toFixed(1)} MB), as generate reads it`);
  const draft = manifestOfCut(at.provider, at.folder, openapiText, chosen, credential, cut.report, step);
  return { cut, ...rewritten, openapiText, draft };
}

/**
 * What add changes in the cut (in place), in order: the credential's scheme and requirements, then the shapes
 * (cut-rewrites.ts), then the answers; with the header's record of each and the notes a person checks.
 */
function rewrittenCut(
  cut: { document: Json; report: CutReport },
  chosen: SelectedOperation[],
  credential: CredentialDraft,
  operations: { id: string; path: string; method: string; op: Json }[],
  { renamed, keyNames }: CredentialNames,
  published: Json,
): { changes: CutChanges; answers: CutAnswers; notes: { server: ReviewNote[]; cut: ReviewNote[] } } {
  const doc = cut.document;
  const [spelt, keyNamesRead] = [respeltRequirements(doc, renamed), respeltKeyNames(doc, keyNames)];
  const added = withCredentialScheme(doc, credential, operations);
  const keyInBody = withKeyInBody(doc, credential, operations);
  const anonymous = withoutCredential(doc, chosen);
  const shapes = rewriteCutShapes(doc, cut.report, chosen, published);
  const answers = rewriteCutAnswers(
    doc,
    chosen.map((c) => ({ id: operationRef(c.method, c.path, c.operationId), path: c.path, method: c.method })),
  );
  const { placeholders, shapeRequired = [], ...changed } = shapes.changes;
  return {
    changes: {
      added,
      keyWay: cutSecurityOfKey(doc, credential, operations),
      spelt,
      keyNames: keyNamesRead.map((read) => `${read.change} (${read.why})`),
      anonymous,
      keyInBody,
      ...shapes.changes,
    },
    answers,
    notes: {
      server: shapes.notes.server,
      cut: [
        ...keyNameNotes(keyNamesRead),
        ...keyInBodyNotes(keyInBody, credential),
        ...cutChangeNotes(renamed, changed, placeholders, answers, shapeRequired),
        ...shapes.notes.cut,
      ],
    },
  };
}

/**
 * The manifest drafted from the cut's text, read as generate reads it; a cut whose references name nothing, or leave
 * the document, is refused here.
 */
function manifestOfCut(
  provider: string,
  folder: string,
  openapiText: string,
  chosen: SelectedOperation[],
  credential: CredentialDraft,
  report: CutReport,
  step: (text: string) => void,
): ManifestDraft {
  try {
    return draftManifest(
      provider,
      parseYamlSource(openapiText, `${folder}/openapi.yaml`, INPUT_LIMITS.document),
      chosen,
      credential,
      (done) => step(`drafted ${done} of ${chosen.length} operations`),
    );
  } catch (e) {
    // The linker's view of the document resolves every operation's references: one that names nothing stops here.
    if (e instanceof Error && /\$ref/.test(e.message) && report.unresolved.length) {
      throw new UndraftableDocument(
        `the chosen operations cannot be drafted: ${report.unresolved.length} of their $refs name nothing in ` +
          `the document (${report.unresolved.slice(0, 3).join(", ")})`,
      );
    }
    // A $ref to an address or another file: add reads one document and fetches nothing it names (see
    // docs/reference/policies.md).
    if (e instanceof Error && /\$ref/.test(e.message) && report.external.length)
      throw new UndraftableDocument(outsideRefs(report.external));
    throw e;
  }
}

type CredentialNames = { renamed: ReadonlyMap<string, string>; keyNames: ReadonlyMap<string, KeyName> };

function credentialNames(document: Json, operations: readonly { id: string; op: Json }[]): CredentialNames {
  return { renamed: schemeNamesAsDeclared(document, operations), keyNames: keyNamesFromSchemes(document) };
}

/**
 * The credential add drafts for these operations of the document (OpenAPI 3, its undeclared schemes left out): the
 * requirements spelt as their schemes are declared, a key scheme whose published name no request carries read as its
 * key. The corpus's picker asks it too, so that it never picks an operation add would refuse, nor leaves out one add
 * takes.
 */
export function credentialAsDrafted(
  document: Json,
  operations: readonly { id: string; path: string; method: string; op: Json }[],
  { renamed, keyNames }: CredentialNames = credentialNames(document, operations),
): CredentialDraft {
  return draftCredential(
    withKeyNames(renamed.size ? withSchemeNames(document, renamed) : document, keyNames),
    renamed.size ? operations.map((o) => ({ ...o, op: withSchemeNames(o.op, renamed) })) : operations,
  );
}

/**
 * The security requirements of the chosen operations (and the document's own) that name a scheme the document
 * declares under another letter case (`BearerAuth` beside `bearerAuth`), or, with none such, under a prefix ending in
 * a separator (`v2_bearerAuth` for `bearerAuth`: a bundler that prefixes each version's components, leaving the
 * requirements as they were): each such name → the declared one. OpenAPI names are case-sensitive and must be
 * declared, so the draft of such a requirement could never link; with one declared name that matches, the cut spells
 * the requirement as declared (and says so); with several, add refuses, naming them all.
 */
function schemeNamesAsDeclared(document: Json, operations: readonly { id: string; op: Json }[]): Map<string, string> {
  const declared = Object.keys(((document.components as Json | undefined)?.securitySchemes ?? {}) as Json);
  const renamed = new Map<string, string>();
  const ambiguous: string[] = [];
  for (const security of [document.security, ...operations.map(({ op }) => op.security)]) {
    for (const name of requirementNames(security)) {
      if (declared.includes(name) || renamed.has(name)) continue;
      const cased = declared.filter((d) => d.toLowerCase() === name.toLowerCase());
      const matching = cased.length ? cased : declared.filter((d) => isPrefixedName(d, name));
      if (matching.length === 1) renamed.set(name, matching[0] as string);
      else if (matching.length > 1)
        ambiguous.push(`${JSON.stringify(name)} (declared: ${matching.map((m) => JSON.stringify(m)).join(", ")})`);
    }
  }
  if (ambiguous.length)
    throw new UndraftableDocument(
      `security requirements name ${ambiguous.join("; ")}: no scheme is declared under that name, and several ` +
        "under it in another letter case or after a prefix, so which one is meant cannot be known (names of " +
        "security schemes are case-sensitive); write the requirement as the scheme is declared",
    );
  return renamed;
}

/** Whether `declared` is `name` after a prefix that ends in a separator: `v2_bearerAuth`, `api-v1.bearerAuth`. */
const isPrefixedName = (declared: string, name: string) =>
  declared.length > name.length + 1 &&
  declared.endsWith(name) &&
  /[_.:-]$/.test(declared.slice(0, declared.length - name.length));
