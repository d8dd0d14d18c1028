/**
 * Referrer policies of the reset and confirmation pages.
 *
 * A response to a URL that still carries an e-mailed token (`?token=…`) is only ever a
 * redirect to the clean URL, and says `no-referrer`: nothing about that URL may travel on.
 *
 * The pages themselves (no token in their URL any more) say `same-origin`: no Referer at
 * all goes to another site, yet the browser keeps sending our real `Origin` with the
 * pages' own form posts. Under `no-referrer`, Chromium sends `Origin: null` with a
 * JavaScript-free form post, which the server's same-origin check rightly refuses, and
 * the reset form would stop working without JavaScript.
 */
export const tokenUrlHeaders = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' }
export const tokenPageHeaders = { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' }
