// What `upstream --accept` carries of where the manifest reads an error's code and message (`errors`): where the
// manifest holds add's draft of the older document and add drafts them otherwise from the newer (Latitude.sh's fourth
// version declares its 422 answers as JSON:API errors, `{errors: [{code, detail}]}`, where the older had no error
// schema and add drafted the common places), the newer draft's. Kept, the message of every such answer was lost: the
// tool's error said only the status line, and `test`'s error cases failed. `errors` written by hand stay.
import type { Document } from "yaml";
import { addReviewNotes, draftedNode } from "../import/manifest-yaml.js";

type Json = Record<string, unknown>;

/** The manifest's `errors` following the newer draft's where it holds the older's; a line when written. */
export function carryErrors(yaml: Document, manifest: Json, older: unknown, newer: unknown, lines: string[]): void {
  if (older === undefined || newer === undefined) return;
  const mine = JSON.stringify(manifest.errors ?? null);
  if (mine !== JSON.stringify(older) || mine === JSON.stringify(newer)) return;
  yaml.setIn(["errors"], draftedNode(yaml, newer));
  addReviewNotes(
    yaml,
    ["errors"],
    [
      "where an error's code and message are read follows the newer document's error answers (blockwright " +
        "upstream --accept; it was add's draft of the older one): check them against a real error",
    ],
  );
  lines.push("errors: where the newer document's error answers keep their code and message, as add drafts it");
}
