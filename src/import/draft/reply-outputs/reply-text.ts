// What a drafted reply output says it holds. A success answer's description is often its status's reason phrase or
// a word that the call went well ("OK", "Created", "successful operation"): nothing a workflow author reads of the
// body. The body's own schema then says it, its description or title, else a plain default.
import type { Schema } from "../../../load/openapi-document.js";
import { plainText, shortText } from "../../plain-text.js";

/** A description that says only that the call succeeded, as a status's reason phrase does. */
const SUCCESS_ONLY = new RegExp(
  "^(?:\\d{3}\\s*[:-]?\\s*)?(?:ok|created|accepted|updated|deleted|success|successful|succeeded|done|" +
    "(?:a\\s+)?successful\\s+(?:operation|response|request|call)|success(?:ful)?\\s+response|default\\s+response|" +
    "the\\s+request\\s+(?:has\\s+)?succeeded)[.!]?$",
  "i",
);

/** The description of an output holding the reply body: the answer's own, else its schema's, else a default. */
export function replyText(response: { description?: string }, body: Schema | undefined): string {
  const own = response.description ?? "";
  if (plainText(own).trim() && !SUCCESS_ONLY.test(plainText(own).trim())) return shortText(own, 200);
  const schemaText = [body?.description, body?.title].find((t) => typeof t === "string" && plainText(t).trim());
  return shortText(typeof schemaText === "string" ? schemaText : "The reply body.", 200);
}
