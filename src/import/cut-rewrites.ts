// The rewrites of a cut that read the document alone, not the credential drafted for it: the shapes no value meets
// as published, what the document names and defines nowhere, the server taken first, the request examples the judge
// refuses. add's cut makes them (draft-provider.ts), and so does the re-cut of `upstream --accept`
// (src/upstream/recut.ts), so that a newer version of a document add started from reads as add would read it.
import { withAddressSchemasAsAny } from "./cut/address-schemas.js";
import { nameRefusal, withNameRefsRead } from "./cut/name-refs.js";
import type { CutReport } from "./cut/cut.js";
import type { ShapeChanges } from "./cut/cut-header.js";
import { withMissingSchemas } from "./cut/missing-schemas.js";
import { withBaseKinds } from "./cut/discriminated-kinds.js";
import { withDeepObjectExamplesRead } from "./deep-object-examples.js";
import { withPatternEscapesRead } from "./pattern-escapes.js";
import { withPatternNamedPropertiesRead } from "./pattern-named-properties.js";
import { refSiblingNotes, withRefSiblingsAsAllOf } from "./cut/ref-siblings.js";
import {
  typeListNotes,
  withBooleanTextsRead,
  withNullTypesNamed,
  withTupleItemsRead,
  withTypeAliasesRead,
  withTypeListsAsThree0,
} from "./cut/type-lists.js";
import { withTakenServerFirst } from "./draft/server.js";
import type { ReviewNote } from "./manifest-yaml.js";
import { NAMED_FEW, namedFew } from "./named-few.js";
import { pagingExampleNotes, withPagingFieldsFromExamples } from "./paging-example-fields.js";
import { withoutClosingBesideUnions } from "./shapes/closed-beside-union.js";
import { withReplySchemasFromExamples } from "./example-schemas.js";
import { jsonTextParamNotes, withJsonTextParamsAsContent } from "./json-text-params.js";
import { listEnumNotes, withListEnumsOnItems } from "./shapes/list-enums.js";
import { withAllOfMembersRead } from "./shapes/null-members.js";
import { withoutOpenEnums } from "./shapes/open-enums.js";
import { withOverlappingUnionsAsAnyOf } from "./shapes/overlapping-unions.js";
import { withoutPagingCaseCopies, withoutPagingQueryCopies } from "./shapes/paging-query-copies.js";
import { withoutRefusedRequestExamples } from "./shapes/refused-request-examples.js";
import { withoutRequiredNoShapeLists, withRequiredInShapes } from "./shapes/required-across-shapes.js";
import { exampleFormatNotes, withExampleFormats, withoutUnmetFormats } from "./shapes/unmet-formats.js";
import { withoutUnmetBounds } from "./shapes/unmet-lengths.js";
import {
  unreadableTypeNotes,
  withoutUnreadablePatterns,
  withoutUnreadableTypes,
  withSwaggerFilesAsBinary,
} from "./shapes/unreadable-schemas.js";
import { UndraftableDocument } from "./uncallable.js";

type Json = Record<string, unknown>;

export interface ShapeRewrites {
  changes: ShapeChanges;
  /** The review notes on the server taken first, and on the rewrites cutChangeNotes does not word. */
  notes: { server: ReviewNote[]; cut: ReviewNote[] };
}

/**
 * The cut's shapes rewritten in place, in order: placeholders for what the document refers to and defines nowhere,
 * query parameters copying a paging field of the JSON body, patterns, types and formats no value meets, the server it
 * takes first, unions' required fields no shape lists left out and the others in their own shapes, a oneOf no value
 * is of one shape of as anyOf, a closing beside a union refusing its shapes' fields (before the request examples are
 * judged against what the cut says), the request examples the judge refuses; a header or query parameter whose words
 * say JSON text described by content (json-text-params.ts).
 */
export function rewriteCutShapes(
  doc: Json,
  report: CutReport,
  chosen: readonly { path: string; method: string }[],
  published: Json,
): ShapeRewrites {
  const [atAddresses, byName] = [withAddressSchemasAsAny(doc), withNameRefsRead(doc, published)];
  if (byName.refused.length) throw new UndraftableDocument(nameRefusal(byName.refused));
  report.external = report.external.filter((ref) => ![atAddresses, byName].some((s) => s.refs.includes(ref)));
  const placeholders = [...withMissingSchemas(doc, report), ...atAddresses.added, ...byName.added];
  const pagingCopies = withoutPagingQueryCopies(doc);
  const pagingCaseCopies = withoutPagingCaseCopies(doc);
  const escapes = withPatternEscapesRead(doc); // before the patterns' checks: they read what was meant
  const unreadable = withoutUnreadablePatterns(doc);
  const typeSlips = [
    ...withBooleanTextsRead(doc),
    ...withNullTypesNamed(doc),
    ...withTypeAliasesRead(doc),
    ...escapes,
    ...withPatternNamedPropertiesRead(doc),
  ];
  const files = withSwaggerFilesAsBinary(doc);
  const [shownReplies, jsonTextParams] = [withReplySchemasFromExamples(doc), withJsonTextParamsAsContent(doc)];
  const untyped = withoutUnreadableTypes(doc);
  const deepExamples = withDeepObjectExamplesRead(doc);
  const typeLists = [...typeSlips, ...withTypeListsAsThree0(doc), ...withTupleItemsRead(doc)];
  const [exampleFormats, pagingExamples] = [withExampleFormats(doc), withPagingFieldsFromExamples(doc)];
  const listEnums = withListEnumsOnItems(doc);
  const refSiblings = withRefSiblingsAsAllOf(doc);
  const unmet = withoutUnmetFormats(doc);
  const unmetLengths = withoutUnmetBounds(doc);
  const openEnums = withoutOpenEnums(doc);
  const reordered = withTakenServerFirst(doc);
  const unlistedRequired = withoutRequiredNoShapeLists(doc);
  const shapeRequired = withRequiredInShapes(doc);
  const overlapping = withOverlappingUnionsAsAnyOf(doc);
  const members = withAllOfMembersRead(doc);
  const baseKinds = withBaseKinds(doc);
  const unionClosings = withoutClosingBesideUnions(doc);
  const { refused, readAsJson } = withoutRefusedRequestExamples(doc, chosen);
  const jsonTextPlaces = jsonTextParams.map((p) => `${p.place} (${p.in} ${p.name} as JSON text)`);
  return {
    changes: {
      placeholders,
      unmet,
      unmetLengths,
      openEnums,
      pagingCopies,
      pagingCaseCopies,
      ...{
        unreadable,
        untyped,
        readAsMeant: [...listEnums, ...refSiblings, ...files, ...shownReplies, ...jsonTextPlaces],
      },
      ...{ typeLists, exampleFormats, pagingExamples },
      refused: refused.map((r) => r.place),
      examplesAsJson: [...readAsJson, ...deepExamples],
      shapeRequired,
      unlistedRequired,
      overlapping,
      unionClosings,
      ...members,
      baseKinds,
      reordered: reordered.changed,
    },
    notes: {
      server: reordered.notes,
      cut: [
        ...unreadableTypeNotes(untyped),
        ...listEnumNotes(listEnums),
        ...refSiblingNotes(refSiblings),
        ...byName.notes,
        ...typeListNotes(typeLists),
        ...exampleFormatNotes(exampleFormats).concat(pagingExampleNotes(pagingExamples)),
        ...refusedExampleNotes(refused),
        ...shownReplyNotes(shownReplies),
        ...jsonTextParamNotes(jsonTextParams),
        ...readAsJson.map((place) => ({
          at: ["openapi"],
          note:
            `openapi.yaml reads ${place} as the value its text writes: it is written as the body's JSON text (a ` +
            "string), which the request body's schema refuses; the contract suite and the mocks send that value",
        })),
        ...deepExamples.map((place) => ({
          at: ["openapi"],
          note:
            `openapi.yaml reads ${place} as the object it stands for, written as the query's pairs (name[key] ` +
            "keys) or as its JSON text (a string): the contract suite and the mocks send that object",
        })),
      ],
    },
  };
}

/**
 * The review notes of the request examples the cut leaves out, the judge refusing them: one each, or, past NAMED_FEW
 * of them (a document whose every example is a file's address, not a value), one a reason naming the examples it
 * holds, so that the notes stay readable.
 */
function refusedExampleNotes(refused: { place: string; why: string }[]): ReviewNote[] {
  const note = (places: string[], why: string): ReviewNote => ({
    at: ["openapi"],
    note:
      places.length === 1
        ? `openapi.yaml leaves out ${places[0]}: it breaks the request body's schema as the request judge reads it ` +
          `(${why}), so the contract suite and the mocks do not use it`
        : `openapi.yaml leaves out ${namedFew(places, "request examples")}: each breaks the request body's schema as ` +
          `the request judge reads it (${why}), so the contract suite and the mocks do not use them`,
  });
  if (refused.length <= NAMED_FEW) return refused.map((r) => note([r.place], r.why));
  const byWhy = new Map<string, string[]>();
  for (const { place, why } of refused) byWhy.set(why, [...(byWhy.get(why) ?? []), place]);
  return [...byWhy].map(([why, places]) => note(places, why));
}

/**
 * The review notes of the replies the cut gives the schema their examples show: one each, or, past NAMED_FEW of them
 * (a document whose every reply is shown by an example), one naming a few, so that the notes stay readable.
 */
function shownReplyNotes(changed: string[]): ReviewNote[] {
  if (!changed.length) return [];
  const places = changed.map((place) => place.replace(/ \(.*/, ""));
  const which = places.length === 1 ? `${places[0]} the schema its` : `${namedFew(places, "replies")} the schema their`;
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml gives ${which} examples show (published with none): their fields, of the types they show, none ` +
        "required, so outputs read them; check them against a real reply",
    },
  ];
}
