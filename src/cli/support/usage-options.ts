// The options a command's help lists, read from its USAGE text: the one
// source of its help, the reference page (`npm run docs`) and the shell
// completion. usage-options.test.ts holds each command's help to the options
// its parser takes, so none of them can drift from the command.

export interface UsageOption {
  /** `--name` */
  name: string;
  /** `-x`, when it has a short form. */
  short?: string;
  /** It takes a value (`--name <value>`). */
  takesValue: boolean;
}

/**
 * An option line of a help text: two spaces, then `-x, --name` or `--name`, then a `<value>` or `=` when it takes one.
 */
const OPTION_LINE = /^ {2}(?:(-[A-Za-z]), )?(--[a-z][a-z0-9-]*)(?:([ =])(\S+))?/;

/**
 * An option of the usage line: `--name`, then its value (`<id>`, `a|b|c`) unless a bracket or another option comes
 * first.
 */
const USAGE_LINE_OPTION = /(--[a-z][a-z0-9-]*)(?:( |=)([^\s\]]+))?/g;

/** The options a USAGE text lists: on its usage line, and on its option lines, in that order. */
export function usageOptions(usage: string): UsageOption[] {
  const found = new Map<string, UsageOption>();
  const add = (name: string, short: string | undefined, takesValue: boolean) => {
    const seen = found.get(name);
    const shortForm = short ?? seen?.short;
    found.set(name, {
      name,
      ...(shortForm ? { short: shortForm } : {}),
      takesValue: takesValue || seen?.takesValue === true,
    });
  };
  const [first = "", ...rest] = usage.split("\n");
  for (const [, name = "", separator, next] of first.matchAll(USAGE_LINE_OPTION)) {
    if (name !== "--")
      add(name, undefined, separator === "=" || (next !== undefined && !next.startsWith("-") && !next.startsWith("[")));
  }
  for (const line of rest) {
    const m = OPTION_LINE.exec(line);
    if (!m?.[2]) continue;
    const [, short, name, separator, next] = m;
    add(name, short, separator === "=" || (next !== undefined && /^[<[]/.test(next)));
  }
  return [...found.values()];
}
