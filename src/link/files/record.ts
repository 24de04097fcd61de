// The record of the `files` concept (link/concept-record.ts): files sent and downloaded.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";

export const files = {
  wording:
    "**Files:** a parameter of `type: file` is a part of a multipart/form-data body (the part `file` where " +
    'the document\'s multipart body is one file naming no part) or, at `pointer: ""`, ' +
    "the whole body when the document's body is raw bytes such as `application/octet-stream` or `image/*` (or " +
    "offers them beside JSON, `*/*` or `application/octet-stream`: the file is sent instead of the JSON, as its own " +
    "type, a rule giving one of the two), or a field of an `application/x-www-form-urlencoded` body (a text " +
    "format: the file's bytes each percent-encoded, or its base64 text where the field's `contentEncoding` is " +
    "`base64` or `base64url`, after the other fields); " +
    "given as bytes in code, a path on the command line and in workflows, or an https address (the only form " +
    "models are offered), held to `maxBytes` before any request; with `multiple: true`, a list of files, " +
    "each its own part under the field's name (the document's field is an array of files); `download: " +
    "true` reads an operation's file answer (or a redirect to it, followed without the credential; an " +
    "`application/json` answer whose schema is a binary string, JSON lines so declared, is a file, never parsed) " +
    "into the outputs `content`, `contentType`, `size` and `filename`, within `limits.replyBytes` (all of them " +
    "optional when the operation also declares a success answer without a body, such as a 204: no file).",
  schema: ["files"],
  tool: ["download"],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: { none: "files and downloads: the files fixture (specs-files/zqfiles) declares them" },
  fields: {
    "param.maxBytes": { surface: "params" },
    "param.contentType": {
      none: "the type a file's part carries when its value names none: what a call accepts and returns is unchanged",
    },
    "param.multiple": { surface: "params" },
    "operation.download": { surface: "outputs" },
  },
} as const satisfies ConceptRecord;
