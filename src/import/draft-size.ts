// A draft `add` would write that generate could not read. generate reads a provider's files within the input limits
// (src/load/input-file.ts: a manifest, an OpenAPI document), and a draft of a whole published API can pass them: a
// manifest repeats each operation's parameters, outputs and review notes, the cut is written as YAML. Such a draft is
// refused before anything is written, saying how to choose fewer operations: `add` never writes what generate refuses.
import { thousands } from "../emit/thousands.js";
import { INPUT_LIMITS, type InputLimit } from "../load/input-file.js";

const MiB = 1024 * 1024;

export class DraftTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DraftTooLarge";
  }
}

/**
 * Throws DraftTooLarge when a drafted file is over the limit generate reads it with. `operations` is how many were
 * chosen; `folder` the provider's folder as messages name it.
 */
export function refuseOversizedDraft(
  texts: { manifest: string; openapi: string },
  operations: number,
  folder: string,
): void {
  const over = (
    [
      ["manifest.yaml", texts.manifest, INPUT_LIMITS.manifest],
      ["openapi.yaml", texts.openapi, INPUT_LIMITS.document],
    ] as const
  ).flatMap(([name, text, limit]) => {
    const bytes = Buffer.byteLength(text);
    return bytes > limit.bytes ? [described(`${folder}/${name}`, bytes, limit)] : [];
  });
  if (!over.length) return;
  throw new DraftTooLarge(
    `the draft of ${thousands(operations)} operations would write ${over.join(" and ")}, which ` +
      "blockwright generate would refuse: nothing written. Choose fewer operations (--tag, --path-prefix or " +
      "--operations; add --from <document> --list lists them), or split the API into several providers, each a " +
      "part of it",
  );
}

function described(file: string, bytes: number, limit: InputLimit): string {
  return `${file} of ${(bytes / MiB).toFixed(1)} MiB, over the ${limit.bytes / MiB} MiB limit for ${limit.what}`;
}
