// What a concept of the manifest language is, as one record: every place a
// concept must reach, each a required member, so that a concept cannot be
// added halfway. Each concept's folder holds its record (link/<concept>/record.ts; concept-records.ts lists them);
// link/concepts.ts derives the tables the generator reads from them (surface entries, link
// parts, field decisions) and fails to compile, naming the key, while a
// schema fragment, a field of the tool definition (ToolSpec) or a manifest
// field belongs to no record; the runtime's tool-field-readers.ts, while a
// ToolSpec field has no runtime module reading it.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { ManifestField, SchemaFragment } from "../load/precompiled/manifest-types.js";
import type { SurfaceEntry } from "../model/surface-entry.js";
import type { OperationPart } from "./context.js";

/**
 * A definition of the manifest schema: the part of a field's name before its first dot (`param` of `param.minimum`).
 */
export type Definition = ManifestField extends `${infer D}.${string}` ? D : never;

/**
 * What the surface does with a manifest field: an entry records it (and
 * classifies its changes; its name is checked in link/concepts.ts, where the
 * entries are known); it holds a definition whose fields are decided one by
 * one; or it is not recorded, for the reason given. A field of a definition
 * used in several places is recorded where its holder is.
 */
export type RecordFieldDecision = { surface: string } | { fields: Definition } | { none: string };

/** One decision for several fields of a record, keeping each field's name in the record's type. */
export function decided<const D extends RecordFieldDecision, const K extends ManifestField>(
  decision: D,
  fields: readonly K[],
): { readonly [F in K]: D } {
  return Object.fromEntries(fields.map((f) => [f, decision])) as { readonly [F in K]: D };
}

export interface ConceptRecord {
  /**
   * How the concept is told to provider authors: its line in the docs' list
   * of concepts (Markdown, without the bullet; docs/guides/adding-a-provider.md
   * and docs/reference/manifest.md). What models read of it is worded in
   * runtime/llm/wording.ts, which package READMEs use too.
   */
  wording: string;
  /**
   * Its schema fragments (src/link/<concept>/<name>.schema.json): none only for a concept the schema's patterns make or
   * the document alone decides (answerTypes).
   */
  schema: readonly SchemaFragment[];
  /**
   * The fields of a tool definition (ToolSpec) it fills. Who reads each at run
   * time the runtime says, module by module (runtime/tool-field-readers.ts): a
   * field that no runtime module reads does not compile there.
   */
  tool: readonly (keyof ToolSpec)[];
  /** What surface.json records of it, each entry by its name: also how diff classifies a change of it. */
  surface: Readonly<Record<string, SurfaceEntry>>;
  /**
   * Its part of each tool's link, when it adds to what the operation alone gives (applied in the records' order); null
   * when the operation's or the provider's link fills its fields.
   */
  link: OperationPart | null;
  /**
   * Its contract case: the kind of src/contract/kinds/ (a `CaseKind`, by name: the contract suite sits above
   * the link, and src/link/concept-places.test.ts checks the name) whose cases test what it does on the wire,
   * or why no case does.
   */
  contract: { kind: string } | { none: string };
  /**
   * Its place in the shelf fixture (test-support/fixtures/specs/shelf/manifest.yaml, the contract suite's and
   * the emitters' fixture): a field of it the shelf sets (src/link/concept-places.test.ts fails while the shelf
   * lacks it), or why the shelf does not use it (and where it is used instead).
   */
  shelf: { field: ManifestField } | { none: string };
  /**
   * A decision for each field of its schema fragments: what surface.json records of it, or why nothing
   * (docs/reference/manifest.md shows them).
   */
  fields?: { readonly [F in ManifestField]?: RecordFieldDecision };
}

/** Why a field is not recorded in the surface, shared by several records. */
export const PRESENTATION = "the block's presentation: no call, parameter or result depends on it";
export const SENT_BY_PACKAGE = "a value the package sends itself: callers neither give nor read it";
