// Every file `npm run docs` writes, whole or between markers in a
// hand-written page, and what writes it. A new generated page is one entry.
import { caseKindsPage } from "./case-kinds.js";
import { commandsPage } from "./commands.js";
import { errorsPage } from "./errors.js";
import { manifestPage } from "./manifest.js";
import { problemsPage } from "./problems.js";
import { EXAMPLE_WORKFLOW, exampleMermaid, exampleSvg } from "./example-graph.js";
import { INSTALL_WEIGHT_BLOCKS } from "./install-weight.js";
import type { MarkedBlock } from "./marked-block.js";

/** A file written whole. */
export interface GeneratedFile {
  path: string;
  render(root: string): string | Promise<string>;
}

export const GENERATED_FILES: GeneratedFile[] = [
  { path: "docs/reference/commands.md", render: commandsPage },
  { path: "docs/reference/case-kinds.md", render: caseKindsPage },
  { path: "docs/reference/errors.md", render: errorsPage },
  { path: "docs/reference/problems.md", render: problemsPage },
  { path: "docs/reference/manifest.md", render: manifestPage },
  { path: "docs/images/lead-to-deck.svg", render: exampleSvg },
];

export const MARKED_BLOCKS: MarkedBlock[] = [
  {
    path: "docs/guides/workflows.md",
    start: `<!-- graph: blockwright graph ${EXAMPLE_WORKFLOW} (npm run docs writes this block) -->`,
    end: "<!-- /graph -->",
    render: exampleMermaid,
  },
  ...INSTALL_WEIGHT_BLOCKS,
];
