// The repository a project made by `init` lives in, from its folder's git
// remote (origin, else the only one): package.json's `repository` (with the
// project's folder in it when the project is not the
// repository's root), `homepage` and `bugs`. No git, no repository, no
// remote: none (init says so). Credentials a remote's address carries are
// never written (repository-url.ts keeps the host and path only).
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { type RepositoryLinks, repositoryLinks } from "../../publish/repository-url.js";

export function projectLinks(
  dir: string,
  env: Record<string, string | undefined> = process.env,
): (RepositoryLinks & { repository: { directory?: string } }) | undefined {
  // The folder may not exist yet: git asks from the nearest one that does.
  let at = dir;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-C", at, ...args], { encoding: "utf8", env, stdio: ["ignore", "pipe", "ignore"] });
    return r.status === 0 ? r.stdout.trim() : undefined;
  };
  const remotes = git("remote")?.split("\n").filter(Boolean) ?? [];
  const remote = remotes.includes("origin") ? "origin" : remotes.length === 1 ? remotes[0] : undefined;
  const address = remote ? git("remote", "get-url", remote) : undefined;
  const links = address ? repositoryLinks(address) : undefined;
  const top = links ? git("rev-parse", "--show-toplevel") : undefined;
  if (!links || !top) return links;
  const directory = relative(realpathSync(top), join(realpathSync(at), relative(at, dir)))
    .split("\\")
    .join("/");
  return directory && !directory.startsWith("..") && !isAbsolute(directory)
    ? { ...links, repository: { ...links.repository, directory } }
    : links;
}
