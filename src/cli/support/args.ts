// Command-line arguments through node:util's parseArgs (standard syntax:
// `--opt value`, `--opt=value`, `--` ends the options), with its errors
// turned into one-line usage errors.
import { existsSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { parseArgs as parse, type ParseArgsConfig } from "node:util";
import { UsageError } from "./io.js";
import { NPM_SCOPE } from "../../model/naming.js";
import { didYouMean } from "../../common/problems/suggest.js";

export type Options = NonNullable<ParseArgsConfig["options"]>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  /** The options in the order given (for options that pair up, such as each --reporter with its --output). */
  order: { name: string; value?: string }[];
}

/** `--specs` and `--out`: where the user's project keeps its specs and generated packages. */
export const PROJECT_OPTIONS = {
  specs: { type: "string" },
  out: { type: "string" },
} as const satisfies Options;

export function parseArgs(argv: string[], options: Options): Parsed {
  const all: Options = { help: { type: "boolean", short: "h" }, ...options };
  try {
    const { values, positionals, tokens } = parse({
      args: argv,
      options: all,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    const order = tokens.flatMap((t) =>
      t.kind === "option" ? [{ name: t.name, ...(t.value !== undefined ? { value: t.value } : {}) }] : [],
    );
    return { values: values as Parsed["values"], positionals, order };
  } catch (e) {
    const error = e as { code?: string; message: string };
    const option = /'(-[^' ]+)/.exec(error.message)?.[1];
    switch (error.code) {
      case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
        throw new UnknownOption(
          `unknown option ${option ?? error.message}` +
            `${option ? didYouMean(option.split("=")[0] ?? option, optionNames(all)) : ""}`,
          optionNames(all),
        );
      case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
        if (/ambiguous/.test(error.message))
          throw new UsageError("BW3001", `${option} needs a value; one starting with a dash is written ${option}=-…`);
        throw new UsageError(
          "BW3001",
          /argument missing/.test(error.message) ? `${option} needs a value` : `${option} takes no value`,
        );
      default:
        throw new UsageError("BW3001", error.message);
    }
  }
}

/** An option the command does not take; `known` are those it takes (what its help must list: usage-options.test.ts). */
export class UnknownOption extends UsageError {
  constructor(
    message: string,
    readonly known: string[],
  ) {
    super("BW3001", message);
  }
}

/** Every spelling of the options: `--name`, and `-x` for a short one. */
function optionNames(options: Options): string[] {
  return Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
}

export function stringOption(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === "string" ? value : undefined;
}

export function listOption(parsed: Parsed, name: string): string[] {
  const value = parsed.values[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
}

/** A positive whole number, at most `max` (by default the largest a timer takes, 2147483647). */
export function positiveInteger(value: string | undefined, flag: string, max = 2 ** 31 - 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isInteger(n) || n <= 0)
    throw new UsageError("BW3003", `${flag} takes a positive whole number, got ${JSON.stringify(value)}`);
  if (n > max) throw new UsageError("BW3003", `${flag} takes a whole number up to ${max}, got ${value.trim()}`);
  return n;
}

/** A `--seed`: a whole number that fits 32 bits; undefined when none was given. */
export function seedOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value)) || Math.abs(Number(value)) >= 2 ** 31)
    throw new UsageError(
      "BW3003",
      `--seed takes a whole number between -2147483648 and 2147483647, got ${JSON.stringify(value)}`,
    );
  return Number(value);
}

/** The project folders a command works on: the user's, never the package's own. */
export function projectDirs(parsed: Parsed, cwd: string): { specs: string; out: string } {
  return {
    specs: resolve(cwd, stringOption(parsed, "specs") ?? "specs"),
    out: resolve(cwd, stringOption(parsed, "out") ?? "generated"),
  };
}

/** --scope, when given: an npm scope (it names every generated package). */
export function scopeOption(parsed: Parsed): string | undefined {
  const scope = stringOption(parsed, "scope");
  if (scope !== undefined && !NPM_SCOPE.test(scope))
    throw new UsageError("BW3003", `--scope takes an npm scope such as @acme, got ${JSON.stringify(scope)}`);
  return scope;
}

/**
 * The providers of the specs folder a command works on: the `named` ones,
 * else all of them. A missing folder, an unknown name or an empty folder is
 * a usage error, worded the same for every command.
 */
export async function projectProviders(specs: string, cwd: string, named: readonly string[]): Promise<string[]> {
  const { existsSync, statSync } = await import("node:fs");
  const where = relative(cwd, specs) || ".";
  if (!existsSync(specs))
    throw new UsageError("BW3005", `no specs folder ${where} (pass --specs, or run blockwright init)`);
  if (!statSync(specs).isDirectory())
    throw new UsageError(
      "BW3007",
      `--specs ${where}: is a file, not a folder (the specs folder holds one folder per provider)`,
    );
  const { providerDirs } = await import("../../load/provider-dirs.js");
  const known = providerDirs(specs);
  for (const p of named) {
    if (known.includes(p)) continue;
    throw new UsageError(
      "BW3005",
      `unknown provider ${JSON.stringify(p)}${didYouMean(p, known, JSON.stringify)} (providers: ` +
        `${known.join(", ") || "none"})`,
    );
  }
  if (!known.length) throw new UsageError("BW3005", `no providers in ${where}`);
  return named.length ? [...new Set(named)] : known;
}

/** The provider packages generated in `out`; none at all is a usage error. */
export async function generatedPackages(out: string, cwd: string): Promise<string[]> {
  const { generatedProviders } = await import("../../registry/registry.js");
  const available = generatedProviders(out);
  if (!available.length) throw new UsageError("BW3005", noGeneratedPackages(out, cwd));
  return available;
}

export function noGeneratedPackages(out: string, cwd: string): string {
  return `no generated provider packages in ${relative(cwd, out) || "."} (run blockwright generate, or pass --out)`;
}

/**
 * --refs-in (add, upstream) as an absolute folder: one that is there and holds the root, else a usage error naming
 * both.
 */
export function refsFolder(given: string, root: string, cwd: string): string {
  const folder = resolve(cwd, given);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new UsageError("BW3003", `--refs-in ${given}: no such folder`);
  const inside = relative(folder, root);
  if (inside.startsWith("..") || isAbsolute(inside))
    throw new UsageError(
      "BW3003",
      `--refs-in ${given}: the folder must hold the document's root, ${relative(cwd, root)}`,
    );
  return folder;
}
