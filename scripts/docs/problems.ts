// docs/reference/problems.md: every problem code the loader, the linker, the
// command line and the workflow validator give (src/common/problem-codes.ts).
import { PROBLEM_AREAS, PROBLEMS } from "../../src/common/problem-codes.js";
import { cell, generatedHeader } from "./markdown.js";

export function problemsPage(): string {
  const codes = Object.entries(PROBLEMS);
  return [
    generatedHeader("src/common/problem-codes.ts"),
    "",
    "# Problem codes",
    "",
    "Every problem Blockwright finds in what you give it (a manifest, an OpenAPI document, a workflow, a command's",
    "arguments) is printed with its place and a stable code, so that you can look it up here:",
    "",
    "```text",
    `specs/zqfoo/manifest.yaml:12:7: operations.zqfoo_list: ` +
      `${PROBLEMS.BW1101.example.replace(/^operations\.zqfoo_list: /, "")} [BW1101]`,
    "```",
    "",
    "`blockwright generate --json` and `blockwright validate --json` give each problem's `code` beside its " +
      "`file`, `line`,",
    "`col` and `message`. The wording of a message may improve from one release to the next; its code does not change.",
    "",
    ...Object.entries(PROBLEM_AREAS).flatMap(([digit, area]) => {
      const rows = codes.filter(([code]) => code.startsWith(`BW${digit}`));
      return [
        `## BW${digit}xxx: ${area}`,
        "",
        "| Code | Meaning | Example | Fix |",
        "|---|---|---|---|",
        ...rows.map(
          ([code, p]) =>
            `| <a id="${code.toLowerCase()}"></a>\`${code}\` | ${cell(p.meaning)} ` +
            `| ${cell(`\`${p.example.replace(/`/g, "'")}\``)} | ${cell(p.fix)} |`,
        ),
        "",
      ];
    }),
  ].join("\n");
}
