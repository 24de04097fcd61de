// `npm run bench -- published`: generate of a project `blockwright add` made from a large published document
// (three operations), reading the whole document, against openapi-typescript on the same document; index.ts
// says which documents.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { type OpenApiLike, withAdditions } from "../whole-document.js";
import type { Pair, Run } from "../shared/runs.js";

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd?: string) => Promise<Run>;
  pairs: (rounds: number, a: () => Promise<Run>, b: () => Promise<Run>, before?: () => void) => Promise<Pair>;
  report: (
    measure: string,
    p: Pair,
    pick: (r: Run) => number,
    unit: string,
    target: string,
    reproduce: string[],
  ) => void;
}

const cpu = (r: Run) => r.cpu;
const peak = (r: Run) => r.peakMiB;

/**
 * The committed cut of Stripe's document always; the whole Stripe and GitHub documents when $BLOCKWRIGHT_PUBLISHED
 * names their folder.
 */
function publishedDocuments(root: string): { name: string; provider: string; file: string; operations: string }[] {
  const fixtures = join(root, "src/import/__fixtures__/published");
  const folder = process.env.BLOCKWRIGHT_PUBLISHED;
  const documents = [
    {
      name: "Stripe (committed cut, 4 operations)",
      provider: "stripe",
      file: join(fixtures, "stripe.cut.json"),
      operations: "PostCustomers,GetCustomers,GetCustomersCustomer",
    },
    ...(folder
      ? [
          {
            name: "Stripe (whole spec3)",
            provider: "stripe",
            file: join(folder, "stripe-spec3.apis-guru.json"),
            operations: "PostCustomers,GetCustomers,GetCustomersCustomer",
          },
          {
            name: "GitHub (whole api.github.com)",
            provider: "github",
            file: join(folder, "github-api.octokit-openapi-23.0.2.json"),
            operations: "issues/list-for-repo,issues/create,repos/get",
          },
        ]
      : []),
  ];
  if (!folder)
    console.error(
      "bench published: BLOCKWRIGHT_PUBLISHED is not set: only the committed Stripe cut (set it to a folder " +
        "holding stripe-spec3.apis-guru.json and github-api.octokit-openapi-23.0.2.json for the whole documents)",
    );
  return documents;
}

export async function measurePublished({ root, tmp, run, pairs, report }: Bench): Promise<void> {
  const documents = publishedDocuments(root);
  for (const d of documents) {
    const project = mkdtempSync(join(tmp, `${d.provider}-`));
    mkdirSync(join(project, "specs"));
    await run(
      [join(root, "bin/blockwright.js"), "add", d.provider, "--from", d.file, "--operations", d.operations],
      project,
    );
    // The whole document, as the anchor reads it (add wrote the cut), with what add added to the cut (a security
    // scheme).
    const spec = join(project, "specs", d.provider, "openapi.yaml");
    writeFileSync(
      spec,
      JSON.stringify(
        withAdditions(JSON.parse(readFileSync(d.file, "utf8")), jsyaml.load(readFileSync(spec, "utf8")) as OpenApiLike),
      ),
    );
    let out = "";
    try {
      const p = await pairs(
        3,
        () => run([join(root, "bin/blockwright.js"), "generate", "--out", out], project),
        () => run(["scripts/bench/anchor-openapi-typescript.mjs", join(tmp, "anchor"), spec]),
        () => (out = mkdtempSync(join(tmp, "gen-"))),
      );
      const reproduce = [
        `blockwright add ${d.provider} --from ${d.file} --operations ${d.operations}; then ${d.file} ` +
          `with the security add added to the cut as specs/${d.provider}/openapi.yaml; ` +
          `node -- bin/blockwright.js generate`,
        `node scripts/bench/anchor-openapi-typescript.mjs /tmp/anchor specs/${d.provider}/openapi.yaml`,
      ];
      report(`generate, ${d.name} (CPU)`, p, cpu, "s", "≤ 1.2×", reproduce);
      report(`generate, ${d.name} (peak memory)`, p, peak, "MiB", "≤ 1.5×", reproduce);
    } catch (e) {
      // A published document can break its own rules (an example that does not match its schema): generate refuses it.
      console.error(`bench published: ${d.name}: ${(e as Error).message.split("\n").slice(0, 3).join(" ")}`);
    }
  }
}
