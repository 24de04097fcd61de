// The kind id of a surface change (`diff`): the same ids `upstream` gives
// (kinds.ts, after oasdiff's rule names) where the two meet — a parameter, a
// request field, an output — and `<subject>-<kind>` for what only a package
// surface has (pagination, polling, routes, …), stable because both parts
// are names in the code. The severity follows the level: breaking stays
// breaking, minor is non-breaking, patch informational.
import type { Level } from "../model/surface-entry.js";
import type { Severity } from "./kinds.js";

const SHARED: Record<string, string> = {
  "params.removed": "request-parameter-removed",
  "params.addedRequired": "new-required-request-parameter",
  "params.addedOptional": "new-optional-request-parameter",
  "params.typeChanged": "request-parameter-type-changed",
  "params.madeRequired": "request-parameter-became-required",
  "params.madeOptional": "request-parameter-became-optional",
  "params.defaultChanged": "request-parameter-default-value-changed",
  "params.textChanged": "request-parameter-description-changed",
  "params.limitAdded": "request-parameter-limit-tightened",
  "params.limitTightened": "request-parameter-limit-tightened",
  "params.limitLoosened": "request-parameter-limit-loosened",
  "params.limitRemoved": "request-parameter-limit-loosened",
  "params.enumValueRemoved": "request-parameter-enum-value-removed",
  "params.enumValueAdded": "request-parameter-enum-value-added",
  "params.fieldRemoved": "request-property-removed",
  "params.fieldAddedRequired": "new-required-request-property",
  "params.fieldAddedOptional": "new-optional-request-property",
  "params.fieldMadeRequired": "request-property-became-required",
  "params.fieldMadeOptional": "request-property-became-optional",
  "params.fieldTypeChanged": "request-property-type-changed",
  "params.fieldTypeWidened": "request-property-type-generalized",
  "params.fieldEnumValueRemoved": "request-property-enum-value-removed",
  "params.fieldEnumValueAdded": "request-property-enum-value-added",
  "params.fieldEnumSet": "request-property-enum-set",
  "params.fieldNoLongerNullable": "request-property-became-not-nullable",
  "outputs.removed": "response-property-removed",
  "outputs.added": "response-property-added",
  "outputs.typeChanged": "response-property-type-changed",
  "outputs.typeWidened": "response-property-type-changed",
  "outputs.madeOptional": "response-property-became-optional",
  "outputs.madeGuaranteed": "response-property-became-required",
  "outputs.textChanged": "response-property-description-changed",
  "outputs.mayBeNull": "response-property-became-nullable",
  "outputs.enumDropped": "response-property-enum-removed",
  "outputs.enumValueAdded": "response-property-enum-value-added",
  "outputs.enumValueNoLonger": "response-property-enum-value-removed",
  "outputs.fieldRemoved": "response-property-removed",
  "outputs.fieldAdded": "response-property-added",
  "outputs.fieldNoLongerGuaranteed": "response-property-became-optional",
  "deprecated.added": "api-deprecated",
  "deprecated.removed": "api-reactivated",
  "description.changed": "api-description-changed",
};

const kebab = (s: string) =>
  s
    .replace(/[.\s]+/g, "-")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();

/** The kind id of a change an entry with `subject` reported as `kind`. */
export function surfaceKind(subject: string, kind: string): string {
  return SHARED[`${subject}.${kind}`] ?? `${kebab(subject)}-${kebab(kind)}`;
}

export function severityOf(level: Level): Severity {
  return level === "breaking" ? "breaking" : level === "minor" ? "non-breaking" : "informational";
}
