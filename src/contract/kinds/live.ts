// The kinds of case no spec derives, rows of the same table as the derived
// ones (index.ts): `live`, made by `blockwright verify` from a live service's
// answers (src/verify/), and `replay`, made by `test --replay` from verify's
// recordings (src/verify/replay.ts).
import type { LiveKindModule } from "../types.js";

export const liveKind = {
  made: "verify",
  doc: {
    when: "`blockwright verify <provider> --base-url <url>`",
    cases:
      "each read-only call made on the live service or a sandbox (a write only when `--allow-writes` names " +
      "it), and one without its credential: the answer held against the spec's response for its status " +
      "(schema, required headers and those the outputs read) and against the outputs the block promises; each " +
      "difference with its JSON pointer, spec line and Overlay patch",
  },
} as const satisfies LiveKindModule;

export const replayKind = {
  made: "test --replay",
  doc: {
    when: "`blockwright test <provider> --replay <dir>`",
    cases:
      "each call `verify --record` kept, made again by the tool as generated now on the recorded answers " +
      "(offline, secrets as stand-ins): the same requests sent, and each answer still agreeing with the specs " +
      "and giving the outputs the block promises",
  },
} as const satisfies LiveKindModule;
