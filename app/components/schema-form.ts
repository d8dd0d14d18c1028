import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type z } from 'zod'

/**
 * A Conform form checked in the browser with the schema its action checks on the server,
 * and shown back from the action's result after a post (which is all there is without
 * JavaScript). A field is first checked when it loses focus; once it shows an error, the
 * error goes as the user types. (Checking again on blur would remove it as the pointer
 * presses the submit button: the button moves up before the release, and the click is
 * lost.)
 */
export function useSchemaForm<Schema extends z.ZodObject>({
	id,
	schema,
	lastResult,
	defaultValue,
}: {
	id: string
	schema: Schema
	lastResult: SubmissionResult<string[]> | null | undefined
	defaultValue?: DefaultValue<z.input<Schema>>
}) {
	return useForm<z.input<Schema>, z.output<Schema>>({
		id,
		constraint: getZodConstraint(schema),
		lastResult,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
}
