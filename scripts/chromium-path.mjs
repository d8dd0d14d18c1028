// The browser the end-to-end tests drive. Playwright cannot download its browsers on offline
// machines, so the tests use a system one: CHROMIUM_PATH when set, else Debian's headless
// shell (package chromium-headless-shell, the old headless mode that Playwright's own headless
// runs use), else the full Chromium. The suite is CPU-bound on two cores and the shell is
// much lighter: the same 92 tests took 2.0 min with it against 3.5 min with full Chromium,
// its processes using 124 s of CPU against 293 s.
import { existsSync } from 'node:fs'

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const FULL_CHROMIUM = '/usr/bin/chromium'

export function chromiumPath() {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
	return existsSync(HEADLESS_SHELL) || !existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM
}
