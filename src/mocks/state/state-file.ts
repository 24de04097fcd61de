// The records a stateful mock keeps (mock-state.ts rewrites answers from them): each provider's resources' records,
// for the life of one process, or in a file (`--state <file>`) written whole after each change and read back by the
// next run.
import { existsSync, readFileSync } from "node:fs";
import { writeWhole } from "../../common/files.js";
import type { RecordStamp } from "./record-stamps.js";

type Node = Record<string, unknown>;

/** One resource's records, in the order they were made. */
export interface Kept {
  made: number;
  records: Node[];
  deleted: string[];
  /** Whether a create made no record (said once). */
  unmade?: boolean;
}

/** A state file that cannot be read as one (named, with why). */
export class StateFileError extends Error {}

const FORMAT = "blockwright-mock-state";

/** The records of every provider's resources in one process, kept in `file` when given. */
export class MockState {
  private readonly providers: Record<string, Record<string, Kept>> = {};

  /**
   * `stamps`: by provider, the fields set to the time a record is made or changed (record-stamps.ts), kept by no file.
   */
  constructor(
    readonly file?: string,
    readonly stamps: Readonly<Record<string, readonly RecordStamp[]>> = {},
  ) {
    if (!file || !existsSync(file)) return;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      throw new StateFileError(`--state ${file}: not a state file the mock wrote (${(e as Error).message})`);
    }
    if (!isNode(data) || data.format !== FORMAT || !isNode(data.providers))
      throw new StateFileError(`--state ${file}: not a state file the mock wrote (no "format": "${FORMAT}")`);
    Object.assign(this.providers, data.providers);
  }

  kept(provider: string, resource: string): Kept {
    const resources = (this.providers[provider] ??= {});
    return (resources[resource] ??= { made: 0, records: [], deleted: [] });
  }

  /** After a change: the file written whole (a reader never sees half of it). */
  changed(): void {
    if (this.file) writeWhole(this.file, `${JSON.stringify({ format: FORMAT, providers: this.providers }, null, 2)}\n`);
  }
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
