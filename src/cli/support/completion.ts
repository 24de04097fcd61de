// Shell completion for bash, zsh and fish, written from the commands' own
// help (their options as usage-options.ts reads them): the command names,
// then each command's options; a value after an option that takes one, and
// arguments, complete as file names (workflows, documents, folders).
import type { UsageOption } from "./usage-options.js";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

export interface CompletedCommand {
  name: string;
  /** What it does (the overview's summary). */
  summary: string;
  options: UsageOption[];
}

/** Options every command takes. */
export const GLOBAL_OPTIONS: UsageOption[] = [
  { name: "--help", short: "-h", takesValue: false },
  { name: "--quiet", short: "-q", takesValue: false },
  { name: "--verbose", short: "-v", takesValue: false },
];

const spellings = (o: UsageOption) => [o.name, ...(o.short ? [o.short] : [])];
/** Text inside single quotes, for every shell here. */
const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

export function completionScript(shell: Shell, commands: CompletedCommand[], builtins: CompletedCommand[]): string {
  const all = [...commands, ...builtins];
  if (shell === "bash") return bash(all);
  if (shell === "zsh") return zsh(all);
  return fish(all);
}

function bash(commands: CompletedCommand[]): string {
  const cases = commands.map(
    (c) => `    ${c.name}) opts=${quoted([...c.options, ...GLOBAL_OPTIONS].flatMap(spellings).join(" "))} ;;`,
  );
  return `# blockwright completion for bash: source <(blockwright completion bash)
_blockwright() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" opts
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${quoted([...commands.map((c) => c.name), "--version", "-V", "--help", "-h"].join(" "))} \
-- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases.join("\n")}
    *) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -o bashdefault -F _blockwright blockwright
`;
}

function zsh(commands: CompletedCommand[]): string {
  const describe = (text: string) => text.replace(/[[\]:]/g, "\\$&");
  const cases = commands.map((c) => {
    const specs = [...c.options, ...GLOBAL_OPTIONS].map((o) => {
      const names = spellings(o);
      const group = names.length > 1 ? `(${names.join(" ")})` : "";
      const head = names.length > 1 ? `{${names.join(",")}}` : names[0];
      return `${group ? quoted(group) : ""}${head}${quoted(o.takesValue ? ":value:_files" : "")}`;
    });
    return `    ${c.name}) _arguments -s ${specs.join(" ")} '*:file:_files' ;;`;
  });
  return `#compdef blockwright
# blockwright completion for zsh: source <(blockwright completion zsh), or save as _blockwright on $fpath
_blockwright() {
  local -a commands
  commands=(
${commands.map((c) => `    ${quoted(`${c.name}:${describe(c.summary)}`)}`).join("\n")}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local command=$words[2]
  shift words; (( CURRENT-- ))
  case $command in
${cases.join("\n")}
  esac
}
compdef _blockwright blockwright
`;
}

function fish(commands: CompletedCommand[]): string {
  const lines = [
    "# blockwright completion for fish: blockwright completion fish | source",
    `complete -c blockwright -f -n __fish_use_subcommand -s V -l version -d ${quoted("print the version")}`,
    ...commands.map((c) => `complete -c blockwright -f -n __fish_use_subcommand -a ${c.name} -d ${quoted(c.summary)}`),
  ];
  for (const c of commands) {
    for (const o of [...c.options, ...GLOBAL_OPTIONS]) {
      const short = o.short ? ` -s ${o.short.slice(1)}` : "";
      lines.push(
        `complete -c blockwright -n ${quoted(`__fish_seen_subcommand_from ${c.name}`)}${short} ` +
          `-l ${o.name.slice(2)}${o.takesValue ? " -r -F" : ""}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
