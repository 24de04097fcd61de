// For the benchmark of published documents: the whole document made the spec
// of a project `blockwright add` started from a cut of it.
export type OpenApiLike = { security?: unknown; components?: { securitySchemes?: Record<string, unknown> } };

/**
 * The whole published document with what add wrote into the cut and the document lacks: the cut is otherwise
 * a part of it, so a top-level security and security schemes it alone has are add's (GitHub publishes none).
 */
export function withAdditions(whole: OpenApiLike, cut: OpenApiLike): OpenApiLike {
  const schemes = { ...cut.components?.securitySchemes, ...whole.components?.securitySchemes };
  return {
    ...whole,
    ...(whole.security === undefined && cut.security !== undefined ? { security: cut.security } : {}),
    components: { ...whole.components, securitySchemes: schemes },
  };
}
