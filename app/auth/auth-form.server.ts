import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { type z } from 'zod'
import { checkHoneypot } from './honeypot.server'
import { authMessages } from './messages'
import { tooManyRequests } from './rate-limit.server'

type RateLimitCheck = { allowed: boolean; retryAfterSeconds: number }

/** What a form's answer adds to the submission: a message above the form or under fields. */
type ReplyOptions = {
	formError?: string
	fieldErrors?: Record<string, string[]>
	status?: number
	/** Answers 429 with this Retry-After. */
	retryAfterSeconds?: number
}

/**
 * The shared start of the public auth forms' actions (sign-in, registration, recovery):
 * parse the form, then refuse it when it is invalid, when a bot filled the honeypot or when
 * the client is over its rate limit. Each refusal, like every later `reply`, is the form
 * again with its errors and what was typed, except `hideFields` (passwords never go back).
 */
export async function parseAuthForm<Schema extends z.ZodType>(
	formData: FormData,
	{
		schema,
		hideFields,
		rateLimit,
	}: {
		schema: Schema
		hideFields?: string[]
		rateLimit: (value: z.output<Schema>) => Promise<RateLimitCheck>
	},
) {
	const submission = parseWithZod(formData, { schema })
	const reply = ({
		formError,
		fieldErrors,
		status = 400,
		retryAfterSeconds,
	}: ReplyOptions = {}) => {
		const result = submission.reply({
			hideFields,
			...(formError ? { formErrors: [formError] } : {}),
			...(fieldErrors ? { fieldErrors } : {}),
		})
		return retryAfterSeconds === undefined
			? data({ result }, { status })
			: tooManyRequests({ result }, retryAfterSeconds)
	}
	if (submission.status !== 'success') return { refusal: reply() }
	try {
		checkHoneypot(formData)
	} catch (error) {
		if (!(error instanceof Response)) throw error
		// Shown above the form: a person whose browser filled it by mistake loses nothing.
		return { refusal: reply({ formError: await error.text(), status: error.status }) }
	}
	const limit = await rateLimit(submission.value)
	if (!limit.allowed) {
		return {
			refusal: reply({
				formError: authMessages.rateLimited,
				retryAfterSeconds: limit.retryAfterSeconds,
			}),
		}
	}
	return { submission, reply }
}
