/**
 * The per-card switch for the owner's handle, in the page URL (`c{n}.firma=no` leaves it
 * off that card) and in the design editor's GET form (`firma=no`, then `firma=si` when the
 * box is ticked). Only on or off travels: the handle's text comes from the owner's brand,
 * never from a URL. Browser-safe: the design editor uses it.
 */
export const HANDLE_SWITCH = { param: 'firma', off: 'no', on: 'si' } as const
