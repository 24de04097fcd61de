// `upstream <p> <newer> --accept` for a provider `add` started: its
// openapi.yaml is a cut of the published document (its first comment says
// so), so taking a newer version means cutting the newer document again —
// the path items of the operations the manifest calls and everything they
// $ref, its shapes and answers rewritten as add rewrites them — keeping what
// add put in that the document does not publish (a security scheme, a
// top-level requirement, `security: []` on an operation that names none). The manifest is not touched:
// its credential and outputs stay as the user has them, and what it binds
// that the newer document no longer has is `generate`'s error, at its line.
import { lineText } from "../common/github-actions.js";
import jsyaml from "../vendor/js-yaml.cjs";
import { withDocumentSteps } from "../import/document-steps.js";
import { cutDocument, movedLines } from "../import/cut/cut.js";
import { cutAnswerLines, rewriteCutAnswers } from "../import/cut/cut-answers.js";
import { shapeLines } from "../import/cut/cut-header.js";
import { rewriteCutShapes } from "../import/cut-rewrites.js";
import { withoutCredential } from "../import/auth/requirements/cut-security.js";
import { credentialOf, type SecurityScheme } from "../load/openapi-document.js";
import { type CalledOperation, chooseOperations } from "./moved-operations.js";

type Json = Record<string, unknown>;

const CUT_MARK = "# Cut by blockwright add ";
const RECUT_MARK = "# Re-cut by blockwright upstream --accept ";
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** Whether our spec is a cut `add` (or an earlier re-cut) wrote, which --accept may cut again. */
export function isCut(specText: string): boolean {
  return specText.startsWith(CUT_MARK) || specText.startsWith(RECUT_MARK);
}

export interface Recut {
  text: string;
  /** Operations the manifest calls that the newer document no longer has (`METHOD /path`). */
  missing: string[];
  /** Operations the manifest calls that the newer document serves elsewhere, followed (moved-operations.ts). */
  moved: string[];
  kept: number;
}

/**
 * Our spec cut again from `newer`, for the operations the tools call (method and path as our spec writes them; one
 * the newer document serves elsewhere under its operationId, followed: moved-operations.ts).
 */
export function recut(
  specText: string,
  newer: Json,
  operations: readonly CalledOperation[],
  origin: string,
  sha256: string,
): Recut {
  const before = object(jsyaml.load(specText, { schema: jsyaml.CORE_SCHEMA }));
  const { chosen, missing, moved } = chooseOperations(newer, before, operations);
  // The newer document's credentials read as add reads them (a required Authorization header parameter's scheme), or
  // the requirements add wrote on the operations would be lost.
  const steps = withDocumentSteps(
    newer,
    chosen.map((c) => ({ ...c, asked: `${c.method.toUpperCase()} ${c.path}` })),
  );
  // A copy: the cut shares its operations and components with the newer document, and its answers are rewritten below.
  // The webhooks the earlier cut kept (those add drafted an event trigger for, import/event-triggers/) are kept again.
  const cut = cutDocument(steps.document, chosen, Object.keys(object(before.webhooks)));
  const document = structuredClone(cut.document);
  // Its shapes as add rewrote them (import/cut-rewrites.ts): as published, no value meets some of them.
  const shapes = rewriteCutShapes(document, cut.report, chosen, steps.document);
  // Its answers as add wrote them (import/cut/cut-answers.ts).
  const answers = rewriteCutAnswers(
    document,
    chosen.map((c) => ({ id: `${c.method.toUpperCase()} ${c.path}`, ...c })),
  );
  // What the earlier cut has that no published version gave it: add's security scheme and requirement. A scheme the
  // newer document gives under another name (sending the credential alike) is the document's, renamed: not kept.
  const schemes = object(object(before.components).securitySchemes);
  const cutSchemes = object(object(document.components).securitySchemes);
  const placement = (s: unknown) => JSON.stringify(credentialOf(object(s) as unknown as SecurityScheme) ?? null);
  const renamed = (scheme: unknown) =>
    placement(scheme) !== "null" && Object.values(cutSchemes).some((s) => placement(s) === placement(scheme));
  const kept: string[] = [];
  for (const [name, scheme] of Object.entries(schemes))
    if (!(name in cutSchemes) && !renamed(scheme)) {
      cutSchemes[name] = scheme;
      kept.push(`components.securitySchemes.${name}`);
    }
  if (kept.length) document.components = { ...object(document.components), securitySchemes: cutSchemes };
  if (before.security !== undefined && document.security === undefined) {
    document.security = before.security;
    kept.push("security");
  }
  // An operation naming no scheme beside others that do, as add wrote it: `security: []`, or generate would send it
  // their credential (a health check the service answers without one).
  const anonymous = withoutCredential(
    document,
    chosen.map((c) => ({
      ...c,
      asked: c.path,
      operationId: object(object(object(document.paths)[c.path])[c.method]).operationId as string | undefined,
    })),
  );
  const header = [
    `Re-cut by blockwright upstream --accept from ${origin} (sha256 ${sha256.slice(0, 12)}…): ` +
      `the path items of the ${chosen.length} operation${chosen.length === 1 ? "" : "s"} ` +
      `the manifest calls and everything they $ref, as published.`,
    "The manifest is kept as it was; blockwright generate checks it against this cut.",
    ...(kept.length ? [`Kept from the earlier cut, not published: ${kept.join(", ")}.`] : []),
    ...(anonymous.length
      ? [
          `Written out by blockwright upstream --accept: ${anonymous.join(", ")}: [] (no security scheme named ` +
            "there, nor by the document for all: no credential, as published).",
        ]
      : []),
    ...(steps.added.length
      ? [`Changed by blockwright upstream --accept, the document read as it means: ${steps.added.join("; ")}.`]
      : []),
    ...shapeLines(shapes.changes, "blockwright upstream --accept"),
    ...movedLines(cut.report, "blockwright upstream --accept"),
    ...(moved.length ? [`Moved in the newer document, followed by their operationId: ${moved.join(", ")}.`] : []),
    ...(missing.length
      ? [`Not in the newer document: ${missing.join(", ")} (the manifest still calls them: generate says where).`]
      : []),
    ...cutAnswerLines(answers, "blockwright upstream --accept"),
  ];
  const text =
    header.map((l) => `# ${lineText(l)}\n`).join("") + jsyaml.dump(document, { lineWidth: -1, noRefs: true });
  return { text, missing, moved, kept: chosen.length };
}
