// How many pages a paged call fetches when its caller sets no limit: a module of its own, which the generator (that
// writes the limit into the tools' descriptions) imports without the paging, the single call and the transport.

/** Pages fetched by `allPages` when the caller sets no `maxPages`. */
export const DEFAULT_MAX_PAGES = 100;
