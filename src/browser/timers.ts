/**
 * The longest delay a browser timer keeps: 2^31 − 1 ms, about 24.8 days. A longer one (an
 * attribute's `Infinity` or `1e300`, an upstream's `Retry-After` of years) fires at once, so
 * every delay the kit schedules from a value it was given is bounded by it. Written as a number,
 * not `2 ** 31 - 1`: the bundler then writes it where it is used, and no chunk of the autoloader
 * exports it to another.
 */
export const MAX_TIMER_MS = 2_147_483_647;
