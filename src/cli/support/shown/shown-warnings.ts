// The warnings `generate` and `add` print, the upstream's own wrong examples a few a file: a published document that
// gets one kind of example wrong everywhere (a boolean written as the text "true") gave one warning a place, 40 to 100
// lines on every generate, in which a warning of another kind was lost. Each is still counted, and `generate --json`
// lists every one.
import { PUBLISHED_LEFT_OUT } from "../../../load/examples/published-examples.js";

/** How many of the upstream's wrong examples are shown a file before the rest are counted. */
export const SHOWN_A_FILE = 3;

/** `warnings` as printed: the upstream's wrong examples past SHOWN_A_FILE a file counted in a line of their own. */
export function shownWarnings(warnings: readonly string[], most = SHOWN_A_FILE): string[] {
  const shown: string[] = [];
  const published = new Map<string, number>();
  for (const warning of warnings) {
    const file = warning.endsWith(PUBLISHED_LEFT_OUT) ? /^(.+?):\d+:\d+: /.exec(warning)?.[1] : undefined;
    if (file === undefined) {
      shown.push(warning);
      continue;
    }
    const seen = (published.get(file) ?? 0) + 1;
    published.set(file, seen);
    if (seen <= most) shown.push(warning);
  }
  for (const [file, seen] of published)
    if (seen > most)
      shown.push(
        `${file}: ${seen - most} more of the published document's own examples that do not match their schemas ` +
          "(left out, mocks and the contract suite do not use them): `blockwright generate --json` lists every one",
      );
  return shown;
}
