// add's printed summary of a draft made in a test (draft-kit's `drafted`), as `add` prints it for the provider acme.
import type { ProviderDraft } from "../../../import/draft-provider.js";
import { addSummary, summaryText } from "../add-summary.js";

export function printedSummary(d: ProviderDraft): string {
  const source = { origin: "zq.json", sha256: "0".repeat(64), kind: { format: "openapi", version: "3.0.3" } } as const;
  const summary = addSummary({
    ...{ provider: "acme", folder: "specs/acme", text: "{}", source, draft: d, pinned: [] },
    check: { problems: [], warnings: [] },
  });
  return summaryText(summary, d.notes);
}
