// Which test files depend on the repository's providers (specs/ and the
// packages generated from it), kept in one place: a whole `npm test` runs the
// main project, PROVIDER_DEPENDENT among it, on a copy of the project given
// providers the suite has never seen (test-support/neutral-copy.ts), and
// more-providers.test.ts checks that every test file that reads specs/ or
// generated/ (by readsProviders) is in one of the lists.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";

/**
 * Test files whose expectations are about the set of providers: they count,
 * list, iterate or pick among the repository's providers or tools, or run a
 * command over every provider. Their expectations must come from specs/ (or
 * from what was generated from it), so that a new provider keeps them green.
 */
export const PROVIDER_DEPENDENT = [
  "contract-tests/adapters.contract.test.ts",
  "contract-tests/derived.contract.test.ts",
  "contract-tests/llm-tools.contract.test.ts",
  "contract-tests/n8n.contract.test.ts",
  "contract-tests/sim.contract.test.ts",
  "runtime/spec/behavior.test.ts",
  "runtime/llm/llm-tools.test.ts",
  "runtime/llm/llm-tools-schemas.test.ts",
  "src/cli/allow-host.test.ts",
  "src/cli/call.test.ts",
  "src/cli/commands.test.ts",
  "src/cli/diff.test.ts",
  "src/cli/generate.test.ts",
  "src/cli/init.test.ts",
  "src/cli/mcp.process.test.ts",
  "src/cli/mcp.test.ts",
  "src/cli/run-validate.test.ts",
  "src/cli/tools.test.ts",
  "src/cli/upstream.test.ts",
  "src/emit/types/emit-types.test.ts",
  "src/emit/package-links.test.ts",
  "src/emit/provider-neutral.test.ts",
  "src/changes/diff-concepts.test.ts",
  "src/changes/registry.test.ts",
  "src/workflow/run.test.ts",
  "src/serve/poll-specs.test.ts",
  "src/cli/serve-poll-specs.process.test.ts",
];

/** Options of a Vitest run that change only how results are shown. */
const SHOWING_ONLY = ["--reporter", "--outputFile", "--silent", "--color", "--no-color"];

/**
 * Whether this Vitest run is a whole `npm test`, in which the main project's
 * files (PROVIDER_DEPENDENT among them) read their providers from a copy of
 * the project with every provider of specs/ and two more
 * (test-support/global-setup.ts makes it): that run proves all a run on the
 * project itself would, and that no expectation is tied to the current set of
 * providers. Any other run (`npx vitest run <file>`, `npm run test:main`,
 * `npm test -- <filter, project or other option>`) reads this repository's
 * own providers: quicker, for the files at hand.
 */
export function wholeNpmTest(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  const at = argv.indexOf("run");
  if (env.npm_lifecycle_event !== "test" || at < 0) return false;
  return argv.slice(at + 1).every((a) => SHOWING_ONLY.some((o) => a === o || a.startsWith(`${o}=`)));
}

/**
 * Test files over every provider that do not run on the copy with more
 * providers (they are the packages project's, which reads this repository),
 * for their cost: they pack or publish every package of generated/ (a local
 * registry, npm installs), whatever packages it holds. Why, for each.
 */
export const PROVIDER_DEPENDENT_NOT_RUN_AGAIN: Record<string, string> = {
  "contract-tests/packages/publish-round-trip.test.ts":
    "checks the packages project's blockwright publish of every package of generated/ to its local registry, " +
    "and runs it again",
};

/**
 * Test files that read specs/ or generated/ but not the set of providers:
 * they check providers they name (a provider's own decisions, a copy of one
 * provider's specs) or files that are no provider's. Adding a provider
 * changes nothing they check. Why, for each.
 */
export const NAMED_PROVIDERS_ONLY: Record<string, string> = Object.fromEntries(
  Object.entries({
    "the contract of the provider it is named after": [
      "contract-tests/books.contract.test.ts",
      "contract-tests/crm.contract.test.ts",
      "contract-tests/directory.contract.test.ts",
      "contract-tests/docgen.contract.test.ts",
      "contract-tests/persondata.contract.test.ts",
    ],
    "decisions and seed rules of the providers it names, written out": [
      "contract-tests/decided-limits.contract.test.ts",
      "contract-tests/decisions.contract.test.ts",
      "contract-tests/decisions-books.contract.test.ts",
      "contract-tests/decisions-content.contract.test.ts",
      "contract-tests/decisions-crm.contract.test.ts",
      "contract-tests/decisions-directory.contract.test.ts",
      "contract-tests/decisions-upstream.contract.test.ts",
      "contract-tests/seed-rules.contract.test.ts",
      "contract-tests/upstream-docs.contract.test.ts",
    ],
    "verify and its recordings against stand-in servers of the providers it names (issue 23's checks)": [
      "contract-tests/verify.contract.test.ts",
    ],
    "the client of the providers it names (issue 31's snippet), packed and installed from a local registry": [
      "contract-tests/packages/client-consumer.test.ts",
    ],
    "the pictures of the platform guides, of the provider it names (docs/images/n8n-node.png, sim-block.png)": [
      "src/emit/platforms/pictures.test.ts",
    ],
    "the example workflows, which name their providers": [
      "contract-tests/examples.contract.test.ts",
      "src/workflow/validate.test.ts",
    ],
    "the call bench's cases, one tool of each provider it names, and the request each sends": [
      "scripts/bench/call/same-request.test.ts",
    ],
    "tools it names (a registry entry, a tool's limits or refusals)": [
      "runtime/execute/execute.test.ts",
      "runtime/execute/execute-failures.test.ts",
      "runtime/paging/paginate.test.ts",
      "runtime/paging/paginate-positions.test.ts",
      "runtime/common/redact.test.ts",
      "runtime/validate/refusals.test.ts",
      "runtime/validate/refusals-values.test.ts",
      "runtime/call/state-changing-failures.test.ts",
      "runtime/workflow/resolve-inputs.test.ts",
      "src/workflow/validate-trigger.test.ts",
      "src/link/blocks.test.ts",
      "src/emit/emit-readme.test.ts",
      "src/changes/classify.test.ts",
      "src/changes/classify-minor.test.ts",
      "src/changes/concepts.test.ts",
    ],
    "commands on the providers it names, or in a project of its own": [
      "scripts/corpus/list.test.ts",
      "src/emit/platforms/platforms.test.ts",
      "contract-tests/sdk-judge/resend.test.ts",
      "src/cli/add-one-value-constants.test.ts",
      "src/cli/add-list-or-page.test.ts",
      "src/cli/add-exclusive-bounds.test.ts",
      "src/cli/generate-published-warnings.test.ts",
      "src/cli/call-inputs.test.ts",
      "src/cli/run-user-agent.test.ts",
      "src/cli/text-answers.test.ts",
      "src/cli/mcp-base-url.test.ts",
      "src/cli/record-text-answers.test.ts",
      "src/cli/call-nested-secrets.test.ts",
      "src/cli/mcp-nested-secret.test.ts",
      "src/cli/call-short-secret.test.ts",
      "src/cli/call-missing-secret.test.ts",
      "src/cli/call-secret-output.test.ts",
      "src/cli/run-secret-outputs.test.ts",
      "src/cli/emit-ed25519.test.ts",
      "src/import/auth/tenant-token-flow.test.ts",
      "src/cli/long-refusals.test.ts",
      "src/workflow/text-binding.test.ts",
      "src/cli/call-file-lists.test.ts",
      "src/load/schemas/reference-depth-cli.test.ts",
      "src/load/schemas/reference-depth.process.test.ts",
      "src/cli/add-key-base64.test.ts",
      "src/cli/add-dependent-required.test.ts",
      "src/cli/add-key-only-body.test.ts",
      "src/cli/add-also-sends.test.ts",
      "src/cli/also-sends-nested.test.ts",
      "src/import/auth/also-sends-format.test.ts",
      "src/cli/byte-list-files.test.ts",
      "src/cli/json-declared-bytes.test.ts",
      "src/cli/form-file-fields.test.ts",
      "src/cli/call-json-or-file.test.ts",
      "src/contract/kinds/required-when.test.ts",
      "src/emit/required-when.test.ts",
      "src/emit/operation-heading.test.ts",
      "src/link/rules/required-when.test.ts",
      "contract-tests/stateful-workflow.contract.test.ts",
      "src/cli/generate-one-provider.test.ts",
      "src/emit/staged-write.test.ts",
      "src/cli/run-stateful-mock.test.ts",
      "src/cli/serve-poll-mock-state.process.test.ts",
      "src/import/auth/auth-case.test.ts",
      "src/import/auth/client-credentials.test.ts",
      "src/import/draft/directory-shapes.test.ts",
      "src/import/draft/tagged-shapes.test.ts",
      "src/import/draft/optional-query-object.test.ts",
      "src/import/draft/stream-flag-default.test.ts",
      "src/contract/inputs/server-variable-values.test.ts",
      "src/import/auth/keys/key-in-body.test.ts",
      "src/import/draft/server-path-stand-in.test.ts",
      "src/cli/add.process.test.ts",
      "src/cli/add.test.ts",
      "src/cli/add-refused-draft.test.ts",
      "src/cli/add-refs-in.test.ts",
      "src/cli/add-list-names.test.ts",
      "src/cli/add-control-text.test.ts",
      "src/cli/upstream-refs-in.test.ts",
      "src/cli/upstream-drafted.test.ts",
      "src/import/shapes/open-enums.test.ts",
      "src/cli/add-sigv4.test.ts",
      "src/cli/add-signed-jwt.test.ts",
      "src/cli/signed-jwt-secrets.test.ts",
      "src/contract/request/signature-check.test.ts",
      "src/cli/add-real-documents.test.ts",
      "src/cli/add-name-refs.test.ts",
      "src/cli/add-name-ref-places.test.ts",
      "src/cli/add-stream-results.test.ts",
      "src/import/cut/stream-results.test.ts",
      "src/cli/add-address-credential.test.ts",
      "src/cli/ci-recipes.test.ts",
      "src/cli/report-merge.test.ts",
      "src/cli/serve-subscription.process.test.ts",
      "src/cli/serve-crash.process.test.ts",
      "src/cli/serve-poison.process.test.ts",
      "src/cli/serve-postgres-load.process.test.ts",
      "src/cli/runs.test.ts",
      "src/cli/json-output.test.ts",
      "src/cli/report-browser.test.ts",
      "src/cli/test.process.test.ts",
      "src/cli/test-plan.process.test.ts",
      "src/cli/upstream.process.test.ts",
      "src/cli/upstream-accept.test.ts",
      "src/cli/upstream-server.test.ts",
      "src/cli/upstream-first-pin.test.ts",
      "src/cli/upstream-query-fields.test.ts",
      "src/cli/upstream-wildcard.test.ts",
      "src/cli/diff-gate.test.ts",
      "src/import/document/multi-file.test.ts",
      "src/import/document/path-item-refs.test.ts",
      "src/cli/run-realistic-mock.test.ts",
      "src/cli/call-oauth.test.ts",
      "src/cli/conventions.test.ts",
      "src/cli/echo-redaction.test.ts",
      "src/cli/large-document.process.test.ts",
      "src/cli/mock-sources.test.ts",
      "src/cli/output-folder.test.ts",
      "src/cli/process.test.ts",
      "src/cli/publish.test.ts",
      "src/cli/symlinks.test.ts",
      "src/cli/test-command.test.ts",
      "src/cli/test-command-failures.test.ts",
      "src/cli/verify-published.test.ts",
      "src/cli/verify.process.test.ts",
      "src/cli/verify.test.ts",
      "src/cli/verify-replay.test.ts",
      "src/cli/yaml-alias-amplification.test.ts",
      "src/cli/whole-api-size.test.ts",
      "src/cli/add-draft-thread.test.ts",
      "src/common/relaunch.test.ts",
      "src/publish/batches.test.ts",
      "src/emit/types/type-printer.test.ts",
      "src/load/external-refs.test.ts",
      "src/model/shape.test.ts",
      "src/import/draft-kit-link.test.ts",
      "src/emit/defaulted-params-optional.test.ts",
    ],
    "a fixture provider copied into a specs/ folder of its own": [
      "contract-tests/real-api-rules.contract.test.ts",
      "src/cli/generate-target.test.ts",
      "src/cli/verify-rate.test.ts",
      "src/cli/verify-env-credential.test.ts",
      "src/link/link-http.test.ts",
      "src/link/link.test.ts",
      "src/link/server/server.test.ts",
      "src/link/unions.test.ts",
      "src/link/outputs/nullable-steps.test.ts",
      "src/changes/surface.test.ts",
      "src/changes/surface-formats.test.ts",
      "src/cli/files.test.ts",
      "src/cli/emit.process.test.ts",
      "src/cli/emit.test.ts",
      "src/cli/openapi-32.test.ts",
      "src/cli/serve.process.test.ts",
      "src/cli/serve-user-agent.process.test.ts",
      "src/cli/serve-poll.process.test.ts",
      "src/verify/stand-in.test.ts",
      "src/import/deep-object-examples.test.ts",
    ],
    "no provider's files: the manifest schema, package.json, the lock file": [
      "src/cli/mcp-sdk.test.ts",
      "src/emit/hostile.test.ts",
      "src/load/manifest-schema.test.ts",
      "src/model/names.test.ts",
      "src/changes/report.test.ts",
      "src/common/problem-codes.test.ts",
    ],
    "no provider's files: the docs, and the example workflow drawn from its file alone": [
      "scripts/docs/docs.test.ts",
      "src/cli/graph.test.ts",
    ],
    ["the import rules, which every generated package keeps alike (one template writes them); it resolves " +
      "node_modules by real path, which the copy's symbolic links would change"]: ["src/layers.test.ts"],
  }).flatMap(([why, files]) => files.map((file) => [file, why])),
);

/**
 * Whether a test file reads the repository's specs/ or generated/: it uses the
 * repository's providers (test-support/repo.js, or the harnesses built on
 * it: cli-harness.js, and cli/planted-runtime.js on that), lists a specs
 * folder's providers, globs the generated packages, or names a path into the
 * repository's specs/ or generated/.
 */
export function readsProviders(source: string): boolean {
  return [
    /["'][./]*(?:contract-tests\/|test-support\/)?(?:repo|harness|cli-harness|cli\/planted-runtime)\.js["']/,
    /["'][./]*test-support\/runtime\/packages\.js["']/,
    /\bproviderDirs\s*\(/,
    /import\.meta\.glob/,
    /(?:\.\.\/)+(?:specs|generated)\b/,
    /\b(?:ROOT|root)\s*,\s*["'`](?:specs|generated)\b/,
  ].some((re) => re.test(source));
}

/** Every test file of the project (paths relative to `root`, sorted). */
export function testFiles(root: string): string[] {
  return globSync(["**/*.test.ts"], { cwd: root, ignore: ["**/node_modules/**", "**/dist/**", "generated/**"] }).sort();
}

/** The test files that read specs/ or generated/, by readsProviders. */
export function filesReadingProviders(root: string): string[] {
  return testFiles(root).filter((file) => readsProviders(readFileSync(join(root, file), "utf8")));
}
