// The change kinds shared by `upstream` and `diff`: a stable id each (the
// ids of contract-tests/history/KINDS.md, which follow oasdiff's rule names),
// the severity it has unless the document says more, and what it means to a
// caller. Severity is judged from a caller's side: breaking when a call or a
// reading that was right can be wrong now; non-breaking when old calls and
// readings stay right; informational for text and annotations.

export type Severity = "breaking" | "non-breaking" | "informational";

export const SEVERITIES: readonly Severity[] = ["breaking", "non-breaking", "informational"];

export interface KindInfo {
  severity: Severity;
  /** Why, in a few words, for a report line. */
  reason: string;
  /** A workflow comparing against known values, or reading what it names, should be told. */
  workflowVisible?: true;
  /**
   * The other severities a change of the kind takes where what changed says more (a format the block checks added:
   * breaking): any other a report gives is the kind's own (severityIn).
   */
  also?: readonly Severity[];
}

const k = (severity: Severity, reason: string, workflowVisible?: true, also?: readonly Severity[]): KindInfo => ({
  severity,
  reason,
  ...(workflowVisible ? { workflowVisible } : {}),
  ...(also ? { also } : {}),
});

export const KINDS = {
  "api-removed": k("breaking", "the operation is gone"),
  "api-path-changed": k(
    "breaking",
    "the operation is served at another path (under its operationId, or under a prefix with a name of its words): " +
      "calls to the old one fail; upstream --accept follows it",
  ),
  "api-deprecated": k("non-breaking", "still served, marked deprecated", true),
  "api-reactivated": k("non-breaking", "its deprecated mark was removed"),
  "api-description-changed": k("informational", "text only"),
  "api-stability-level-changed": k("informational", "a label only"),
  "api-operation-id-changed": k(
    "informational",
    "the document names the operation otherwise: its tool keeps its name; upstream --accept writes the new " +
      "operationId, which call and the document's types then use",
  ),
  "api-security-added": k("non-breaking", "another credential is accepted; the old ones remain"),
  "api-security-removed": k("breaking", "a credential the operation accepted is no longer listed"),
  "api-security-scope-added": k("breaking", "a token now needs another scope"),
  "api-security-scope-removed": k("non-breaking", "a token needs one scope less"),
  "api-security-scheme-changed": k("breaking", "the credential the operation takes is sent another way"),
  "api-security-scheme-url-changed": k(
    "informational",
    "the document gives another address for obtaining a token; the manifest's auth.flows holds the one the " +
      "runtime uses",
  ),
  "api-server-changed": k(
    "breaking",
    "the operation is served at another address: calls to the old one, where the manifest's server sends them, may " +
      "fail",
  ),
  "new-optional-request-parameter": k("non-breaking", "a new optional parameter"),
  "new-required-request-parameter": k("breaking", "every call must now send it"),
  "request-parameter-removed": k("breaking", "a call sending it sends what the operation no longer takes"),
  "request-parameter-became-required": k("breaking", "every call must now send it"),
  "request-parameter-became-optional": k("non-breaking", "calls may leave it out"),
  "request-parameter-type-changed": k("breaking", "a value of the old type may be refused"),
  "request-parameter-limit-tightened": k("breaking", "a value that passed may be refused"),
  "request-parameter-limit-loosened": k("non-breaking", "more values accepted"),
  "request-parameter-pattern-changed": k(
    "breaking",
    "another pattern, neither plainly wider nor narrower: a value that passed may be refused",
  ),
  "request-parameter-enum-value-added": k("non-breaking", "more values accepted"),
  "request-parameter-enum-value-removed": k("breaking", "a value a call may send is refused"),
  "request-parameter-enum-set": k("breaking", "only the listed values are accepted now"),
  "request-parameter-deprecated": k("non-breaking", "still accepted, marked deprecated", true),
  "request-parameter-reactivated": k("non-breaking", "its deprecated mark was removed", true),
  "request-parameter-description-changed": k("informational", "text only"),
  "request-parameter-renamed": k(
    "informational",
    "the same place of the path under another name: the wire is the same; upstream --accept follows the name",
  ),
  "request-parameter-format-changed": k(
    "informational",
    "a format the block does not check, or one removed: an annotation; one it checks, added or changed, is breaking",
    undefined,
    ["breaking"],
  ),
  // Breaking in a block's surface (`diff`): the default is the value the block sends a call that leaves it out.
  "request-parameter-default-value-changed": k(
    "informational",
    "a call that leaves it out may get another behaviour; documentation only",
    undefined,
    ["breaking"],
  ),
  "request-parameter-style-changed": k(
    "breaking",
    "its value is written another way (style, explode or media type): a call written the old way may not be read; " +
      "upstream --accept follows it",
  ),
  "request-body-became-required": k("breaking", "every call must now send a body"),
  "added-required-request-body": k(
    "breaking",
    "every call must now send a body, which no call sends; upstream --accept drafts its fields",
  ),
  "added-optional-request-body": k("non-breaking", "a call may send a body; those that send none stay right"),
  "request-body-removed": k(
    "breaking",
    "the operation takes no body: a call sends fields it no longer accepts; upstream --accept drops them",
  ),
  "request-body-media-type-removed": k(
    "breaking",
    "the body's media type a call sends is no longer listed: the API may refuse it; upstream --accept writes the " +
      "body as the newer document's type",
  ),
  "request-property-encoding-changed": k(
    "breaking",
    "the field is written another way in the body (a form field's style or explode, a part's content type): a " +
      "call written the old way may not be read; upstream --accept follows it",
  ),
  "new-optional-request-property": k("non-breaking", "a new optional field"),
  // Non-breaking where only a form of the value a call may send asks it (a new form, or some of them).
  "new-required-request-property": k("breaking", "every call must now send it", undefined, ["non-breaking"]),
  "request-property-removed": k("breaking", "a call sending it sends a field the operation no longer accepts"),
  "request-property-became-required": k("breaking", "every call must now send it"),
  "request-property-became-optional": k("non-breaking", "calls may leave it out"),
  "request-property-became-nullable": k("non-breaking", "null is accepted too"),
  "request-property-became-not-nullable": k("breaking", "null is refused"),
  "request-property-became-writable": k("non-breaking", "a read-only field may now be sent"),
  "request-property-became-read-only": k("breaking", "a field a call may send is now read-only"),
  "request-property-type-changed": k("breaking", "a value of the old type may be refused"),
  "request-property-type-generalized": k("non-breaking", "its old type and more are accepted"),
  "request-property-enum-value-added": k("non-breaking", "more values accepted"),
  "request-property-enum-value-removed": k("breaking", "a value a call may send is refused"),
  "request-property-enum-set": k("breaking", "only the listed values are accepted now"),
  "request-property-enum-removed": k("non-breaking", "any value of its type is accepted"),
  "request-property-additional-properties-restricted": k("breaking", "the map's values now have a declared schema"),
  "request-property-min-length-set": k("breaking", "a shorter value is refused"),
  "request-property-limit-tightened": k("breaking", "a value that passed may be refused"),
  "request-property-limit-loosened": k("non-breaking", "more values accepted"),
  "request-property-pattern-changed": k(
    "breaking",
    "another pattern, neither plainly wider nor narrower: a value that passed may be refused",
  ),
  "request-property-max-length-increased": k("non-breaking", "longer values accepted"),
  "request-property-max-items-increased": k("non-breaking", "longer lists accepted"),
  "request-property-deprecated": k("non-breaking", "still accepted, marked deprecated", true),
  "request-property-reactivated": k("non-breaking", "its deprecated mark was removed"),
  "request-property-description-changed": k("informational", "text only"),
  "request-property-format-changed": k(
    "informational",
    "a format the block does not check, or one removed: an annotation; one it checks, added or changed, is breaking",
    undefined,
    ["breaking"],
  ),
  // Breaking in a block's surface (`diff`): the default is the value the block sends a call that leaves it out.
  "request-property-default-value-changed": k(
    "informational",
    "a call that leaves it out may get another behaviour; documentation only",
    undefined,
    ["breaking"],
  ),
  // Every 2xx is a success to the runtime and the outputs are read alike: another status in place of one is seen
  // only by a reading of the status itself (an output from $statusCode), as a value added or no longer given is.
  "response-success-status-removed": k(
    "non-breaking",
    "no longer answered with this status: the call succeeds with another 2xx, its body read alike; " +
      "a reading of the status itself sees the change",
    true,
  ),
  "response-success-status-added": k(
    "non-breaking",
    "another success status may come back: a reading of the status itself may see it",
    true,
  ),
  "response-media-type-removed": k(
    "breaking",
    "the answer no longer comes as this media type, nor another of its kind: outputs read from it may fail",
  ),
  "response-description-changed": k("informational", "text only"),
  "response-header-added": k("non-breaking", "new data a caller may read"),
  "response-header-removed": k("breaking", "a header a caller may read is gone"),
  "response-header-description-changed": k("informational", "text only"),
  "response-header-type-changed": k(
    "breaking",
    "an output reading the header is of its type: another type is another value",
  ),
  "response-property-added": k("non-breaking", "new data a caller may read"),
  "response-property-removed": k("breaking", "a field a caller may read is gone"),
  "response-property-became-optional": k("breaking", "a field a caller reads may be absent"),
  "response-property-became-required": k("non-breaking", "stronger guarantee for readers"),
  "response-property-became-nullable": k("breaking", "a field a caller reads may be null"),
  "response-property-became-not-nullable": k("non-breaking", "stronger guarantee for readers"),
  "response-property-type-changed": k("breaking", "a reader expecting the old type may fail"),
  // Non-breaking where the old shape promised no field (every one optional).
  "response-property-one-of-added": k("breaking", "the field may come back in another shape", true, ["non-breaking"]),
  "response-property-enum-value-added": k(
    "non-breaking",
    "a workflow comparing against the known values should be told",
    true,
  ),
  "response-property-enum-value-removed": k("non-breaking", "a value is no longer returned"),
  "response-property-enum-set": k("non-breaking", "stronger guarantee for readers", true),
  "response-property-enum-removed": k("informational", "any value of its type; annotation only"),
  "response-property-deprecated": k("non-breaking", "still returned, marked deprecated", true),
  "response-property-reactivated": k("non-breaking", "its deprecated mark was removed"),
  "response-property-description-changed": k("informational", "text only"),
  "response-property-format-changed": k("informational", "annotation only"),
  "response-property-default-value-changed": k("informational", "a default on an output is documentation"),
  "response-property-limit-changed": k("informational", "a limit on an output is documentation"),
} as const satisfies Record<string, KindInfo>;

export type KindId = keyof typeof KINDS;

export function kindInfo(id: KindId): KindInfo {
  return KINDS[id];
}

/**
 * The severity of a change of `kind` one report judged `proposed` (`diff` by its semver level): that one where the kind
 * takes it, else the kind's own, so that `upstream` and `diff` give one change one severity; `proposed` for a kind
 * only `diff` has (pagination, routes, …).
 */
export function severityIn(kind: string, proposed: Severity): Severity {
  if (!Object.hasOwn(KINDS, kind)) return proposed;
  const info: KindInfo = KINDS[kind as KindId];
  return proposed === info.severity || info.also?.includes(proposed) ? proposed : info.severity;
}

/** Order for reports: breaking first, then non-breaking, then informational. */
export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/**
 * Text from a published document or a manifest, safe on a terminal line: as a JSON string when it holds a control or
 * line-separator character.
 */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  return /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text) ? JSON.stringify(text) : text;
}
