// What `blockwright verify` (and `test --replay`) find when a real answer is
// held against the specs: each difference, where in the answer it is (a JSON
// pointer), the place in the specs it contradicts, and a suggested patch of
// the OpenAPI document as an OpenAPI Overlay action for the user to review.
import { formatPosition, type SourcePosition } from "../load/yaml-source.js";

export type DriftKind =
  /** The answer lacks a field its schema requires. */
  | "missing-required"
  /** A value of another JSON type than its schema's. */
  | "type-mismatch"
  /** Any other schema keyword the value breaks (enum, minimum, pattern, …). */
  | "constraint"
  /** A field the schema does not declare (informational: it fails nothing). */
  | "extra-field"
  /** A status the operation's responses do not list (and no range or default covers). */
  | "undeclared-status"
  /** A response header the spec marks required, or one the output mapping reads, is absent. */
  | "missing-header"
  /** An output the block promises is absent or of another type than declared. */
  | "output"
  /**
   * The request breaks the document's rules: the request judge refused it (unsent), or a stand-in (`blockwright mock`)
   * did.
   */
  | "request"
  /** A stand-in answered itself, not from the document (informational: nothing of the upstream to check). */
  | "stand-in";

/** One action of an OpenAPI Overlay 1.0 document (https://spec.openapis.org/overlay/v1.0.0). */
export interface OverlayAction {
  /** A JSONPath into the OpenAPI document. */
  target: string;
  description: string;
  /** Merged into each object the target selects. */
  update?: unknown;
  /** Removes what the target selects. */
  remove?: true;
}

export interface Drift {
  /** The tool (operation) id. */
  operation: string;
  kind: DriftKind;
  /**
   * Where in the answer: a JSON pointer into the body (`/items/0/id`), or
   * `/status`, `/headers/<name>` (lower case), `/outputs/<path>`, `/request`.
   */
  pointer: string;
  /** In words: what the spec says and what the answer had. */
  message: string;
  /** Reported, but fails nothing (an undeclared field). */
  informational?: boolean;
  /**
   * The place in the specs the answer contradicts: the schema keyword, the responses map, the header, the manifest's
   * output.
   */
  at?: SourcePosition;
  /** A suggested patch of the OpenAPI document (none for a manifest's output). */
  overlay?: OverlayAction;
}

/** One drift on a line of a failure message: kind, pointer, words, and the spec's place. */
export function describeDrift(d: Drift): string {
  return `  - ${d.kind} ${d.pointer || "(the whole body)"}: ${d.message}${d.at ? ` (${formatPosition(d.at)})` : ""}`;
}
