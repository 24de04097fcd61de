// A small, strict argument reader shared by the subcommands.
import { UsageError } from "./references.js";

export interface ArgSpec {
  /** Flags without a value. */
  flags?: string[];
  /** Options taking one value (repeatable ones collect into an array). */
  options?: string[];
  repeatable?: string[];
}

export interface ParsedArgs {
  positional: string[];
  flags: Set<string>;
  options: Map<string, string[]>;
}

export function parseArgs(argv: string[], spec: ArgSpec): ParsedArgs {
  const out: ParsedArgs = { positional: [], flags: new Set(), options: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (spec.flags?.includes(arg)) out.flags.add(arg);
    else if (spec.options?.includes(arg) || spec.repeatable?.includes(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (out.options.has(arg) && !spec.repeatable?.includes(arg)) throw new UsageError(`${arg} is given twice`);
      out.options.set(arg, [...(out.options.get(arg) ?? []), value]);
    } else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
    else out.positional.push(arg);
  }
  return out;
}

export function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} takes a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}
