// The run as GitHub Actions annotations: one `::error` per case that did not
// pass, at the manifest or spec line it derives from, so that the pull
// request shows it on that line. GitHub displays ten error annotations per
// step and fifty per job: past ANNOTATIONS, one warning counts the rest.
import { annotation } from "../../common/github-actions.js";
import { reproduceLine, type SuiteReport } from "./report.js";

/** Annotations written, at most: GitHub shows fewer. */
const ANNOTATIONS = 50;
/** Characters of a failure's message in its annotation. */
const MESSAGE_CHARS = 1500;

export interface GithubOptions {
  /** Makes a file relative to the repository (`$GITHUB_WORKSPACE`), as GitHub wants it; by default as given. */
  relativePath?: (file: string) => string;
}

export function githubAnnotations(report: SuiteReport, options: GithubOptions = {}): string {
  const failures = report.results.filter((r) => r.status !== "passed");
  const lines = failures.slice(0, ANNOTATIONS).map((r) => {
    const reproduce = reproduceLine(r);
    const message = [r.failure?.violation ?? r.message ?? "", ...(reproduce ? [reproduce] : [])].join("\n");
    const place = r.at
      ? { file: options.relativePath ? options.relativePath(r.at.file) : r.at.file, line: r.at.line, col: r.at.col }
      : {};
    return annotation(
      "error",
      { ...place, title: `${r.provider} ${r.id}${r.status === "error" ? " (could not run)" : ""}` },
      message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}…` : message,
    );
  });
  if (failures.length > ANNOTATIONS)
    lines.push(
      annotation(
        "warning",
        { title: "blockwright test" },
        `${failures.length - ANNOTATIONS} more contract failures are not annotated: see the report`,
      ),
    );
  return lines.length ? `${lines.join("\n")}\n` : "";
}
