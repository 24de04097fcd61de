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
  "params.patternChanged": "request-parameter-pattern-changed",
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
  "params.fieldAddedRequiredInNewForm": "new-required-request-property",
  "params.fieldAddedRequiredInSomeForms": "new-required-request-property",
  "params.fieldMadeNullable": "request-property-became-nullable",
  "params.fieldDeprecated": "request-property-deprecated",
  "params.fieldReactivated": "request-property-reactivated",
  "params.fieldBecameWritable": "request-property-became-writable",
  "params.fieldBecameReadOnly": "request-property-became-read-only",
  "params.fieldValuesRestricted": "request-property-additional-properties-restricted",
  "params.fieldMinLengthSet": "request-property-min-length-set",
  "params.fieldMaxLengthIncreased": "request-property-max-length-increased",
  "params.fieldMaxItemsIncreased": "request-property-max-items-increased",
  "params.fieldLimitTightened": "request-property-limit-tightened",
  "params.fieldLimitLoosened": "request-property-limit-loosened",
  "params.fieldPatternChanged": "request-property-pattern-changed",
  "params.fieldFormatChanged": "request-property-format-changed",
  "params.fieldFormatChecked": "request-property-format-changed",
  "params.formatChanged": "request-parameter-format-changed",
  "params.formatRemoved": "request-parameter-format-changed",
  "params.deprecated": "request-parameter-deprecated",
  "params.reactivated": "request-parameter-reactivated",
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
  "outputs.fieldGuaranteed": "response-property-became-required",
  "outputs.noLongerNull": "response-property-became-not-nullable",
  "outputs.oneOfAdded": "response-property-one-of-added",
  "outputs.oneOfAddedToOptional": "response-property-one-of-added",
  "outputs.deprecated": "response-property-deprecated",
  "outputs.enumSet": "response-property-enum-set",
  "outputs.reactivated": "response-property-reactivated",
  "outputs.formatChanged": "response-property-format-changed",
  "security.scopeAdded": "api-security-scope-added",
  "security.scopeRemoved": "api-security-scope-removed",
  "security.added": "api-security-added",
  "security.removed": "api-security-removed",
  "deprecated.added": "api-deprecated",
  "deprecated.removed": "api-reactivated",
  "description.changed": "api-description-changed",
  "success status.added": "response-success-status-added",
  "success status.removed": "response-success-status-removed",
  "server default.defaultChanged": "api-server-changed",
  "server default.basePathChanged": "api-server-changed",
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

/**
 * A parameter's kind id as a request body field's (upstream names a body field's changes so): its wire is `body:/…`.
 */
const AS_BODY_FIELD: Record<string, string> = {
  "request-parameter-removed": "request-property-removed",
  "new-required-request-parameter": "new-required-request-property",
  "new-optional-request-parameter": "new-optional-request-property",
  "request-parameter-type-changed": "request-property-type-changed",
  "request-parameter-became-required": "request-property-became-required",
  "request-parameter-became-optional": "request-property-became-optional",
  "request-parameter-default-value-changed": "request-property-default-value-changed",
  "request-parameter-description-changed": "request-property-description-changed",
  "request-parameter-limit-tightened": "request-property-limit-tightened",
  "request-parameter-limit-loosened": "request-property-limit-loosened",
  "request-parameter-pattern-changed": "request-property-pattern-changed",
  "request-parameter-enum-value-removed": "request-property-enum-value-removed",
  "request-parameter-enum-value-added": "request-property-enum-value-added",
  "request-parameter-deprecated": "request-property-deprecated",
  "request-parameter-reactivated": "request-property-reactivated",
  "request-parameter-format-changed": "request-property-format-changed",
  "params-enum-added": "request-property-enum-set",
};

/** The kind id of a change to a parameter sent as a body field; `rule` names the limit (`limit added: minLength`). */
export function bodyFieldKind(kind: string, rule: string): string {
  if (kind === "request-parameter-limit-tightened" && rule === "limit added: minLength")
    return "request-property-min-length-set";
  if (kind === "request-parameter-limit-loosened" && rule === "limit loosened: maxLength")
    return "request-property-max-length-increased";
  if (kind === "request-parameter-limit-loosened" && rule === "limit loosened: maxItems")
    return "request-property-max-items-increased";
  return AS_BODY_FIELD[kind] ?? kind;
}
