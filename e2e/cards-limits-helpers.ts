import { type APIRequestContext } from '@playwright/test'

/**
 * GET that waits out a 503 (Retry-After) like a patient client: on a loaded machine two
 * workers' renders can fill the queue.
 */
export async function getUnlessBusy(request: APIRequestContext, path: string) {
	for (let attempt = 1; ; attempt++) {
		const response = await request.get(path)
		if (response.status() !== 503 || attempt === 3) return response
		await new Promise((resolve) =>
			setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000),
		)
	}
}
