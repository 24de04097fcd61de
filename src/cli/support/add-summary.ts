// What `blockwright add` says it did: the summary of the draft, as JSON (--json) or as lines for a person (what was
// cut, drafted, pinned, left to review, and whether the draft links).
// A document's names and texts in the summary: each on its one line (lineText), whatever it holds.
import { lineText } from "../../common/github-actions.js";
import { shownNotes } from "./shown/shown-notes.js";
import { shownWarnings } from "./shown/shown-warnings.js";
import type { CutReport } from "../../import/cut/cut.js";
import type { CredentialDraft, DraftCredential } from "../../import/auth/credential-draft.js";
import type { ManifestDraft } from "../../import/draft/manifest.js";
import type { ProviderSource } from "../../import/draft-provider.js";
import type { PlainDraft } from "./add-draft-job.js";
import type { ReviewNote } from "../../import/manifest-yaml.js";

export interface Summary {
  provider: string;
  folder: string;
  from: string;
  document: { format: string; version: string; converted: boolean; bytes: number; sha256: string };
  cut: CutReport & { bytes: number; added: string[] };
  drafted: {
    operations: ManifestDraft["operations"];
    credential: {
      scheme: string;
      param: string;
      placement: CredentialDraft["placement"];
      ways: DraftedCredential[][];
      /** Where a credential sent at its places alone goes (auth.alsoSends): `query api_key`, `body field auth.hash`. */
      sentAt?: string[];
    };
  };
  pinned: string[];
  review: { at: string; note: string }[];
  check: { problems: string[]; warnings: string[] };
}

/** What the summary is made of: the document read, the draft, the files pinned, and the link step's check. */
export interface SummaryParts {
  provider: string;
  /** The provider's folder as messages name it. */
  folder: string;
  /** The document's text as read (or bundled), and where it came from. */
  text: string;
  source: ProviderSource;
  draft: PlainDraft;
  /** The names of the files pinned in upstream/. */
  pinned: string[];
  check: { problems: string[]; warnings: string[] };
}

/** The summary --json prints, and summaryText words. */
export function addSummary(parts: SummaryParts): Summary {
  const { provider, folder, text, source, pinned, check } = parts;
  const { kind } = source;
  const { cut, openapiText, added, draft, credential, notes } = parts.draft;
  return {
    provider,
    folder,
    from: source.origin,
    document: {
      format: kind.format,
      version: kind.version,
      converted: kind.format === "swagger",
      bytes: Buffer.byteLength(text),
      sha256: source.sha256,
    },
    cut: { ...cut, bytes: Buffer.byteLength(openapiText), added },
    drafted: {
      operations: draft.operations,
      credential: {
        scheme: credential.scheme,
        param: credential.param,
        placement: credential.placement,
        ways: credential.ways.map((w) =>
          w.map(({ scheme, param, user, password, encode, placement }) => ({
            scheme,
            param,
            ...(user ? { user } : {}),
            ...(password ? { password } : {}),
            ...(encode ? { encode } : {}),
            placement,
          })),
        ),
        ...(credential.placesOnly ? { sentAt: placesOf(credential) } : {}),
      },
    },
    pinned: pinned.map((name) => `${folder}/upstream/${name}`),
    review: notes.map((n) => ({ at: n.at.join("."), note: n.note })),
    check,
  };
}

/** The summary for a person, with the review notes (a note said alike of many places once: shownNotes). */
export function summaryText(s: Summary, notes: ReviewNote[]): string {
  const kinds = Object.entries(s.cut.components)
    .filter(([, c]) => c.kept > 0)
    .map(([kind, c]) => `${kind} ${c.kept} of ${c.total}`);
  const lines = [
    `add ${s.provider}: wrote ${s.folder}/ from ${s.from} (` +
      `${s.document.format === "swagger" ? "Swagger 2.0, converted to OpenAPI 3.0" : `OpenAPI ${s.document.version}`})`,
    `  cut:      ${s.cut.operations.kept} of ${s.cut.operations.total} operations` +
      `${kinds.length ? `; ${kinds.join(", ")}` : ""}; ${size(s.document.bytes)} → ${size(s.cut.bytes)} ` +
      `(openapi.yaml)`,
    ...(s.cut.dropped.length ? [`            left out at the top level: ${lineText(s.cut.dropped.join(", "))}`] : []),
    ...(s.cut.added.length ? [`            added (not published): ${lineText(s.cut.added.join(", "))}`] : []),
    `  drafted:  ${s.drafted.operations.length} operation${s.drafted.operations.length === 1 ? "" : "s"} ` +
      `(manifest.yaml); credential ${credentialWords(s.drafted.credential)}`,
    ...s.drafted.operations.map(
      (o) =>
        `            ${o.id} (${lineText(o.operationId)}): ${o.params} parameter${o.params === 1 ? "" : "s"}, ` +
        `${answered(o)}${o.paging ? `, ${o.paging} paging` : ""}`,
    ),
    `  pinned:   ${s.pinned.join(", ")}`,
    `  review:   ${notes.length} note${notes.length === 1 ? "" : "s"} (# review: in manifest.yaml):`,
    ...shownNotes(notes).map((n) => `            ${lineText(n)}`),
    s.check.problems.length
      ? `  check:    generate will stop on ${s.check.problems.length} problem` +
        `${s.check.problems.length === 1 ? "" : "s"}:`
      : "  check:    the draft links: generate accepts it",
    ...s.check.problems.map((p) => `            ${p}`),
    ...(s.check.warnings.length
      ? [
          `            and warns of ${s.check.warnings.length}:`,
          ...shownWarnings(s.check.warnings).map((w) => `            ${w}`),
        ]
      : []),
    "",
    `Next: review the notes, then blockwright generate && blockwright test ${s.provider}`,
  ];
  return `${lines.join("\n")}\n`;
}

export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The places a credential is sent at (auth.alsoSends), in words: `query api_key`, `body field key`. */
function placesOf(credential: CredentialDraft): string[] {
  return [...(credential.alsoSends?.values() ?? [])].map(({ place }) =>
    "path" in place
      ? `body field ${place.path.join(".")}`
      : `${place.in === "body" ? "body field" : place.in} ${place.name}`,
  );
}

type DraftedCredential = Pick<DraftCredential, "scheme" | "param" | "user" | "password" | "placement" | "encode">;

/**
 * The drafted credentials in a line: `accessToken (security scheme bearerAuth, bearer token)`, ways joined by "or", a
 * requirement's schemes by "with".
 */
function credentialWords(credential: { ways: DraftedCredential[][]; sentAt?: string[] }): string {
  const one = (c: DraftedCredential) => {
    const p = c.placement;
    if (p.type === "path") return `${c.param} (the address's {${p.name}}: auth.variable)`;
    if (p.type === "places")
      return `${c.param} (sent at ${credential.sentAt?.join(", ") || "its places"} only: auth.alsoSends, no scheme)`;
    const where =
      p.type === "bearer"
        ? "bearer token"
        : p.type === "basic"
          ? c.password
            ? "HTTP basic, the key as the user name and an empty password"
            : `HTTP basic with ${c.user ?? "a user name"}`
          : `${p.type} ${p.name}${c.encode ? `, as its ${c.encode.encode}` : ""}` +
            (c.password ? ", as HTTP basic: the key as the user name and an empty password" : "");
    return `${c.param} (security scheme ${c.scheme}, ${where})`;
  };
  return credential.ways.map((w) => w.map(one).join(" with ")).join(" or ");
}

/** What an operation's line says it gives: its outputs, or the file or stream it answers (whose outputs are fixed). */
function answered(o: { outputs: number; answers?: "file" | "stream" }): string {
  if (o.answers === "file" && o.outputs === 0) return "a file (content, contentType, size, filename)";
  if (o.answers === "stream" && o.outputs === 0) return "a stream of items";
  return `${o.outputs} output${o.outputs === 1 ? "" : "s"}`;
}
