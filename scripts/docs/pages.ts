// Every file `npm run docs` writes, whole or between markers in a
// hand-written page, and what writes it. A new generated page is one entry.
import { caseKindsPage } from "./case-kinds.js";
import { commandsPage } from "./commands.js";
import { errorsPage } from "./errors.js";
import { manifestPage } from "./manifest.js";
import { problemsPage } from "./problems.js";
import { EXAMPLE_WORKFLOW, exampleMermaid, exampleSvg } from "./example-graph.js";
import { installWeightBlock } from "./install-weight.js";

/** A file written whole. */
export interface GeneratedFile {
  path: string;
  render(root: string): string | Promise<string>;
}

/** A block of a hand-written page, between `<!-- name … -->` and `<!-- /name -->`. */
export interface MarkedBlock {
  path: string;
  /** The opening marker, whole (it says what writes the block). */
  start: string;
  end: string;
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
  // The figure of issue 32's bar, measured offline from the packs and the lock file (it needs the build).
  ...["README.md", "docs/guides/packages-and-publishing.md"].map((path) => ({
    path,
    start: "<!-- install-weight: scripts/docs/install-weight.ts (npm run docs writes this block) -->",
    end: "<!-- /install-weight -->",
    render: installWeightBlock,
  })),
];
