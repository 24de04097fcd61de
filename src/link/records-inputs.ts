// The concept records of a tool's inputs: the operation it calls, its
// parameters and their limits, where each goes on the wire, the constants
// sent with them, and the rules across them.
// concept-records.ts gathers the groups; the order here is the records' order.
import { type ConceptRecord, decided, PRESENTATION } from "./concept-record.js";
import { descriptionSurface, requestSurface, titleSurface } from "./operation/operation.js";
import { successStatusesSurface } from "./operation/responses.js";
import { paramsSurface } from "./params/params.js";
import { rulesSurface } from "./rules/rules.js";

// Why a field is not recorded in the surface, where several fields share the reason.
const SENT_BY_PACKAGE = "a value the package sends itself: callers neither give nor read it";
const PARAM_SUBJECT = "recorded as part of the parameter (params)";

export const INPUT_CONCEPTS = {
  operation: {
    wording:
      '**Operations** (`operations`, by tool id): the OpenAPI `operationId` a tool calls (or its method and path, `"POST /v1/records"`, where the document gives it no id), with the `title` and `description` people and models read; the method, the path, the success statuses and the documented answers come from the document.',
    schema: ["provider", "operation"],
    tool: ["id", "provider", "title", "description", "operationId", "method", "path", "successStatuses", "responses", "defaultResponse"],
    surface: { title: titleSurface, description: descriptionSurface, request: requestSurface, successStatuses: successStatusesSurface },
    link: null,
    contract: { kind: "example" },
    shelf: { field: "operation.operationId" },
    fields: {
      "manifest.provider": { none: "the package's identity: another provider id is another package (diff reports one removed, one new)" },
      ...decided({ none: PRESENTATION }, ["manifest.name", "manifest.description", "manifest.longDescription", "manifest.color", "manifest.category", "manifest.docsUrl"]),
      "manifest.openapi": { none: "where the spec is read: the surface records what it yields, and the file's hash under inputs" },
      "manifest.operations": { fields: "operation" },
      "operation.operationId": { surface: "request" },
      "operation.title": { surface: "title" },
      "operation.description": { surface: "description" },
    },
  },
  params: {
    wording: "**Parameters** (shared `params`, and each operation's): type, `required`, `default` (sent unless `sendDefault: false`), `secret`, `visibility` (`user-only` for what only a person fills in), `placeholder`, `example`.",
    schema: ["params"],
    tool: ["params"],
    surface: { params: paramsSurface },
    link: null,
    contract: { kind: "limit" },
    shelf: { field: "param.maxLength" },
    fields: {
      ...decided({ fields: "param" }, ["manifest.params", "operation.params"]),
      ...decided({ surface: "params" }, ["param.type", "param.title", "param.description", "param.required", "param.default", "param.secret", "param.visibility", "param.example"]),
      "param.sendDefault": { none: "whether the default travels or is the upstream's own: the call accepts and returns the same" },
      "param.placeholder": { none: PRESENTATION },
    },
  },
  paramLimits: {
    wording:
      "**Limits** of a parameter: `minimum`, `maximum`, `multipleOf` (taken from the spec), `integer`, `minLength`, `maxLength`, `pattern`, `enum`, `format` (`date-time`, `date`, `email`, `uri`, `uuid`, `ipv4`, `ipv6`, taken from the spec; `base-url`), `separator` (a list of values in one string, e.g. comma-separated values from the enum), `keys`, `values` and `items` (limits of the values inside a `json` object or array, taken from the spec's `additionalProperties` and `items`), `minItems` and `maxItems` (how many items a `json` array holds, taken from the spec), `forbiddenKeys`. A limit may be tighter than the spec's, never looser (`limitsFromSpec` takes the spec's). A string sent in the address or a header needs a maximum length, implied by an enum, a format or a pattern anchored with `^…$` of bounded length, else stated; a credential's default is 4096 characters. Rules that admit no value (a pattern that cannot meet the length bounds) are refused at generate time.",
    schema: ["param-limits"],
    tool: [],
    surface: {},
    link: null,
    contract: { kind: "limit" },
    shelf: { field: "param.minimum" },
    fields: {
      ...decided({ surface: "params" }, [
        "param.integer",
        "param.minimum",
        "param.maximum",
        "param.multipleOf",
        "param.minLength",
        "param.maxLength",
        "param.pattern",
        "param.enum",
        "param.limitsFromSpec",
        "param.caseInsensitive",
        "param.format",
        "param.separator",
        "param.jsonType",
        "param.minItems",
        "param.maxItems",
        "nestedLimits.type",
        "nestedLimits.minLength",
        "nestedLimits.maxLength",
        "nestedLimits.pattern",
        "nestedLimits.format",
        "nestedLimits.enum",
        "nestedLimits.minimum",
        "nestedLimits.maximum",
        "param.forbiddenKeys",
        "param.forbiddenKeys.keys",
        "param.forbiddenKeys.caseInsensitive",
        "param.forbiddenKeys.hint",
      ]),
      "param.patternHint": { none: "wording of the pattern for people and models; the pattern is recorded (params)" },
      ...decided({ fields: "nestedLimits" }, ["param.keys", "param.values", "param.items"]),
    },
  },
  paramBranches: {
    wording:
      "**Forms of a value** (`anyOf` on a `json` parameter): where the document allows several forms (`oneOf`/`anyOf`: an id or a name, a string or an object, one value or a list), each form its `type` and that type's limits. A value meeting one form, tried in order, is sent as it is; each form is held to the document's form of its type, never looser; the generated types, the models' schemas and the docs show every form.",
    schema: ["param-branches"],
    tool: [],
    surface: {},
    link: null,
    contract: { none: "a parameter's branches are read as the parameters they stand for: the request and random-input cases of those reach them" },
    shelf: { none: "a parameter of several branches (anyOf): its link tests plant it" },
    fields: {
      "param.anyOf": { fields: "paramBranch" },
      ...decided({ surface: "params" }, [
        "paramBranch.type",
        "paramBranch.integer",
        "paramBranch.minimum",
        "paramBranch.maximum",
        "paramBranch.multipleOf",
        "paramBranch.minLength",
        "paramBranch.maxLength",
        "paramBranch.pattern",
        "paramBranch.enum",
        "paramBranch.caseInsensitive",
        "paramBranch.format",
        "paramBranch.jsonType",
        "paramBranch.minItems",
        "paramBranch.maxItems",
        "paramBranch.items",
      ]),
      "paramBranch.patternHint": { none: "wording of the pattern for people and models; the pattern is recorded (params)" },
    },
  },
  wire: {
    wording:
      "**Wire placement** (`wire`): `path`, `query` or `header` (with `name` when the wire name differs, `escape` for quoting, `multiSegment` for a path value whose `/` go as they are, a file path; `field`, a field of the object a query parameter holds, sent as its style writes the field); `body` at a JSON `pointer` (`\"\"` is the whole body; `split`, `wrapUnlessKey`); or `switch`, a boolean that adds constant wire values when true. Each value is written as the spec says: a parameter's `style` and `explode` (label, matrix, form, spaceDelimited, pipeDelimited, deepObject) or its `content` (JSON); the body in the media type the spec gives: JSON (including vendor `+json` types, sent as that Content-Type) or `application/x-www-form-urlencoded`, following the spec's `encoding` (`deepObject`, `form`, `explode`, a field's JSON `contentType`).",
    schema: ["wire"],
    tool: ["body"],
    surface: {},
    link: null,
    contract: { kind: "request" },
    shelf: { field: "param.wire" },
    fields: {
      ...decided({ surface: "params" }, ["param.wire", "wireNamed.in", "wireNamed.name", "wireNamed.field", "wireBody.in", "wireBody.pointer", "wireBody.split", "wireBody.split.separator", "wireBody.split.maxItems", "wireSwitch.in"]),
      "wireNamed.escape": { none: `how a value is quoted on the wire; the placement is ${PARAM_SUBJECT}` },
      "wireNamed.multiSegment": { none: `how a path value's \`/\` go on the wire (as they are, not %2F); the placement is ${PARAM_SUBJECT}` },
      "wireBody.wrapUnlessKey": { none: `how a JSON value is wrapped in the body, whatever the caller gives; the placement is ${PARAM_SUBJECT}` },
      "wireSwitch.whenTrue": { none: SENT_BY_PACKAGE },
    },
  },
  constants: {
    wording:
      "**Constants:** provider-wide `constants` (headers or query values every call sends, e.g. an API version or a vendor `Accept` type: it must admit a media type each operation's success response offers) and per-operation `constants`. Keys starting with `x-` are ignored by the linker: use them to hold YAML anchors shared by several operations (`x-anchors: { owner: &owner {…} }`, then `owner: *owner`).",
    schema: ["constants"],
    tool: ["constants"],
    surface: {},
    link: null,
    contract: { kind: "request" },
    shelf: { field: "operation.constants" },
    fields: { ...decided({ none: SENT_BY_PACKAGE }, ["manifest.constants", "constant.in", "constant.name", "constant.value", "constant.pointer", "operation.constants"]) },
  },
  rules: {
    wording: "**`rules`** across parameters: `exactlyOne`, `anyOf` (at least one group), `allowedValues` (values depending on another parameter), `dependentLimits` (limits depending on another parameter).",
    schema: ["rules"],
    tool: ["rules"],
    surface: { rules: rulesSurface },
    link: null,
    contract: { kind: "rule" },
    shelf: { field: "operation.rules" },
    fields: { ...decided({ surface: "rules" }, ["operation.rules", "rule.rule", "rule.params", "rule.groups", "rule.param", "rule.dependsOn", "rule.values", "rule.limits"]) },
  },
} as const satisfies Record<string, ConceptRecord>;
