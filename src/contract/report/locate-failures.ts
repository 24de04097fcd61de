// Where each case that did not pass derives from (its manifest or spec line), found once the run is over, for the
// reports. A place in a large document may need the document read whole (a 57 MB one: 12 s of CPU, 50 s on a loaded
// machine), so the finding stops at Ctrl-C or SIGTERM: the places found so far stay, the others are left out.
import { pacer } from "../../common/checkpoint.js";
import type { CaseResult } from "../run.js";
import { locateSource } from "../sources.js";
import type { Subject } from "../types.js";

export async function locateFailures(
  subjects: readonly Pick<Subject, "provider" | "document" | "manifest">[],
  results: CaseResult[],
  signal?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) return;
  const byName = new Map(subjects.map((subject) => [subject.provider, subject]));
  // A turn of the event loop between places (at most every 50 ms), for the signal's handler to run.
  const pace = pacer(signal);
  for (const r of results) {
    const subject = byName.get(r.provider);
    if (r.status === "passed" || !subject || r.at) continue;
    try {
      await pace();
    } catch {
      return;
    }
    const at = locateSource(subject, r.source);
    if (at) r.at = at;
  }
}
