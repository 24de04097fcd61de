// A read whose success answer declares no content (`200: {description: "OK"}`, no media type, no schema): the draft
// reads its status only, and says so at its outputs, with what to declare (the linker reads no body the document does
// not declare, BW2021).
import type { OpenApiOperation } from "../../load/openapi-types.js";
import type { ReviewNote } from "../manifest-yaml.js";

/**
 * A read (GET) whose success answers declare no content at all (no media type, no schema; not a 204 or 205): the
 * answer has a body the call exists for, which no output can read while the document does not declare it (BW2021).
 */
export function unreadAnswer(op: OpenApiOperation, at: (string | number)[]): ReviewNote[] {
  if (op.method.toLowerCase() !== "get") return [];
  const success = op.responses.filter((r) => /^2\d\d$/.test(r.status) && r.status !== "204" && r.status !== "205");
  const first = success[0];
  if (!first || success.some((r) => r.mediaTypes.length)) return [];
  const note =
    `the document's ${first.status} answer to this GET declares no content (no media type, no schema): the ` +
    "draft's only output is its status, and the answer's body is not read; declare the answer's content in " +
    "openapi.yaml (its media type and schema), then read it in outputs";
  return [{ at: [...at, "outputs"], note }];
}
