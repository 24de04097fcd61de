// Every example of an OpenAPI document, checked against its schema at
// generation time: a media type's `example` and named `examples`, a
// parameter's or header's, and a schema's own `example`. A wrong example
// would otherwise pass generation and surface later as a mock's opaque 500.
//
// The files are walked as they are written (following `$ref`s from file to
// file), so that a problem names the example's own `file:line:col`. The
// walk first gathers every schema and every example; then each schema is
// registered under its file URL and JSON pointer (so references between
// files resolve) and each value is checked by @cfworker/json-schema, an
// interpreting validator (the one the MCP SDK offers): one check per example
// costs far less than compiling a validator for it, which dominated
// generation time with Ajv. OpenAPI 3.0 schemas are JSON Schema with a few
// differences, bridged on a copy: `nullable`, and boolean
// `exclusiveMinimum`/`exclusiveMaximum`. Of formats, only those the mocks'
// validator (Prism's, ajv-formats) refuses a value for and this one reads
// alike are checked (CHECKED_FORMATS): an example a mock would refuse (a
// relative path under `format: uri`) is found here, with its position,
// instead of failing every mock case. The specs use many other formats that
// no validator knows, and vendors disagree on the rest. `byte` (base64), which
// @cfworker/json-schema does not know, is added to its formats, and `time` as
// the mocks read it (format-texts.ts).
import { format as knownFormats, type Schema } from "@cfworker/json-schema";
import { entryOf } from "@blockwright/runtime/internal/generate";
import { BASE64_PATTERN, TIME_PATTERN } from "./format-texts.js";
import type { SourceError, YamlSource } from "../yaml-source.js";
import { usesJsonSchema2020 } from "../openapi-json-schema.js";
import { type ExampleMismatch, Walker } from "./example-walker.js";
import { EMAIL_AS_MOCKS_READ, TIME_AS_MOCKS_READ } from "./schema-lookup.js";

export { type ExampleMismatch, type Path, schemaUri } from "./example-walker.js";

type Node = Record<string, unknown>;

/**
 * Formats checked in a live answer (documentSchemas, for verify): what the format means to the document's
 * author, in validators that agree on it.
 */
const ANSWER_FORMATS: ReadonlySet<string> = new Set(["uri", "email", "date-time", "date", "uuid", "ipv4", "ipv6"]);
/**
 * Formats a request is held to (the request judge's): a live answer's, and those the mocks check in a request (a value
 * a mock refuses would otherwise be kept by the judge) that the validators read alike: `byte` (base64), `duration`,
 * `uri-reference`, `regex` (the mocks compile it without the `u` flag, this one with it: no looser), and `time` as
 * the mocks read it (TIME_AS_MOCKS_READ).
 */
export const REQUEST_FORMATS: ReadonlySet<string> = new Set([
  ...ANSWER_FORMATS,
  "byte",
  "duration",
  "uri-reference",
  "regex",
  "time",
  TIME_AS_MOCKS_READ,
]);
/**
 * OpenAPI's `byte` (base64 text) and a `time` as the mocks' validator reads it (its offset optional, where
 * @cfworker/json-schema's own `time` wants one), as format-texts.ts writes them: @cfworker/json-schema knows neither,
 * so they are added to the formats it reads, which only the schemas that keep such a format reach (each lookup drops
 * the formats its caller does not check).
 */
const BYTE = new RegExp(BASE64_PATTERN);
const MOCKS_TIME = new RegExp(TIME_PATTERN);
(knownFormats as Record<string, (text: string) => boolean>).byte ??= (text) => BYTE.test(text);
(knownFormats as Record<string, (text: string) => boolean>)[TIME_AS_MOCKS_READ] ??= (text) => MOCKS_TIME.test(text);
/** ajv-formats' `email` in its full mode, which the mocks' Prism checks its answers with: a dot in the domain. */
const LOCAL_PART = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOMAIN_LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const MOCKS_EMAIL = new RegExp(`^${LOCAL_PART}(?:\\.${LOCAL_PART})*@(?:${DOMAIN_LABEL}\\.)+${DOMAIN_LABEL}$`, "i");
(knownFormats as Record<string, (text: string) => boolean>)[EMAIL_AS_MOCKS_READ] ??= (text) => MOCKS_EMAIL.test(text);

/**
 * Formats checked in examples: the mocks' validator (Prism's, ajv-formats) refuses values of these, and
 * @cfworker/json-schema reads them alike. `url` there wants a public host name (`http://localhost:3000/…`, in a
 * published example, fails both), which is the mock's rule, not the author's: live answers are not held to it.
 * `time` as the mocks read it (TIME_AS_MOCKS_READ: the two validators disagree on a time without its offset, which
 * the mocks take). `int32` and `int64`: the mocks read each as a range (schema-lookup.ts), which the copy the example
 * is checked against is given.
 */
const CHECKED_FORMATS: ReadonlySet<string> = new Set([
  ...ANSWER_FORMATS,
  EMAIL_AS_MOCKS_READ,
  "time",
  TIME_AS_MOCKS_READ,
  "byte",
  "int32",
  "int64",
  "url",
  "uri-reference",
  "uri-template",
  "hostname",
  "duration",
  "json-pointer",
  "relative-json-pointer",
]);

export function validateExamples(files: Map<string, YamlSource>, rootFile: string): SourceError[] {
  const { problems, mismatches } = examineExamples(files, rootFile);
  return [...problems, ...mismatches.map((m) => m.error)];
}

/**
 * Every example checked: examples that do not match their schema apart from the other problems (references that do not
 * resolve, unusable schemas).
 */
export function examineExamples(
  files: Map<string, YamlSource>,
  rootFile: string,
): { problems: SourceError[]; mismatches: ExampleMismatch[] } {
  const walker = walkerOf(files, rootFile);
  return { problems: walker.run(rootFile), mismatches: walker.mismatches };
}

/**
 * The same, stopping between two chunks of checks once `signal` is given (a whole published document has thousands).
 */
export async function examineExamplesUntil(
  files: Map<string, YamlSource>,
  rootFile: string,
  signal: AbortSignal | undefined,
): Promise<{ problems: SourceError[]; mismatches: ExampleMismatch[]; listsRead: number }> {
  const walker = walkerOf(files, rootFile);
  const problems = await walker.runUntil(rootFile, signal);
  return { problems, mismatches: walker.mismatches, listsRead: walker.read.lists };
}

/**
 * Every schema of the document as the example check registers them (JSON
 * Schema copies under `schemaUri(file, path)`), for other checks of values
 * against the document (a live answer's body): `draft` is the one to
 * validate with.
 */
export interface DocumentSchemas {
  lookup: Record<string, Schema | boolean>;
  draft: "7" | "2020-12";
  is31: boolean;
}

export function documentSchemas(
  files: Map<string, YamlSource>,
  rootFile: string,
  formats: ReadonlySet<string> = ANSWER_FORMATS,
): DocumentSchemas {
  const walker = walkerOf(files, rootFile, formats);
  return { lookup: walker.schemasOf(rootFile), draft: walker.is31 ? "2020-12" : "7", is31: walker.is31 };
}

function walkerOf(files: Map<string, YamlSource>, rootFile: string, formats = CHECKED_FORMATS): Walker {
  const version = String((entryOf(files, rootFile).data as Node)?.openapi ?? "3.0");
  return new Walker(files, usesJsonSchema2020(version), formats);
}
