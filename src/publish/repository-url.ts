// A repository's address in the forms people and tools write it (a git
// remote over SSH or HTTPS, package.json's `repository` as npm's shorthands
// or a URL), reduced to one web address, so that a package's repository can
// be derived from a checkout's remote and compared with the repository a CI
// job runs in. Credentials an address may carry (`https://user:token@…`) are
// dropped: what is derived here is written into package.json files.

/** The repository's web address (`https://github.com/acme/blocks`), or undefined for what names no host and path. */
export function repositoryWebUrl(address: string): string | undefined {
  let text = address.trim();
  const shorthand =
    /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/.exec(text) ??
    (/^([\w.-]+\/[\w.-]+)$/.test(text) ? [text, "github", text] : null);
  if (shorthand)
    text = `https://${shorthand[1] === "bitbucket" ? "bitbucket.org" : `${shorthand[1]}.com`}/${shorthand[2]}`;
  // scp-like SSH: git@host:owner/repo.git
  const scp = /^(?:[\w.-]+@)?([\w.-]+\.[a-z]{2,}):(?!\/\/)(.+)$/i.exec(text);
  if (scp) text = `https://${scp[1]}/${scp[2]}`;
  text = text.replace(/^git\+/, "");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!["https:", "http:", "ssh:", "git:"].includes(url.protocol) || !url.hostname) return undefined;
  const path = url.pathname.replace(/\/+$/, "").replace(/\.git$/, "");
  if (!/^\/[^/]+\/.+/.test(path)) return undefined;
  return `https://${url.hostname.toLowerCase()}${path}`;
}

/**
 * Whether two addresses name the same repository (hosts and paths compared without case, as GitHub and npm compare
 * them).
 */
export function sameRepository(a: string, b: string): boolean {
  const [x, y] = [repositoryWebUrl(a), repositoryWebUrl(b)];
  return x !== undefined && x.toLowerCase() === y?.toLowerCase();
}

export interface RepositoryLinks {
  repository: { type: "git"; url: string };
  homepage?: string;
  bugs?: { url: string };
}

/** Hosts whose repositories have a README page and an issue tracker at the usual paths. */
const FORGES = new Set(["github.com", "gitlab.com", "codeberg.org"]);

/**
 * package.json's `repository` for an address, with `homepage` and `bugs` where the host is a known forge; undefined for
 * what is no repository address.
 */
export function repositoryLinks(address: string): RepositoryLinks | undefined {
  const web = repositoryWebUrl(address);
  if (!web) return undefined;
  const links: RepositoryLinks = { repository: { type: "git", url: `git+${web}.git` } };
  if (FORGES.has(new URL(web).hostname)) {
    links.homepage = `${web}#readme`;
    links.bugs = { url: `${web}/issues` };
  }
  return links;
}
