// The tables the generator reads, derived from the concept records
// (concept-records.ts lists them, each in its folder: <concept>/record.ts): SURFACE_ENTRIES, what each concept records
// of the package and how each kind of change of it is classified; OPERATION_PARTS,
// the concepts that add to a tool what its operation alone gives. FIELDS: a
// decision for every field of the manifest — recorded by an entry, or not
// recorded, and why — keyed by ManifestField (the build lists every field of
// specs/manifest.schema.json there), gathered from the records: a field added
// to a concept's schema fragment without a decision in its record does not
// compile. Nor does a schema fragment, or a field of the tool definition, that
// no record claims.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { ManifestField, SchemaFragment } from "../load/precompiled/manifest-types.js";
import type { ProviderEntry, SurfaceEntry, ToolEntry } from "../model/surface-entry.js";
import type { ConceptRecord, Definition, RecordFieldDecision } from "./concept-record.js";
import { CONCEPTS } from "./concept-records.js";
import type { OperationPart } from "./context.js";
import type { LinkedHere } from "./operation/operation.js";

export { CONCEPTS };
export type ConceptName = keyof typeof CONCEPTS;
type Records = (typeof CONCEPTS)[ConceptName];

const records: [ConceptName, ConceptRecord][] = Object.entries(CONCEPTS) as [ConceptName, ConceptRecord][];

/** The concepts that add to a tool what its operation alone gives, in the order their fields are added. */
export const OPERATION_PARTS: readonly OperationPart[] = records.flatMap(([, r]) => (r.link ? [r.link] : []));

/** Every surface entry by its name (in a surface's `concepts`), in the order diff reports their changes. */
export const SURFACE_ENTRIES = Object.assign({}, ...records.map(([, r]) => r.surface)) as UnionToIntersection<
  Records["surface"]
>;

export type SurfaceEntryName = keyof typeof SURFACE_ENTRIES & string;

const named = Object.entries(SURFACE_ENTRIES) as [SurfaceEntryName, SurfaceEntry][];
export const CONCEPT_NAMES: readonly SurfaceEntryName[] = named.map(([name]) => name).sort();
export const PROVIDER_ENTRIES = named.filter((e): e is [SurfaceEntryName, ProviderEntry] => e[1].scope === "provider");
export const TOOL_ENTRIES = named.filter((e): e is [SurfaceEntryName, ToolEntry] => e[1].scope === "tool");

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

// Completeness, checked by the compiler: each constant below is `true` only
// while no schema fragment, tool field or manifest field is left unclaimed by
// a record — else it does not compile, and the error names what is left and
// where it goes.
/** `true` when nothing is left; else what is left and what to do, which the compiler's error shows. */
export type NoneLeft<Left, Fix extends string> = [Left] extends [never] ? true : { left: Left; fix: Fix };
export type Unclaimed<All extends PropertyKey, Claimed> = NoneLeft<
  Exclude<All, Claimed>,
  "claim it in its concept's record, link/<concept>/record.ts, listed in link/concept-records.ts"
>;
export type FragmentsClaimed = Records["schema"][number];
export type ToolFieldsClaimed = Records["tool"][number];
type RecordFields = {
  [C in ConceptName]: (typeof CONCEPTS)[C] extends { fields: infer F } ? keyof F : never;
}[ConceptName];
export const UNCLAIMED_FRAGMENTS: Unclaimed<SchemaFragment, FragmentsClaimed> = true;
export const UNCLAIMED_TOOL_FIELDS: Unclaimed<keyof ToolSpec, ToolFieldsClaimed> = true;
/**
 * The tool fields of the records that have a link part: with those linkOperation builds itself, every field must be
 * linked by someone.
 */
export type ToolFieldsLinked =
  | {
      [C in ConceptName]: (typeof CONCEPTS)[C]["link"] extends null ? never : (typeof CONCEPTS)[C]["tool"][number];
    }[ConceptName]
  | LinkedHere;
export type Unlinked<All extends PropertyKey, Linked> = NoneLeft<
  Exclude<All, Linked>,
  "linked by no one: give its concept's record a link part (link/<concept>/record.ts)"
>;
export const UNLINKED_TOOL_FIELDS: Unlinked<keyof ToolSpec, ToolFieldsLinked> = true;

/** What the surface does with a manifest field (concept-record.ts RecordFieldDecision), the entry's name checked. */
export type FieldDecision = { surface: SurfaceEntryName } | { fields: Definition } | { none: string };

export const UNCLAIMED_FIELDS: Unclaimed<ManifestField, RecordFields> = true;

/** A decision for every field of the manifest, from the records. */
export const FIELDS = Object.assign({}, ...records.map(([, r]) => r.fields ?? {})) as Record<
  ManifestField,
  FieldDecision
>;

/** A record's decision names a surface entry of some record (checked here, where the entries' names are known). */
type RecordSurfaceNames = {
  [C in ConceptName]: (typeof CONCEPTS)[C] extends { fields: infer F }
    ? { [K in keyof F]: F[K] extends { surface: infer S } ? S : never }[keyof F]
    : never;
}[ConceptName];
export const UNKNOWN_SURFACE_NAMES: NoneLeft<
  Exclude<RecordSurfaceNames, SurfaceEntryName>,
  "a decision names a surface entry no record gives"
> = true;
export type { RecordFieldDecision };
