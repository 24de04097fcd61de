// The words of add's note saying where a list paged by page number ends, as the draft records it.
import { parsePointer } from "@blockwright/runtime/internal";

const BODY = "$response.body#";

/**
 * Where numbered pages end, as drafted: after the last page the reply counts, once as many items as it counts have come
 * (`total`), and in any case at an empty page.
 */
export function pageEnds(pages: string[] | undefined, totalPart: { total?: string }): string {
  const counted = [
    ...(pages ? [`after the last of the ${pages.join(".")} pages the reply counts`] : []),
    ...(totalPart.total
      ? [`once as many items have come as ${parsePointer(totalPart.total.slice(BODY.length)).join(".")} counts`]
      : []),
  ];
  return counted.length ? `${counted.join(", ")}, or at an empty page` : "at an empty page";
}
