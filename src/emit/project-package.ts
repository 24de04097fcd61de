// What generation reads of the project's package.json: the npm scope of the
// provider packages, the license, the author, the links (homepage,
// repository, bugs) and the folders outside the specs folder `$ref`s may
// read; a malformed value is a problem named at its line.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadYamlSource, SourceError } from "../load/yaml-source.js";
import { NPM_SCOPE } from "../model/naming.js";
import type { PackageLinks } from "./emit.js";
import { asGenerationErrors, GenerationErrors } from "./generation-errors.js";

/**
 * The project's links as its package.json gives them; `repository.directory` is the project's own folder in the
 * repository.
 */
export type ProjectLinks = PackageLinks;

/**
 * What the project's package.json says for generation: the npm scope of the
 * provider packages, the license, the links (homepage, repository, bugs) and
 * `blockwright.externalRefFolders`
 * (folders outside the specs folder that `$ref`s may read, relative to the
 * project; returned absolute).
 */
export function projectPackage(root: string): {
  scope?: string;
  license?: string;
  links?: ProjectLinks;
  author?: string;
  externalRefFolders: string[];
  problem: (path: string[], message: string) => Error;
} {
  const pkgPath = join(root, "package.json");
  // Read with positions (JSON is YAML): a broken file or a bad value is named at its line.
  if (!existsSync(pkgPath))
    return {
      externalRefFolders: [],
      problem: (_path, message) =>
        new GenerationErrors([new SourceError("BW1303", { file: "package.json", line: 1, col: 1 }, message)]),
    };
  const source = asGenerationErrors(() =>
    loadYamlSource<{
      license?: unknown;
      homepage?: unknown;
      repository?: unknown;
      bugs?: unknown;
      author?: unknown;
      blockwright?: { scope?: unknown; externalRefFolders?: unknown };
    }>(pkgPath, "package.json"),
  );
  const pkg = source.data !== null && typeof source.data === "object" ? source.data : {};
  const config = pkg.blockwright !== null && typeof pkg.blockwright === "object" ? pkg.blockwright : {};
  const problem = (path: string[], message: string) =>
    new GenerationErrors([new SourceError("BW1303", source.locate(path, "value"), message)]);
  const scope = config.scope;
  if (scope !== undefined && (typeof scope !== "string" || !NPM_SCOPE.test(scope))) {
    throw problem(
      ["blockwright", "scope"],
      `blockwright.scope: must be an npm scope such as @acme (the provider packages are named ` +
        `<scope>/<provider>), got ${JSON.stringify(scope)}`,
    );
  }
  const folders = config.externalRefFolders;
  if (folders !== undefined && (!Array.isArray(folders) || !folders.every((f) => typeof f === "string" && f !== ""))) {
    throw problem(
      ["blockwright", "externalRefFolders"],
      `blockwright.externalRefFolders: must be a list of folders (relative to the project) ` +
        `that $refs may read outside the specs folder, got ${JSON.stringify(folders)}`,
    );
  }
  const links = projectLinks(pkg, problem);
  const author = personText(pkg.author);
  return {
    problem,
    ...(author ? { author } : {}),
    ...(typeof scope === "string" ? { scope } : {}),
    ...(typeof pkg.license === "string" ? { license: pkg.license } : {}),
    ...(Object.keys(links).length ? { links } : {}),
    externalRefFolders: ((folders as string[] | undefined) ?? []).map((f) => resolve(root, f)),
  };
}

/** A person as npm's text gives one (`"Name <email> (url)"`): its parts. */
export function personOf(text: string): { name: string; email?: string; url?: string } {
  const m = /^([^<(]*?)\s*(?:<([^>]*)>)?\s*(?:\(([^)]*)\))?\s*$/.exec(text.trim());
  const [name, email, url] = [m?.[1]?.trim() ?? text.trim(), m?.[2]?.trim(), m?.[3]?.trim()];
  return { name, ...(email ? { email } : {}), ...(url ? { url } : {}) };
}

/** npm's person field (`"Name <email> (url)"` or `{name, email, url}`) as text, when it names someone. */
function personText(person: unknown): string | undefined {
  if (typeof person === "string") return person.trim() || undefined;
  if (person === null || typeof person !== "object") return undefined;
  const { name, email, url } = person as { name?: unknown; email?: unknown; url?: unknown };
  if (typeof name !== "string" || name.trim() === "") return undefined;
  return [
    name.trim(),
    typeof email === "string" && email ? `<${email}>` : "",
    typeof url === "string" && url ? `(${url})` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The project package.json's homepage, repository and bugs, as npm reads them (a string or an object); a malformed one
 * is a problem at its line.
 */
function projectLinks(
  pkg: { homepage?: unknown; repository?: unknown; bugs?: unknown },
  problem: (path: string[], message: string) => Error,
): ProjectLinks {
  const text = (v: unknown) => typeof v === "string" && v.trim() !== "";
  const optionalText = (v: unknown) => v === undefined || text(v);
  const record = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  const { homepage, repository, bugs } = pkg;
  const copied = "(copied into each generated package.json)";
  if (homepage !== undefined && !text(homepage))
    throw problem(["homepage"], `homepage: must be an address ${copied}, got ${JSON.stringify(homepage)}`);
  if (
    repository !== undefined &&
    !text(repository) &&
    !(record(repository) && text(repository.url) && optionalText(repository.type) && optionalText(repository.directory))
  ) {
    throw problem(
      ["repository"],
      `repository: must be a URL, or an object with a url (and a type and a directory, if any) ` +
        `given as text ${copied}, got ${JSON.stringify(repository)}`,
    );
  }
  if (
    bugs !== undefined &&
    !text(bugs) &&
    !(record(bugs) && (text(bugs.url) || text(bugs.email)) && optionalText(bugs.url) && optionalText(bugs.email))
  ) {
    throw problem(
      ["bugs"],
      `bugs: must be an address, or an object with a url or an email given as text ${copied}, ` +
        `got ${JSON.stringify(bugs)}`,
    );
  }
  const repo = record(repository) ? repository : { url: repository };
  return {
    ...(homepage !== undefined ? { homepage: homepage as string } : {}),
    ...(repository !== undefined
      ? {
          repository: {
            type: (repo.type as string | undefined) ?? "git",
            url: repo.url as string,
            ...(repo.directory !== undefined ? { directory: repo.directory as string } : {}),
          },
        }
      : {}),
    ...(bugs !== undefined
      ? {
          bugs: record(bugs)
            ? {
                ...(bugs.url ? { url: bugs.url as string } : {}),
                ...(bugs.email ? { email: bugs.email as string } : {}),
              }
            : (bugs as string),
        }
      : {}),
  };
}
