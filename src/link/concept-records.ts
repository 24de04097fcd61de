// Every concept of the manifest language, as one record (concept-record.ts):
// its wording for provider authors, its schema fragments, the tool fields it
// fills, its surface entries and its link part — kept by group, a module
// each (records-*.ts). In the order diff reports the concepts' changes (and
// the link adds their parts); the docs list them in this order too. A small
// concept may be its record alone: the link part and the surface entry
// written in its group's module.
import type { ConceptRecord } from "./concept-record.js";
import { INPUT_CONCEPTS } from "./records-inputs.js";
import { OPERATION_CONCEPTS } from "./records-operations.js";
import { PLATFORM_CONCEPTS } from "./records-platforms.js";
import { PROVIDER_CONCEPTS } from "./records-provider.js";
import { TRIGGER_CONCEPTS } from "./records-triggers.js";

export const CONCEPTS = { ...PROVIDER_CONCEPTS, ...INPUT_CONCEPTS, ...OPERATION_CONCEPTS, ...TRIGGER_CONCEPTS, ...PLATFORM_CONCEPTS } as const satisfies Record<string, ConceptRecord>;
