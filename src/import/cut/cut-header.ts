// What a cut says of itself: the header comment of the provider's
// openapi.yaml (where it was cut from, what it keeps, what add added, changed
// or left out, and why), and the review notes on what a person should check.
import { lineText } from "../../common/github-actions.js";
import { operationRef } from "../../load/operation-index.js";
import type { DocumentKind } from "../document/convert.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { namedFew } from "../named-few.js";
import { pagingCopyNotes } from "../shapes/paging-query-copies.js";
import { type CutReport, movedLines } from "./cut.js";
import { cutAnswerLines, cutAnswerNotes, type CutAnswers } from "./cut-answers.js";
import { type UnionChanges, unionLines, unionNotes } from "./cut-header-unions.js";
import type { SelectedOperation } from "./select-operations.js";
import { sharedIdsLine } from "./shared-operation-ids.js";
import { typeListsWhy } from "./type-lists.js";
import { undeclaredSchemesLine } from "./undeclared-schemes-line.js";

/** Where a published document came from. */
export interface CutSource {
  /** Where the document came from, as recorded (an address, or the file as given). */
  origin: string;
  sha256: string;
  kind: DocumentKind;
}

/** What the cut holds that the document does not publish, by why. */
export interface CutChanges {
  added: string[];
  spelt: string[];
  /** What the document steps changed, each `<place> (<why>)` (document-steps.ts). */
  documentSteps?: string[];
  /**
   * Key schemes' names no request carries, written as the scheme's key its description names
   * (auth/keys/key-names.ts).
   */
  keyNames?: string[];
  placeholders: string[];
  anonymous: string[];
  /** Operations taking the added key scheme's key in their body: `security: []` written (auth/keys/key-in-body.ts). */
  keyInBody?: string[];
  /**
   * An API key parameter drafted as a way of its own: its scheme and the requirements accepting it
   * (auth/requirements/parameter-alternatives.ts).
   */
  keyWay?: string[];
  unmet: string[];
  /**
   * Bounds refusing the values their schema names, left out: lengths no value of its format meets
   * (shapes/unmet-lengths.ts), bounds refusing values of its enum (the same).
   */
  unmetLengths?: string[];
  /** Enums the document marks open (x-ms-enum modelAsString), left out (shapes/open-enums.ts). */
  openEnums?: string[];
  /** Query parameters copying a paging field of the JSON request body, left out (shapes/paging-query-copies.ts). */
  pagingCopies?: string[];
  /**
   * Query parameters copying, as paging values, a query parameter named alike but for case, left out
   * (shapes/paging-query-copies.ts).
   */
  pagingCaseCopies?: string[];
  /** Patterns no reading compiles or no text matches: left out (shapes/unreadable-schemas.ts). */
  unreadable: string[];
  /** Types naming none: left out (shapes/unreadable-schemas.ts); their own review note says so. */
  untyped?: string[];
  /**
   * Shapes rewritten as the document means them, each place saying how: lists' enums of no list (shapes/list-enums.ts),
   * a `$ref`'s siblings (cut/ref-siblings.ts), Swagger 2.0's files. Not left out: the pattern's note is not theirs.
   */
  readAsMeant?: string[];
  /** 3.0 schemas' type lists, written as 3.0 says the same (cut/type-lists.ts). */
  typeLists?: string[];
  /** Formats their own examples break, rewritten (shapes/unmet-formats.ts): a date's as date-time, a UUID's out. */
  exampleFormats?: string[];
  /** Bare paging objects of replies given the fields their examples show (paging-example-fields.ts). */
  pagingExamples?: string[];
  /** The request examples left out: the judge refuses them (shapes/refused-request-examples.ts). */
  refused: string[];
  /** Examples written as their JSON text or a deepObject's pairs, read as the value written (deep-object-examples). */
  examplesAsJson?: string[];
  /** Unions whose required fields only different shapes list, each now required by its own shape. */
  shapeRequired: string[];
  /** Unions that required fields no shape (nor the union) lists: those left out of their `required`. */
  unlistedRequired?: string[];
  /** oneOfs each of whose shapes takes every value of another, written as anyOf (shapes/overlapping-unions.ts). */
  overlapping?: string[];
  /** Closings beside a union that list no field, left out (shapes/closed-beside-union.ts). */
  unionClosings?: string[];
  /** allOfs of a typed member and a null one, written as "that or null" (shapes/null-members.ts). */
  nullMembers?: string[];
  /** allOfs of members whose types share none, written as anyOf of them (shapes/null-members.ts). */
  disjointMembers?: string[];
  /** allOf members' fields a later member gives a type sharing none, left out of them (shapes/null-members.ts). */
  overriddenFields?: string[];
  /** Discriminated bases whose uses point at a union of their kinds (cut/discriminated-kinds.ts). */
  baseKinds?: string[];
  /** Servers put in another order (the one the draft takes first). */
  reordered?: string[];
}

/** What the shape rewrites change (../cut-rewrites.ts): CutChanges' fields but the credential's. */
export type ShapeChanges = Omit<
  CutChanges,
  "added" | "spelt" | "documentSteps" | "keyNames" | "anonymous" | "keyInBody" | "keyWay"
>;

/** The header's line on a key parameter drafted as a way of its own (auth/requirements/parameter-alternatives.ts). */
function keyWayLines(keyWay: readonly string[]): string[] {
  return keyWay.length
    ? [
        `Added by blockwright add, not published: ${keyWay.join(" and ")} (an API key the operations take as a ` +
          "parameter beside the declared schemes, drafted as a way to authenticate of its own).",
      ]
    : [];
}

export function cutHeader(
  provider: string,
  source: CutSource,
  report: CutReport,
  chosen: SelectedOperation[],
  { added, spelt, documentSteps = [], keyNames = [], anonymous, keyInBody = [], keyWay = [], ...shapes }: CutChanges,
  answers: CutAnswers,
): string {
  const version =
    source.kind.format === "swagger" ? "Swagger 2.0, converted to OpenAPI 3.0" : `OpenAPI ${source.kind.version}`;
  const lines = [
    `Cut by blockwright add ${provider} from ${source.origin} (sha256 ${source.sha256.slice(0, 12)}…, ${version}):`,
    `the path items of ${chosen.map((c) => operationRef(c.method, c.path, c.operationId)).join(", ")} (only those ` +
      "methods) and everything they $ref, as published.",
    `The published document is pinned in upstream/: blockwright upstream ${provider} <newer document> lists what ` +
      "a newer one changes.",
    ...(added.length
      ? [
          `Added by blockwright add, not published: ${added.join(" and ")} (no chosen operation names the ` +
            "security scheme it takes).",
        ]
      : []),
    ...keyWayLines(keyWay),
    ...(documentSteps.length
      ? [`Changed by blockwright add, the document read as it means: ${documentSteps.join("; ")}.`]
      : []),
    ...(spelt.length
      ? [`Changed by blockwright add: ${spelt.join("; ")}: a requirement names a scheme by its name, case-sensitively.`]
      : []),
    ...(keyNames.length ? [`Changed by blockwright add: ${keyNames.join("; ")}.`] : []),
    ...(anonymous.length
      ? [
          `Written out by blockwright add: ${anonymous.join(", ")}: [] ` +
            `(${anonymous.length === 1 ? "it names" : "they name"} no security scheme, nor does the document for ` +
            "all: no credential, as published).",
        ]
      : []),
    ...(keyInBody.length
      ? [
          `Written out by blockwright add: ${keyInBody.map((id) => `${id}.security`).join(", ")}: [] (the added ` +
            "scheme's requirement does not hold there: the document has the key in the request body, a field sent as " +
            "the operation's own).",
        ]
      : []),
    ...shapeLines(shapes, "blockwright add"),
    ...(report.dropped.length
      ? [
          `Left out: ${report.dropped.join(", ")} (top level; no chosen operation needs ` +
            `${report.dropped.length === 1 ? "it" : "them"}).`,
        ]
      : []),
    ...movedLines(report, "blockwright add").concat(sharedIdsLine(chosen), undeclaredSchemesLine(chosen)),
    ...cutAnswerLines(answers, "blockwright add"),
  ];
  // One comment line each, whatever a document's names hold: a line break in an operationId wrote YAML of its own.
  return lines.map((l) => `# ${lineText(l)}\n`).join("");
}

/** The header's lines on the shapes the cut rewrote (../cut-rewrites.ts), `by` the command that rewrote them. */
export function shapeLines(
  {
    placeholders,
    unmet,
    unmetLengths = [],
    openEnums = [],
    pagingCopies = [],
    pagingCaseCopies = [],
    unreadable,
    untyped = [],
    readAsMeant = [],
    typeLists = [],
    exampleFormats = [],
    pagingExamples = [],
    refused,
    examplesAsJson = [],
    reordered = [],
    ...unions
  }: ShapeChanges,
  by: string,
): string[] {
  return [
    ...(reordered.length
      ? [
          `Changed by ${by}: ${reordered.join("; ")} (generate, the mocks and the contract suite read ` +
            "the first server).",
        ]
      : []),
    ...(unmet.length
      ? [`Left out by ${by}: the format of ${unmet.join(", ")} (no value meets it and its pattern together).`]
      : []),
    ...(unmetLengths.length
      ? [
          `Left out by ${by}: ${unmetLengths.join(", ")} (no value of the format meets them, or they ` +
            "refuse a value of the enum, or no value of the lengths meets the pattern, which refuses its example, " +
            "or an int32 format's range refuses its example).",
        ]
      : []),
    ...openEnumAndCopyLines(openEnums, pagingCopies, pagingCaseCopies, by),
    ...(unreadable.length || untyped.length
      ? [
          `Left out by ${by}: ${[...unreadable, ...untyped].join(", ")} (no reader holds it as written, or no value ` +
            "meets it).",
        ]
      : []),
    ...(readAsMeant.length ? [`Changed by ${by}: ${readAsMeant.join(", ")} (read as the document means it).`] : []),
    ...schemaChangeLines(typeLists, exampleFormats, pagingExamples, by),
    ...(refused.length
      ? [
          `Left out by ${by}: ${refused.join(", ")} (each breaks the request body's schema, as the request ` +
            "judge reads it).",
        ]
      : []),
    ...(examplesAsJson.length
      ? [
          `Changed by ${by}: ${examplesAsJson.join(", ")} (each written as its JSON text, a string, or as a ` +
            "query's name[key] pairs: read as the value it writes).",
        ]
      : []),
    ...unionLines(unions, by),
    ...(placeholders.length
      ? [
          `Added by ${by}, not published: ${placeholders.join(", ")} (the document refers to ` +
            `${placeholders.length === 1 ? "it" : "them"} but defines ${placeholders.length === 1 ? "it" : "them"} ` +
            "nowhere: any value).",
        ]
      : []),
  ];
}

/** The header's lines on schemas add wrote as the document means them: 3.0's type lists, formats examples break. */
function schemaChangeLines(
  typeLists: readonly string[],
  exampleFormats: readonly string[],
  pagingExamples: readonly string[],
  by: string,
): string[] {
  return [
    ...(typeLists.length ? [`Changed by ${by}: ${typeLists.join(", ")} (${typeListsWhy(typeLists)}).`] : []),
    ...(exampleFormats.length
      ? [`Changed by ${by}: ${exampleFormats.join(", ")} (a format its own example breaks).`]
      : []),
    ...(pagingExamples.length
      ? [`Changed by ${by}: ${pagingExamples.join(", ")} (a paging object declared with no fields).`]
      : []),
  ];
}

/** The header's lines on the open enums and the query copies of a body's paging values add left out. */
function openEnumAndCopyLines(
  openEnums: readonly string[],
  pagingCopies: readonly string[],
  pagingCaseCopies: readonly string[],
  by: string,
): string[] {
  return [
    ...(openEnums.length
      ? [
          `Left out by ${by}: the enum of ${openEnums.join(", ")} (x-ms-enum's modelAsString: the ` +
            "service takes other values too; the known ones are in the description).",
        ]
      : []),
    ...(pagingCopies.length
      ? [
          `Left out by ${by}: the query parameters ${pagingCopies.join("; ")} (each a paging value the ` +
            "JSON request body carries under the same name, which the service reads: the body's field is sent).",
        ]
      : []),
    ...(pagingCaseCopies.length
      ? [
          `Left out by ${by}: the query parameters ${pagingCaseCopies.join("; ")} (each described as a ` +
            "paging value beside a query parameter of the same name but for case, which the service reads).",
        ]
      : []),
  ];
}

/** What the cut leaves a person to check. */
export function cutNotes(report: CutReport): ReviewNote[] {
  return [
    ...(report.unresolved.length
      ? [
          {
            at: ["openapi"],
            note:
              "openapi.yaml keeps $refs that name nothing in the published document: " + report.unresolved.join(", "),
          },
        ]
      : []),
    ...(report.external.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml keeps $refs to other files, which add does not fetch: ${report.external.join(", ")} ` +
              "(save them beside it)",
          },
        ]
      : []),
    ...(report.dropped.includes("webhooks")
      ? [
          {
            at: ["openapi"],
            note:
              `the published document's webhooks (events the service sends)${leftOut(report)} are left out of ` +
              "openapi.yaml, and no trigger is drafted for them: the document does not say how a delivery proves " +
              "its sender; to start workflows from one, copy its webhooks entry back and declare it under triggers " +
              "(docs/guides/triggers.md)",
          },
        ]
      : []),
  ];
}

/** The webhooks left out (their signing, which a trigger needs, undescribed), named as a note names many. */
function leftOut(report: CutReport): string {
  const names = (report.webhooksLeftOut ?? []).map((n) => JSON.stringify(n));
  return names.length ? ` ${namedFew(names, "webhooks")}` : "";
}

/** The notes on what the cut changes of the published document, for a person to check. */
export function cutChangeNotes(
  renamed: ReadonlyMap<string, string>,
  {
    unmet,
    unmetLengths = [],
    openEnums = [],
    pagingCopies = [],
    pagingCaseCopies = [],
    unreadable,
    ...unions
  }: Pick<
    CutChanges,
    | "unmet"
    | "unmetLengths"
    | "openEnums"
    | "pagingCopies"
    | "pagingCaseCopies"
    | "unreadable"
    | Exclude<keyof UnionChanges, "shapeRequired">
  >,
  placeholders: readonly string[],
  answers: CutAnswers,
  shapeRequired: readonly string[] = [],
): ReviewNote[] {
  return [
    ...cutAnswerNotes(answers, "first"),
    ...unionNotes({ ...unions, shapeRequired }),
    ...(renamed.size
      ? [
          {
            at: ["auth"],
            note:
              "the document's security requirements name " +
              `${[...renamed].map(([from, to]) => `${from} where the scheme is declared as ${to}`).join(", ")}: ` +
              "openapi.yaml writes them as declared (names of schemes are case-sensitive, and a requirement names a " +
              "declared one)",
          },
        ]
      : []),
    ...unmetNotes(unmet, unmetLengths),
    ...pagingCopyNotes(pagingCopies, pagingCaseCopies),
    ...(openEnums.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml leaves out the enum of ${openEnums.join(", ")}: the document marks it open (x-ms-enum's ` +
              "modelAsString), so its values are the known ones and the service takes others; they are in the " +
              "description",
          },
        ]
      : []),
    ...(unreadable.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml leaves out ${unreadable.join(", ")}: no ECMAScript regular expression, with the Unicode ` +
              "flag or without, or one no text matches, so nothing (the runtime, the mocks, the request judge) could " +
              "hold it or no value could be sent; write the rule the API means, here and on the parameter",
          },
        ]
      : []),
    ...(placeholders.length
      ? [
          {
            at: ["openapi"],
            note:
              "openapi.yaml adds what the published document refers to but defines nowhere " +
              `(${placeholders.join(", ")}), each accepting any value: write its shape if you know it`,
          },
        ]
      : []),
    ...cutAnswerNotes(answers, "last"),
  ];
}

/** The notes on rules no value meets together, of which add left one out (unmet-formats.ts, unmet-lengths.ts). */
function unmetNotes(unmet: readonly string[], unmetLengths: readonly string[]): ReviewNote[] {
  return [
    ...(unmet.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml leaves out the format of ${unmet.join(", ")}: no value meets it and the pattern beside ` +
              "it together, and the pattern is the exact rule; check which the API holds",
          },
        ]
      : []),
    ...(unmetLengths.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml leaves out ${unmetLengths.join(", ")}: no value of the format meets them, or they ` +
              "refuse a value of the enum beside them, and the format or the enum names the values the API takes; " +
              "or no value of its lengths meets the pattern, which refuses its own example, or an int32 format's " +
              "range refuses the example (written int64); " +
              "set the bounds the API holds, if any",
          },
        ]
      : []),
  ];
}
