// A mock of what its caller has linked already. A contract run's worker holds each provider's document as the mock
// would load it (bundled, cut to what the manifest binds, its examples checked) and its manifest: read again, a whole
// published API's (tens of MB) took its mock minutes. And a worker runs a part of the suite, calling some of a
// provider's tools: its mocks serve their operations alone, since Prism prepares every operation it is given (a part
// of a whole published API of 22,361 operations had run no case nine minutes after its mock's start).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { boundByManifest, cutToBound } from "./bound-cut.js";
import type { OpenApiDocument } from "./openapi-document.js";
import type { YamlSource } from "./yaml-source.js";

/** A provider as its caller linked it. */
export interface LinkedSubject {
  /** Its OpenAPI document as linked (openapi-source.ts, cut to what the manifest binds). */
  document: OpenApiDocument;
  /** Its manifest's data. */
  manifest: unknown;
  /** Its tools as linked: those that page are paged by the mock (mocks/mock-paging.ts). */
  tools: readonly ToolSpec[];
  /** The tools whose operations the mock serves, the others left out of its document; undefined: all of them. */
  serves?: ReadonlySet<string>;
}

/**
 * The document a mock of `subject` serves: the linked one, cut to the operations of the tools it serves (and what
 * bound-cut.ts keeps with them: their routes, the pages a next address may name, every `$ref` followed). The cut
 * shares its values with the linked document, which the mock's own copy (mockDocument) leaves untouched.
 */
export function servedSource(subject: LinkedSubject): YamlSource {
  const source = subject.document.source;
  const bound = subject.serves && boundByManifest(subject.manifest, subject.serves);
  const cut = bound && cutToBound(source.data, bound);
  return cut ? { ...source, data: cut } : source;
}
