// The record of the `wire` concept (link/concept-record.ts): where each parameter goes on the wire.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided, SENT_BY_PACKAGE } from "../concept-record.js";

/** Why a placement detail is not recorded on its own. */
const PARAM_SUBJECT = "recorded as part of the parameter (params)";

export const wire = {
  wording:
    "**Wire placement** (`wire`): `path`, `query` or `header` (with `name` when the wire name differs, " +
    "`escape` for quoting, `multiSegment` for a path value whose `/` go as they are, a file path (`true`), or a " +
    "link whose reserved characters go as they are, its own query a query (`reserved`, RFC 6570's `{+name}`; " +
    "`as-given`, a link the service gave, a whole address followed only on the call's own origin); `field`, " +
    "a field of the object a query parameter holds, sent as its style writes the field); " +
    '`body` at a JSON `pointer` (`""` is the whole body; `split`, `wrapUnlessKey`; `otherFields`, a json object ' +
    "holding the other fields of the object there, those its schema does not name but leaves open, sent beside the " +
    "named ones); or `switch`, " +
    "a boolean that adds constant wire values when true. Each value is written as the spec says: " +
    "a parameter's `style` and `explode` (label, matrix, form, spaceDelimited, pipeDelimited, deepObject) " +
    "or its `content` (JSON; `add`'s cut writes so a header or query object or list declared with no `content` " +
    'whose words say JSON text, "a JSON object"); the body in the media type the spec gives: JSON (including vendor ' +
    "`+json` types, " +
    "sent as that Content-Type), `application/x-www-form-urlencoded`, following the spec's `encoding` " +
    "(`deepObject`, `form`, `explode`, a field's JSON `contentType`: its JSON text, a list a pair or part per item, " +
    "each its JSON, as OpenAPI 3.2's Encoding Object says and 3.0 and 3.1 documents are read too, whose \"default " +
    'for an array is defined based on the inner type" gives each item, not the list, a content type), ' +
    "or XML (`application/xml`, `text/xml`, " +
    "`+xml`), as the schema's `xml` objects say (element or attribute, `xml.name`, wrapped or unwrapped arrays, " +
    "`xml.namespace`, `xml.prefix`) under one root element: the schema's `xml.name`, its component's name, its " +
    "one property, or the one component of exactly its fields (which `add`'s cut writes on the body as " +
    "`xml.name`); a text XML cannot carry (a control character) is refused before the request; or one text " +
    "(`text/plain`, `text/csv`: a string schema under a media type none of these is), the whole-body string " +
    'parameter\'s (`pointer: ""`) UTF-8 bytes as they are; or, where the manifest says `bodyEncoding: json`, ' +
    "structured data under a text type (`text/plain` of an object or array schema): the fields' JSON text, sent " +
    "under the documented type.",
  schema: ["wire"],
  tool: ["body"],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: { field: "param.wire" },
  fields: {
    ...decided({ surface: "params" }, [
      "param.wire",
      "wireNamed.in",
      "wireNamed.name",
      "wireNamed.field",
      "wireBody.in",
      "wireBody.pointer",
      "wireBody.otherFields",
      "wireBody.split",
      "wireBody.split.separator",
      "wireBody.split.maxItems",
      "wireSwitch.in",
    ]),
    "wireNamed.escape": { none: `how a value is quoted on the wire; the placement is ${PARAM_SUBJECT}` },
    "wireNamed.multiSegment": {
      none:
        `how a path value's \`/\` (and a link's reserved characters) go on the wire (as they are, not %2F); ` +
        `the placement is ${PARAM_SUBJECT}`,
    },
    "wireBody.wrapUnlessKey": {
      none: `how a JSON value is wrapped in the body, whatever the caller gives; the placement is ${PARAM_SUBJECT}`,
    },
    "wireSwitch.whenTrue": { none: SENT_BY_PACKAGE },
    "operation.bodyEncoding": {
      none:
        "how the body's fields are written on the wire (their JSON text under the documented text type); " +
        "callers give the same fields",
    },
  },
} as const satisfies ConceptRecord;
