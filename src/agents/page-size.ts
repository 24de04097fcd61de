// How many tools one MCP tools/list answer holds: its own module, as the command's help names it and the command must
// not load the MCP SDK (an optional peer) to print its help.

/**
 * Tools per page of tools/list: a whole API's hundreds of definitions (845 for one, 5 MB of JSON) in one answer is
 * more than a client reads at once; MCP's cursor takes the next page.
 */
export const TOOLS_PAGE_SIZE = 100;
