/**
 * Where one-click unsubscribe links point. The HTTP server exempts exactly a POST to this
 * path from its same-origin check (server/request-guards.js): a mail client posts from no
 * page of ours.
 */
export const UNSUBSCRIBE_PATH = '/baja'
