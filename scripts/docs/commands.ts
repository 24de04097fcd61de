// docs/reference/commands.md: the command's own help, each command's USAGE
// (src/cli/<command>.ts) in the order `blockwright --help` lists them.
import { COMMAND_NAMES, USAGE } from "../../src/cli.js";
import { fence, generatedHeader } from "./markdown.js";

export async function commandsPage(): Promise<string> {
  const sections: string[] = [];
  for (const name of COMMAND_NAMES) {
    // By address: a bundler's analysis of import(`…${name}.js`) looks for .js files, and the sources are .ts.
    const { USAGE: usage } = (await import(
      /* @vite-ignore */ new URL(`../../src/cli/${name}.js`, import.meta.url).href
    )) as { USAGE: string };
    sections.push(`## ${name}\n\n${fence(usage)}`);
  }
  return [
    generatedHeader("the USAGE text of src/cli.ts and of each src/cli/<command>.ts"),
    "",
    "# Commands",
    "",
    "Each command's `--help`, as the command prints it. The guides explain them at more length: " +
      "[the docs](../README.md).",
    "",
    COMMAND_NAMES.map((name) => `[${name}](#${name})`).join(" · "),
    "",
    fence(USAGE),
    "",
    sections.join("\n\n"),
    "",
  ].join("\n");
}
