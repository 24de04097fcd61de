// A request under construction (build-request.ts): its path values, query,
// headers and body before its address and body are encoded. A module of its
// own so that the support's parts (support.ts) can name what places constants
// without importing the builder, which imports them.
import type { Encoded } from "../http/percent-encoding.js";
import type { WireConstant } from "../spec/tool-types.js";
import type { BodySupport } from "./request-body.js";

export interface WireRequest {
  /** Text, or (a style's, a value spanning segments) written for the address already. */
  path: Record<string, string | Encoded>;
  query: Record<string, string | number | boolean | Encoded | (string | number | boolean | Encoded)[]>;
  header: Record<string, string>;
  body?: unknown;
}

/**
 * Constants placed on a request: the constants support (build-request.ts `placeConstants`, exported as
 * `wireConstants`).
 */
export type PlaceConstants = (
  request: WireRequest,
  constants: readonly WireConstant[],
  bodies: BodySupport | undefined,
  accept?: string,
) => void;
