// A block of a hand-written page that `npm run docs` writes between two
// markers, and where it sits in a page's text: light to import (no renderer),
// for the tests that read a block a figure of theirs fills.

/** A block of a hand-written page, between `<!-- name … -->` and `<!-- /name -->`. */
export interface MarkedBlock {
  path: string;
  /** The opening marker, whole (it says what writes the block). */
  start: string;
  end: string;
  render(root: string): string | Promise<string>;
}

/**
 * The page's text split at the block: up to its opening marker, what is between the markers (its lines), and from its
 * closing marker; undefined without both markers.
 */
export function splitAtBlock(
  text: string,
  block: MarkedBlock,
): { before: string; content: string; after: string } | undefined {
  const start = text.indexOf(block.start);
  const end = start < 0 ? -1 : text.indexOf(block.end, start);
  if (start < 0 || end < 0) return undefined;
  const before = text.slice(0, start + block.start.length);
  return { before, content: text.slice(before.length + 1, end - 1), after: text.slice(end) };
}
