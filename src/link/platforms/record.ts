// The record of the `platforms` concept (link/concept-record.ts): what the workflow platforms (n8n, Sim) make of the
// tools. link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { n8nCredentialSurface, n8nSurface, simSurface } from "./platforms.js";

export const platforms = {
  wording:
    "**n8n and Sim** (nothing to write: what `generate --target n8n` and `--target sim` make of the tools): " +
    "each package's `surface.json` records what saved workflows there hold — each operation's n8n properties " +
    "(where a value is saved, its type, options and default), the n8n credential's fields, " +
    "each Sim tool's parameters (type, required, visibility) — and `blockwright diff` says what a change does " +
    "to them (a parameter removed, a default changed, a value closed to models).",
  schema: [],
  tool: [],
  surface: { n8n: n8nSurface, "n8n.credential": n8nCredentialSurface, sim: simSurface },
  link: null,
  contract: {
    none:
      "where the platforms put each parameter: their own engines run the files " +
      "(contract-tests/<platform>.contract.test.ts)",
  },
  shelf: { none: "no manifest field: every provider has its platform entries" },
} as const satisfies ConceptRecord;
