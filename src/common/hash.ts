// The one content hash of the project: generation stamps, surface input
// hashes, pinned upstream documents.
import { createHash } from "node:crypto";

/** The SHA-256 of a text (as UTF-8) or bytes, in hex. */
export function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}
