// The cut header's lines and the review notes on the unions add rewrote: as published, no value met them (required
// fields across shapes, fields nothing lists, overlapping shapes, a closing beside shapes, a member of type null), and
// the discriminated bases written as the union of their kinds (as published, a body of one could hold only its fields).
import type { ReviewNote } from "../manifest-yaml.js";

/** What add changed of the unions (CutChanges' fields of them). */
export type UnionChanges = {
  [K in
    | "shapeRequired"
    | "unlistedRequired"
    | "overlapping"
    | "unionClosings"
    | "nullMembers"
    | "disjointMembers"
    | "overriddenFields"
    | "baseKinds"]?: readonly string[];
};

/** The header's lines on the unions add rewrote: no value met them as published. */
export function unionLines(
  {
    shapeRequired = [],
    unlistedRequired = [],
    overlapping = [],
    unionClosings = [],
    nullMembers = [],
    disjointMembers = [],
    overriddenFields = [],
    baseKinds = [],
  }: UnionChanges,
  by: string,
): string[] {
  return [
    ...(shapeRequired.length
      ? [
          `Changed by ${by}: ${shapeRequired.join("; ")}: each field required by the one shape of its ` +
            "oneOf that lists it, not beside the union (which required fields of different shapes together: no " +
            "value met it).",
        ]
      : []),
    ...(unlistedRequired.length
      ? [
          `Left out by ${by}: the required fields of ${unlistedRequired.join("; ")} (neither a shape of ` +
            "a union, nor the union, nor a closed object lists them: no value met it).",
        ]
      : []),
    ...(overlapping.length
      ? [
          `Changed by ${by}: ${overlapping.join("; ")}: anyOf, not oneOf (each shape takes every value of ` +
            "another: no value was of exactly one, so none met the union).",
        ]
      : []),
    ...(unionClosings.length
      ? [
          `Left out by ${by}: the additionalProperties: false of ${unionClosings.join("; ")} (listing no ` +
            "field of its own, it refused every field of the shapes beside it; each shape keeps its own).",
        ]
      : []),
    ...(nullMembers.length
      ? [
          `Changed by ${by}: ${nullMembers.join("; ")}: anyOf of the other members and null, not allOf ` +
            "(a value of type null beside one of another type: no value met it).",
        ]
      : []),
    ...(disjointMembers.length
      ? [
          `Changed by ${by}: ${disjointMembers.join("; ")}: anyOf of the members, not allOf (their types ` +
            "share none: no value met it).",
        ]
      : []),
    ...(overriddenFields.length
      ? [
          `Changed by ${by}: ${overriddenFields.join("; ")} (the two gave the field types that share none: ` +
            "no value met it; the earlier member written out without it, the shared schema as published).",
        ]
      : []),
    ...(baseKinds.length
      ? [
          `Added by ${by}: ${baseKinds.join("; ")}: each $ref to the base outside an allOf points at the ` +
            "union of the schemas extending it, kept with it (a value is one of its kinds).",
        ]
      : []),
  ];
}

/** The review notes on the unions add rewrote. */
export function unionNotes({
  shapeRequired = [],
  unlistedRequired = [],
  overlapping = [],
  unionClosings = [],
  nullMembers = [],
  disjointMembers = [],
  overriddenFields = [],
  baseKinds = [],
}: UnionChanges): ReviewNote[] {
  return [
    ...baseKindNotes(baseKinds),
    ...shapeRequiredNotes(shapeRequired),
    ...unlistedRequiredNotes(unlistedRequired),
    ...overlappingNotes(overlapping),
    ...unionClosingNotes(unionClosings),
    ...nullMemberNotes(nullMembers),
    ...(disjointMembers.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml writes ${disjointMembers.join("; ")} as anyOf of the members: the document's allOf asked ` +
              "a value to be of each member's type at once, which none is; a value of one member now meets it. " +
              "Check which shape the API means",
          },
        ]
      : []),
    ...(overriddenFields.length
      ? [
          {
            at: ["openapi"],
            note:
              `openapi.yaml writes ${overriddenFields.join("; ")}: the document's allOf gave a field two types that ` +
              "share none (a generic reply's data and an endpoint's), which no value is; the later member's, the " +
              "endpoint's own, is read. Check the replies against the API",
          },
        ]
      : []),
  ];
}

/** The note on discriminated bases written as the union of their kinds (cut/discriminated-kinds.ts). */
function baseKindNotes(baseKinds: readonly string[]): ReviewNote[] {
  if (!baseKinds.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml writes ${baseKinds.join("; ")}: where the document uses such a base, a value is one of the ` +
        "schemas extending it (its discriminator, where it has one, names which), so a body of it takes any kind's " +
        "fields, not the base's alone. Check the values naming each kind in the union's mapping",
    },
  ];
}

/** The note on allOfs of a null member beside a typed one, written as "that or null" (shapes/null-members.ts). */
function nullMemberNotes(nullMembers: readonly string[]): ReviewNote[] {
  if (!nullMembers.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml writes ${nullMembers.join("; ")} as anyOf of the other members and null: the document's ` +
        "allOf asked a value to be of type null and of another type at once, which none is (a nullable written " +
        "as allOf, perhaps); a value of the other members, or null, now meets it. Check whether the API takes null",
    },
  ];
}

/** The note on unions whose required fields add moved into their own shapes (shapes/required-across-shapes.ts). */
function shapeRequiredNotes(shapeRequired: readonly string[]): ReviewNote[] {
  if (!shapeRequired.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml requires the fields of ${shapeRequired.join("; ")} each in the one shape of its oneOf ` +
        "that lists it: the document required them all beside the union, which no value meets (it is of one " +
        "shape); check which the API requires",
    },
  ];
}

/** The note on unions whose required fields no shape lists, left out by add (shapes/required-across-shapes.ts). */
function unlistedRequiredNotes(unlistedRequired: readonly string[]): ReviewNote[] {
  if (!unlistedRequired.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml no longer requires the fields of ${unlistedRequired.join("; ")}: the document required them ` +
        "where nothing lists them (beside a union none of whose shapes does, or in a closed object or its allOf " +
        "members: a shape's " +
        "sub-fields or a field renamed, perhaps), which no value meets; check which fields the API requires",
    },
  ];
}

/** The note on closings beside a union that refused its shapes' fields, left out (shapes/closed-beside-union.ts). */
function unionClosingNotes(unionClosings: readonly string[]): ReviewNote[] {
  if (!unionClosings.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml leaves out the additionalProperties: false of ${unionClosings.join("; ")}: listing no field ` +
        "of its own, it refused every field its shapes list, so no value holding one met it; each shape keeps its " +
        "own closing. Check which fields the API refuses",
    },
  ];
}

/** The note on oneOfs no value met, written as anyOf by add (shapes/overlapping-unions.ts). */
function overlappingNotes(overlapping: readonly string[]): ReviewNote[] {
  if (!overlapping.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml writes ${overlapping.join("; ")} as anyOf: each of its shapes takes every value of another ` +
        "(alike but for their descriptions or for null, or one requiring more fields of an open other), so no value " +
        "(or null alone) was of exactly one and none met the oneOf; a value of any shape now meets it. Check how " +
        "the API tells them apart (a field of one fixed value in each shape, an enum or const, would let oneOf hold)",
    },
  ];
}
