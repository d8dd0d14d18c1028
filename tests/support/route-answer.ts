import { data } from '@remix-run/node'

/** A loader's or action's answer as the browser gets it. */
export type RouteAnswer = {
	status: number
	headers: Headers
	/** The JSON (or text) of a Response; what the page receives from a `data()` or plain value. */
	body: unknown
}

// `data()` answers are instances of a class Remix does not export; take it from one.
const DataWithResponseInit = data(null).constructor

function isRouteAnswer(value: unknown): value is Response | ReturnType<typeof data> {
	return value instanceof Response || value instanceof DataWithResponseInit
}

/** Reads what a loader or action returned: a Response, a `data()` answer or a plain value. */
export async function routeAnswer(result: unknown): Promise<RouteAnswer> {
	if (result instanceof Response) {
		const text = await result.text()
		const isJson = result.headers.get('content-type')?.includes('json') ?? false
		return {
			status: result.status,
			headers: result.headers,
			body: text === '' ? null : isJson ? (JSON.parse(text) as unknown) : text,
		}
	}
	if (result instanceof DataWithResponseInit) {
		const { data: body, init } = result as ReturnType<typeof data>
		return { status: init?.status ?? 200, headers: new Headers(init?.headers), body }
	}
	return { status: 200, headers: new Headers(), body: result }
}

/**
 * The answer a loader, action or guard threw (a redirect, a 403…); fails the test when the
 * call returned instead, and rethrows anything that is not an answer.
 */
export async function thrownAnswer(call: Promise<unknown>): Promise<RouteAnswer> {
	try {
		await call
	} catch (error) {
		if (isRouteAnswer(error)) return routeAnswer(error)
		throw error
	}
	throw new Error('expected the call to throw a response, but it returned')
}
